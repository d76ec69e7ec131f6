"""The sealed side of the endpoints: the request read, the answer written.

Sealed games themselves (the open-turn protocol, spending, what a seat may be told) are
`referee.sealed.service.SealedGames`, built here once per app from its settings. This
module hands it the request's body and turns what it raises into problems in the
request's language: its `Refused` into the problem of that code, its `TurnRefused` into
the refusal the seat's view makes (advised on that view), and the store's
`StoreUnavailable` into `503 STORE_UNAVAILABLE`, logged.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, current_app, request

from ..i18n import N_
from ..sealed import bounds, store as stores
from ..sealed.bounds import NewGameLimit
from ..sealed.invitations import Invitations
from ..sealed.sealing import KEYS_VARIABLE, Sealer, new_key
from ..sealed.service import Advise, Refused, SealedGames, TurnRefused, deal_salt as new_deal_salt
from ..sealed.stores import open_store
from .clients import client_address, trusted_proxies
from .language import translator
from .metrics import count_store_error
from .problems import Problem

STORE_DOWN = N_("The referee's store of played tokens cannot be reached, so nothing was played or claimed: send the same request again in a moment.")


def install_sealer(app: Flask) -> None:
    """Give the app its sealed games (`app.extensions["sealed"]`) at start, so that bad
    keys or a bad store setting stop it there. Keys: from `SEAL_KEYS` in its config or
    `REFEREE_SEAL_KEYS`, else a key made for this process alone (said in the log: its
    sealed games end with it; `referee serve` makes one for all its workers). Store:
    `STORE`, `STORE_DAYS` and `STORE_MAX_MB` in its config, else `REFEREE_STORE`,
    `REFEREE_STORE_DAYS` and `REFEREE_STORE_MAX_MB` (see referee.sealed.store), read
    once at start (a store that cannot be used is said in the log, and by /readyz). New sealed games per address and minute:
    `NEW_GAMES_PER_MINUTE`, else `REFEREE_NEW_GAMES_PER_MINUTE` (referee.sealed.bounds),
    the address told by `TRUSTED_PROXIES`, else `REFEREE_TRUSTED_PROXIES` (clients.py)."""
    keys = app.config.get("SEAL_KEYS") or [
        k.strip() for k in os.environ.get(KEYS_VARIABLE, "").split(",") if k.strip()]
    if not keys:
        app.logger.warning("REFEREE_SEAL_KEYS is not set: sealed games are sealed with a key made "
                           "for this process, and last as long as it runs")
        keys = [new_key()]
    days = app.config.get("STORE_DAYS") or stores.retention_days()
    setting = app.config.get("STORE", os.environ.get(stores.STORE_VARIABLE))
    environ = dict(os.environ)
    if app.config.get("STORE_MAX_MB"):
        environ[stores.MAX_MB_VARIABLE] = str(app.config["STORE_MAX_MB"])
    store = open_store(setting, days, environ)
    # Read once now (a Redis store writes its record): said in the log, and by /readyz.
    reason = store.unready()
    if reason is not None:
        app.logger.warning("the store cannot be used now: %s", reason)
    limit = app.config.get("NEW_GAMES_PER_MINUTE")
    new_games = NewGameLimit.for_store(bounds.per_minute() if limit is None else limit, setting)
    app.extensions["sealed"] = SealedGames(Sealer(keys), Invitations(keys), store, days,
                                           log=app.logger, new_games=new_games)
    app.extensions["trusted_proxies"] = trusted_proxies(app.config.get("TRUSTED_PROXIES"))


def games() -> SealedGames:
    return current_app.extensions["sealed"]


def sealer() -> Sealer:
    return games().sealer


def store() -> stores.Store:
    return games().store


class answered:
    """Turn what the sealed games raise into the problems the contract names. (A class
    rather than a generator: it is entered on every sealed request.)"""

    __slots__ = ("advise",)

    def __init__(self, advise: Advise | None = None):
        self.advise = advise

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, traceback: Any) -> bool:
        if kind is None:
            return False
        if issubclass(kind, Refused):
            raise problem(exc) from None
        if issubclass(kind, TurnRefused) and self.advise is not None:
            raise games().refusal_on_view(exc, self.advise) from None
        if issubclass(kind, stores.StoreUnavailable):
            current_app.logger.warning("the store is unavailable: %s", exc)
            count_store_error()
            raise Problem("STORE_UNAVAILABLE", translator().gettext(STORE_DOWN)) from None
        return False


def problem(refused: Refused) -> Problem:
    """The problem of a `Refused`, its text in the request's language."""
    detail = translator().gettext(refused.text, **refused.fields)
    if refused.pointer is not None:
        return Problem(refused.code, detail, errors=[{"pointer": refused.pointer, "message": detail}])
    headers = None if refused.retry_after is None else {"Retry-After": str(refused.retry_after)}
    return Problem(refused.code, detail, headers, **refused.extra)


def deal_salt() -> str:
    """The salt of a sealed game's deal (`service.deal_salt`; the tests choose their own here)."""
    return new_deal_salt()


def refuse_invite(request: dict[str, Any]) -> None:
    with answered():
        games().refuse_invite(request)


def refuse_seed_and_hidden(request: dict[str, Any]) -> None:
    with answered():
        games().refuse_seed_and_hidden(request)


def admit_new_game() -> None:
    """Count a new sealed game from the request's client address: 429 past the limit."""
    with answered():
        games().admit(client_address(request.environ, current_app.extensions["trusted_proxies"]))


def new_game(state: Any, seed: int, salt: str, invite: bool = False) -> dict[str, Any]:
    with answered():
        return games().new_game(state, seed, salt, invite)


def claim_seat(body: dict[str, Any]) -> dict[str, Any]:
    with answered():
        return games().claim_seat(body)


def turn(body: dict[str, Any], advise: Advise) -> dict[str, Any]:
    with answered(advise):
        return games().turn(body)


def legal_actions(body: dict[str, Any], advise: Advise) -> dict[str, Any]:
    with answered(advise):
        return games().legal_actions(body, advise)


def view(body: dict[str, Any]) -> dict[str, Any]:
    with answered():
        return games().view(body)


def scores(body: dict[str, Any]) -> dict[str, Any]:
    with answered():
        return games().scores(body)
