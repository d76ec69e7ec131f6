"""Ruleset `farben-sammeln`: each turn a player takes a card (from the face-down pile or a
face-up display stack) and discards one onto a display stack; whoever holds one colour
may close the round, and each player scores the best colour's sum (docs/games/farben-sammeln.md).

Its own module beyond the roles every game's folder has (`referee.games`): `actions`, take,
discard and close, and their reader.
"""
