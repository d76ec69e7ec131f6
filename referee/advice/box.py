"""Hints for refused turns of the box games (RULES-DECK.md): one sentence per code for a
player at the table, built from the refusal and the legal list (`referee.advice.refusals` asks
here for every box ruleset)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.codes import Code
from ..core.errors import Violation
from ..core.turn import player_term
from ..i18n import N_, Message
from ..i18n.terms import cards

#: What one turn of each game is, for a TURN_SHAPE hint.
TURN_SHAPES = {
    "zweikampf": N_("A Zweikampf turn is one reveal: turn up the top card of your stack."),
    "hoechste-karte": N_("A turn of this game is one play: one card from your hand, face down."),
    "farben-sammeln": N_("A Farben sammeln turn is a take, then a discard, then a close if you wish to end the round."),
    "ueberall-anschliessen": N_(
        "An Überall anschließen turn is a reveal and a place, again after every card that fitted, and a stopp "
        "only right after a fit overlooked; a place goes to \"middle\", \"own\" or another player's seat."),
    "mogeln": N_(
        "A Mogeln turn is a play, a challenge, a challenge then a play, or an accept; a player not to move "
        "may only challenge, and only in the 2018 edition."),
    "ratefix": N_("A Ratefix turn is one put while cards go into the middle, then one guess each, in turn."),
    "schwarzer-peter": N_("A Schwarzer Peter turn is one draw, then the pair it makes, if any."),
    "schnipp-schnapp": N_(
        "A Schnipp Schnapp turn is one flip by the player to move, or one call by anyone; with names the "
        "other players who called at the same moment, each once and not the caller."),
}


def box_hint(state: Any, actions: Sequence[Any], violation: Violation, legal: list[dict] | None) -> Message | None:
    code = violation.code
    if state.ruleset == "schwarzer-peter" and code is not Code.TURN_SHAPE:
        return _peter_hint(code, legal)
    if code is Code.TURN_SHAPE:
        return Message(TURN_SHAPES[state.ruleset])
    if code is Code.DRAW_CARD_REQUIRED:
        return Message("The referee cannot see that pile: name the card that was turned up.")
    if code is Code.DRAW_MISMATCH:
        return Message("Leave the card out, or name the top card of the pile.")
    if code is Code.CARD_UNAVAILABLE:
        return Message("Name a card of this game that is not already listed in the state.")
    if state.ruleset == "farben-sammeln":
        found = _farben_hint(state, code, legal)
        if found is not None:
            return found
    if state.ruleset == "ueberall-anschliessen":
        return _ueberall_hint(state, code, legal)
    if state.ruleset == "mogeln":
        return _mogeln_hint(code, legal)
    if state.ruleset == "schnipp-schnapp":
        return _schnapp_hint(code)
    if code is Code.CARD_NOT_IN_HAND:
        named = [a["card"] for a in legal or () if a.get("card")]
        if named:
            return Message("Play one of {cards}.", cards=cards(named[:6], "or"))
        return Message("Play a card that can still be in your hand: your colour, 1 to 11, not yet on the table.")
    return None


def _farben_hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    if code is Code.PILE_EMPTY:
        return Message("The pile is used up: take the top card of a display stack instead.")
    if code is Code.SPACE_NOT_FILLED:
        return Message("Discard onto display stack {stack}, the place your take emptied.",
                       stack=next(a["to"] for a in legal or ()))
    if code is Code.CLOSE_NOT_ALLOWED:
        return Message("Leave out the close: only a hand of a single colour may end the round.")
    if code is Code.CARD_NOT_IN_HAND:
        if not isinstance(state.players[state.current].hand, tuple):  # a hidden hand
            return Message("Discard a card that can be in your hand: one not seen anywhere else.")
        named = list(dict.fromkeys(a["card"] for a in legal or ()))
        return Message("Discard one of {cards}.", cards=cards(named, "or"))
    return None


def _ueberall_hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    if code in (Code.NOT_NEXT_HIGHER, Code.MIDDLE_FIRST, Code.FIT_OVERLOOKED):
        where = next(a["to"] for a in legal or ())  # the first listed placement is where it must go
        if where == "middle":
            must = Message("Put the card on the middle.")
        elif where == "own":
            must = Message("Nothing fits: put the card on your own pile.")
        else:
            must = Message("Put the card on the open pile of {player}.", player=player_term(state, where))
        if code is Code.FIT_OVERLOOKED:
            return Message("{must} If the table caught the mistake, follow it with stopp.", must=must)
        return must
    if code is Code.STOPP_WITHOUT_MISTAKE:
        return Message("Leave out the stopp: no fit was overlooked just before it.")
    if code is Code.TURN_ENDED:
        return Message("End the turn there: the card that ended it is placed.")
    if code is Code.TURN_INCOMPLETE:
        return Message("The card fitted: turn up the next card and place it.")
    if code is Code.ACTION_AFTER_GAME_END:
        return Message("You have no card left: end the turn there.")
    return None


def _mogeln_hint(code: Code, legal: list[dict] | None) -> Message | None:
    if code is Code.RESOLVE_FIRST:
        return Message("Challenge the last play, or accept it and end the game.")
    if code is Code.NOTHING_TO_CHALLENGE:
        return Message("Only another player's play on top of the stack can be challenged: play instead.")
    if code is Code.REVEAL_REQUIRED:
        return Message("Name the cards the challenge turned up, in a cards list.")
    if code is Code.REVEAL_MISMATCH:
        return Message("Name exactly the cards of the top play, as many as were laid.")
    if code is Code.ACCEPT_NOT_ALLOWED:
        return Message("Play or challenge instead: nobody has laid their last card.")
    if code is Code.CARD_NOT_IN_HAND:
        named = [a["cards"][0] for a in legal or () if a.get("cards")]
        if named:
            return Message("Play cards from your hand, such as {cards}.", cards=cards(named[:6], "or"))
        return Message("Play cards that can still be in your hand: cards of this game not listed elsewhere, "
                       "no more than you hold.")
    return None
def _peter_hint(code: Code, legal: list[dict] | None) -> Message | None:
    """Schwarzer Peter's draws take from a hand, its pairs lay two cards."""
    pairs = [a["value"] for a in legal or () if a["type"] == "pair"]
    drawn = [a["card"] for a in legal or () if a["type"] == "draw" and a.get("card")]
    if pairs:
        return Message("Lay the pair of {value}s.", value=pairs[0])
    if code is Code.PAIR_NOT_LAID:
        return None
    if drawn:
        return Message("Draw one of {cards}, or give its index in that hand.", cards=cards(drawn[:6], "or"))
    if code is Code.CARD_NOT_IN_HAND and legal == []:
        return Message("No pair can be laid now: end the turn after the draw.")
    return Message("Name a card that can be in that hand and is listed nowhere else, or give its index.")


def _schnapp_hint(code: Code) -> Message | None:
    if code is Code.MATCH_NOT_CALLED:
        return Message("Call the match first: Schnapp if the value lies on another open pile, Schnipp if it "
                       "matches the top of the middle.")
    if code is Code.NOTHING_TO_CALL:
        return Message("Wait for a flip: a call answers the card flipped last.")
    if code is Code.CALL_NOT_ALLOWED:
        return Message("Call Schnipp instead: a player without cards may come back only by the middle.")
    return None
