"""Spec-driven fuzzing of a running referee, on demand: 10,000+ schemathesis cases.

    python bench/fuzz.py                       # 8 minutes; starts `referee serve` on a free loopback port
    python bench/fuzz.py --minutes 30 --url http://127.0.0.1:8000 --seed 1

schemathesis reads /openapi.yaml from the service (the schemas' relative $refs resolve
against /schemas/), generates requests for every operation, with data that fits the
schemas and data that does not (its examples, coverage and fuzzing phases), and checks
every answer: no server error, a documented status, the documented media type, a body
that validates against its schema, a 4xx for data that breaks the schema, the `Allow`
header of a 405, and an answer within --max-response-time. The hooks of
`tests/http/schemathesis_hooks.py` put real games into the requests generated as valid,
and the run fails on schemathesis's warning "schema validation mismatch" as on a
failure. schemathesis repeats its fuzzing phase until the time budget (--minutes) is spent, so the run takes that long and
stops by itself; on a 2-core machine the default 8 minutes made 24,616 cases. It fails (exit 1) on any failure, or when fewer than --min-cases cases
ran. `tests/http/contract_fuzz.py` (run by `tests/http/test_schemathesis.py`) is the bounded CI
round of the same checks.

Only loopback addresses are accepted as targets.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

from _common import free_port, stop_server

ROOT = Path(__file__).resolve().parents[1]
#: Real games in the requests generated as valid, for what JSON Schema cannot say (see there).
HOOKS = ROOT / "tests" / "http" / "schemathesis_hooks.py"
#: schemathesis's warning that an operation refused every request generated as valid.
MISMATCH = "Schema validation mismatch"

CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
        "response_headers_conformance",
        "negative_data_rejection",
        "unsupported_method",
        "allow_header_conformance",
    ]
)


def start_server(workers: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", "--port", str(port), "--workers", str(workers)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    wait_healthy(url, process)
    return process, url


def wait_healthy(url: str, process: subprocess.Popen | None = None, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if (process is not None and process.poll() is not None) or time.monotonic() > deadline:
            raise SystemExit(f"the referee at {url} did not come up")
        time.sleep(0.2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running referee on loopback (default: start one)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers of the started server")
    parser.add_argument("--minutes", type=float, default=8, help="time budget of the run")
    parser.add_argument("--examples", type=int, default=1000, help="max examples per operation and round")
    parser.add_argument("--min-cases", type=int, default=10_000, help="fail when fewer cases ran")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--max-response-time", type=float, default=2.0, help="seconds")
    args = parser.parse_args(argv)

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that `finally` stops the server
    process = None
    if args.url:
        host = urlparse(args.url).hostname or ""
        if not (host == "localhost" or host.startswith("127.") or host == "::1"):
            raise SystemExit("bench/fuzz.py only targets loopback addresses")
        url = args.url.rstrip("/")
        wait_healthy(url)
    else:
        process, url = start_server(args.workers)
    st = Path(sys.executable).with_name("st")
    command = [
        str(st) if st.exists() else "st", "run", f"{url}/openapi.yaml",
        "--checks", CHECKS,
        "--mode", "all",
        "--max-examples", str(args.examples),
        "--seed", str(args.seed),
        "--workers", "1",  # schemathesis 4.32's coverage phase is flaky with more workers
        "--max-response-time", str(args.max_response_time),
        "--max-time", str(max(1, int(args.minutes * 60))),
        "--generation-database", "none",
        "--suppress-health-check", "all",
        "--no-color",
    ]
    print("$", " ".join(command), flush=True)
    started = time.monotonic()
    lines: list[str] = []
    try:
        # schemathesis's own report streams through, and is kept to be read at the end.
        env = {**os.environ, "SCHEMATHESIS_HOOKS": str(HOOKS),
               "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=env) as st_run:
            # A hard stop, should schemathesis overrun its own budget.
            watchdog = threading.Timer(args.minutes * 60 + 300, st_run.kill)
            watchdog.start()
            assert st_run.stdout is not None
            for line in st_run.stdout:
                print(line, end="", flush=True)
                lines.append(line)
            watchdog.cancel()
        returncode = st_run.returncode
    finally:
        if process is not None:
            stop_server(process)
    seconds = time.monotonic() - started
    output = "".join(lines)
    generated = re.search(r"(\d+) generated", output)
    cases = int(generated.group(1)) if generated else 0
    failures = re.search(r"(\d+) failures?\b", output.split("Test cases:")[-1]) if "Test cases:" in output else None
    print(f"\nFUZZ cases={cases} seconds={seconds:.0f} exit={returncode} url={url}")
    if returncode != 0 or failures:
        print("FUZZ FAILED: schemathesis reported failures (the report above reproduces each one).")
        return 1
    if MISMATCH in output:
        print(f"FUZZ FAILED: schemathesis warned \"{MISMATCH}\": an operation refused all the data "
              "generated as valid (the warning above names it).")
        return 1
    if cases < args.min_cases:
        print(f"FUZZ FAILED: only {cases} cases ran, fewer than {args.min_cases}; raise --examples.")
        return 1
    print("FUZZ OK: zero failures.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
