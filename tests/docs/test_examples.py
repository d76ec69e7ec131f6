"""Every shell example of the README and of the guide runs, against a real `referee serve`,
and prints what the page says under it (the rules: `support/doc_examples.py`).

The examples run in a temporary folder per page, with the `referee` command of this
environment on the PATH, exactly as written but for the port of the test's referee.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.doc_examples import ROOT, SERVICE, Step, blocks, matches, pages, sh_blocks
from support.live import free_port, running_referee

PAGES_WITH_EXAMPLES = [page for page in pages() if any(b.not_run is None and b.steps for b in sh_blocks(page))]


@pytest.fixture(scope="module")
def referee_port():
    port = free_port()
    with running_referee(port, "--workers", "1", "--access-log", "off"):
        yield port


def run(step: Step, folder: Path, port: int) -> subprocess.CompletedProcess:
    command = SERVICE.sub(f"127.0.0.1:{port}", step.command)
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return subprocess.run(["bash", "-c", "set -o pipefail\n" + command], cwd=folder, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PATH": path})


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES_WITH_EXAMPLES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_example_of_the_page_prints_what_it_says(page, referee_port, tmp_path):
    for block in sh_blocks(page):
        if block.not_run is not None:
            continue
        for step in block.steps:
            done = run(step, tmp_path, referee_port)
            where = f"{page.relative_to(ROOT)}:{step.line}"
            if step.printed:
                assert matches(step.printed, done.stdout), (
                    f"{where}: printed\n{done.stdout}{done.stderr}\ninstead of\n" + "\n".join(step.printed))
            else:
                assert done.returncode == 0, f"{where}: exit {done.returncode}\n{done.stderr}"
    # The examples wrote into the test's folder, and only there.
    assert list(tmp_path.iterdir()) or page.name == "README.md"


def test_the_pages_show_what_their_examples_print():
    # The runner reads what the pages print: a page whose `# ...` lines it did not find
    # would be run without being checked.
    checked = {page.relative_to(ROOT).as_posix(): sum(len(s.printed) > 0 for b in sh_blocks(page) if b.not_run is None
                                                      for s in b.steps) for page in pages()}
    assert checked["docs/tutorial.md"] >= 12
    assert checked["README.md"] >= 1
    assert checked["docs/howto/sealed-games.md"] >= 2


def python_examples() -> list:
    return [block for page in pages() for block in blocks(page) if block.language == "python" and block.not_run is None]


@pytest.mark.parametrize("block", python_examples(), ids=lambda block: block.where)
def test_every_python_example_prints_what_it_says(block, capsys):
    # A Python example shows what a print() prints in a comment at the end of its line.
    code = "\n".join(step.command for step in block.steps)
    exec(compile(code, block.where, "exec"), {})
    said = [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]
    assert said and capsys.readouterr().out.splitlines() == said


def javascript_examples() -> list:
    return [block for page in pages() for block in blocks(page) if block.language == "js" and block.not_run is None]


@pytest.mark.parametrize("block", javascript_examples(), ids=lambda block: block.where)
def test_every_javascript_example_prints_what_it_says(block):
    # As the Python ones: what a console.log() prints is in a comment at the end of its line.
    code = "\n".join(step.command for step in block.steps)
    done = subprocess.run(["node", "--input-type=module", "-"], input=code, capture_output=True, text=True,
                          timeout=60)
    said = [line.split("// ", 1)[1] for line in code.splitlines() if line.startswith("console.log(")]
    assert said and (done.returncode, done.stdout.splitlines()) == (0, said), done.stderr


def test_the_python_examples_are_found():
    assert {block.page.relative_to(ROOT).as_posix() for block in python_examples()} >= {
        "docs/howto/bots.md", "docs/reference/python-api.md"}
    assert {block.page.name for block in javascript_examples()} == {"sealed-games.md"}


def test_a_block_left_unrun_says_why():
    for page in pages():
        for block in blocks(page):
            if block.not_run is not None:
                assert block.language in ("sh", "python", "js", "ts") and len(block.not_run) > 10, block.where


def test_the_runner_compares_what_is_printed():
    # The comparison the page tests rely on, on known text: exact lines, or a wrapped line.
    assert matches(['{"a":1}'], '{"a":1}\n')
    assert matches(['{"a":1,', ' "b":2}'], '{"a":1,"b":2}\n')
    assert matches(["illegal: x", "  played by: y"], "illegal: x\n  played by: y\n")
    assert not matches(['{"a":1}'], '{"a":2}\n')
    assert not matches(["one", "two"], "one\n")
