"""Ruleset `schwarzer-peter`: one card is set aside, the rest dealt; in turn each draws a
card from the next player who still holds cards and lays the pairs it makes; who is left
holding the last card has lost (docs/games/schwarzer-peter.md), with the option `short`.

- `state`: the state, its actions and their wire form; `validity`: the impossible states;
- `turn`: a turn (a draw, and the pair it makes); `deal`: the seeded deal, with the
  pairs dealt laid at once;
- `ruleset`: `SchwarzerPeter`, the `families.box.ruleset.BoxRuleset`, with scores and views.

May import: `referee.families.box`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
