"""`referee new-game NAME` writes a game that deals, plays and ends through the engine.

The game is written into a copy of the repository's package, tests and guide in a
temporary folder (never into the repository), and played there in a fresh interpreter:
dealt, a turn judged, a whole game played from the legal actions, and its own test run.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee import cli
from referee.scaffold import ScaffoldError, new_game, words

ROOT = Path(__file__).resolve().parents[1]

PLAY = """
import random
from referee import engine
from referee.games.{package}.ruleset import {Game}

assert engine.find_ruleset("{name}").name == "{name}" and isinstance(engine.find_ruleset("{name}"), {Game})
state = engine.new_game(["Ann", "Ben"], seed=3, ruleset="{name}").state
top = state.to_dict()["players"][0]["stack"][0]
turn = engine.apply(state, engine.load_turn({{"player": 0, "actions": [{{"type": "reveal"}}]}}, "{name}"))
print("revealed", turn.events == [{{"type": "revealed", "player": 0, "card": top}}], turn.state.current)
rng, turns = random.Random(1), 0
while not state.is_over:
    listed = engine.legal_actions(state)
    state = engine.apply(state, engine.Turn(listed.player, (rng.choice(listed.actions),))).state
    turns += 1
print("ended", turns, engine.scores(state)["finished"])
"""


@pytest.fixture()
def repository(tmp_path):
    """A copy of what the scaffold writes into and reads: the package, tests and guide, and
    the contract the service loads to show its table page."""
    for part in ("referee", "tests", "docs", "schemas"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__", "site"))
    for file in ("mkdocs.yml", "openapi.yaml", "babel.cfg", "babel-pages.cfg"):
        shutil.copy(ROOT / file, tmp_path / file)
    return tmp_path


def run(root: Path, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *argv], cwd=root, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=600)


def test_a_new_game_deals_plays_a_turn_and_ends_through_the_engine(repository):
    out = io.StringIO()
    assert cli.new_game("hoch-gewinnt", out=out, root=repository) == 0
    printed = out.getvalue().splitlines()
    assert printed[:3] == ["wrote referee/games/hoch_gewinnt/__init__.py", "wrote referee/games/hoch_gewinnt/texts.toml",
                           "wrote referee/games/hoch_gewinnt/state.py"]
    for part in ("situations.py", "space.py", "game.py"):
        assert f"wrote referee/games/hoch_gewinnt/{part}" in printed
    assert "wrote tests/games/hoch_gewinnt/test_hoch_gewinnt.py" in printed
    assert out.getvalue().endswith("\nnext: python -m referee.regenerate (the contract, the catalogues' new entries, "
                                   "the rules reference, the game-AI tables), then its texts in every language and an "
                                   "example of every code on its page; pytest tests/games/test_every_game_is_whole.py "
                                   "lists what is left\n")
    assert "wrote referee/pages/static/js/box/games/hoch-gewinnt.js" in printed
    assert printed[-2] == "wrote referee/games/__init__.py"  # the registry's line; nothing else outside
    assert not any("mkdocs.yml" in line or "table.html" in line or "box/games.js" in line for line in printed)
    played = run(repository, "-c", PLAY.format(**words("hoch-gewinnt")))
    assert played.returncode == 0, played.stderr
    revealed, ended = played.stdout.splitlines()
    assert revealed == "revealed True 1"
    assert ended == "ended 40 True"  # 40 cards, one turned up a turn
    own_test = run(repository, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                   "tests/games/hoch_gewinnt", "tests/families/box/test_wiring.py")
    assert own_test.returncode == 0, own_test.stdout[-3000:]
    assert not (ROOT / "referee" / "games" / "hoch_gewinnt").exists()
    # Its game in process gives the dict engine's answers over random games, the game-AI
    # environments play it, and the corpus finds each of its situations.
    regenerated = run(repository, "-m", "referee.regenerate")
    assert regenerated.returncode == 0, regenerated.stderr[-3000:]
    assert "wrote docs/howto/game-ai.md (referee.ai.tables)" in regenerated.stdout.splitlines()
    beside = run(repository, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "tests/compact/test_side_by_side.py",
                 "tests/ai", "-k", "hoch-gewinnt or tables")
    assert beside.returncode == 0, beside.stdout[-3000:]
    assert re.search(r"\b([1-9][0-9]*) passed", beside.stdout) and "failed" not in beside.stdout
    found = run(repository, "-c", "from referee.conformance.boxsituations import situation_cases; "
                "print(situation_cases(lambda name, text, path, body: name, 'hoch-gewinnt'))")
    assert found.stdout == "['situations/hoch-gewinnt/tie-taken-by-the-second-card', " \
                           "'situations/hoch-gewinnt/leader-wins-and-leads-again']\n", found.stderr[-3000:]
    compact = run(repository, "-c", "from referee.games import COMPACT_GAMES; print(COMPACT_GAMES['hoch-gewinnt'])")
    assert compact.stdout == "<class 'referee.games.hoch_gewinnt.game.Game'>\n", compact.stderr
    # What is left for its author, in one list: its texts in every language, the examples.
    left = run(repository, "-c", "import json, sys; sys.path.insert(0, 'tests/games'); "
               "from test_every_game_is_whole import lacks; print(json.dumps(lacks('hoch-gewinnt')))")
    assert left.returncode == 0, left.stderr
    missing = json.loads(left.stdout)
    assert missing[0] == "an example of INVALID_STATE on docs/games/hoch-gewinnt.md"
    assert "the de translation of 'Hoch Gewinnt (two players)'" in missing
    assert not any("controls" in piece or "nav" in piece for piece in missing)
    # The table page offers it and loads its controls, and the guide's nav lists its page,
    # from the registry alone.
    offered = run(repository, "-c", "from referee.http import create_app; "
                  "html = create_app({'TESTING': True}).test_client().get('/table').get_data(as_text=True); "
                  "print('<option value=\"hoch-gewinnt\">Hoch Gewinnt (two players)</option>' in html, "
                  "html.split('id=\"box-games\">')[1].split('</script>')[0])")
    assert offered.returncode == 0, offered.stderr
    assert offered.stdout.split(" ", 1) == ["True", '["zweikampf","farben-sammeln","ueberall-anschliessen",'
                                            '"hoechste-karte","mogeln","ratefix","schwarzer-peter","schnipp-schnapp",'
                                            '"hoch-gewinnt"]\n']
    nav = run(repository, "-c", "from pathlib import Path; from referee.guide.games_nav import games; "
              "print(games(Path('.'))[-1])")
    assert nav.stdout == "('hoch-gewinnt', 'Hoch Gewinnt')\n", nav.stderr


def test_a_name_that_is_not_one_or_a_game_that_exists_is_refused(repository):
    with pytest.raises(ScaffoldError, match="not a game's name"):
        new_game("Hoch_Gewinnt", repository)
    with pytest.raises(ScaffoldError, match="exists already"):
        new_game("zweikampf", repository)
    out = io.StringIO()
    assert cli.new_game("9lives", out=out, root=repository) == 2
    assert out.getvalue().startswith("error: '9lives' is not a game's name")
