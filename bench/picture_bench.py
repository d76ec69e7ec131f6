"""Drawing the table: `picture(state)` and POST /v1/pictures, on a MASTER game in progress
and on a game of the box (Mogeln, three players, twelve turns in).

    python bench/picture_bench.py           # the full round
    python bench/picture_bench.py --quick   # one short round (the CI smoke test)

The state is the table page guide's mid-game picture (docs/mid-game-state.json: three players at a
physical table, jokers and bridges on the table, one slot marked). The table page asks
for one picture after each tap, so this is what a tap costs the service besides the
legal next actions. A box game's picture also loads the state to ask its ruleset what
only the rules say (the next claim), and the endpoint draws it twice when it is to check
a mark (what the picture draws is what may be marked).
"""

from __future__ import annotations

import json
import random

import orjson

import _common
from _common import ROOT, Figure, header, measure
from referee import engine
from referee.http import create_app
from referee.pictures import picture
from referee.testing.boxplay import box_turn
from request_path_bench import wsgi_caller

REQUEST = ROOT / "docs" / "mid-game-state.json"


def run(quick: bool) -> list[Figure]:
    runs, number = (3, 20) if quick else (7, 500)
    body = json.loads(REQUEST.read_text())
    state, mark = body["state"], body["mark"]
    call = wsgi_caller(create_app().wsgi_app, "/v1/pictures", orjson.dumps(body))
    print(_common.machine())
    header("Pictures of the table (MASTER, 3 players, mid-game)")
    figures = [
        measure("picture(state), wide", lambda: picture(state, mark), number, runs, "ms"),
        measure("picture(state), tall", lambda: picture(state, mark, layout="tall"), number, runs, "ms"),
        measure("WSGI POST /v1/pictures", call, number, runs, "ms"),
    ]
    size = len(picture(state, mark))
    for figure in figures:
        print(figure.line())
    print(f"  the picture: {size:,} bytes of SVG")
    box = box_state()
    box_body = {"state": box, "layout": "tall", "mark": ["/stack/0"]}
    box_call = wsgi_caller(create_app().wsgi_app, "/v1/pictures", orjson.dumps(box_body))
    header("Pictures of a box game (Mogeln, 3 players, 12 turns in)")
    box_figures = [
        measure("picture(box state), wide", lambda: picture(box), number, runs, "ms"),
        measure("picture(box state), tall", lambda: picture(box, layout="tall"), number, runs, "ms"),
        measure("WSGI POST /v1/pictures, box, marked", box_call, number, runs, "ms"),
    ]
    for figure in box_figures:
        print(figure.line())
    print(f"  the picture: {len(picture(box, layout='tall')):,} bytes of SVG")
    return figures + box_figures


def box_state() -> dict:
    """A Mogeln game twelve turns in, from a seeded deal and seeded random legal turns."""
    rng = random.Random(12)
    state = engine.new_game(["Ada", "Ben", "Cleo"], seed=12, ruleset="mogeln").state.to_dict()
    for _ in range(12):
        turn = box_turn(state, rng)
        state = engine.apply(engine.load_state(state), engine.load_turn(turn, "mogeln")).state.to_dict()
    return state


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
