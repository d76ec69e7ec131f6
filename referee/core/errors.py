"""The two ways input can be refused: it is malformed, or it breaks a rule.

Like python-chess's InvalidMoveError and IllegalMoveError: `MalformedInput` means the
data is not a state or turn at all (the JSON Schemas reject the same things), while
`Violation` means it is well formed but the rules forbid it, and carries a rule code.
"""

from __future__ import annotations

from .codes import Code


class RefereeError(Exception):
    """Base of every error the engine raises on purpose."""


class MalformedInput(RefereeError, ValueError):
    """The data does not have the shape of a state, action or turn."""


class Violation(RefereeError):
    """A rule of the game is broken: the code, the offending action's index, a message.

    `action` is the 0-based index of the offending action, or None for a code that
    concerns the whole turn. `turn` is set by replays. `reason` is set for INVALID_STATE.
    """

    def __init__(self, code: Code, action: int | None, detail: str, reason: str | None = None):
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.action = action
        self.detail = detail
        self.reason = reason
        self.turn: int | None = None
        self.in_replay = False

    def during_replay(self, turn: int | None) -> Violation:
        """Mark the violation as found in a replay, at turn `turn` (None: the start state)."""
        self.turn = turn
        self.in_replay = True
        return self

    def __repr__(self) -> str:
        return f"Violation({self.code.value!r}, action={self.action!r}, detail={self.detail!r})"


def invalid_state(reason: str) -> Violation:
    """An INVALID_STATE violation whose reason names what is impossible."""
    return Violation(Code.INVALID_STATE, None, f"The state cannot happen: {reason}", reason)
