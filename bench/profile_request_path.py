"""Where the time goes: cProfile of POST /v1/turns, engine.apply and engine.legal_actions.

    python bench/profile_request_path.py               # 2,000 calls each, top 25 by own time
    python bench/profile_request_path.py --quick       # 50 calls each (the CI smoke test)
    python bench/profile_request_path.py --target turns --sort cumulative --top 40

Targets: `turns` (POST /v1/turns through Flask's test client, the padded 5 KB body of
the HTTP benchmark), `wsgi` (the same through the WSGI interface, without the test
client's environ building), `apply` (engine.apply on a loaded state) and `legal`
(engine.legal_actions on a loaded state, start of the turn). cProfile's overhead
inflates small functions; read the ranking, not the absolute times.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats

import _common  # noqa: F401  (import path)
from positions import padded_json, typical_turn
from referee import engine
from referee.http import create_app
from request_path_bench import wsgi_caller


def targets():
    state_dict, turn_dict = typical_turn()
    body = padded_json({"state": state_dict, "turn": turn_dict})
    state = engine.load_state(state_dict)
    turn = engine.load_turn(turn_dict)
    app = create_app()
    client = app.test_client()

    def turns():
        r = client.post("/v1/turns", data=body, content_type="application/json")
        assert r.status_code == 200

    return {
        "turns": turns,
        "wsgi": wsgi_caller(app.wsgi_app, "/v1/turns", body),
        "apply": lambda: engine.apply(state, turn),
        "legal": lambda: engine.legal_actions(state),
    }


def profile(name: str, fn, number: int, sort: str, top: int) -> None:
    for _ in range(20):
        fn()
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(number):
        fn()
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats(sort).print_stats(top)
    print(f"\n=== profile: {name}, {number} calls, sorted by {sort} ===")
    text = out.getvalue()
    print(text[text.index("ncalls") - 1 if "ncalls" in text else 0:].rstrip()
          .replace("{built-in method ", "{").replace("{method ", "{"))
    print(f"profile {name}: mean {stats.total_tt / number * 1e6:.1f} µs per call under cProfile "
          f"({number} calls)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="50 calls each (CI smoke test)")
    parser.add_argument("--number", type=int, default=2000)
    parser.add_argument("--target", choices=("turns", "wsgi", "apply", "legal", "all"), default="all")
    parser.add_argument("--sort", default="tottime", help="pstats key: tottime, cumulative, ...")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    number = 50 if args.quick else args.number
    found = targets()
    for name in found if args.target == "all" else [args.target]:
        profile(name, found[name], number, args.sort, args.top)


if __name__ == "__main__":
    main()
