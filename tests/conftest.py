"""Shared pytest set-up.

Hypothesis profiles: "ci" is the default (derandomized, so CI runs are reproducible,
with a moderate number of examples); HYPOTHESIS_PROFILE=thorough runs many more.

`support.service_errors` fails every test during which the in-process service logs an
error: its safety nets answer on, so a bug one of them catches is otherwise hidden.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.register_profile(
    "thorough",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

pytest_plugins = ["support.service_errors"]

