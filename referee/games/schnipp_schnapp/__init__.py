"""Ruleset `schnipp-schnapp`: every player turns up the top card of a face-down stack onto
an open pile; whoever first calls "Schnapp!" when the card's value lies on another open
pile takes those piles, "Schnipp!" when it matches the top of the middle takes the middle.
A wrong call throws the caller's open pile onto the middle. Quartets are set aside; who
sets aside the most wins (docs/games/schnipp-schnapp.md; option `together`: everyone flips at
once and the most cards won decides).

- `state`: the state and its wire form; `validity`: the impossible states;
- `actions`: flip and call, and their reader; `calls`: which calls are right now;
- `turn`: a turn checked and carried out; `deal`: the seeded deal;
- `ruleset`: `SchnippSchnapp`, the `families.box.ruleset.BoxRuleset`, with scores and views.

May import: `referee.families.box`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
