"""Ruleset `ratefix`: every player puts the top card of their stack face down into the
middle, then each guesses the total once; the nearest guess takes the middle
(docs/games/ratefix.md), with the option `cards_each`.

- `state`: the state, its actions and their wire form; `validity`: the impossible states
  and who acts now;
- `turn`: a turn (one put, or one guess) and how a round is taken; `deal`: the seeded
  deal;
- `ruleset`: `Ratefix`, the `families.box.ruleset.BoxRuleset`, with scores and views.

May import: `referee.families.box`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
