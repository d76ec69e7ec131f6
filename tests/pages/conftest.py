"""A real browser on the real service, for the page tests.

The service runs in this process (werkzeug's threaded server on a free loopback port),
and one headless Chromium from Debian's packages serves the whole session: Playwright
drives /usr/bin/chromium and downloads nothing. Without that browser these tests fail,
loudly; they are never skipped.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from werkzeug.serving import make_server

from referee.http import create_app

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="session")
def service():
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.is_file():
        pytest.fail(f"the page tests need Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield chromium
        chromium.close()


class Outside:
    """Every request the page makes that leaves the service (refused, and remembered)."""

    def __init__(self, service: str):
        self.origin = urlsplit(service).netloc
        self.requests: list[str] = []

    def __call__(self, route):
        url = route.request.url
        if urlsplit(url).netloc == self.origin or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.requests.append(url)
            route.abort()


@pytest.fixture
def outside(service):
    return Outside(service)


@pytest.fixture
def page(browser, service, outside):
    """A fresh phone-sized page (its own storage) whose every request is watched."""
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    context.route("**/*", outside)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"the page raised: {errors}"
    assert outside.requests == [], f"the page asked outside the service: {outside.requests}"
