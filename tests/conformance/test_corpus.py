"""The exported golden corpus: its format, and every case replayed over HTTP against a
real `referee serve` passes."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from referee import engine
from referee.cli import main
from referee.conformance.corpus import FORMAT, mismatch, replay_corpus

from .servers import referee_serve


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    directory = tmp_path_factory.mktemp("corpus")
    assert main(["conformance", "export", str(directory)]) == 0
    return directory


def post(url):
    def send(endpoint, request):
        data = json.dumps(request).encode()
        call = urllib.request.Request(url + endpoint, data=data, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(call, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())
    return send


@pytest.mark.slow
def test_the_corpus_replayed_over_http_against_referee_serve_passes(corpus):
    with referee_serve() as url:
        assert replay_corpus(corpus, post(url)) == []


def test_the_corpus_holds_the_rulebook_every_code_every_impossible_kind_and_whole_games(corpus):
    manifest = json.loads((corpus / "manifest.json").read_text())
    assert manifest["format"] == FORMAT
    files = manifest["files"]
    assert files["rulebook.json"] == 11
    games = [f for f in files if f.startswith("game-")]
    row_games = [f for f in games if f.startswith(("game-master", "game-classic", "game-junior"))]
    assert len(row_games) == 18  # master, 16 classic, junior
    assert {"game-zweikampf-2018.json", "game-zweikampf-original-until-all.json", "game-farben-sammeln-2018.json",
            "game-ueberall-anschliessen-original.json", "game-hoechste-karte-2018.json"} <= set(games)
    for name, ruleset in engine.RULESETS.items():  # every game of the box, those to come too
        if ruleset.family == "box":
            assert f"game-{name}-2018.json" in games and f"game-{name}-original.json" in games
    ids = {c["id"] for f in files for c in json.loads((corpus / f).read_text())["cases"]}
    for code in ("CARD_LIMIT", "BRIDGE_NOT_NEIGHBOR", "SWAP_WITHOUT_PLAY", "DRAW_CARD_REQUIRED",
                 "MUST_PLAY", "PILE_EMPTY", "accepted"):
        assert f"codes/master/{code}" in ids
    for code in ("OPENING", "DRAW_LIMIT", "DRAW_AFTER_FIT", "DRAW_INCOMPLETE", "MUST_PLACE_DRAWN",
                 "ROW_NOT_STARTED", "PLAY_AFTER_DRAW"):
        assert f"codes/classic/{code}" in ids
    for edition_case in ("2018/first-drawn-card-kept", "2018/MUST_PLACE_DRAWN",
                         "2018/after-a-second-drawn-card-that-fits", "original/MUST_PLACE_DRAWN"):
        assert f"codes/classic/{edition_case}" in ids
    for name, ruleset in engine.RULESETS.items():  # every code of every game of the box, and an accepted turn
        if ruleset.family == "box":
            expected_ids = {f"codes/{name}/{c.value}" for c in ruleset.codes if c.value != "INVALID_STATE"}
            assert expected_ids | {f"codes/{name}/accepted"} <= ids, name
            assert f"codes-{name}.json" in files
            situations = {f"situations/{name}/{s}" for s, _, _ in ruleset.situations}
            assert situations and situations <= ids, name
    assert "impossible/master/duplicate-card" in ids
    assert "games/junior/replay" in ids
    assert {"games/zweikampf-2018/after-the-end", "games/hoechste-karte-original/scores",
            "games/farben-sammeln-2018/turn-0"} <= ids
    assert (corpus / "FORMAT.md").read_text().startswith("# The referee's golden corpus")


def test_a_rulebook_case_reads_as_its_expected_answer(corpus):
    cases = {c["id"]: c for c in json.loads((corpus / "rulebook.json").read_text())["cases"]}
    fifth = cases["rulebook/2-a-fifth-card-is-too-many"]
    assert fifth["endpoint"] == "/v1/turns"
    assert fifth["expected"] == {"status": 422, "code": "CARD_LIMIT", "action": 5}
    only = cases["rulebook/1a-the-bridge-is-the-only-play"]["expected"]
    assert only["body"]["actions"] == [{"type": "bridge", "from": "Y9", "to": "B9"}, {"type": "draw"}] or \
        sorted(map(json.dumps, only["body"]["actions"])) == sorted(
            map(json.dumps, [{"type": "bridge", "from": "Y9", "to": "B9"}, {"type": "draw"}]))
    assert only["body"]["complete"] is False


def test_a_wrong_answer_is_told_apart_from_a_reordered_set():
    case = {"expected": {"status": 200, "body": {"actions": [{"type": "draw"}, {"type": "pass"}], "complete": True},
                         "unordered": ["actions"]}}
    assert mismatch(case, 200, {"actions": [{"type": "pass"}, {"type": "draw"}], "complete": True}) is None
    assert mismatch(case, 200, {"actions": [{"type": "pass"}], "complete": True}) == "actions differs"
    assert mismatch(case, 422, {}) == "status 422, expected 200"
    refused = {"expected": {"status": 422, "code": "CARD_LIMIT", "action": 4}}
    assert mismatch(refused, 422, {"code": "CARD_LIMIT", "action": 4, "detail": "any words"}) is None
    assert mismatch(refused, 422, {"code": "CARD_LIMIT", "action": 3}) == "action 3, expected 4"
