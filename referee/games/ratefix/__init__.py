"""Ruleset `ratefix`: every player puts the top card of their stack face down into the
middle, then each guesses the total once; the nearest guess takes the middle
(docs/games/ratefix.md), with the option `cards_each`.

It has only the roles every game's folder has (`referee.games`); `state` also holds its
actions and their reader, `validity` who acts now, and `turn` settles a round.
"""
