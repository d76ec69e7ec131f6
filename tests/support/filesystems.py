"""Small real file systems for the store's faults: a tmpfs of a few hundred KiB that
fills, or one remounted read-only. Mounting needs root (and the right to mount, which
a container may withhold); a test that cannot have one is skipped, saying why."""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path
from typing import Iterator

import pytest


def _mount(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *args], capture_output=True, text=True, timeout=30)


@contextlib.contextmanager
def tmpfs(folder: Path, kib: int) -> Iterator[Path]:
    """A tmpfs of `kib` KiB mounted on `folder` for the block; unmounted after."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    done = _mount("-t", "tmpfs", "-o", f"size={kib}k,mode=0755", "tmpfs", str(folder))
    if done.returncode != 0:
        pytest.skip(f"this machine lets no tmpfs be mounted here: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=30)


def remount_read_only(folder: Path) -> None:
    done = _mount("-o", "remount,ro", str(folder))
    if done.returncode != 0:
        pytest.skip(f"the tmpfs cannot be made read-only here: {done.stderr.strip()}")


def fill(folder: Path, leave_kib: int) -> Path:
    """A file taking all the room of the file system on `folder` but `leave_kib` KiB."""
    stats = os.statvfs(folder)
    room = stats.f_bavail * stats.f_frsize - leave_kib * 1024
    junk = folder / "junk"
    with open(junk, "wb") as f:
        f.write(b"\0" * max(0, room))
    return junk
