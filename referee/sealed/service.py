"""Sealed games as a service: the open-turn protocol, spending and the leak policy.

A sealed request carries a `game` token and a `seat` key instead of a state; the
answer names only what that seat's player may see. `SealedGames` opens the full state,
has the engine judge it as any state is judged, and seals it again; whatever goes back
to the seat is taken from the seat's view (`engine.view`), so that nothing else can
leak:

- a legal turn answers the seat's view after it, the events as the seat sees them
  (`drew` names the card to the drawer alone) and as a spectator sees them (`public`);
- a refused turn is raised as `TurnRefused`; `refusal_on_view` makes of it exactly
  what the same turn is refused with on the seat's view, with its advice (`legal`,
  `hint`, `detail`) worked out on that view;
- a seat acts for its own player alone (`own_seat`), and every view of the game
  carries `last`, the last accepted turn as a spectator saw it;
- a draw ends the request: the player cannot know the card yet, and a turn refused
  after it would tell the card without the draw having happened. Where the rules let
  the turn go on after a draw (the classic game's next draw or a drawn card placed),
  the turn stays open in the token, and the next request goes on from there (an empty
  list of actions ends it where the rules allow).

An accepted turn spends its token in the store (`referee.sealed.store`): a second
turn on the same token is refused `TOKEN_SPENT` with the game's latest token, a token
older than the store keeps games (or sealed before what it remembers) `TOKEN_EXPIRED`,
and no turn is answered whose spend the store has not recorded (the store's
`StoreUnavailable` goes up as it is). A store at `REFEREE_STORE_MAX_MB` starts no new
game (`STORE_FULL`). An invited game answers invitations instead of seat keys, claimed
once each, or again with the same `claim` (`claim_seat`).

Refusals of the request itself are `Refused` (a problem code, its text as a msgid with
its fields, and what the answer adds); the rules' refusals are the engine's
`Violation`. The web layer (`referee.http.sealed`) turns them into answers in the
request's language. No Flask in here: the engine never learns that a state was sealed,
and `sealing` holds the cryptography.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from .. import engine
from ..core import extras
from ..core.codes import Code
from ..core.deal import new_salt
from ..core.errors import Violation
from ..core.ruleset import Ruleset
from ..core.turn import player_term
from ..i18n import Message, N_
from . import store as stores
from .bounds import NewGameLimit, TooMany
from .invitations import InvitationInvalid, Invitations
from .own_seat import refuse_acting_for_others
from .sealing import Sealed, Sealer, SeatInvalid, TokenInvalid, commitment

#: How a refusal gets its advice (`referee.http.api.advised`): the refusal, the state
#: it was judged on, the actions and the player.
Advise = Callable[[Violation, Any, Any, int], Violation]

TOKEN_REFUSED = N_("The game token cannot be opened: it was changed, sealed with a key this referee does not hold, or is not a game token.")
SEAT_REFUSED = N_("This seat key is not one of this game's seats.")
TOKEN_SPENT = N_("This game token has been played already: the game goes on from its latest token, given here as game, at the turn given as turn.")
TOKEN_EXPIRED = N_("This game token is older than the {days} days this referee keeps games, so it can no longer be played.")
TOKEN_FORGOTTEN = N_("This game token was sealed before the oldest moment the referee's store still remembers, so it can no longer be played.")
STORE_FULL = N_("The referee's store of sealed games is full, so no new sealed game can start now; the games under way go on. Try again later.")
SEAT_TAKEN = N_("This invitation's seat has been claimed already. If not by you, tell whoever started the game: someone else holds your seat.")
INVITATION_REFUSED = N_("This invitation is not one of this game's.")
NO_STORE_FOR_INVITATIONS = N_("Invitations are claimed once each, which needs the referee's store, and this referee runs without one: leave out invite.")
INVITE_UNSEALED = N_("Only a sealed game has invitations: add sealed, or leave out invite.")
TOO_MANY_GAMES = N_("This address has started {limit} sealed games in the last minute, as many as this referee allows: start the next one in {seconds} seconds.")


def _as_is(answer: dict[str, Any]) -> dict[str, Any]:
    """A sealed turn's answer as its JSON shape (`SealedGames.turn`'s `write` by default)."""
    return answer


class Refused(Exception):
    """A sealed request refused before the rules judge it: `code` is the problem's code
    (`referee.http.problems.HTTP_PROBLEMS`), `text` its detail as written here (a msgid
    where it is translated) with `fields` to fill in, `pointer` where in the body a
    SCHEMA_VIOLATION lies, `retry_after` the seconds a client waits (TOO_MANY_REQUESTS),
    and `extra` what the answer adds (a spent token's latest)."""

    def __init__(self, code: str, text: str, fields: dict[str, Any] | None = None,
                 pointer: str | None = None, retry_after: int | None = None, **extra: Any):
        super().__init__(text)
        self.code = code
        self.text = text
        self.fields = fields or {}
        self.pointer = pointer
        self.retry_after = retry_after
        self.extra = extra


def schema_violation(pointer: str, text: str) -> Refused:
    return Refused("SCHEMA_VIOLATION", text, pointer=pointer)


class TurnRefused(Exception):
    """A sealed turn the rules refuse on the whole state: `refused`, with what
    `SealedGames.refusal_on_view` needs to say it as the seat may hear it."""

    def __init__(self, refused: Violation, view: Any, seat: int, actions: list[Any]):
        super().__init__(refused.code.value)
        self.refused = refused
        self.view = view
        self.seat = seat
        self.actions = actions


def deal_salt() -> str:
    """The salt of a sealed game's deal: 128 random bits, so that the deal's secret
    (seed and salt together) is beyond any search."""
    return new_salt()


class SealedGames:
    """Sealed games under one sealer, its invitations and one store, whose spends count
    after `days` (the store's retention), and at most as many new games per client
    address as `new_games` allows (none by default). `log` hears what an operator may
    want to know (a refusal the seat's view does not make)."""

    def __init__(self, sealer: Sealer, invitations: Invitations, store: stores.Store, days: int,
                 log: logging.Logger | None = None, new_games: NewGameLimit | None = None):
        self.sealer = sealer
        self.invitations = invitations
        self.store = store
        self.days = days
        self.log = log or logging.getLogger(__name__)
        self.new_games = new_games or NewGameLimit(0)
        #: Told of each spend (the web layer counts them: referee.http.metrics).
        self.on_spend: Callable[[], Any] = _nothing

    # The token and the seat.

    def opened(self, token: Any) -> Sealed:
        try:
            return self.sealer.open(token)
        except TokenInvalid:
            raise Refused("TOKEN_INVALID", TOKEN_REFUSED) from None

    def seated(self, sealed: Sealed, key: Any, likely: Any = None) -> int:
        """The seat's player: by a seat key of a plain sealed game, or by one claimed
        with an invitation (recognised by its length, checked by its HMAC); `likely`, the
        player a turn names, is the seat tried first (`Sealer.seat`)."""
        players = len(sealed.state["players"])
        if isinstance(key, str):
            claimed = self.invitations.claimed_seat(sealed.game, players, key)
            if claimed is not None:
                return claimed
        try:
            return self.sealer.seat(sealed.game, players, key, likely)
        except SeatInvalid:
            raise Refused("SEAT_INVALID", SEAT_REFUSED) from None

    def refuse_expired(self, sealed: Sealed) -> int:
        """TOKEN_EXPIRED for a token (opened as `sealed`) older than the store keeps what
        it spends (under a store only: without one nothing is kept, and age tells
        nothing); else when it was sealed. The store refuses a token sealed before its
        mark itself, as it spends (`forgotten`)."""
        issued = sealed.issued
        if self.store.keeps and stores.expired(issued, self.days):
            raise Refused("TOKEN_EXPIRED", TOKEN_EXPIRED, {"days": self.days})
        return issued

    def refuse_full(self) -> None:
        """STORE_FULL for a new sealed game while the store is at `REFEREE_STORE_MAX_MB`
        (StoreUnavailable when it cannot tell)."""
        if self.store.full():
            self.log.warning("the store is full (%s): no new sealed games", stores.MAX_MB_VARIABLE)
            raise Refused("STORE_FULL", STORE_FULL)

    def begin_spend(self, spent: str, game: str, following: str, turn: int, issued: int, played: str) -> stores.Pending:
        """Begin to spend the token whose digest is `spent` (`sealing.digest`, what the
        following token's `previous` says, sealed at `issued`; `played`, its text) and
        make `following` the game's latest; `finish_spend` waits for the outcome.
        StoreUnavailable when the store is away."""
        # The digest is the token's identity in hex (tokens.identity): not hashed again.
        return self.store.begin_spend(game, bytes.fromhex(spent), stores.Latest(following, turn), issued, played)

    def finish_spend(self, pending: stores.Pending) -> None:
        """The spend's outcome, or the turn refused: TOKEN_SPENT with the latest token
        when it was spent already, TOKEN_EXPIRED when it was sealed before the store's
        mark; StoreUnavailable when the store is away."""
        try:
            pending.finish()
        except stores.Expired:
            raise forgotten() from None
        except stores.Spent as found:
            latest = {} if found.latest is None else {"game": found.latest.token, "turn": found.latest.turn}
            raise Refused("TOKEN_SPENT", TOKEN_SPENT, **latest) from None
        self.on_spend()

    # A new game, and its seats.

    def refuse_seed_and_hidden(self, request: dict[str, Any]) -> None:
        """A sealed game asked with a seed, a salt or hidden cards."""
        # A sealed game picks its own seed and salt (revealed at the end) and keeps every
        # card itself.
        if request["seed"] is not None:
            raise schema_violation("/seed", "A sealed game picks its own seed, revealed once the game is over: leave out seed.")
        if request["salt"] is not None:
            raise schema_violation("/salt", "A sealed game picks its own salt, revealed once the game is over: leave out salt.")
        if request["hidden"]:
            raise schema_violation("/hidden", "A sealed game keeps every card itself: leave out hidden.")

    def refuse_invite(self, request: dict[str, Any]) -> None:
        """`invite` is for sealed games, under a store."""
        if not request["invite"]:
            return
        if not request["sealed"]:
            raise schema_violation("/invite", INVITE_UNSEALED)
        if not self.store.keeps:
            raise schema_violation("/invite", NO_STORE_FOR_INVITATIONS)

    def admit(self, address: str) -> None:
        """Count a new sealed game from `address`, or refuse it: TOO_MANY_REQUESTS past
        the limit (nothing is dealt then); StoreUnavailable when the counts are away."""
        try:
            self.new_games.start(address)
        except TooMany as over:
            raise Refused("TOO_MANY_REQUESTS", TOO_MANY_GAMES, {"limit": over.limit, "seconds": over.retry_after},
                          retry_after=over.retry_after) from None

    def new_game(self, state: Any, seed: int, salt: str, invite: bool = False) -> dict[str, Any]:
        """A sealed game's first answer: the token, the commitment to the deal, and the
        seat keys, or for an invited game the invitations."""
        self.refuse_full()
        sealed, token = self.sealer.new_game(state.to_dict(), seed, salt)
        players = len(state.players)
        seats = ({"invitations": self.invitations.invitations(sealed.game, players)} if invite
                 else {"seats": self.sealer.seats(sealed.game, players)})
        return {"game": token, **history(sealed), "commitment": commitment(sealed.seed, sealed.salt), **seats}

    def claim_seat(self, body: dict[str, Any]) -> dict[str, Any]:
        """`POST /v1/seats`: the seat an invitation opens, claimed once; its key is
        answered this once and kept nowhere, or, for a claim with a `claim` text, made
        again from it whenever the same claim comes again (the store keeps the claim's
        digest)."""
        sealed = self.opened(body["game"])
        issued = self.refuse_expired(sealed)
        players = len(sealed.state["players"])
        try:
            seat = self.invitations.seat_of(sealed.game, players, body["invitation"])
        except InvitationInvalid:
            raise Refused("INVITATION_INVALID", INVITATION_REFUSED) from None
        claim = body.get("claim")
        digest = None if claim is None else stores.claim_digest(sealed.game, seat, claim)
        try:
            claimed = self.store.claim(sealed.game, seat, digest, issued)
        except stores.Expired:
            raise forgotten() from None
        if not claimed:
            raise Refused("SEAT_TAKEN", SEAT_TAKEN)
        return {"player": seat, "seat": self.invitations.new_seat_key(sealed.game, seat, claim)}

    # A turn.

    def turn(self, body: dict[str, Any], write: Callable[[dict[str, Any]], Any] = _as_is) -> Any:
        """The answer to a sealed turn, its token spent, as `write` makes it of the
        answer's JSON shape (the shape itself by default; the short way writes its bytes,
        while the store works: `answer`); TurnRefused for a turn the rules refuse (before
        any work on the seat's view: `refusal_on_view` does that)."""
        written, pending = self._judged(body, write)
        # The turn's states, views and events are let go by now (they lived in
        # `_judged`): freeing them is work done while a store across a network spends.
        self.finish_spend(pending)
        return written

    def _judged(self, body: dict[str, Any], write: Callable[[dict[str, Any]], Any]) -> tuple[Any, stores.Pending]:
        """`turn`'s work up to the spend: its answer written, and the spend begun."""
        sealed = self.opened(body["game"])
        seat = self.seated(sealed, body["seat"], body["turn"]["player"])
        issued = self.refuse_expired(sealed)
        state = trusted(sealed)
        rules = engine.find_ruleset(state.ruleset)
        seen = SeatView(state, seat)
        alike = mover_told_alike(rules)
        engine.check_mover(state if alike else seen(), seat)
        if body["turn"]["player"] != seat:  # a seat plays for its own player only
            engine.check_mover(seen(), body["turn"]["player"])
            raise not_for_this_seat(seen(), seat, body["turn"]["player"])
        before = taken_so_far(sealed, state.ruleset)
        sent = new_actions(body["turn"]["actions"], state, "/turn/actions", drawing=True)
        # A choice the player makes blind is the referee's, from the deal's secret: the
        # same token makes the same choice, and nobody can foresee it.
        rng = sealed.generator(len(before))
        sent = extras.sealed_picks(rules, state, seat, sent, rng)
        actions = before + sent
        refuse_acting_for_others(state, seat, actions)
        if not actions:
            raise schema_violation("/turn/actions", "A turn has at least one action.")
        if not sent and not before:
            raise schema_violation("/turn/actions", "An empty list only ends a turn left open after a draw.")
        if sent and engine.turns_up(state, sent[-1]):
            # Whether the seat may act so is told by the view, before any card is turned up.
            if not alike:
                engine.check_mover(seen(), seat, actions)
            try:
                legal, events = engine.partial_turn(state, actions, seat)
            except Violation as refused:
                raise TurnRefused(refused, seen(), seat, actions) from None
            if legal.actions:  # the rules let the turn go on: it stays open
                following = sealed.following(sealed.turn, sealed.state,
                                             [a.to_dict() for a in named_turned_up(state, seat, actions)], sealed.last)
                return self.answer(following, state, seat, events, issued, body["game"], write, view=seen())
        try:
            result = engine.apply(state, engine.Turn(seat, tuple(actions)))
        except Violation as refused:
            raise TurnRefused(refused, seen(), seat, actions) from None
        # A hand the others cannot see is shuffled where it changed, so its order tells
        # nothing (a card just drawn is not at the end).
        after = extras.sealed_reorder(rules, state, result.state, rng)
        public = engine.view_events(after, result.events, None)
        last = {"turn": sealed.turn + 1, "player": seat, "public": public}
        following = sealed.following(sealed.turn + 1, after.to_dict(), [], last)
        return self.answer(following, after, seat, result.events, issued, body["game"], write, public)

    def answer(self, following: Sealed, state: Any, seat: int, events: list[Any], issued: int, played: str,
               write: Callable[[dict[str, Any]], Any], public: list[dict[str, Any]] | None = None,
               view: Any = None) -> tuple[Any, stores.Pending]:
        """The answer to an accepted turn, and the spend of the token it follows
        (`following.previous`, sealed at `issued`, whose text is `played`), begun: the
        answer goes out only once `finish_spend` has recorded it, and all of it is made
        before, so that nothing fails after the spend. The spend is begun first, as soon
        as the new token is sealed, so that the answer is made while a store across a
        network works (`Store.begin_spend`), and written (`write`) then too. `public`:
        the events as a spectator sees them, and `view`: the seat's view of `state`,
        when the caller has them already."""
        token = self.sealer.seal(following)
        pending = self.begin_spend(following.previous, following.game, token, following.turn, issued, played)
        try:
            written = write({
                "game": token,
                **history(following),
                "view": (engine.view(state, seat) if view is None else view).to_dict(),
                "open": open_as_seen(following, state, seat),
                "events": engine.view_events(state, events, seat),
                "public": engine.view_events(state, events, None) if public is None else public,
            })
        except BaseException:
            pending.abandon()
            raise
        return written, pending

    def refusal_on_view(self, refusal: TurnRefused, advise: Advise) -> Violation:
        """The leak policy: what the same actions are refused with on the seat's view,
        advised on that view."""
        view, seat, actions = refusal.view, refusal.seat, refusal.actions
        try:
            engine.partial_turn(view, actions, seat) if engine.turns_up(view, actions[-1]) else engine.apply(
                view, engine.Turn(seat, tuple(actions)))
        except Violation as seen:
            return advise(seen, view, actions, seat)
        # The view accepts what the whole state refused: the rule depends on cards the
        # seat cannot see. Answered with the code alone, so that nothing about them
        # leaks; logged as information only, since any seat can bring it about.
        refused = refusal.refused
        self.log.info("a sealed refusal the seat's view does not make: %s", refused.code.value)
        return Violation(refused.code, refused.action, refused.code.title)

    # What a seat may ask besides a turn.

    def legal_actions(self, body: dict[str, Any], advise: Advise) -> dict[str, Any]:
        sealed = self.opened(body["game"])
        seat = self.seated(sealed, body["seat"])
        state = trusted(sealed)
        view = engine.view(state, seat)
        prefix = new_actions(body.get("actions", []), state, "/actions", drawing=False)
        # The open turn, if any, is the player's to move (a simultaneous step leaves none open).
        actions = (taken_so_far(sealed, state.ruleset) if view.current == seat else []) + prefix
        try:
            found = engine.legal_actions(view, actions, seat)
        except Violation as refused:
            raise advise(refused, view, actions, seat) from None
        listing = found.to_dict()
        if not listing["actions"]:
            # The view may refuse an action only because it would turn up cards the view
            # hides (Ratefix's last guess: CARDS_HIDDEN); the referee holds them. Such an
            # action is listed from the whole state when it names no card, so nothing
            # hidden is told; a refusal of the whole state is never told (the view's
            # empty list stands).
            try:
                whole = engine.legal_actions(state, actions, seat).to_dict()
            except Violation as refused:
                self.log.info("a sealed listing the seat's view does not refuse: %s", refused.code.value)
            else:
                listing["actions"] = [a for a in whole["actions"] if not set(a) & {"card", "cards"}]
        return {**listing, **history(sealed)}

    def view(self, body: dict[str, Any]) -> dict[str, Any]:
        sealed = self.opened(body["game"])
        seat = self.seated(sealed, body["seat"])
        state = trusted(sealed)
        return {"view": engine.view(state, seat).to_dict(), **history(sealed), "open": open_as_seen(sealed, state, seat),
                "last": sealed.last}

    def scores(self, body: dict[str, Any]) -> dict[str, Any]:
        """The scores as a spectator sees them; once the game is over, the whole scores
        and the seed and salt, so that anyone can check the deal against its commitment."""
        sealed = self.opened(body["game"])
        state = trusted(sealed)
        if not state.is_over:
            return {**engine.scores(engine.view(state, None)), **history(sealed)}
        return {**engine.scores(state), "seed": sealed.seed, "salt": sealed.salt, **history(sealed)}


def forgotten() -> Refused:
    """TOKEN_EXPIRED for a token sealed before the oldest moment the store remembers."""
    return Refused("TOKEN_EXPIRED", TOKEN_FORGOTTEN)


def _nothing() -> None:
    return None


class SeatView:
    """The seat's view of a state (`engine.view`), made when first called for: a turn
    the rules accept needs none before it is played where the mover is told alike
    (`mover_told_alike`)."""

    __slots__ = ("state", "seat", "made")

    def __init__(self, state: Any, seat: int):
        self.state = state
        self.seat = seat
        self.made: Any = None

    def __call__(self) -> Any:
        if self.made is None:
            self.made = engine.view(self.state, self.seat)
        return self.made


def mover_told_alike(rules: Any) -> bool:
    """Whether the whole state and every seat's view tell alike who may act: so where
    the game keeps the core's mover check, which reads `is_over` and `current` alone,
    and every view keeps both (`tests/games/test_every_game.py` checks it, and the
    mover's refusals, after every turn of random games of every game). A game of the
    box checks the mover itself, where a player may act out of turn by what is in
    sight: there the seat's view is asked."""
    return type(rules).check_mover is Ruleset.check_mover


def trusted(sealed: Sealed) -> Any:
    """The sealed state: checked when it was sealed (only the referee seals, and only
    states it dealt or made), so not checked again."""
    return engine.load_state(sealed.state).marked_checked()


def history(sealed: Sealed) -> dict[str, Any]:
    """`turn` and `previous`, on every sealed answer."""
    return {"turn": sealed.turn, "previous": sealed.previous}


def taken_so_far(sealed: Sealed, ruleset: str) -> list[Any]:
    """The actions of the open turn (drawn cards named: the drawer has seen them)."""
    return list(engine.load_actions(sealed.open, ruleset=ruleset)) if sealed.open else []


def new_actions(body_actions: list[Any], state: Any, pointer: str, drawing: bool) -> list[Any]:
    """The request's actions: a draw (or any action that turns up a card) names no card,
    and (in a turn) nothing follows one."""
    actions = list(engine.load_actions(body_actions, ruleset=state.ruleset))
    rules = engine.find_ruleset(state.ruleset)
    for index, action in enumerate(actions):
        named = extras.sealed_unnamed(rules, action)
        if named == "card":
            raise schema_violation(f"{pointer}/{index}/card",
                                   "In a sealed game the referee draws the card: leave out card.")
        if named is not None:
            raise schema_violation(f"{pointer}/{index}/{named}",
                                   f"In a sealed game the referee turns the cards up: leave out {named}.")
        if rules.turns_up(action):
            if not drawing:
                raise schema_violation(f"{pointer}/{index}", "In a sealed game a draw is played with POST /v1/turns.")
            if index != len(actions) - 1:
                raise schema_violation(f"{pointer}/{index + 1}",
                                       "In a sealed game a draw ends the request: send what follows once the card is seen.")
    return actions


def not_for_this_seat(view: Any, seat: int, player: int) -> Violation:
    """NOT_YOUR_TURN for a turn of another player who may act now (a simultaneous step)."""
    return Violation(Code.NOT_YOUR_TURN, None, Message(
        "This seat plays for {seat} only, not for {player}.",
        seat=player_term(view, seat), player=player_term(view, player)))


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


def open_as_seen(sealed: Sealed, state: Any, seat: int) -> list[dict[str, Any]]:
    """The open turn's actions so far (the table as the views show it is the turn's
    start): the mover sees the cards they drew or turned up, the others that they did."""
    if state.current == seat or not sealed.open:
        return sealed.open
    actions = engine.load_actions(sealed.open, ruleset=state.ruleset)
    return [a._replace(card=None).to_dict() if engine.turns_up(state, a) else a.to_dict() for a in actions]
