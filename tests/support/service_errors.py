"""A pytest plugin: every test fails when the in-process service logs an error during it.

The service's safety nets (a refusal sent without its `legal` and `hint` when the advice
fails, a 500 for an unhandled error) log an error on the app's logger, `referee.http`,
and keep answering, so a bug one of them catches would otherwise pass unseen. A test that
sets a net off on purpose says so with the marker `logs_service_errors`, and checks the
records itself through the fixture `service_errors`.
"""

from __future__ import annotations

import logging

import pytest

SERVICE_LOGGER = "referee.http"
MARKER = "logs_service_errors"


class ErrorRecords(logging.Handler):
    """Keeps the records of level ERROR and above."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def described(self) -> list[str]:
        return [
            record.getMessage() + ("\n" + logging.Formatter().formatException(record.exc_info)
                                   if record.exc_info else "")
            for record in self.records
        ]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{MARKER}: sets off one of the service's safety nets on purpose")


@pytest.fixture(autouse=True)
def service_errors(request: pytest.FixtureRequest):
    """The errors the service logs during the test; the test fails if there are any,
    unless it is marked `logs_service_errors`."""
    errors = ErrorRecords()
    logger = logging.getLogger(SERVICE_LOGGER)
    logger.addHandler(errors)
    try:
        yield errors
    finally:
        logger.removeHandler(errors)
    if request.node.get_closest_marker(MARKER) is None:
        assert errors.described() == [], "the service logged an error: a safety net caught a bug"
