"""Ruleset `mogeln`: players lay cards face down in a rising count and say the value; any
play may be a lie, and a challenge ("gemogelt!") turns it up: whoever was wrong takes the
stack. The first to empty their hand without being caught wins (docs/games/mogeln.md;
the editions differ in who may challenge and how far the count goes).

Its own module beyond the roles every game's folder has (`referee.games`): `actions`, play,
challenge and accept, and their reader.
"""
