"""Spec-driven fuzzing: schemathesis generates requests from openapi.yaml and checks the answers.

Every operation of the contract is exercised in-process (schemathesis's WSGI transport,
no sockets), with data that fits the schemas and data that does not. The checks:

- `not_a_server_error`: no 5xx, whatever arrives;
- `status_code_conformance`: the status is one openapi.yaml lists for the operation;
- `content_type_conformance`: the media type is the one openapi.yaml gives for it;
- `response_schema_conformance`: the body validates against its schema (problems
  against schemas/problem.json);
- `negative_data_rejection`: a body or parameter that breaks its schema gets a 4xx.

This is the bounded CI round (about a minute), run in an interpreter of its own by
`test_schemathesis.py` (see there why). `bench/fuzz.py` runs the same checks with
10,000+ examples against a running `referee serve`, on demand.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from referee.http import create_app

ROOT = Path(__file__).resolve().parents[2]
# 30 cases per operation and mode in the suite (the served run, test_schemathesis_served.py,
# fuzzes for its own 40 s beside it); SCHEMATHESIS_EXAMPLES=500 searches wider.
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "30"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]

pytestmark = pytest.mark.slow

# Loaded from the file, so that the relative $refs (schemas/state.json) resolve on disk.
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml")
schema.app = create_app()
schema.config.generation.update(modes=["positive", "negative"], max_examples=EXAMPLES, deterministic=True)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_conforms_to_the_contract(case):
    case.call_and_validate(checks=CHECKS)
