"""Ruleset `hoechste-karte` ("Die höchste Karte gewinnt"): each player holds 1 to 11 of a
colour of their own; everyone plays one card face down, the one highest value takes the
trick, and a tie is set aside for the next trick that has one winner (docs/games/hoechste-karte.md).

- `state`: the state and its wire form; `validity`: the impossible states;
- `turn`: a turn (one play) and how a trick is settled; `deal`: the seeded deal;
- `ruleset`: `HoechsteKarte`, the `families.box.ruleset.BoxRuleset`, with scores and views.

May import: `referee.families.box`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
