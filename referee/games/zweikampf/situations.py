"""The printed rules' own situations of Zweikampf, for the conformance kit's corpus
(`situations-zweikampf.json`): a tie fought on and won by the next cards, a battle still
tied when the stacks run out, and `until_all` turning the won pile over. Each is a test
on a turn (the state before, the turn, the answer) that the kit searches random games
for."""

from __future__ import annotations

from ...families.box.situations import Data, Shows


def _battle_out(before: Data, turn: Data, answer: Data) -> bool:
    return any(e["type"] == "out" and e["from"] == "battle" for e in answer["events"])


def _won_battle_of_more_than_two(before: Data, turn: Data, answer: Data) -> bool:
    return any(e["type"] == "won" and e["from"] == "battle" and e["cards"] > 2 for e in answer["events"])


def _won_pile_turned_over(before: Data, turn: Data, answer: Data) -> bool:
    if not before["options"].get("until_all"):
        return False
    mover = before["players"][turn["player"]]
    return mover["stack"] == [] and bool(mover["won"])


#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("tie-resolved-by-the-next-cards", "a tie fought on: the next cards decide, and the winner takes them all",
     _won_battle_of_more_than_two),
    ("tie-when-the-stacks-run-out", "a battle still tied when the stacks are used up leaves the game",
     _battle_out),
    ("until-all-turns-the-won-pile-over", "with until_all an empty stack takes the won pile turned over",
     _won_pile_turned_over),
)
