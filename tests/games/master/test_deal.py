"""MASTER's deal through the engine: its one option is the order of the rows (`rows`,
which the contract carries as a member of its own and `engine.with_rows` puts among the
options); any other option is refused."""

from __future__ import annotations

import pytest

from referee import engine
from referee.core.errors import MalformedInput


def row_order(options):
    return [row["color"] for row in engine.new_game(["Ada", "Ben"], seed=1, options=options).state.to_dict()["rows"]]


def test_the_rows_lie_in_the_order_the_option_gives():
    assert row_order({"rows": ["B", "G", "Y", "R"]}) == ["B", "G", "Y", "R"]
    assert row_order(engine.with_rows(None, ["G", "R", "B", "Y"])) == ["G", "R", "B", "Y"]


def test_without_the_option_the_rows_lie_red_yellow_green_blue():
    assert row_order(None) == ["R", "Y", "G", "B"]
    assert row_order({}) == ["R", "Y", "G", "B"]


def test_another_option_is_refused():
    with pytest.raises(MalformedInput, match="only choice is the order of the rows"):
        engine.new_game(["Ada", "Ben"], seed=1, options={"edition": "2018"})
