"""`referee conformance` finds each rule broken on purpose, with a shrunk reproducer, and
nothing against the real service.

The broken referees (broken_engine.py) each change one rule the issue names; every one
is found with a few hundred cases (the default budget, 1.5 minutes, is for people).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.conformance import conformance
from referee.conformance.answers import PATHS, differences, expected, outcome
from referee.conformance.client import Target

from .servers import broken_referee, free_port, referee_serve

# Scores are left out: none of the breaks touches them.
FAST = {"cases": 400, "progress": None, "shrink_seconds": 5.0, "max_reports": 3,
        "endpoints": ("turns", "legal-actions", "replays")}


@pytest.mark.slow
def test_the_real_service_agrees_on_every_case(tmp_path, capsys):
    with referee_serve() as url:
        code = main(["conformance", url, "--cases", "400", "--seed", "3", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "all answers agree" in out
    assert "400 cases" in out
    assert list(tmp_path.iterdir()) == []


def test_a_target_that_cannot_be_reached_exits_2(tmp_path, capsys):
    url = f"http://127.0.0.1:{free_port()}"
    assert main(["conformance", url, "--cases", "5", "--out", str(tmp_path)]) == 2
    assert "cannot be reached" in capsys.readouterr().out


def test_unknown_endpoints_are_refused():
    with pytest.raises(SystemExit):
        main(["conformance", "http://127.0.0.1:1", "--endpoints", "turns,moves"])


def _signature(document: dict, request: dict, url: str) -> tuple:
    """How the target's answer to `request` differs from the referee's in process."""
    endpoint = next(name for name, path in PATHS.items() if path == document["endpoint"])
    ours = expected(endpoint, request)
    theirs = Target(url).post(document["endpoint"], request)
    return outcome(ours), outcome(theirs), differences(endpoint, ours, theirs)


def _with_one_part_less(request: dict):
    """The request with one action (or one replay turn) dropped, each way there is."""
    key, items = (("turn", request["turn"]["actions"]) if "turn" in request else
                  ("turns", request["turns"]) if "turns" in request else ("actions", request.get("actions", [])))
    for i in range(len(items)):
        fewer = items[:i] + items[i + 1:]
        if key == "turn":
            if fewer:
                yield {**request, "turn": {**request["turn"], "actions": fewer}}
        else:
            yield {**request, key: fewer}


# Each break, the seed of a run that meets it, and what the disagreement must show.
BREAKS = {
    "card-limit-5": lambda ours, theirs, fields, doc: ours == "CARD_LIMIT" or (
        doc["endpoint"] == "/v1/legal-actions" and fields == ["actions"]),
    "top-bottom-bridge": lambda ours, theirs, fields, doc: ours == "BRIDGE_NOT_NEIGHBOR",
    "eighth-bonus": lambda ours, theirs, fields, doc: "events" in fields and any(
        e["type"] == "bonus_unavailable" for e in _events(doc["expected"]["body"])),
    "swap-without-play": lambda ours, theirs, fields, doc: ours == "SWAP_WITHOUT_PLAY" and theirs == "accepted",
    "joker-must-play": lambda ours, theirs, fields, doc: theirs == "MUST_PLAY" or (
        doc["endpoint"] == "/v1/legal-actions" and {"type": "pass"} in doc["expected"]["body"]["actions"]),
}


def _events(body: dict) -> list:
    events = body.get("events", [])
    return [e for turn in events for e in turn] if events and isinstance(events[0], list) else events


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BREAKS))
def test_each_broken_engine_is_found_with_a_small_reproducer(name, tmp_path):
    with broken_referee(name) as url:
        report = conformance(url, rulesets=("master",), seed=1, out=tmp_path, **FAST)
        assert not report.ok
        files = sorted(tmp_path.iterdir())
        assert files, "every disagreement kind shrunk is written down"
        documents = [json.loads(f.read_text()) for f in files]
        for document in documents:
            found = _signature(document, document["request"], url)
            assert found[2], "the written request still disagrees"
            # Shrunk: without any one of its actions (or turns) it no longer shows this.
            for smaller in _with_one_part_less(document["request"]):
                assert _signature(document, smaller, url) != found
            assert document["curl"].startswith(f"jq .request {tmp_path}")
            assert set(document) >= {"request", "expected", "actual", "curl", "differences"}
    shows = BREAKS[name]
    assert any(
        shows(ours, theirs, list(fields), json.loads(found.file.read_text()))
        for found in report.disagreements.values() if found.file
        for _, ours, theirs, fields in [found.signature]
    ), [found.signature for found in report.disagreements.values()]
