"""What sealing costs: POST /v1/turns on a sealed game against the same turn sent plain.

    python bench/sealed_bench.py           # the full round (~1 minute)
    python bench/sealed_bench.py --quick   # one short round (the CI smoke test)

The typical position of the other benches (`positions.typical_turn`) and its turn, sent
through the Flask app as a WSGI call (as in `request_path_bench.py`): once plain, with
the state, and once sealed, the same state inside a game token with a seat key. Both
run in turn, run by run, so that a busy machine slows both alike. The sealed request
also opens the token (Fernet), tells the seat (HMAC), makes the seat's view, and seals
the next token; those parts are timed alone as well.
"""

from __future__ import annotations

import orjson

import _common
from _common import Figure, header, measure
from positions import typical_turn
from request_path_bench import wsgi_caller
from referee.http import create_app
from referee.sealed.sealing import Sealer, new_key


def run(quick: bool) -> list[Figure]:
    number, runs = (30, 3) if quick else (500, 7)
    key = new_key()
    app = create_app({"SEAL_KEYS": [key]})
    sealer = Sealer([key])
    state, turn = typical_turn()
    sealed, token = sealer.new_game(state, 42)
    seat = sealer.seats(sealed.game, len(state["players"]))[turn["player"]]
    plain_body = orjson.dumps({"state": state, "turn": turn})
    sealed_body = orjson.dumps({"game": token, "seat": seat, "turn": turn})
    figures = []

    def show(f: Figure) -> None:
        print(f.line())
        figures.append(f)

    print(_common.machine())
    header(f"the typical turn ({len(turn['actions'])} actions), token of {len(token)} characters")
    show(measure("Sealer.open (Fernet decrypt + JSON)", lambda: sealer.open(token), number, runs))
    show(measure("Sealer.seal (Fernet encrypt + JSON)", lambda: sealer.seal(sealed), number, runs))
    show(measure("Sealer.seat (HMAC per seat, compare_digest)",
                 lambda: sealer.seat(sealed.game, len(state["players"]), seat), number, runs))
    plain_post = wsgi_caller(app, "/v1/turns", plain_body)
    sealed_post = wsgi_caller(app, "/v1/turns", sealed_body)
    plain, sealed_times = [], []
    for _ in range(runs):
        plain += _common.time_per_call(plain_post, number, 1)
        sealed_times += _common.time_per_call(sealed_post, number, 1)
    show(Figure("POST /v1/turns plain", plain, "µs", f"{runs} runs × {number}"))
    show(Figure("POST /v1/turns sealed", sealed_times, "µs", "interleaved"))
    ratio = Figure("  sealed / plain, run by run", [s / p for s, p in zip(sealed_times, plain)], "×", "")
    print(f"{ratio.name}: median {ratio.median:.2f}×")
    figures.append(ratio)
    return figures


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
