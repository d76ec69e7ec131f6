"""The printed rules' own situations of Ratefix, for the conformance kit's corpus
(`situations-ratefix.json`): the guess nearest the total from either side, and two
equally near. Each is a test on a turn (the state before, the turn, the answer) that the
kit searches random games for."""

from __future__ import annotations

from ...families.box.situations import Data, Shows


def _guesses(before: Data, turn: Data, answer: Data) -> tuple[int, list[int]] | None:
    """The middle's total and the guesses, when this turn's guess settled a round."""
    revealed = [e["card"] for e in answer["events"] if e["type"] == "revealed"]
    if not revealed:
        return None
    total = sum(int(card[1:]) for card in revealed)
    values = [g["value"] for g in before["guesses"]] + [a["value"] for a in turn["actions"] if a["type"] == "guess"]
    return total, values


def _nearest_from_above_and_below(before: Data, turn: Data, answer: Data) -> bool:
    found = _guesses(before, turn, answer)
    return found is not None and any(v > found[0] for v in found[1]) and any(v < found[0] for v in found[1])


def _two_equally_near(before: Data, turn: Data, answer: Data) -> bool:
    found = _guesses(before, turn, answer)
    if found is None:
        return False
    distances = sorted(abs(v - found[0]) for v in found[1])
    return len(distances) > 1 and distances[0] == distances[1]


#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("nearest-guess-from-either-side", "guesses above and below the total: the nearest takes the middle",
     _nearest_from_above_and_below),
    ("two-equally-near", "two guesses equally near the total: the one made first takes the middle",
     _two_equally_near),
)
