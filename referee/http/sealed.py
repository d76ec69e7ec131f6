"""The sealed side of the endpoints: games the referee deals and keeps, sealed in tokens.

A sealed request carries a `game` token and a `seat` key instead of a state; the
answer names only what that seat's player may see. The full state is opened here,
judged by the engine as any state is, and sealed again; whatever goes back to the seat
is taken from the seat's view (`engine.view`), so that nothing else can leak:

- a legal turn answers the seat's view after it, the events as the seat sees them
  (`drew` names the card to the drawer alone) and as a spectator sees them (`public`);
- a refused turn answers exactly what the same turn answers on the seat's view, with
  its advice (`legal`, `hint`, `detail`) worked out on that view;
- a draw ends the request: the player cannot know the card yet, and a turn refused
  after it would tell the card without the draw having happened. Where the rules let
  the turn go on after a draw (the classic game's next draw or a drawn card placed),
  the turn stays open in the token, and the next request goes on from there (an empty
  list of actions ends it where the rules allow).

An accepted turn spends its token in the store (`referee.sealed.store`): a second
turn on the same token is `409 TOKEN_SPENT` with the game's latest token, a token
older than the store keeps games is `410 TOKEN_EXPIRED`, and no turn is answered whose
spend the store has not recorded (`503 STORE_UNAVAILABLE`). An invited game answers
invitations instead of seat keys, claimed once each (`claim_seat`).

The engine never learns that a state was sealed; `referee.sealed.sealing` holds the
cryptography.
"""

from __future__ import annotations

import os

from typing import Any, Callable

from flask import Flask, current_app

from .. import engine
from ..core.codes import Code
from ..core.deal import new_salt
from ..core.errors import Violation
from ..core.turn import player_term
from ..i18n import Message, N_
from ..sealed import store as stores
from ..sealed.stores import open_store
from ..sealed.invitations import InvitationInvalid, Invitations
from ..sealed.own_seat import refuse_acting_for_others
from ..sealed.tokens import issued_at
from ..sealed.sealing import KEYS_VARIABLE, Sealed, Sealer, SeatInvalid, TokenInvalid, commitment, digest, new_key
from .language import translator
from .problems import Problem

#: The endpoints' one way to give a refusal its advice (`api.advised`), handed in.
Advise = Callable[[Violation, Any, Any, int], Violation]

TOKEN_REFUSED = N_("The game token cannot be opened: it was changed, sealed with a key this referee does not hold, or is not a game token.")
SEAT_REFUSED = N_("This seat key is not one of this game's seats.")
TOKEN_SPENT = N_("This game token has been played already: the game goes on from its latest token, given here as game, at the turn given as turn.")
TOKEN_EXPIRED = N_("This game token is older than the {days} days this referee keeps games, so it can no longer be played.")
STORE_DOWN = N_("The referee's store of played tokens cannot be reached, so nothing was played or claimed: send the same request again in a moment.")
SEAT_TAKEN = N_("This invitation's seat has been claimed already. If not by you, tell whoever started the game: someone else holds your seat.")
INVITATION_REFUSED = N_("This invitation is not one of this game's.")
NO_STORE_FOR_INVITATIONS = N_("Invitations are claimed once each, which needs the referee's store, and this referee runs without one: leave out invite.")
INVITE_UNSEALED = N_("Only a sealed game has invitations: add sealed, or leave out invite.")


