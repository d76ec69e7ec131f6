"""A real redis-server (Debian's package) on a free loopback port, in a folder of its
own, with its append-only file on (so that a restart keeps what was spent). Started
and stopped by the tests; never a system service."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

BINARY = shutil.which("redis-server") or "/usr/bin/redis-server"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    def __init__(self, folder: Path, port: int | None = None):
        assert Path(BINARY).exists(), "redis-server is missing: scripts/test installs it (apt-get install redis-server)"
        self.folder = folder
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def arguments(self) -> list[str]:
        return [BINARY, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                "--appendonly", "yes", "--save", "", "--daemonize", "no", "--logfile", str(self.folder / "redis.log")]

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(self.arguments(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        start_new_session=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer on {self.port}")

    def client(self):
        import redis

        return redis.Redis.from_url(self.url)

    def config(self, name: str, value: str) -> None:
        """CONFIG SET on the running server, as an operator would."""
        self.client().config_set(name, value)

    def kill(self) -> None:
        """Gone at once, as a crashed store would be."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
