"""Ruleset `mogeln`: players lay cards face down in a rising count and say the value; any
play may be a lie, and a challenge ("gemogelt!") turns it up: whoever was wrong takes the
stack. The first to empty their hand without being caught wins (docs/games/mogeln.md;
the editions differ in who may challenge and how far the count goes).

- `state`: the state and its wire form; `validity`: the impossible states;
- `actions`: play, challenge and accept, and their reader;
- `turn`: a turn checked and carried out action by action; `deal`: the seeded deal;
- `ruleset`: `Mogeln`, the `families.box.ruleset.BoxRuleset`, with scores and views.

May import: `referee.families.box`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
