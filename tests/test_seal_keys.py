"""Seal keys: REFEREE_SEAL_KEYS read and checked at start, and `referee serve`
making one key for all its workers when none is set, and saying so."""

from __future__ import annotations

import io

import pytest

from referee.cli import share_seal_key
from referee.http import create_app
from referee.sealed.sealing import KEYS_VARIABLE, KeysInvalid, Sealer, new_key


def test_serve_makes_one_key_for_its_workers_and_says_that_games_last_as_long_as_it():
    environ, log = {}, io.StringIO()
    share_seal_key(4, environ, log)
    Sealer.from_environment(environ)  # a key every worker (which inherits it) can use
    assert len(environ[KEYS_VARIABLE]) == 44
    assert "one seal key was made for the 4 workers of this process: sealed games last as long as it runs" in log.getvalue()


def test_serve_keeps_the_keys_it_is_given_and_says_nothing():
    keys = f"{new_key()},{new_key()}"
    environ, log = {KEYS_VARIABLE: keys}, io.StringIO()
    share_seal_key(2, environ, log)
    assert environ[KEYS_VARIABLE] == keys and log.getvalue() == ""


def test_serve_refuses_to_start_with_keys_that_are_not_keys():
    with pytest.raises(SystemExit, match="REFEREE_SEAL_KEYS is not a list of keys"):
        share_seal_key(2, {KEYS_VARIABLE: "secret,password"}, io.StringIO())


def test_the_app_refuses_to_start_with_keys_that_are_not_keys():
    with pytest.raises(KeysInvalid):
        create_app({"TESTING": True, "SEAL_KEYS": ["not a key"]})


def test_the_first_key_seals_and_every_key_opens():
    old, new = new_key(), new_key()
    sealed, token = Sealer([old]).new_game({"players": []}, 7)
    assert Sealer([new, old]).open(token) == sealed
    resealed = Sealer([new, old]).seal(sealed)
    assert Sealer([new]).open(resealed) == sealed
