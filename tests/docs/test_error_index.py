"""The error index (docs/reference/errors.md) names every status and code the service can
answer: the HTTP-level codes of the problem catalogue and the contract, each with its
status, and every rule code of the rule catalogue."""

from __future__ import annotations

import json
import re

import yaml

from referee.core.codes import Code
from referee.guide.hooks import rule_code_table
from referee.http.problems import HTTP_PROBLEMS
from support.doc_examples import DOCS, ROOT

PAGE = DOCS / "reference" / "errors.md"


def http_rows() -> dict[str, str]:
    """The HTTP level's table: its status column by code."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## Problems with the request", 1)[1].split("\n## ", 1)[0]
    return {code: status for status, code in re.findall(r"^\| (\d{3}|any) \| `([A-Z_]+)` \|", section, re.M)}


def test_the_index_names_every_code_of_the_problem_catalogue_with_its_status():
    rows = http_rows()
    for code, (status, _) in HTTP_PROBLEMS.items():
        assert rows.get(code) == str(status), code
    assert rows["HTTP_ERROR"] == "any"


def test_the_index_names_exactly_the_protocol_codes_of_the_contract():
    problem = json.loads((ROOT / "schemas" / "problem.json").read_text(encoding="utf-8"))
    assert set(http_rows()) == set(problem["$defs"]["ProtocolCode"]["enum"])


def test_every_status_an_operation_of_the_contract_answers_is_in_the_index():
    document = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    answered = {status for item in document["paths"].values() for operation in item.values()
                if isinstance(operation, dict) for status in operation.get("responses", {})}
    errors = {status for status in answered if status >= "400"}
    text = PAGE.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| (\d{3}) \|", text, re.M))
    assert errors <= listed, errors - listed


def test_the_index_lists_every_rule_code_with_its_title():
    table = rule_code_table(ROOT)
    assert "<!-- rule-codes -->" in PAGE.read_text(encoding="utf-8")
    for code in Code:
        assert f"| `{code.value}` | {code.title} |" in table, code
    assert table.count("\n| `") == len(Code)


def test_the_pages_that_answer_problems_link_to_the_index():
    for page in ("reference/http-api.md", "howto/sealed-games.md", "troubleshooting.md", "tutorial.md"):
        assert "errors.md" in (DOCS / page).read_text(encoding="utf-8"), page
