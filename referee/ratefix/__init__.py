"""Ruleset `ratefix`: every player puts the top card of their stack face down into the
middle, then each guesses the total once; the nearest guess takes the middle (RULES-DECK.md
section 3), with the option `cards_each`.

- `state`: the state, its actions and their wire form; `validity`: the impossible states
  and who acts now;
- `rounds`: a turn (one put, or one guess) and how a round is taken; `deal`: the seeded
  deal;
- `ruleset`: `Ratefix`, the `boxgames.ruleset.BoxRuleset`, with scores and views.

May import: `referee.boxgames`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
