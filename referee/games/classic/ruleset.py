"""Ruleset `classic`: the 80-card Elfer raus!, both editions, three start variants.

Everything the classic game changes against the shared row engine (this package) is in
this file (docs/games/classic.md):

- the options: `edition` (`2018`: orange, yellow, green, blue, and a fitting drawn card
  *may* be placed; `original`: red instead of orange, and it *must*), `start` and
  `without_blue` (two players leave out the blue cards);
- how rows begin: on the 11s (`eleven`), on a 10, 11 or 12 (`ten-to-twelve`), on the
  value the first row began with (`any`), or laid out from the 1s and 20s (`ends`);
- the opening turn (OPENING): one card that may start a row, and with `eleven` the
  highest-priority 11 dealt, placed by its holder; the deal is redone until someone
  holds an 11;
- up to three draws a turn; 20, 15, 12 or 10 cards a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...core.actions import Action, Place
from ...core.cards import Deck
from ...core.codes import Code
from ...core.errors import MalformedInput, Violation, invalid_state
from ...core.turn import player_term
from ...i18n import Message
from ...i18n.terms import Card
from ...core.wire import Members, Wire
from ...core.zones import Hidden, visible_elsewhere
from ...families.rows.ruleset import ROW_ACTIONS, RowRuleset
from ...families.rows.state import RowState
from ...families.rows.variant import Variant
from .situations import POSITION_SITUATIONS

EDITIONS = ("2018", "original")
STARTS = ("eleven", "ends", "ten-to-twelve", "any")
OPTION_DEFAULTS = {"edition": "2018", "start": "eleven", "without_blue": False}
OPENING_ELEVEN = 11


class ClassicVariant(Variant):
    """One combination of the classic options."""

    ruleset = "classic"
    top = 20
    draw_limit = 3

    def __init__(self, edition: str, start: str, without_blue: bool):
        self.edition = edition
        self.start = start
        self.without_blue = without_blue
        first = "O" if edition == "2018" else "R"
        # The colours in the order of the 11s' priority (who opens with `eleven`).
        self.colors = (first, "Y", "G") if without_blue else (first, "Y", "G", "B")
        self.rows_laid_out = start == "ends"
        # The original edition: every fitting drawn card is placed; 2018: the first may
        # be kept, a second or third must be placed (2018 rules, "Karten ziehen").
        self.must_place_from = 1 if edition == "original" else 2
        self.max_players = 2 if without_blue else 6

    def options_json(self) -> dict[str, Any]:
        return {"edition": self.edition, "start": self.start, "without_blue": self.without_blue}

    def dealt_per_player(self, players: int) -> int:
        return {2: 20, 3: 20, 4: 15, 5: 12, 6: 10}[players]

    def may_start(self, value: int, opening: int | None) -> bool:
        if self.start == "eleven":
            return value == OPENING_ELEVEN
        if self.start == "ten-to-twelve":
            return 10 <= value <= 12
        if self.start == "any":
            return opening is None or value == opening
        return False  # ends: every row lies from the start

    # -- the opening ---------------------------------------------------------------------

    def best_eleven(self, hand: tuple[str, ...]) -> str | None:
        """The highest-priority 11 in a hand, or None."""
        for color in self.colors:
            if f"{color}11" in hand:
                return f"{color}11"
        return None

    def opening_violation(self, state: RowState, actions: tuple[Action, ...]) -> Violation | None:
        places = [a for a in actions if isinstance(a, Place)]
        if self.start == "eleven":
            allowed = self.opening_elevens(state)
            if len(actions) == len(places) <= 1 and all(p.card in allowed for p in places):
                return None
            mover = player_term(state, state.current)
            if len(allowed) == 1:
                detail = Message(
                    "The game opens with {player} placing {card}, the first 11 by priority, and nothing else.",
                    player=mover, card=Card(allowed[0]),
                )
            else:
                detail = Message(
                    "The game opens with {player} placing an 11 that comes before every 11 in the "
                    "other known hands, and nothing else.",
                    player=mover,
                )
            return Violation(Code.OPENING, None, detail)
        if len(places) <= 1 and all(self.may_start(p.slot.value, None) for p in places):
            return None
        if self.start == "ten-to-twelve":
            detail = Message(
                "No row lies yet: a turn that places puts down exactly one card, a 10, 11 or 12, "
                "to open the first row."
            )
        else:
            detail = Message(
                "No row lies yet: a turn that places puts down exactly one card, any card, to open "
                "the first row."
            )
        return Violation(Code.OPENING, None, detail)

    def opening_elevens(self, state: RowState) -> list[str]:
        """The 11s the player to move may open with, as far as the visible cards tell.

        A known hand opens with its first 11 by priority. For a hidden hand, it is any 11
        not visible elsewhere that comes before the 11s of the other known hands.
        """
        mover = state.players[state.current].hand
        if not isinstance(mover, Hidden):
            best = self.best_eleven(mover)
            return [best] if best else []
        visible, _ = visible_elsewhere(state.players, state.current, state.pile)
        rival = self.rival_eleven(state)
        last = len(self.colors) if rival is None else self.colors.index(rival[0])
        return [f"{c}11" for c in self.colors[:last] if f"{c}11" not in visible]

    def rival_eleven(self, state: RowState) -> str | None:
        """The first 11 by priority in the known hands of the players not to move."""
        elevens = [
            self.best_eleven(p.hand)
            for i, p in enumerate(state.players)
            if i != state.current and not isinstance(p.hand, Hidden)
        ]
        ranked = [e for e in elevens if e is not None]
        return min(ranked, key=lambda card: self.colors.index(card[0])) if ranked else None

    def opening_unchecked(self, state: RowState, actions: Sequence[Action]) -> bool:
        """With `eleven` and some hand hidden: an 11 that comes before the one placed is
        nowhere visible, so it may lie in a hidden hand (docs/games/classic.md)."""
        if self.start != "eleven" or not any(isinstance(p.hand, Hidden) for p in state.players):
            return False
        places = [a for a in actions if isinstance(a, Place)]
        if not places:
            return False
        visible, _ = visible_elsewhere(state.players, state.current, state.pile)
        mover = state.players[state.current].hand
        if not isinstance(mover, Hidden):
            visible = visible | set(mover)
        placed = places[0].card
        earlier = self.colors[: self.colors.index(placed[0])] if placed[0] in self.colors else ()
        return any(f"{color}11" not in visible for color in earlier)

    def check_opening_state(self, state: RowState) -> None:
        """With `eleven`, the player to move holds the first 11, as far as can be seen."""
        if self.start != "eleven":
            return
        mover = state.players[state.current].hand
        rival = self.rival_eleven(state)
        if isinstance(mover, Hidden):
            if not self.opening_elevens(state):
                if rival:
                    raise invalid_state(
                        "no row lies and {player} is to move, but every 11 that comes before "
                        "{rival} is visible elsewhere; the game opens with the holder of the first 11",
                        player=player_term(state, state.current), rival=Card(rival),
                    )
                raise invalid_state(
                    "no row lies and {player} is to move, but every 11 is visible elsewhere; "
                    "the game opens with the holder of the first 11",
                    player=player_term(state, state.current),
                )
            return
        best = self.best_eleven(mover)
        if best is None:
            raise invalid_state(
                "no row lies and {player} is to move without an 11; the game opens with the "
                "holder of the first 11",
                player=player_term(state, state.current),
            )
        if rival is not None and self.colors.index(rival[0]) < self.colors.index(best[0]):
            holder = next(
                i for i, p in enumerate(state.players)
                if i != state.current and not isinstance(p.hand, Hidden) and rival in p.hand
            )
            raise invalid_state(
                "{holder} holds {rival}, which opens before {best} of {player}",
                holder=player_term(state, holder), rival=Card(rival), best=Card(best),
                player=player_term(state, state.current),
            )

    # -- the deal --------------------------------------------------------------------------

    def deal_is_playable(self, hands: list[tuple[str, ...]]) -> bool:
        return self.start != "eleven" or any(self.best_eleven(hand) for hand in hands)

    def opener(self, hands: list[tuple[str, ...]], first: int) -> int:
        if self.start != "eleven":
            return first
        for color in self.colors:
            for i, hand in enumerate(hands):
                if f"{color}11" in hand:
                    return i
        return first  # pragma: no cover - the deal was redone until someone holds an 11


@lru_cache(maxsize=None)
def classic_variant(edition: str, start: str, without_blue: bool) -> ClassicVariant:
    """One shared variant per option combination (its card tables are built once)."""
    return ClassicVariant(edition, start, without_blue)


def read_options(data: Any) -> ClassicVariant:
    """The variant for an `options` object; missing members take their defaults."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise MalformedInput("options is an object")
    unknown = set(data) - set(OPTION_DEFAULTS)
    if unknown:
        raise MalformedInput(f"the classic game has no option {sorted(unknown)[0]!r}")
    options = {**OPTION_DEFAULTS, **data}
    if options["edition"] not in EDITIONS:
        raise MalformedInput(f"edition is one of {list(EDITIONS)}, not {options['edition']!r}")
    if options["start"] not in STARTS:
        raise MalformedInput(f"start is one of {list(STARTS)}, not {options['start']!r}")
    if type(options["without_blue"]) is not bool:
        raise MalformedInput("without_blue is true or false")
    return classic_variant(options["edition"], options["start"], options["without_blue"])


