"""Ruleset `ueberall-anschliessen`: players turn up the cards of their stacks and put each
on the middle, on another player's open pile or on their own, wherever it is one higher
(after 20 comes 1); an overlooked fit caught by the table costs a "Stopp!" penalty, and
the first to run out of cards wins (docs/games/ueberall-anschliessen.md).

- `state`: the state and its wire form; `validity`: the impossible states;
- `actions`: reveal, place and stopp, and their reader;
- `turn`: a turn checked and carried out action by action; `deal`: the seeded deal;
- `ruleset`: `UeberallAnschliessen`, the `families.box.ruleset.BoxRuleset`, with scores and
  views.

May import: `referee.families.box`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
