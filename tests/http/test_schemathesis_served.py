"""`st run` against a real `referee serve`: every phase, no failure, no "schema validation mismatch".

Schemathesis's CLI reads the served /openapi.yaml and runs its examples, coverage,
fuzzing and stateful phases with the checks below. Its warning "schema validation
mismatch" names an operation that, in one phase, refused every request schemathesis
generated as valid (a 4xx other than 401, 403, 404, 409 or 429 for each, and no 2xx):
the schemas would then not say what the service checks. The hooks
(`schemathesis_hooks.py`) put real games into the valid requests where JSON Schema
cannot say what makes one valid; this test fails on the warning as on any failure.

The quick form here runs `QUICK_SECONDS`; the full form is the same command for 120 s:

    referee serve --port 8000 &
    SCHEMATHESIS_HOOKS=tests/http/schemathesis_hooks.py st run http://127.0.0.1:8000/openapi.yaml \\
        --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \\
        --max-time 120

(`SCHEMATHESIS_SECONDS=120` runs this test in that form.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.live import free_port, running_referee

ROOT = Path(__file__).resolve().parents[2]
HOOKS = ROOT / "tests" / "http" / "schemathesis_hooks.py"
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
QUICK_SECONDS = int(os.environ.get("SCHEMATHESIS_SECONDS", "40"))


def st_run(url: str, report_dir: Path, seconds: int) -> subprocess.CompletedProcess:
    st = Path(sys.executable).with_name("st")
    command = [str(st) if st.exists() else "st", "run", f"{url}/openapi.yaml", "--checks", CHECKS,
               "--max-time", str(seconds), "--seed", "20261128", "--no-color",
               "--report", "json", "--report-dir", str(report_dir)]
    env = {**os.environ, "SCHEMATHESIS_HOOKS": str(HOOKS),
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=seconds + 600,
                          check=False)


@pytest.mark.slow
def test_schemathesis_against_the_served_contract_finds_nothing_and_no_validation_mismatch(tmp_path):
    port = free_port()
    with running_referee(port, "--workers", "2"):
        done = st_run(f"http://127.0.0.1:{port}", tmp_path, QUICK_SECONDS)
    output = f"{done.stdout[-6000:]}\n{done.stderr[-2000:]}"
    assert done.returncode == 0, output
    report = json.loads(next(tmp_path.glob("json-*.json")).read_text(encoding="utf-8"))
    assert report["failures"] == [] and report["errors"] == [], output
    assert {phase: value["status"] for phase, value in report["phases"].items()} == {
        "examples": "success", "coverage": "success", "fuzzing": "success", "stateful": "success"}, output
    assert report["warnings"]["validation_mismatch"] == [], output
    assert report["warnings"]["missing_test_data"] == [], output
    assert "Schema validation mismatch" not in done.stdout, output
    # Every operation with a body of games answered some valid request with a 2xx.
    accepted = {label: sum(phase["accepted"] for phase in phases.values())
                for label, phases in report["valid_rates"].items()}
    for label in ("POST /v1/turns", "POST /v1/legal-actions", "POST /v1/replays", "POST /v1/scores",
                  "POST /v1/views", "POST /v1/seats"):
        assert accepted.get(label, 0) > 0, (label, report["valid_rates"].get(label))