def install_sealer(app: Flask) -> None:
    """Give the app its sealer, its invitations and its store at start, so that bad keys
    or a bad store setting stop it there. Keys: from `SEAL_KEYS` in its config or
    `REFEREE_SEAL_KEYS`, else a key made for this process alone (said in the log: its
    sealed games end with it; `referee serve` makes one for all its workers). Store:
    `STORE` and `STORE_DAYS` in its config, else `REFEREE_STORE` and `REFEREE_STORE_DAYS`
    (see referee.sealed.store)."""
    keys = app.config.get("SEAL_KEYS") or [
        k.strip() for k in os.environ.get(KEYS_VARIABLE, "").split(",") if k.strip()]
    if not keys:
        app.logger.warning("REFEREE_SEAL_KEYS is not set: sealed games are sealed with a key made "
                           "for this process, and last as long as it runs")
        keys = [new_key()]
    app.extensions["sealer"] = Sealer(keys)
    app.extensions["invitations"] = Invitations(keys)
    days = app.config.get("STORE_DAYS") or stores.retention_days()
    setting = app.config.get("STORE", os.environ.get(stores.STORE_VARIABLE))
    app.extensions["store"] = open_store(setting, days)
    app.extensions["store_days"] = days


def store() -> stores.Store:
    return current_app.extensions["store"]


def sealer() -> Sealer:
    return current_app.extensions["sealer"]


def opened(token: Any) -> Sealed:
    try:
        return sealer().open(token)
    except TokenInvalid:
        raise Problem("TOKEN_INVALID", translator().gettext(TOKEN_REFUSED)) from None


def seated(sealed: Sealed, key: Any) -> int:
    """The seat's player: by a seat key of a plain sealed game, or by one claimed with an
    invitation (recognised by its length, checked by its HMAC)."""
    players = len(sealed.state["players"])
    if isinstance(key, str):
        claimed = current_app.extensions["invitations"].claimed_seat(sealed.game, players, key)
        if claimed is not None:
            return claimed
    try:
        return sealer().seat(sealed.game, players, key)
    except SeatInvalid:
        raise Problem("SEAT_INVALID", translator().gettext(SEAT_REFUSED)) from None


def refuse_expired(token: str) -> None:
    """410 for a token older than the store keeps what it spends (under a store only:
    without one nothing is kept, and age tells nothing)."""
    days = current_app.extensions["store_days"]
    if store().keeps and stores.expired(issued_at(token), days):
        raise Problem("TOKEN_EXPIRED", translator().gettext(TOKEN_EXPIRED).format(days=days))


def unavailable() -> Problem:
    return Problem("STORE_UNAVAILABLE", translator().gettext(STORE_DOWN))


def spend(spent: str, game: str, following: str, turn: int, short: bool = False) -> None:
    """Spend the token whose digest is `spent` (`sealing.digest`, what the following
    token's `previous` says) and make `following` the game's latest, or refuse the
    turn: 409 with the latest token when it was spent already, 503 when the store is
    away (on the short way, unlogged: Flask then answers the request and logs it)."""
    try:
        # The digest is the token's identity in hex (tokens.identity): not hashed again.
        store().spend(game, bytes.fromhex(spent), stores.Latest(following, turn))
    except stores.Spent as spent:
        latest = {} if spent.latest is None else {"game": spent.latest.token, "turn": spent.latest.turn}
        raise Problem("TOKEN_SPENT", translator().gettext(TOKEN_SPENT), **latest) from None
    except stores.StoreUnavailable as exc:
        if not short:
            current_app.logger.warning("the store is unavailable: %s", exc)
        raise unavailable() from None


def trusted(sealed: Sealed) -> Any:
    """The sealed state: checked when it was sealed (only the referee seals, and only
    states it dealt or made), so not checked again."""
    return engine.load_state(sealed.state).marked_checked()


def history(sealed: Sealed) -> dict[str, Any]:
    """`turn` and `previous`, on every sealed answer."""
    return {"turn": sealed.turn, "previous": sealed.previous}


def refuse_unsealable(request: dict[str, Any]) -> None:
    """A sealed game of a ruleset whose sealed turns are not carried yet (its `sealable`)."""
    ruleset = engine.find_ruleset(request["ruleset"])
    if not ruleset.sealable:
        raise schema_violation("/sealed", f"The {ruleset.name} game is not offered sealed yet: leave out sealed.")
    refuse_seed_and_hidden(request)


