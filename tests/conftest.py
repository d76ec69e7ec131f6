"""Shared pytest set-up.

Hypothesis profiles: "ci" is the default (derandomized, so CI runs are reproducible,
with a moderate number of examples); HYPOTHESIS_PROFILE=thorough runs many more.

`support.service_errors` fails every test during which the in-process service logs an
error: its safety nets answer on, so a bug one of them catches is otherwise hidden.
"""

import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.register_profile(
    "thorough",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

pytest_plugins = ["support.service_errors"]

# Sealed games' store: one SQLite file per test process in a folder of its own (inherited
# by the services the tests start), never the user's own file. A test that needs another
# store says so in the app's config or the service's environment.
os.environ.setdefault("REFEREE_STORE", os.path.join(tempfile.mkdtemp(prefix="elfer-store-"), "sealed.sqlite3"))
# The tests start hundreds of sealed games a minute from one address; the limit on new
# sealed games (120 a minute by default) is tested on its own, in
# tests/sealed/test_new_game_limit.py, with the default and with limits of its own.
os.environ.setdefault("REFEREE_NEW_GAMES_PER_MINUTE", "0")



# -- pytest-xdist: how the tests are spread over the workers (`-n auto` in pyproject.toml) --

#: Modules whose tests share an expensive module fixture (the exported corpus, the
#: generated clients, the guide built): each runs whole on one worker, so the fixture is made once.
WHOLE_MODULES = frozenset({
    "tests/conformance/test_corpus.py",
    "tests/clients/test_python_client.py",
    "tests/clients/test_npm_tools.py",
    "tests/docs/test_site.py",
})


#: The longest tests (a minute or more each on the 2-core machine: the schemathesis rounds
#: in their own interpreters, the MASTER oracle games, the brute-force counts) start first,
#: so that the other worker meanwhile runs the many short ones and neither waits for
#: the other at the end. Only the order changes: every test runs, wherever it is listed.
LONG_FIRST = (
    "tests/http/test_schemathesis.py::",
    "tests/http/test_schemathesis_served.py::",
    "tests/games/master/test_random_games.py::",
    "tests/conformance/test_count.py::",
    "tests/games/master/test_board.py::",
    "tests/http/test_contract_same_documents.py::",
    "tests/http/test_sealed_leaks.py::test_a_whole_sealed_",
)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """xdist's `--dist load` (the default with -n), with the modules above kept whole
    and the long tests first.

    Not `--dist loadgroup` with `xdist_group` marks: pytest-xdist 3.8 groups by renaming
    node ids, which pytest 9.2 ignores (pytest-dev/pytest-xdist#1386), and the groups are
    silently lost. An explicit `--dist` other than `load` is left to xdist.
    """
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    def rank(scope: str) -> int:
        return next((i for i, prefix in enumerate(LONG_FIRST) if scope.startswith(prefix)), len(LONG_FIRST))

    class LoadKeepingModulesWhole(LoadScopeScheduling):
        # One test per unit of work, except the modules kept whole (handed out before the
        # single tests: LoadScopeScheduling puts the largest units first).
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return module if module in WHOLE_MODULES else nodeid

        def _assign_work_unit(self, node) -> None:
            # Before the first unit goes out, the long tests move to the front of the queue
            # (a stable sort: the rest keep their order).
            if not getattr(self, "_long_first", False):
                self._long_first = True
                units = sorted(self.workqueue.items(), key=lambda unit: rank(unit[0]))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

    return LoadKeepingModulesWhole(config, log)
