"""The two ways input can be refused: it is malformed, or it breaks a rule.

Like python-chess's InvalidMoveError and IllegalMoveError: `MalformedInput` means the
data is not a state or turn at all (the JSON Schemas reject the same things), while
`Violation` means it is well formed but the rules forbid it, and carries a rule code.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_
from ..i18n.message import Message
from .codes import Code


class RefereeError(Exception):
    """Base of every error the engine raises on purpose."""


class MalformedInput(RefereeError, ValueError):
    """The data does not have the shape of a state, action or turn."""


class Violation(RefereeError):
    """A rule of the game is broken: the code, the offending action's index, a message.

    `action` is the 0-based index of the offending action, or None for a code that
    concerns the whole turn. `turn` is set by replays. `reason` is set for INVALID_STATE.

    The message is data (`message`, `reason_message`: `i18n.Message`s naming cards,
    slots and players as typed values), rendered in a person's language where it is
    shown; `detail` and `reason` are the English texts.
    """

    def __init__(
        self, code: Code, action: int | None, detail: Message | str, reason: Message | str | None = None
    ):
        super().__init__(code)
        self.code = code
        self.action = action
        self.message = detail if isinstance(detail, Message) else Message(_VERBATIM, words=detail)
        self.reason_message = (
            reason if reason is None or isinstance(reason, Message) else Message(_VERBATIM, words=reason)
        )
        self.turn: int | None = None
        self.in_replay = False
        # What would have worked (set by `referee.advice.refusals` where a refusal is reported).
        self.legal: list[dict] | None = None
        self.hint: Message | None = None

    @property
    def detail(self) -> str:
        """The message in English."""
        return str(self.message)

    @property
    def reason(self) -> str | None:
        """For INVALID_STATE, what is impossible, in English."""
        return None if self.reason_message is None else self.reason_message.phrase()

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}"

    def during_replay(self, turn: int | None) -> Violation:
        """Mark the violation as found in a replay, at turn `turn` (None: the start state)."""
        self.turn = turn
        self.in_replay = True
        return self

    def __repr__(self) -> str:
        return f"Violation({self.code.value!r}, action={self.action!r}, detail={self.detail!r})"


#: A text that is not in the catalogue, shown as it is (a message from outside the engine).
_VERBATIM = "{words}"


def invalid_state(reason: Message | str, **params: Any) -> Violation:
    """An INVALID_STATE violation whose reason names what is impossible: a Message, or an
    English text with `params` for its placeholders."""
    if not isinstance(reason, Message):
        reason = Message(reason, **params)
    return Violation(Code.INVALID_STATE, None, Message(STATE_CANNOT_HAPPEN, reason=reason), reason)


STATE_CANNOT_HAPPEN = N_("The state cannot happen: {reason}")