def refuse_invite(request: dict[str, Any]) -> None:
    """`invite` is for sealed games, under a store."""
    if not request["invite"]:
        return
    if not request["sealed"]:
        raise schema_violation("/invite", translator().gettext(INVITE_UNSEALED))
    if not store().keeps:
        raise schema_violation("/invite", translator().gettext(NO_STORE_FOR_INVITATIONS))


def refuse_seed_and_hidden(request: dict[str, Any]) -> None:
    """A sealed game picks its own seed and salt (revealed at the end) and keeps every
    card itself."""
    if request["seed"] is not None:
        raise schema_violation("/seed", "A sealed game picks its own seed, revealed once the game is over: leave out seed.")
    if request["salt"] is not None:
        raise schema_violation("/salt", "A sealed game picks its own salt, revealed once the game is over: leave out salt.")
    if request["hidden"]:
        raise schema_violation("/hidden", "A sealed game keeps every card itself: leave out hidden.")


def deal_salt() -> str:
    """The salt of a sealed game's deal: 128 random bits, so that the deal's secret
    (seed and salt together) is beyond any search."""
    return new_salt()


def new_game(state: Any, seed: int, salt: str, invite: bool = False) -> dict[str, Any]:
    """A sealed game's first answer: the token, the commitment to the deal, and the seat
    keys, or for an invited game the invitations."""
    sealed, token = sealer().new_game(state.to_dict(), seed, salt)
    players = len(state.players)
    seats = ({"invitations": current_app.extensions["invitations"].invitations(sealed.game, players)} if invite
             else {"seats": sealer().seats(sealed.game, players)})
    return {"game": token, **history(sealed), "commitment": commitment(sealed.seed, sealed.salt), **seats}


def claim_seat(body: dict[str, Any]) -> dict[str, Any]:
    """`POST /v1/seats`: the seat an invitation opens, claimed once; its key is answered
    this once and kept nowhere."""
    sealed = opened(body["game"])
    refuse_expired(body["game"])
    players = len(sealed.state["players"])
    try:
        seat = current_app.extensions["invitations"].seat_of(sealed.game, players, body["invitation"])
    except InvitationInvalid:
        raise Problem("INVITATION_INVALID", translator().gettext(INVITATION_REFUSED)) from None
    try:
        claimed = store().claim(sealed.game, seat)
    except stores.StoreUnavailable as exc:
        current_app.logger.warning("the store is unavailable: %s", exc)
        raise unavailable() from None
    if not claimed:
        raise Problem("SEAT_TAKEN", translator().gettext(SEAT_TAKEN))
    return {"player": seat, "seat": current_app.extensions["invitations"].new_seat_key(sealed.game, seat)}


def schema_violation(pointer: str, detail: str) -> Problem:
    return Problem("SCHEMA_VIOLATION", detail, errors=[{"pointer": pointer, "message": detail}])


def taken_so_far(sealed: Sealed, ruleset: str) -> list[Any]:
    """The actions of the open turn (drawn cards named: the drawer has seen them)."""
    return list(engine.load_actions(sealed.open, ruleset=ruleset))


def new_actions(body_actions: list[Any], state: Any, pointer: str, drawing: bool) -> list[Any]:
    """The request's actions: a draw (or any action that turns up a card) names no card,
    and (in a turn) nothing follows one."""
    actions = list(engine.load_actions(body_actions, ruleset=state.ruleset))
    rules = engine.find_ruleset(state.ruleset)
    for index, action in enumerate(actions):
        named = rules.sealed_unnamed(action)
        if named == "card":
            raise schema_violation(f"{pointer}/{index}/card",
                                   "In a sealed game the referee draws the card: leave out card.")
        if named is not None:
            raise schema_violation(f"{pointer}/{index}/{named}",
                                   f"In a sealed game the referee turns the cards up: leave out {named}.")
        if engine.turns_up(state, action):
            if not drawing:
                raise schema_violation(f"{pointer}/{index}", "In a sealed game a draw is played with POST /v1/turns.")
            if index != len(actions) - 1:
                raise schema_violation(f"{pointer}/{index + 1}",
                                       "In a sealed game a draw ends the request: send what follows once the card is seen.")
    return actions


