"""Ruleset `schwarzer-peter`: one card is set aside, the rest dealt; in turn each draws a
card from the next player who still holds cards and lays the pairs it makes; who is left
holding the last card has lost (docs/games/schwarzer-peter.md), with the option `short`.

It has only the roles every game's folder has (`referee.games`); `state` also holds its
actions and their reader, and `deal` lays the pairs dealt at once.
"""
