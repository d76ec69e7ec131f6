"""Ruleset `zweikampf`: two players turn up the top cards of their stacks, and the higher
value takes the battle (docs/games/zweikampf.md), with the option `until_all`.

It has only the roles every game's folder has (`referee.games`); `turn` settles a battle.
"""
