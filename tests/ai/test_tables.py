"""The "Game AI" guide (docs/howto/game-ai.md) says what the code does: its encoding
tables are the ones `referee.ai.tables` writes from the code (its Python examples run in
tests/docs/test_examples.py, as every page's do)."""

from __future__ import annotations

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
