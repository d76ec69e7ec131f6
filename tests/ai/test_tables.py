"""The "Game AI" guide (docs/howto/game-ai.md) says what the code does: its encoding
tables are the ones `referee.ai.tables` writes from the code, and its Python examples run."""

from __future__ import annotations

import re
from pathlib import Path

from referee.ai import tables

PAGE = Path(__file__).resolve().parents[2] / "docs" / "howto" / "game-ai.md"


def test_the_encoding_tables_are_the_codes():
    text = PAGE.read_text()
    written = text[text.index(tables.BEGIN):text.index(tables.END) + len(tables.END)]
    assert written == tables.tables(), "rewrite them: python -m referee.ai.tables docs/howto/game-ai.md"


def test_the_tables_name_every_entry_of_an_action_space():
    rows = tables.action_rows("ratefix")
    assert rows[0] == '| 0 | `{"type": "put"}` |'
    assert rows[1] == '| 1–41 | `{"type": "guess", "value": 0}` … `{"type": "guess", "value": 40}` |'
    assert rows[-2:] == ['| 42 | `{"type": "end turn"}` |', '| 43 | `{"type": "wait"}` (PettingZoo only) |']


def test_the_python_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})