def refusal_on_view(refused: Violation, view: Any, seat: int, actions: list[Any], advised: Advise) -> Violation:
    """What the same actions are refused with on the seat's view, advised on that view."""
    try:
        engine.partial_turn(view, actions, seat) if engine.turns_up(view, actions[-1]) else engine.apply(
            view, engine.Turn(seat, tuple(actions)))
    except Violation as seen:
        return advised(seen, view, actions, seat)
    # The view accepts what the whole state refused: the rule depends on cards the seat
    # cannot see. Answered with the code alone, so that nothing about them leaks; logged
    # as information only, since any seat can bring it about.
    current_app.logger.info("a sealed refusal the seat's view does not make: %s", refused.code.value)
    bare = Violation(refused.code, refused.action, refused.code.title)
    return bare


def not_for_this_seat(view: Any, seat: int, player: int) -> Violation:
    """NOT_YOUR_TURN for a turn of another player who may act now (a simultaneous step)."""
    return Violation(Code.NOT_YOUR_TURN, None, Message(
        "This seat plays for {seat} only, not for {player}.",
        seat=player_term(view, seat), player=player_term(view, player)))


def turn(body: dict[str, Any], advised: Advise | None) -> dict[str, Any]:
    """The answer to a sealed turn. `advised` None is the short way's call
    (shortcut.py), which hands every refusal to Flask: a refused turn then raises its
    bare Violation, before any work on the seat's view."""
    sealed = opened(body["game"])
    seat = seated(sealed, body["seat"])
    refuse_expired(body["game"])
    state = trusted(sealed)
    view = engine.view(state, seat)
    engine.check_mover(view, seat)
    if body["turn"]["player"] != seat:  # a seat plays for its own player only
        engine.check_mover(view, body["turn"]["player"])
        raise not_for_this_seat(view, seat, body["turn"]["player"])
    before = taken_so_far(sealed, state.ruleset)
    sent = new_actions(body["turn"]["actions"], state, "/turn/actions", drawing=True)
    # A choice the player makes blind is the referee's, from the deal's secret: the same
    # token makes the same choice, and nobody can foresee it.
    rng = sealed.generator(len(before))
    rules = engine.find_ruleset(state.ruleset)
    sent = [rules.sealed_pick(state, seat, action, rng) for action in sent]
    actions = before + sent
    refuse_acting_for_others(view, seat, actions)
    if not actions:
        raise schema_violation("/turn/actions", "A turn has at least one action.")
    if not sent and not before:
        raise schema_violation("/turn/actions", "An empty list only ends a turn left open after a draw.")
    token = body["game"]
    if sent and engine.turns_up(state, sent[-1]):
        # Whether the seat may act so is told by the view, before any card is turned up.
        engine.check_mover(view, seat, actions)
        try:
            legal, events = engine.partial_turn(state, actions, seat)
        except Violation as refused:
            raise refused if advised is None else refusal_on_view(refused, view, seat, actions, advised) from None
        if legal.actions:  # the rules let the turn go on: it stays open
            following = Sealed(sealed.game, sealed.turn, sealed.seed, sealed.salt, sealed.state,
                               [a.to_dict() for a in named_turned_up(state, seat, actions)], digest(token),
                               sealed.last)
            return answer(following, state, seat, events, view_of=view, short=advised is None)
    try:
        result = engine.apply(state, engine.Turn(seat, tuple(actions)))
    except Violation as refused:
        raise refused if advised is None else refusal_on_view(refused, view, seat, actions, advised) from None
    # A hand the others cannot see is shuffled where it changed, so its order tells
    # nothing (a card just drawn is not at the end).
    after = rules.sealed_reorder(state, result.state, rng)
    last = {"turn": sealed.turn + 1, "player": seat, "public": engine.view_events(after, result.events, None)}
    following = Sealed(sealed.game, sealed.turn + 1, sealed.seed, sealed.salt, after.to_dict(), [], digest(token), last)
    return answer(following, after, seat, result.events, view_of=engine.view(after, seat), short=advised is None)


