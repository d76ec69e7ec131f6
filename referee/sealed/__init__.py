"""Sealed games: the referee deals and keeps the game, and each player sees only their
view.

- `sealing`: the tokens, seat keys and the deal's commitment (cryptography only: it
  knows neither the rules nor the web);
- `verify`: `referee verify`, a finished sealed game's deal and draws checked against
  its revealed secret.
"""
