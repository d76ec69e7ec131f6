"""Drawing the table: `picture(state)` and POST /v1/pictures, on a MASTER game in progress.

    python bench/picture_bench.py           # the full round
    python bench/picture_bench.py --quick   # one short round (the CI smoke test)

The state is the table page guide's mid-game picture (docs/mid-game-state.json: three players at a
physical table, jokers and bridges on the table, one slot marked). The table page asks
for one picture after each tap, so this is what a tap costs the service besides the
legal next actions.
"""

from __future__ import annotations

import json

import orjson

import _common
from _common import ROOT, Figure, header, measure
from referee.http import create_app
from referee.pictures import picture
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
    return figures


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