def named_turned_up(state: Any, seat: int, actions: list[Any]) -> list[Any]:
    """The open turn's actions with each card they turned up named, as the mover saw it
    (so that the turn goes on from the mover's view): the card an action turned up is
    the one the events it caused name."""
    named = []
    for index, action in enumerate(actions):
        if engine.turns_up(state, action) and action.card is None:
            _, earlier = engine.partial_turn(state, actions[:index], seat)
            _, caused = engine.partial_turn(state, actions[:index + 1], seat)
            action = action._replace(card=next(e["card"] for e in caused[len(earlier):] if e.get("card")))
        named.append(action)
    return named


def answer(following: Sealed, state: Any, seat: int, events: list[Any], view_of: Any,
           short: bool = False) -> dict[str, Any]:
    """The answer to an accepted turn, once the token it follows (`following.previous`)
    is spent: nothing goes out before. All of it is made before the spend, so that
    nothing fails after it."""
    seen = {
        "view": view_of.to_dict(),
        "open": open_as_seen(following, state, seat),
        "events": engine.view_events(state, events, seat),
        "public": engine.view_events(state, events, None),
    }
    token = sealer().seal(following)
    spend(following.previous, following.game, token, following.turn, short)
    return {"game": token, **history(following), **seen}


def legal_actions(body: dict[str, Any], advised: Advise) -> dict[str, Any]:
    sealed = opened(body["game"])
    seat = seated(sealed, body["seat"])
    state = trusted(sealed)
    view = engine.view(state, seat)
    prefix = new_actions(body.get("actions", []), state, "/actions", drawing=False)
    # The open turn, if any, is the player's to move (a simultaneous step leaves none open).
    actions = (taken_so_far(sealed, state.ruleset) if view.current == seat else []) + prefix
    try:
        found = engine.legal_actions(view, actions, seat)
    except Violation as refused:
        raise advised(refused, view, actions, seat) from None
    listing = found.to_dict()
    if not listing["actions"]:
        # The view may refuse an action only because it would turn up cards the view hides
        # (Ratefix's last guess: CARDS_HIDDEN); the referee holds them. Such an action is
        # listed from the whole state when it names no card, so nothing hidden is told;
        # a refusal of the whole state is never told (the view's empty list stands).
        try:
            whole = engine.legal_actions(state, actions, seat).to_dict()
        except Violation as refused:
            current_app.logger.info("a sealed listing the seat's view does not refuse: %s", refused.code.value)
        else:
            listing["actions"] = [a for a in whole["actions"] if not set(a) & {"card", "cards"}]
    return {**listing, **history(sealed)}


def view(body: dict[str, Any]) -> dict[str, Any]:
    sealed = opened(body["game"])
    seat = seated(sealed, body["seat"])
    state = trusted(sealed)
    return {"view": engine.view(state, seat).to_dict(), **history(sealed), "open": open_as_seen(sealed, state, seat),
            "last": sealed.last}


def open_as_seen(sealed: Sealed, state: Any, seat: int) -> list[dict[str, Any]]:
    """The open turn's actions so far (the table as the views show it is the turn's
    start): the mover sees the cards they drew or turned up, the others that they did."""
    if state.current == seat:
        return sealed.open
    actions = engine.load_actions(sealed.open, ruleset=state.ruleset)
    return [a._replace(card=None).to_dict() if engine.turns_up(state, a) else a.to_dict() for a in actions]


def scores(body: dict[str, Any]) -> dict[str, Any]:
    """The scores as a spectator sees them; once the game is over, the whole scores and
    the seed and salt, so that anyone can check the deal against its commitment."""
    sealed = opened(body["game"])
    state = trusted(sealed)
    if not state.is_over:
        return {**engine.scores(engine.view(state, None)), **history(sealed)}
    return {**engine.scores(state), "seed": sealed.seed, "salt": sealed.salt, **history(sealed)}
