"""The printed rules' own situations of Schwarzer Peter, for the conformance kit's corpus
(`situations-schwarzer-peter.json`): the last pair and its loser, and a neighbour who
runs out when drawn from. Each is a test on a turn (the state before, the turn, the
answer) that the kit searches random games for."""

from __future__ import annotations

from ...families.box.situations import Data, Shows, game_over


def _drawn_from_runs_out(before: Data, turn: Data, answer: Data) -> bool:
    drew = [e for e in answer["events"] if e["type"] == "drew"]
    return bool(drew) and len(answer["state"]["players"][drew[0]["from"]]["hand"]) == 0 \
        and not game_over(before, turn, answer)


#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("the-last-pair-and-the-loser", "the last pair is laid and the one left holding a card has lost",
     game_over),
    ("a-neighbour-runs-out-when-drawn-from", "the player drawn from gives their last card and is out",
     _drawn_from_runs_out),
)
