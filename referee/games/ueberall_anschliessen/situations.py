"""The printed rules' own situations of Überall anschließen, for the conformance kit's
corpus (`situations-ueberall-anschliessen.json`): a card put onto another player's pile.
Each is a test on a turn (the state before, the turn, the answer) that the kit searches
random games for."""

from __future__ import annotations

from ...families.box.situations import Data, Shows


def _placed_on_another_pile(before: Data, turn: Data, answer: Data) -> bool:
    return any(a["type"] == "place" and isinstance(a.get("to"), int) for a in turn["actions"])


#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("a-card-onto-another-players-pile", "a card that fits another player's open pile goes there",
     _placed_on_another_pile),
)
