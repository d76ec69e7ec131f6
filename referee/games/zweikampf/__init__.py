"""Ruleset `zweikampf`: two players turn up the top cards of their stacks, and the higher
value takes the battle (docs/games/zweikampf.md), with the option `until_all`.

- `state`: the state and its wire form; `validity`: the impossible states;
- `turn`: a turn (one reveal) and how a battle is settled; `deal`: the seeded deal;
- `ruleset`: `Zweikampf`, the `families.box.ruleset.BoxRuleset`, with scores and views.

May import: `referee.families.box`, `referee.core` and the standard library. Never the other
games, the web layer or any web, schema or serializer library.
"""
