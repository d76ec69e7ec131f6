"""The printed rules' own situations of Die höchste Karte gewinnt, for the conformance
kit's corpus (`situations-hoechste-karte.json`): a tied trick carried to the next
winner, and a tie in the last trick. Each is a test on a turn (the state before, the
turn, the answer) that the kit searches random games for."""

from __future__ import annotations

from ...families.box.situations import Data, Shows


def _last_trick_tied(before: Data, turn: Data, answer: Data) -> bool:
    return any(e["type"] == "out" for e in answer["events"]) and answer["state"]["current"] is None \
        and not answer["state"]["waiting"]


def _set_aside_then_won(before: Data, turn: Data, answer: Data) -> bool:
    return bool(before["set_aside"]) and any(e["type"] == "won" and e["from"] == "set_aside" for e in answer["events"])


#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("tied-trick-carried-to-the-next-winner", "the cards of a tied trick go to the next trick's one winner",
     _set_aside_then_won),
    ("tie-in-the-last-trick", "a tie in the last trick sends it and the cards set aside out of the game",
     _last_trick_tied),
)
