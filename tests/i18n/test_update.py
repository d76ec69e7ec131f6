"""`referee.i18n.update`: a message new in a template is appended to every catalogue as
an empty entry, and nothing else in a catalogue changes."""

from __future__ import annotations

import shutil
from pathlib import Path

from referee.i18n import update

ROOT = Path(__file__).resolve().parents[2]


def copy_locales(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "referee" / "i18n" / "locales", tmp_path / "referee" / "i18n" / "locales")
    return tmp_path


def test_on_an_untouched_tree_no_catalogue_changes(tmp_path):
    root = copy_locales(tmp_path)
    assert update.fresh(ROOT) == {}
    assert update.main(["--check"], ROOT) == 0
    assert update.main([], root) == 0
    for path in (root / "referee" / "i18n" / "locales").rglob("*.po"):
        assert path.read_bytes() == (ROOT / path.relative_to(root)).read_bytes(), path


def test_a_new_message_is_appended_to_each_catalogue_and_nothing_else_changes(tmp_path):
    root = copy_locales(tmp_path)
    pot = root / "referee" / "i18n" / "locales" / "messages.pot"
    long = "A new game's text, long enough to be wrapped over two lines the way Babel wraps a message of its own."
    pot.write_text(pot.read_text(encoding="utf-8") + f'\n#. game text: title\nmsgid "{long}"\nmsgstr ""\n',
                   encoding="utf-8")
    assert update.main(["--check"], root) == 1
    assert update.main([], root) == 0
    for language in update.LANGUAGES:
        path = update.catalogue_path(language, "messages", root)
        before = (ROOT / path.relative_to(root)).read_text(encoding="utf-8")
        after = path.read_text(encoding="utf-8")
        assert after == before.rstrip("\n") + (
            '\n\n#. game text: title\n'
            'msgid ""\n'
            '"A new game\'s text, long enough to be wrapped over two lines the way Babel"\n'
            '" wraps a message of its own."\n'
            'msgstr ""\n'), language
        pages = update.catalogue_path(language, "pages", root)
        assert pages.read_bytes() == (ROOT / pages.relative_to(root)).read_bytes()
    assert update.fresh(root) == {}  # appended once: a second run adds nothing
