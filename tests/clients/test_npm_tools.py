"""The served contract read by the npm tools a TypeScript developer uses.

openapi-typescript turns `/openapi.json` into types, and `tsc --strict` compiles a small
program against them (clients/typed-client.ts) and refuses one with six mistakes
(clients/typed-client-mistakes.ts); `redocly lint` finds no error (its configuration,
clients/redocly.yaml, gives the reason for every warning kept). The tools are pinned in
clients/package.json and installed by `npm ci` there (scripts/test does it); without them
these tests fail, they are not skipped. Marked `clients`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from referee.http import create_app

pytestmark = [pytest.mark.clients, pytest.mark.slow]

CLIENTS = Path(__file__).resolve().parents[2] / "clients"
BIN = CLIENTS / "node_modules" / ".bin"
TSC = ["--strict", "--noEmit", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler"]


def tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{path} is missing: run `npm ci` in {CLIENTS} (scripts/test does)")
    return str(path)


def run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("npm-tools")
    (folder / "openapi.json").write_bytes(create_app({"TESTING": True}).test_client().get("/openapi.json").data)
    return folder


@pytest.fixture(scope="module")
def types(served) -> Path:
    done = run([tool("openapi-typescript"), "openapi.json", "-o", "api.d.ts"], served)
    assert done.returncode == 0, done.stderr
    for program in ("typed-client.ts", "typed-client-mistakes.ts"):
        shutil.copy(CLIENTS / program, served / program)
    return served / "api.d.ts"


def test_the_typescript_types_have_typed_states_turns_and_no_defs(types):
    text = types.read_text()
    assert not re.search(r'"?\$defs"?\??:', text)
    assert ('State: components["schemas"]["MasterState"] | components["schemas"]["ClassicState"] | '
            'components["schemas"]["JuniorState"] | components["schemas"]["ZweikampfState"] | '
            'components["schemas"]["FarbenSammelnState"] | components["schemas"]["UeberallAnschliessenState"] | '
            'components["schemas"]["HoechsteKarteState"] | components["schemas"]["MogelnState"] | '
            'components["schemas"]["RatefixState"] | components["schemas"]["SchwarzerPeterState"] | '
            'components["schemas"]["SchnippSchnappState"];') in text
    # One turn request per ruleset, whose state and turn are that ruleset's.
    rulesets = ("Master", "Classic", "Junior", "Zweikampf", "FarbenSammeln", "UeberallAnschliessen",
                "HoechsteKarte", "Mogeln", "Ratefix", "SchwarzerPeter", "SchnippSchnapp")
    assert ("PlainTurnRequest: " + " | ".join(f'components["schemas"]["{r}TurnRequest"]' for r in rulesets) + ";") in text
    for r in rulesets:
        request = re.search(rf"\n        {r}TurnRequest: \{{\n(.*?)\n        \}};", text, flags=re.DOTALL)
        assert request, r
        assert f'state: components["schemas"]["{r}State"];' in request.group(1), r
        assert f'turn: components["schemas"]["{r}Turn"];' in request.group(1), r
    assert 'actions: components["schemas"]["RatefixAction"][];' in text
    assert 'actions: components["schemas"]["MasterAction"][];' in text
    # A new game's options and players by ruleset: one branch per ruleset, its options typed.
    assert ('ruleset: "zweikampf";\n            options?: components["schemas"]["ZweikampfOptions"];\n'
            '            rows?: unknown;\n            players?: string[];') in text
    # No member typed unknown (headers aside), but the members a new game's branch refuses
    # (`{"not": {}}`, which the request's own member narrows to its type).
    refused = re.compile(r"\n            (options|rows)\?: unknown;")
    assert not re.search(r"\w\??: unknown\b", refused.sub("", text))


def test_a_typed_program_compiles_with_tsc_strict(types):
    done = run([tool("tsc"), *TSC, "typed-client.ts"], types.parent)
    assert done.returncode == 0, done.stdout + done.stderr


def test_tsc_strict_refuses_each_mistake(types):
    done = run([tool("tsc"), *TSC, "typed-client-mistakes.ts"], types.parent)
    assert done.returncode != 0
    lines = sorted({int(m.group(1)) for m in re.finditer(r"typed-client-mistakes\.ts\((\d+),\d+\): error", done.stdout)})
    assert lines == [7, 8, 9, 10, 11, 12], done.stdout


def test_redocly_lint_finds_no_error(served):
    done = run([tool("redocly"), "lint", "openapi.json", "--config", str(CLIENTS / "redocly.yaml"),
                "--max-problems", "1000", "--format", "summary"], served)
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.findall(r"^(\w+) ([\w-]+): \d+$", done.stdout + done.stderr, flags=re.MULTILINE)
    assert {level for level, _ in found} == {"warning"}
    assert {rule for _, rule in found} == {
        "operation-4xx-response", "no-required-schema-properties-undefined", "no-unused-components",
        "no-illogical-composition-keywords"}
