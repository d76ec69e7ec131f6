"""`python -m referee.regenerate`: every derived file is current in the repository, and
`--check` names a file that is not, in the step that writes it, without writing it."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from referee import regenerate

ROOT = Path(__file__).resolve().parents[1]


def test_the_steps_run_in_the_order_each_needs():
    assert [name for name, _ in regenerate.STEPS] == [
        "referee.contract_gen", "referee.i18n.extract", "referee.i18n.update", "referee.advice.reference",
        "referee.ai.tables"]


def test_every_derived_file_of_the_repository_is_current(monkeypatch, tmp_path):
    out = io.StringIO()
    assert regenerate.run(ROOT, check=True, out=out) == [] and out.getvalue() == ""
    # Run in the checkout, the command writes there, wherever the package is installed.
    monkeypatch.chdir(ROOT)
    assert regenerate.checkout() == ROOT and regenerate.main(["--check"]) == 0
    monkeypatch.chdir(tmp_path)
    assert regenerate.checkout() == regenerate.ROOT


def test_a_stale_file_is_named_by_check_and_written_again_without_check(tmp_path):
    for part in ("referee", "docs", "schemas"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__", "site"))
    for file in ("openapi.yaml", "babel.cfg", "babel-pages.cfg"):
        shutil.copy(ROOT / file, tmp_path / file)
    page = tmp_path / "docs" / "rules" / "RULES.fr.md"
    page.write_text("stale\n", encoding="utf-8")
    out = io.StringIO()
    assert regenerate.run(tmp_path, check=True, out=out) == [page]
    assert out.getvalue() == "docs/rules/RULES.fr.md is out of date (referee.advice.reference)\n"
    assert page.read_text(encoding="utf-8") == "stale\n"
    out = io.StringIO()
    assert regenerate.run(tmp_path, out=out) == [page]
    assert out.getvalue() == "wrote docs/rules/RULES.fr.md (referee.advice.reference)\n"
    assert page.read_bytes() == (ROOT / "docs" / "rules" / "RULES.fr.md").read_bytes()
