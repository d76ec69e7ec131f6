"""The examples of the README and of the guide (`docs/**/*.md`), read as the tests run them.

A page's ```` ```sh ```` blocks are run in order, each command in a shell of its own in
one temporary folder per page (so a later block reads the files an earlier one wrote, and
nothing lands in the working tree), against a referee listening where the page says
`localhost:8000`. The lines `# ...` right after a command are what it prints: the test
compares them with the output, line by line, or, where a long line is wrapped over several
comment lines, with every run of white space taken out of both. A command with nothing
printed under it must succeed (exit 0). Lines `# ...` at the top of a block are comments.

A block that cannot run in a test (it installs the project, starts a server, or needs a
cluster) is preceded by the line `<!-- not run: the reason -->`.
```` ```python ```` blocks are run the same way by the tests that own them
(`tests/test_bots.py`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
NOT_RUN = re.compile(r"^<!-- not run: (?P<why>.+) -->$")
FENCE = re.compile(r"^```(?P<language>[\w-]*)\s*$")
#: Where the examples send their requests: replaced by the test's own referee.
SERVICE = re.compile(r"(?:localhost|127\.0\.0\.1):8000")


@dataclass
class Step:
    command: str
    printed: list[str]
    line: int


@dataclass
class Block:
    page: Path
    line: int
    language: str
    not_run: str | None
    steps: list[Step] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def pages() -> list[Path]:
    """The README and every page of the guide, in a fixed order."""
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def blocks(page: Path) -> list[Block]:
    found: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    previous = ""
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence or not fence["language"]:
            previous = lines[i].strip() or previous
            i += 1
            continue
        start = i
        i += 1
        body: list[tuple[int, str]] = []
        while i < len(lines) and lines[i].rstrip() != "```":
            body.append((i + 1, lines[i]))
            i += 1
        marker = NOT_RUN.match(previous)
        block = Block(page, start + 1, fence["language"], marker["why"] if marker else None)
        block.steps = _steps(body)
        found.append(block)
        previous = ""
        i += 1
    return found


def _steps(body: list[tuple[int, str]]) -> list[Step]:
    steps: list[Step] = []
    command: list[str] = []
    printed: list[str] = []
    first = 0
    for number, line in body:
        is_printed = line == "#" or line.startswith("# ")
        if is_printed:
            if command:
                printed.append(line[2:])
            continue
        if printed or not command:
            if command:
                steps.append(Step("\n".join(command), printed, first))
            command, printed, first = [], [], number
        command.append(line)
    if command:
        steps.append(Step("\n".join(command), printed, first))
    return steps


def sh_blocks(page: Path) -> list[Block]:
    return [block for block in blocks(page) if block.language == "sh"]


def squashed(text: str) -> str:
    return "".join(text.split())


def matches(printed: list[str], output: str) -> bool:
    """Whether a command's output is what the page prints under it."""
    lines = output.rstrip("\n").splitlines()
    return lines == printed or squashed(output) == squashed("".join(printed))


def all_pages_text() -> str:
    """The README and every page of the guide, as one text: where an example's printed
    answer must appear, whichever page shows it."""
    return "\n".join(page.read_text(encoding="utf-8") for page in pages())


def printed(value) -> str:
    """`value` as the guide prints an answer's part under a request: a `# ` line of
    compact JSON."""
    return "# " + json.dumps(value, separators=(",", ":"), ensure_ascii=False)