class Classic(RowRuleset, folder=__package__):
    top = ClassicVariant.top
    position_situations = POSITION_SITUATIONS
    options = [
        {
            "name": "edition",
            "values": list(EDITIONS),
            "default": "2018",
            "description": "2018: orange, yellow, green, blue; a drawn card that fits may be "
            "placed. original: red instead of orange; a drawn card that fits must be placed.",
        },
        {
            "name": "start",
            "values": list(STARTS),
            "default": "eleven",
            "description": "How rows begin: on the 11s (the holder of the first 11 opens), "
            "laid out from the 1s and 20s, on a 10, 11 or 12, or on the value the first "
            "row began with.",
        },
        {
            "name": "without_blue",
            "values": [False, True],
            "default": False,
            "description": "Two players may leave out the 20 blue cards.",
        },
    ]
    codes = (
        Code.INVALID_STATE, Code.GAME_OVER, Code.NOT_YOUR_TURN, Code.OPENING, Code.TURN_MIXED,
        Code.ACTION_AFTER_GAME_END, Code.PLAY_AFTER_DRAW, Code.CARD_NOT_IN_HAND,
        Code.ROW_NOT_STARTED, Code.NOT_ADJACENT, Code.MUST_PLAY,
        Code.DRAW_LIMIT, Code.DRAW_AFTER_FIT, Code.PILE_EMPTY, Code.DRAW_CARD_REQUIRED,
        Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE, Code.PASS_PILE_NOT_EMPTY,
        Code.DRAW_INCOMPLETE, Code.MUST_PLACE_DRAWN,
    )
    #: Any card of either edition is a classic card; which edition a state plays is its option.
    wire = Wire("classic", Deck(("O", "R", "Y", "G", "B"), 20), ROW_ACTIONS)
    state_members = Members(
        "classic state",
        {"ruleset", "options", "players", "current", "rows", "opening", "pile", "passes"},
    )

    def variant(self, options: Any) -> ClassicVariant:
        return read_options(options)

    def load_state(self, data: Any) -> RowState:
        if not isinstance(data.get("options"), dict) or set(data["options"]) != set(OPTION_DEFAULTS):
            raise MalformedInput(
                "a classic state carries all its options: edition, start, without_blue"
            )
        return super().load_state(data)
