"""The two families of games: what several games share, written once.

- `rows`: the row games' shared engine (classic and junior; MASTER has its own faster
  engine over `referee.core`);
- `box`: what the eight other games in the box share (cards, options, piles, seats, the
  step loop of a turn, the impossible-state checks every one makes).

A family imports `referee.core` and `referee.i18n` only, never a game.
"""
