"""Talking to the service under test: one JSON POST at a time, with the standard library."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from typing import Any

from .answers import Answer


class Unreachable(Exception):
    """The target cannot be reached (no answer at all, as opposed to a wrong one)."""


class Target:
    """A service that speaks the referee's HTTP contract, at `url` (`http://host:port`)."""

    def __init__(self, url: str, timeout: float = 10.0):
        self.url = url.rstrip("/")
        self.timeout = timeout

    def post(self, path: str, body: dict[str, Any]) -> Answer:
        data = json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method="POST",
            headers={"Content-Type": "application/json", "Accept": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return Answer(status=response.status, body=_json(response.read()))
        except urllib.error.HTTPError as error:
            return Answer(status=error.code, body=_json(error.read()))
        except (urllib.error.URLError, ConnectionError, socket.timeout, TimeoutError) as error:
            raise Unreachable(f"{self.url}{path}: {getattr(error, 'reason', error)}") from None

    def curl(self, path: str, file: str) -> str:
        """A shell line that sends the request stored under `request` in `file`."""
        return (f"jq .request {file} | curl -s -X POST {self.url}{path} "
                "-H 'content-type: application/json' -d @-")


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode("utf-8", "replace")[:2000]
