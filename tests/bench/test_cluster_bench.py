"""Three referees behind nginx: one stopped under load (SIGTERM, then SIGKILL) and brought
back, and no request fails through the SIGTERM (bench/cluster_bench.py --quick, ~20 s).

nginx is Debian's package (scripts/test installs it); without it this fails, it is not skipped.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

#: Starts three referees and nginx for about 20 s.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_nginx_retries_on_the_next_instance_while_one_is_stopped_and_restarted():
    assert shutil.which("nginx") or Path("/usr/sbin/nginx").exists(), "nginx is missing: scripts/test installs it (apt-get install nginx)"
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "cluster_bench.py"), "--quick"],
                          capture_output=True, text=True, timeout=150, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.findall(r"^(SIGTERM|SIGKILL) to instance", done.stdout, flags=re.MULTILINE) == ["SIGTERM", "SIGKILL"]
    runs = re.findall(r"^all\s+(\d+)\s+(\d+)", done.stdout, flags=re.MULTILINE)
    (term_requests, term_errors), (kill_requests, kill_errors) = [(int(a), int(b)) for a, b in runs]
    assert term_errors == 0 and term_requests > 100
    assert kill_errors <= 4 and kill_requests > 100  # at most the requests in flight (4 clients)
    for phase in ("before", "during", "after"):
        assert len(re.findall(rf"^{phase}\s+\d+\s+\d+", done.stdout, flags=re.MULTILINE)) == 2
