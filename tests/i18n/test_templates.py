"""The catalogue templates (`referee/i18n/locales/*.pot`) are what the sources extract to,
byte for byte: extraction is sorted and undated (`referee.i18n.extract`), so running it
on an untouched tree changes nothing, and a text added without extracting is caught."""

from __future__ import annotations

import pytest

from referee.i18n.extract import CONFIGS, main, template, template_path
from support.doc_examples import ROOT  # the repository: an installed package has no sources to extract


@pytest.mark.parametrize("domain", sorted(CONFIGS))
def test_the_committed_template_is_what_the_sources_extract_to(domain):
    committed = template_path(domain, ROOT).read_bytes()
    assert template(domain, ROOT) == committed, (
        f"{template_path(domain).name} differs from the sources: run python -m referee.i18n.extract")


def test_extracting_twice_gives_the_same_bytes_with_no_date_and_no_locations():
    first, second = template("messages", ROOT), template("messages", ROOT)
    assert first == second
    text = first.decode("utf-8")
    assert "POT-Creation-Date" not in text
    assert "\n#: " not in text  # no file:line locations to churn
    assert '#. rule text of GAME_OVER\nmsgid "' in text  # the translators' comments are kept
    assert main(["--check"], ROOT) == 0
