"""scripts/test and scripts/serve, the README's one-command set-up, in their dry run.

Each case copies the scripts into an empty folder shaped like a fresh clone and runs them
with `--dry-run` and a PATH holding only the few commands they use, so what is "missing"
is decided here: npm (and so Node.js) by leaving it off the PATH, Chromium by pointing
CHROMIUM (the page tests' own setting) at nothing, root or not by a stand-in `id`, sudo by
a stand-in `sudo`. nginx is looked for where the tests look (on the PATH, then
/usr/sbin/nginx), so its line follows this machine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NGINX_HERE = Path("/usr/sbin/nginx").exists()
REDIS_HERE = Path("/usr/bin/redis-server").exists()
#: The packages scripts/test installs that this machine may already hold (looked for
#: where the tests look), each with the line saying why.
SERVERS = [(name, here, f"scripts/test: needs the Debian package {name}: {why}") for name, here, why in (
    ("nginx", NGINX_HERE, "the cluster test and the nginx site's check run nginx (tests/bench, tests/deploy); "
                          "Debian starts its system service too (systemctl disable --now nginx stops it)"),
    ("redis-server", REDIS_HERE, "the sealed store's tests run a real Redis (tests/sealed); Debian starts its "
                                 "system service too (systemctl disable --now redis-server stops it)"))]


def clone(tmp_path: Path, npm_tools: bool = False, venv: bool = False) -> Path:
    folder = tmp_path / "clone"
    (folder / "scripts").mkdir(parents=True)
    for name in ("setup.sh", "test", "serve", "referee"):
        shutil.copy2(ROOT / "scripts" / name, folder / "scripts" / name)
    (folder / "clients").mkdir()
    (folder / "clients" / "package-lock.json").write_text("{}")
    if npm_tools:
        (folder / "clients" / "node_modules").mkdir()
        (folder / "clients" / "node_modules" / ".package-lock.json").write_text("{}")
        os.utime(folder / "clients" / "package-lock.json", (1_000_000, 1_000_000))
    if venv:
        (folder / ".venv" / "bin").mkdir(parents=True)
        (folder / ".venv" / "bin" / "python").symlink_to(Path(sys.executable).resolve())
    return folder


def tools(tmp_path: Path, uid: int = 0, sudo: bool = False, npm: bool = False, curl_jq: bool = True) -> Path:
    """A PATH folder with what the scripts call, and nothing else."""
    folder = tmp_path / "bin"
    folder.mkdir()
    # The interpreter itself, not a launcher such as pyenv's shim (a script that needs more).
    (folder / "python3").symlink_to(Path(sys.executable).resolve())
    for name in ("dirname", "basename"):
        (folder / name).symlink_to(shutil.which(name))
    (folder / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    (folder / "id").chmod(0o755)
    for name, wanted in (("sudo", sudo), ("npm", npm), ("curl", curl_jq), ("jq", curl_jq)):
        if wanted:
            (folder / name).write_text("#!/bin/sh\nexit 0\n")
            (folder / name).chmod(0o755)
    return folder


def dry_run(clone_folder: Path, path: Path, script: str, *args: str, chromium: str = "/nonexistent/chromium"):
    return subprocess.run(
        ["/bin/bash", str(clone_folder / "scripts" / script), "--dry-run", *args],
        env={"PATH": str(path), "CHROMIUM": chromium, "HOME": str(clone_folder)},
        capture_output=True, text=True, timeout=60,
    )


def nginx_lines(only: str | None = None) -> list[str]:
    """The lines for the servers this machine lacks (nginx, redis-server), or for `only`."""
    return [line for name, here, line in SERVERS if not here and only in (None, name)]


def missing_servers(only: str | None = None) -> list[str]:
    return [name for name, here, _ in SERVERS if not here and only in (None, name)]


def test_on_a_fresh_machine_as_root_it_installs_everything_then_runs_pytest(tmp_path):
    done = dry_run(clone(tmp_path), tools(tmp_path, curl_jq=False), "test", "-m", "not slow")
    assert done.returncode == 0, done.stderr
    packages = ["chromium", *missing_servers("nginx"), "curl", "jq", *missing_servers("redis-server"), "nodejs", "npm"]
    assert done.stdout.splitlines() == [
        "scripts/test: needs the Debian package chromium: the table page's tests drive a real browser (tests/pages)",
        *nginx_lines("nginx"),
        "scripts/test: needs the Debian package curl: the examples of the README and the guide use it (tests/docs)",
        "scripts/test: needs the Debian package jq: the examples of the README and the guide use it (tests/docs)",
        *nginx_lines("redis-server"),
        "scripts/test: needs the Debian package nodejs: the npm tools of the client tests run on Node.js (tests/clients)",
        "scripts/test: needs the Debian package npm: it installs those tools from clients/package-lock.json",
        f"scripts/test: installing {' '.join(packages)} with apt-get",
        "scripts/test: would run: apt-get update -q",
        f"scripts/test: would run: env DEBIAN_FRONTEND=noninteractive apt-get install -y -q {' '.join(packages)}",
        "scripts/test: installing the npm tools pinned in clients/package-lock.json (openapi-typescript, tsc, "
        "redocly) with npm ci",
        "scripts/test: would run: npm --prefix clients ci --no-audit --no-fund --loglevel=error",
        "scripts/test: making the virtual environment .venv",
        "scripts/test: would run: python3 -m venv .venv",
        "scripts/test: installing .[test,ai] into .venv with pip (the project and the Python packages pyproject.toml pins)",
        "scripts/test: would run: .venv/bin/python -m pip install --quiet .\\[test\\,ai\\]",
        "scripts/test: would run: .venv/bin/pytest -m not\\ slow",
    ]


def test_not_root_it_installs_with_sudo(tmp_path):
    done = dry_run(clone(tmp_path), tools(tmp_path, uid=1000, sudo=True, npm=True), "test")
    assert done.returncode == 0, done.stderr
    installs = [line for line in done.stdout.splitlines() if "apt-get" in line and "would run" in line]
    packages = " ".join(["chromium", *(missing_servers())])
    assert installs == [
        "scripts/test: would run: sudo apt-get update -q",
        f"scripts/test: would run: sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q {packages}",
    ]


def test_not_root_and_without_sudo_it_stops_saying_what_to_install(tmp_path):
    done = dry_run(clone(tmp_path), tools(tmp_path, uid=1000, npm=True), "test")
    assert done.returncode == 1
    packages = " ".join(["chromium", *(missing_servers())])
    assert done.stderr == f"scripts/test: not root and no sudo: as root, run apt-get install {packages}\n"


def test_run_again_it_keeps_what_is_there(tmp_path):
    # npm found, Chromium where CHROMIUM says, the npm tools newer than their lock file,
    # and .venv made: only the project's install and pytest are left to do.
    chromium = tmp_path / "chromium"
    chromium.write_text("#!/bin/sh\n")
    chromium.chmod(0o755)
    done = dry_run(clone(tmp_path, npm_tools=True, venv=True), tools(tmp_path, npm=True), "test",
                   chromium=str(chromium))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[: len(nginx_lines())] == nginx_lines()
    assert lines[len(nginx_lines()):] == [
        *([] if nginx_lines() else ["scripts/test: the Debian packages needed are all installed"]),
        *([f"scripts/test: installing {' '.join(missing_servers())} with apt-get",
           "scripts/test: would run: apt-get update -q",
           f"scripts/test: would run: env DEBIAN_FRONTEND=noninteractive apt-get install -y -q {' '.join(missing_servers())}"]
          if nginx_lines() else []),
        "scripts/test: the npm tools pinned in clients/package-lock.json are installed",
        "scripts/test: using the virtual environment .venv",
        "scripts/test: installing .[test,ai] into .venv with pip (the project and the Python packages pyproject.toml pins)",
        "scripts/test: would run: .venv/bin/python -m pip install --quiet .\\[test\\,ai\\]",
        "scripts/test: would run: .venv/bin/pytest",
    ]


def test_serve_installs_the_project_and_starts_the_service(tmp_path):
    done = dry_run(clone(tmp_path), tools(tmp_path), "serve", "--port", "8080")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "scripts/serve: the Debian packages needed are all installed",
        "scripts/serve: making the virtual environment .venv",
        "scripts/serve: would run: python3 -m venv .venv",
        "scripts/serve: installing . into .venv with pip (the project and the Python packages pyproject.toml pins)",
        "scripts/serve: would run: .venv/bin/python -m pip install --quiet .",
        "scripts/serve: the referee command, in another shell: . .venv/bin/activate (or scripts/referee)",
        "scripts/serve: would run: .venv/bin/referee serve --port 8080",
    ]


def test_scripts_referee_runs_the_command_of_the_virtual_environment_from_where_it_is_called(tmp_path):
    folder = clone(tmp_path)
    here = tmp_path / "elsewhere"
    here.mkdir()
    env = {"PATH": str(tools(tmp_path))}
    missing = subprocess.run(["/bin/bash", str(folder / "scripts" / "referee"), "replay", "x.json"],
                             cwd=here, env=env, capture_output=True, text=True, timeout=60)
    assert (missing.returncode, missing.stdout) == (1, "")
    assert missing.stderr == "scripts/referee: no .venv yet: run scripts/serve (or scripts/test) first\n"
    (folder / ".venv" / "bin").mkdir(parents=True)
    stand_in = folder / ".venv" / "bin" / "referee"
    stand_in.write_text('#!/bin/sh\necho "$PWD" "$@"\nexit 3\n')
    stand_in.chmod(0o755)
    done = subprocess.run(["/bin/bash", str(folder / "scripts" / "referee"), "replay", "record.json", "--lang", "de"],
                          cwd=here, env=env, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (3, f"{here} replay record.json --lang de\n")


def test_ci_runs_exactly_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Run the tests\n\n<!-- not run: it is the whole suite, which runs these examples -->\n```sh\nscripts/test\n```\n" in readme
    assert "## Quick start\n" in readme and "```sh\nscripts/serve\n```\n" in readme
    commands = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
                if line and not line.startswith("#")]
    assert commands == ["set -euo pipefail", 'cd "$(dirname "$0")/.."', "exec scripts/test"]


def test_pip_install_ships_every_package_of_the_referee():
    # scripts/test and CI install the project (not editable): a package pyproject.toml
    # does not list is missing from the installed referee.
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "referee").rglob("__init__.py")}
    assert found - listed == set()
