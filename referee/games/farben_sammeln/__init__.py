"""Ruleset `farben-sammeln`: each turn a player takes a card (from the face-down pile or a
face-up display stack) and discards one onto a display stack; whoever holds one colour
may close the round, and each player scores the best colour's sum (docs/games/farben-sammeln.md).

- `state`: the state and its wire form; `validity`: the impossible states;
- `actions`: take, discard and close, and their reader;
- `turn`: a turn checked and carried out action by action; `deal`: the seeded deal;
- `ruleset`: `FarbenSammeln`, the `families.box.ruleset.BoxRuleset`, with scores and views.

May import: `referee.families.box`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
