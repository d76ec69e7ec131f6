"""Hypothesis strategies for Elfer raus!, for test authors who check their own engine.

    pip install '.[testing]'    # in the project's folder (the guide's install page: from a wheel)

    from hypothesis import given
    from referee import testing

    @given(testing.states(ruleset="master", hidden=None).flatmap(
        lambda s: testing.arbitrary_turns(s).map(lambda t: (s, t))))
    def test_my_engine_agrees_with_the_referee(case):
        state, turn = case
        assert my_engine.judge(state, turn) == testing.judge(state, turn)

Every value is plain JSON data in the shape of the HTTP contract (a state is what
`POST /v1/turns` takes as `state`, a turn what it takes as `turn`), so the examples can
be sent to any engine, in any language. The strategies:

- `deals(ruleset, hidden)`: a fresh seeded deal;
- `positions(ruleset, hidden, max_turns)`: a position reached by random legal play;
- `tables(hidden)`: constructed MASTER positions (dense rows, islands behind bridges,
  jokers on the table, the bonus cards running out, an empty pile);
- `states(ruleset, hidden)`: any of these; `impossible_states(ruleset)`: states the
  referee must refuse as INVALID_STATE;
- `legal_turns(state)`, `arbitrary_turns(state)`: a legal turn, and a turn that may
  break any rule (deliberate mistakes: past the 4-card limit, past the end of the
  hand, a bridge to any row, a swap without a placement, a draw naming a wrong card, ...);
- `games(ruleset, max_turns)`: a deal and a whole game of legal turns, as `(state, turns)`.

`ruleset` is `"master"`, `"classic"` (any combination of its options), `"junior"`, or None
for every one; `hidden` is False (every card known), True (some hands and perhaps the
pile given as counts) or None (either). `judge(state, turn)` is the referee's answer as
plain data, the oracle to compare with.

Long games cost Hypothesis only a few numbers: the random play runs on a
`random.Random` seeded from a drawn integer, and shrinks with it.
"""

from __future__ import annotations

from typing import Any

from .. import engine
from .decks import GameKind, game_kinds
from .play import hide
from .strategies import (
    arbitrary_turns,
    deals,
    games,
    impossible_states,
    kinds,
    legal_turns,
    positions,
    rngs,
    states,
    tables,
)

__all__ = [
    "deals", "positions", "tables", "states", "impossible_states", "legal_turns",
    "arbitrary_turns", "games", "kinds", "rngs", "hide", "judge", "GameKind", "game_kinds",
]


def judge(state: dict[str, Any], turn: dict[str, Any]) -> dict[str, Any]:
    """The referee's answer to `POST /v1/turns` as comparable data: for a legal turn
    `{"state", "events", "unchecked"}` (unchecked sorted), for a refused one
    `{"code", "action"}`."""
    loaded = engine.load_state(state)
    try:
        result = engine.apply(loaded, engine.load_turn(turn, loaded.ruleset))
    except engine.Violation as violation:
        return {"code": violation.code.value, "action": violation.action}
    return {"state": result.state.to_dict(), "events": result.events, "unchecked": sorted(result.unchecked)}
