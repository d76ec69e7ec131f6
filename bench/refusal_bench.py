"""What "what would have worked" costs: POST /v1/turns refusals with and without it.

    python bench/refusal_bench.py           # the full round (~1 minute)
    python bench/refusal_bench.py --quick   # one short round (the CI smoke test)

The typical position of the other benches (`positions.typical_turn`), refused in three
ways: the turn's last card moved to a slot that touches nothing (NOT_ADJACENT, the
legal list after three actions), a card not in hand at the
first action (CARD_NOT_IN_HAND, the longest legal list: the turn's start), and a pass
while the pile has cards. Each is sent through the Flask app as a WSGI call, as in
`request_path_bench.py`, once as the referee answers it (with `legal` and `hint`) and
once with the advice switched off (the refusal as it was before), and its parts are
timed alone: `advice.legal_after` and `advice.hint` with its rendering.
"""

from __future__ import annotations

import sys

import orjson

import _common
from _common import Figure, header, measure
from positions import typical_turn
from request_path_bench import wsgi_caller
from referee import engine
from referee.advice import refusals as advice
from referee.core.errors import Violation
from referee.http import create_app

# The module (the package exports its blueprint under the same name).
api = sys.modules["referee.http.api"]


def refusals() -> dict[str, dict]:
    """Turn-request bodies refused with three different codes, by their code."""
    state, turn = typical_turn()
    hand = state["players"][state["current"]]["hand"]
    places = [a for a in turn["actions"] if a["type"] == "place"]
    bodies = {}
    # NOT_ADJACENT: the turn's actions, then a card of hand whose slot touches nothing.
    loaded = engine.load_state(state)
    after = engine.apply(loaded, engine.load_turn(turn)).state.to_dict()
    rows = {r["color"]: set(r["cards"]) | set(r["jokers"]) for r in after["rows"]}
    lonely = next(c for c in hand if c != "J" and not {int(c[1:]) - 1, int(c[1:]) + 1} & rows[c[0]]
                  and c not in [p["card"] for p in places])
    bodies["NOT_ADJACENT"] = {"state": state, "turn": {**turn, "actions": turn["actions"][:3] + [
        {"type": "place", "card": lonely}]}}
    missing = next(f"{c}{v}" for c in "RYGB" for v in range(1, 22)
                   if v != 11 and f"{c}{v}" not in hand and v not in rows[c])
    bodies["CARD_NOT_IN_HAND"] = {"state": state, "turn": {**turn, "actions": [{"type": "place", "card": missing}]}}
    bodies["PASS_PILE_NOT_EMPTY"] = {"state": state, "turn": {**turn, "actions": [{"type": "pass"}]}}
    return bodies


def run(quick: bool) -> list[Figure]:
    number, runs = (50, 3) if quick else (1000, 7)
    app = create_app()
    figures = []

    def show(f: Figure) -> None:
        print(f.line())
        figures.append(f)

    print(_common.machine())
    for code, data in refusals().items():
        body = orjson.dumps(data)
        state = engine.load_state(data["state"])
        actions = engine.load_turn(data["turn"]).actions
        try:
            engine.apply(state, engine.load_turn(data["turn"]))
        except Violation as refused:
            violation = refused
        assert violation.code == code, (violation.code, code)
        legal = advice.legal_after(state, actions, violation)
        header(f"{code} at action {violation.action} ({len(legal)} legal actions)")
        show(measure("advice.legal_after", lambda: advice.legal_after(state, actions, violation), number, runs))
        show(measure("advice.hint + render (de)",
                     lambda: advice.hint(state, actions, violation, legal).render("de"), number, runs))
        # With and without the advice, run for run in turn, so that a busy machine
        # slows both alike.
        with_advice, without = [], []
        original = api.advised
        for _ in range(runs):
            post = wsgi_caller(app, "/v1/turns", body, expect="422", language="de")
            with_advice += _common.time_per_call(post, number, 1)
            api.advised = lambda refused, state, actions, player=None: refused  # the refusal as it was before
            try:
                without += _common.time_per_call(post, number, 1)
            finally:
                api.advised = original
        show(Figure("POST /v1/turns refused, with legal and hint", with_advice, "µs", f"{runs} runs × {number}"))
        show(Figure("POST /v1/turns refused, advice switched off", without, "µs", "interleaved"))
        show(Figure("  what the advice adds, per refusal", [a - b for a, b in zip(with_advice, without)],
                    "µs", "run by run"))
    return figures


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
