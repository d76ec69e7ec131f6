"""The catalogues (`locales/<lang>/LC_MESSAGES/<domain>.po`) kept up with the templates
without rewriting them.

`pybabel update` would rewrap every entry of a catalogue to its own width (thousands of
lines changed for one new message). Here a message of a template (`<domain>.pot`, written
by `referee.i18n.extract`) that a catalogue lacks is appended at the catalogue's end as an
entry with an empty translation, with its comments for translators; nothing already in
the catalogue changes, so an untouched tree gives the same files.

    python -m referee.i18n.update           # append what the templates add
    python -m referee.i18n.update --check   # exit 1 while a catalogue lacks one

`python -m referee.regenerate` runs it after the templates are written. A translator then
fills the empty entries (`tests/i18n/` fails while one is empty). A message gone from
the sources is not removed here: `tests/i18n/test_catalogues.py` names it, and its
entry is deleted by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import normalize, read_po

from .catalogues import DEFAULT_LANGUAGE, DOMAINS, LANGUAGES as EVERY_LANGUAGE
from .extract import ROOT, template_path

#: The languages with catalogues (English, the language of the sources, has none).
LANGUAGES = tuple(language for language in EVERY_LANGUAGE if language != DEFAULT_LANGUAGE)


def catalogue_path(language: str, domain: str, root: Path = ROOT) -> Path:
    return root / "referee" / "i18n" / "locales" / language / "LC_MESSAGES" / f"{domain}.po"


def _keys(path: Path) -> set[tuple[str | None, str]]:
    with open(path, "rb") as handle:
        catalog = read_po(handle)
    keys = {(m.context, _id(m.id)) for m in catalog if m.id}
    return keys | {(m.context, _id(m.id)) for m in catalog.obsolete.values()}


def _id(msgid: str | tuple[str, ...]) -> str:
    return msgid[0] if isinstance(msgid, tuple) else msgid


def entry(message) -> str:
    """One catalogue entry with an empty translation, written as Babel writes one (76
    columns, its escapes)."""
    lines = [f"#. {comment}" for comment in message.auto_comments]
    if message.context is not None:
        lines.append("msgctxt " + normalize(message.context))
    if isinstance(message.id, tuple):
        lines.append("msgid " + normalize(message.id[0]))
        lines.append("msgid_plural " + normalize(message.id[1]))
        lines += ['msgstr[0] ""', 'msgstr[1] ""']
    else:
        lines.append("msgid " + normalize(message.id))
        lines.append('msgstr ""')
    return "\n".join(lines) + "\n"


def missing(language: str, domain: str, root: Path = ROOT) -> list:
    """The messages of the domain's template that the language's catalogue lacks, in the
    template's order."""
    have = _keys(catalogue_path(language, domain, root))
    with open(template_path(domain, root), "rb") as handle:
        template = read_po(handle)
    return [m for m in template if m.id and (m.context, _id(m.id)) not in have]


def appended(language: str, domain: str, root: Path = ROOT) -> str | None:
    """The catalogue's text with the messages it lacks appended, or None if it lacks none."""
    lacking = missing(language, domain, root)
    if not lacking:
        return None
    text = catalogue_path(language, domain, root).read_text(encoding="utf-8")
    return text.rstrip("\n") + "\n" + "".join("\n" + entry(m) for m in lacking)


def fresh(root: Path = ROOT) -> dict[Path, str]:
    """Every catalogue that lacks a message of its template, with its new text."""
    out = {}
    for domain in DOMAINS:
        for language in LANGUAGES:
            text = appended(language, domain, root)
            if text is not None:
                out[catalogue_path(language, domain, root)] = text
    return out


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    changed = fresh(root)
    for path, text in changed.items():
        if not check:
            path.write_text(text, encoding="utf-8")
        print(f"{path}: {'lacks messages of its template' if check else 'new messages appended'}")
    return 1 if check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
