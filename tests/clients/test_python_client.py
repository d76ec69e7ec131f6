"""A Python client generated from the served contract works, unchanged, against the service.

openapi-python-client (the usual Python generator) reads `/openapi.json` as the service
serves it; the test then plays through the generated code alone: a deal, the legal
actions, a legal turn, a refused turn's problem and the rules, over httpx's WSGI
transport (the same app `referee serve` runs, without a socket). Marked `clients`:
`pytest -m "not clients"` leaves these out of a quick local run; CI runs them.
"""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
import typing
from pathlib import Path

import attrs
import httpx
import pytest

from referee.http import create_app

pytestmark = [pytest.mark.clients, pytest.mark.slow]


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True})


@pytest.fixture(scope="module")
def generation(app, tmp_path_factory) -> tuple[Path, list[str]]:
    """The folder openapi-python-client generates into from the served document, and what it said."""
    folder = tmp_path_factory.mktemp("python-client")
    (folder / "openapi.json").write_bytes(app.test_client().get("/openapi.json").data)
    generator = Path(sys.executable).with_name("openapi-python-client")
    done = subprocess.run(
        [str(generator), "generate", "--path", "openapi.json", "--meta", "none", "--output-path", "referee_client"],
        cwd=folder, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return folder, (done.stdout + done.stderr).splitlines()


@pytest.fixture(scope="module")
def generated(generation):
    """The package openapi-python-client generates from the served document."""
    folder, _ = generation
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module("referee_client")
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m == "referee_client" or m.startswith("referee_client.")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def client(app, generated):
    return generated.Client(base_url="http://referee", httpx_args={"transport": httpx.WSGITransport(app=app)})


def api(generated, name: str):
    return importlib.import_module(f"referee_client.api.{name}")


def models(generated):
    return importlib.import_module("referee_client.models")


def test_every_json_piece_of_the_contract_is_generated(generation):
    _, said = generation
    # The only pieces it leaves out are the answers that are not JSON (the picture, the YAML);
    # a schema it cannot read would be dropped, and the operations using it left broken.
    assert [line for line in said if line.startswith("WARNING")] == [
        "WARNING parsing POST /v1/pictures within game.", "WARNING parsing GET /openapi.yaml within service."]
    assert [line for line in said if line.startswith("Unable to process schema")] == []


def test_the_models_are_named_and_typed(generated):
    m = models(generated)
    for name in ("MasterState", "ClassicState", "JuniorState", "PlaceAction", "BridgeAction", "DrawAction",
                 "MasterTurn", "MasterTurnRequest", "RatefixTurnRequest", "RatefixGuessAction", "PlainTurnResponse",
                 "SealedTurnRequest", "SealedTurnResponse", "Problem", "CardCount", "Rule"):
        assert attrs.has(getattr(m, name)), name
    # One turn request per ruleset: its state and its turn are that ruleset's.
    assert {f.name: f.type for f in attrs.fields(m.MasterTurnRequest)} == {"state": "MasterState", "turn": "MasterTurn"}
    assert {f.name: f.type for f in attrs.fields(m.RatefixTurnRequest)} == {"state": "RatefixState", "turn": "RatefixTurn"}
    assert {f.name: f.type for f in attrs.fields(m.RatefixTurn)}["actions"] == "list[RatefixAction]"
    assert {f.name: f.type for f in attrs.fields(m.RatefixGuessAction)}["type_"] == "Literal['guess']"
    assert {f.name: f.type for f in attrs.fields(m.MasterReplayRequest)} == {"state": "MasterState", "turns": "list[MasterTurn]"}
    # POST /v1/turns takes any of them, or a sealed game's request.
    body = inspect.signature(api(generated, "game.apply_turn").sync).parameters["body"].annotation
    assert sorted(kind.__name__ for kind in typing.get_args(body)) == [
        "ClassicTurnRequest", "FarbenSammelnTurnRequest", "HoechsteKarteTurnRequest", "JuniorTurnRequest", "MasterTurnRequest",
        "MogelnTurnRequest", "RatefixTurnRequest", "SchnippSchnappTurnRequest", "SchwarzerPeterTurnRequest",
        "SealedTurnRequest", "UeberallAnschliessenTurnRequest", "ZweikampfTurnRequest"]
    assert {f.name: f.type for f in attrs.fields(m.MasterState)}["players"] == "list[MasterPlayer]"
    assert {f.name: f.type for f in attrs.fields(m.MasterTurn)}["actions"] == (
        "list[BridgeAction | DrawAction | PassAction | PlaceAction | SwapAction]")
    # The ruleset names stay open: a ruleset added later still reads.
    assert {f.name: f.type for f in attrs.fields(m.Rule)}["rulesets"] == "list[KnownRulesetName | str]"
    rule = m.Rule.from_dict({"code": "OPENING", "title": "t", "description": "d", "rulesets": ["classic", "duo"]})
    assert rule.rulesets == [m.KnownRulesetName.CLASSIC, "duo"]
    # So do the rule codes: a code added later reads, as a plain string.
    later = m.Rule.from_dict({"code": "LATER_CODE", "title": "t", "description": "d", "rulesets": ["master"]})
    assert (later.code, later.rulesets) == ("LATER_CODE", [m.KnownRulesetName.MASTER])
    problem = m.Problem.from_dict({"type": "/v1/rules/LATER_CODE", "title": "t", "status": 422,
                                   "detail": "d", "code": "LATER_CODE", "action": 0})
    assert (problem.code, problem.action) == ("LATER_CODE", 0)


def test_a_game_played_through_the_generated_client(generated, client):
    m = models(generated)
    game = api(generated, "game.new_game").sync(client=client, body=m.NewGameRequest(players=["Timo", "Vera"], seed=42))
    assert isinstance(game, m.PlainNewGameResponse) and game.seed == 42
    assert isinstance(game.state, m.MasterState)
    assert game.state.players[0].hand[-1] == "J" and len(game.state.players[0].hand) == 20

    legal = api(generated, "game.list_legal_actions").sync(client=client, body=m.MasterLegalActionsRequest(state=game.state))
    assert isinstance(legal, m.LegalActionsResponse) and legal.player == 0 and legal.complete is False
    assert m.PlaceAction(type_="place", card="Y12") in legal.actions
    assert m.PlaceAction(type_="place", card="J", at="R10") in legal.actions

    actions = [m.PlaceAction(type_="place", card="J", at="R10"), m.PlaceAction(type_="place", card="R9"),
               m.PlaceAction(type_="place", card="G12"), m.PlaceAction(type_="place", card="B12")]
    played = api(generated, "game.apply_turn").sync(
        client=client, body=m.MasterTurnRequest(state=game.state, turn=m.MasterTurn(player=0, actions=actions)))
    assert isinstance(played, m.PlainTurnResponse) and isinstance(played.state, m.MasterState)
    assert played.state.current == 1 and played.events == [] and played.unchecked == []
    assert [(row.color, row.cards, row.jokers) for row in played.state.rows] == [
        (m.Color.R, [9, 11], [10]), (m.Color.Y, [11], []), (m.Color.G, [11, 12], []), (m.Color.B, [11, 12], [])]

    refused = api(generated, "game.apply_turn").sync(client=client, body=m.MasterTurnRequest(
        state=game.state, turn=m.MasterTurn(player=0, actions=[*actions, m.PlaceAction(type_="place", card="Y12")])))
    assert isinstance(refused, m.Problem)
    assert (refused.status, refused.code, refused.action) == (422, m.KnownRuleCode.CARD_LIMIT, 4)
    assert refused.detail == ("The yellow 12 would be the 5th card placed this turn; "
                              "bridges and swapped-in cards do not count.")


def test_a_sealed_game_through_the_generated_client(generated, client):
    m = models(generated)
    game = api(generated, "game.new_game").sync(client=client, body=m.NewGameRequest(players=["Timo", "Vera"], sealed=True))
    assert isinstance(game, m.SealedNewGameResponse) and game.turn == 0 and len(game.seats) == 2
    seen = api(generated, "game.view_game").sync(client=client, body=m.SealedViewRequest(game=game.game, seat=game.seats[1]))
    assert isinstance(seen.view, m.MasterState) and seen.turn == 0
    assert len(seen.view.players[1].hand) == 20 and seen.view.players[0].hand.count == 20
    played = api(generated, "game.apply_turn").sync(client=client, body=m.SealedTurnRequest(
        game=game.game, seat=game.seats[0], turn=m.SealedTurn(player=0, actions=[m.DrawAction(type_="draw")])))
    assert isinstance(played, m.SealedTurnResponse) and played.turn == 1 and played.view.current == 1
    assert played.public[0].card is None and played.events[0].card == played.view.players[0].hand[-1]
    refused = api(generated, "game.view_game").sync(client=client, body=m.SealedViewRequest(game=game.game, seat=game.seats[0][::-1]))
    assert isinstance(refused, m.Problem) and refused.status == 403
    spent = api(generated, "game.apply_turn").sync(client=client, body=m.SealedTurnRequest(
        game=game.game, seat=game.seats[0], turn=m.SealedTurn(player=0, actions=[m.DrawAction(type_="draw")])))
    assert isinstance(spent, m.Problem) and (spent.status, spent.code, spent.game, spent.turn) == (
        409, "TOKEN_SPENT", played.game, 1)
    # A sealed game's seed and salt, once revealed, deal its start again as a plain game.
    salt = "0123456789abcdef0123456789abcdef"
    again = api(generated, "game.new_game").sync(client=client, body=m.NewGameRequest(players=["Timo", "Vera"], seed=4711, salt=salt))
    assert isinstance(again, m.PlainNewGameResponse) and (again.seed, again.salt) == (4711, salt)
    assert again.state.players[0].hand[:3] == ["R1", "R4", "R5"]


def test_an_invited_game_through_the_generated_client(generated, client):
    m = models(generated)
    game = api(generated, "game.new_game").sync(client=client, body=m.NewGameRequest(
        players=["Timo", "Vera"], sealed=True, invite=True))
    assert isinstance(game, m.InvitedNewGameResponse) and len(game.invitations) == 2
    claim = api(generated, "game.claim_seat")
    seat = claim.sync(client=client, body=m.SeatRequest(game=game.game, invitation=game.invitations[1]))
    assert isinstance(seat, m.SeatResponse) and seat.player == 1 and len(seat.seat) == 96
    taken = claim.sync(client=client, body=m.SeatRequest(game=game.game, invitation=game.invitations[1]))
    assert isinstance(taken, m.Problem) and (taken.status, taken.code) == (409, "SEAT_TAKEN")
    seen = api(generated, "game.view_game").sync(client=client, body=m.SealedViewRequest(game=game.game, seat=seat.seat))
    assert seen.turn == 0 and len(seen.view.players[1].hand) == 20 and seen.view.players[0].hand.count == 20


def test_the_rules_through_the_generated_client(generated, client):
    m = models(generated)
    rules = api(generated, "catalogue.list_rules").sync(client=client)
    assert [rule.code for rule in rules][:3] == [m.KnownRuleCode.INVALID_STATE, m.KnownRuleCode.GAME_OVER, m.KnownRuleCode.NOT_YOUR_TURN]
    one = api(generated, "catalogue.get_rule").sync("CARD_LIMIT", client=client)
    assert (one.code, one.title, one.rulesets) == (m.KnownRuleCode.CARD_LIMIT, "At most 4 cards per turn", [m.KnownRulesetName.MASTER])
    missing = api(generated, "catalogue.get_rule").sync("NO_SUCH_RULE", client=client)
    assert isinstance(missing, m.Problem) and missing.code == m.ProtocolCode.NOT_FOUND
