"""The service never imports the game-AI extra: importing the app loads neither
`referee.ai` nor numpy, gymnasium or pettingzoo (a fresh interpreter, so nothing the
test run imported counts)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("referee.ai", "numpy", "gymnasium", "pettingzoo", "pyspiel")


def test_the_app_imports_no_game_ai():
    code = ("import sys; import referee.http; from referee.http import create_app; create_app({'TESTING': True}); "
            f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == ""


def test_the_check_sees_an_import():
    """The counterpart: importing referee.ai's environment is seen."""
    code = ("import sys; import referee.ai.pettingzoo_env; "
            f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "referee.ai,numpy,gymnasium,pettingzoo"
