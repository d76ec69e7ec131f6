"""Ruleset `hoechste-karte` ("Die höchste Karte gewinnt"): each player holds 1 to 11 of a
colour of their own; everyone plays one card face down, the one highest value takes the
trick, and a tie is set aside for the next trick that has one winner (docs/games/hoechste-karte.md).

It has only the roles every game's folder has (`referee.games`); `turn` settles a trick.
"""
