"""Sealed games: the referee deals and keeps the game, and each player sees only their
view.

- `sealing`: the tokens, seat keys and the deal's commitment (cryptography only: it
  knows neither the rules nor the web);
- `verify`: `referee verify`, a finished sealed game's deal and draws checked against
  its revealed secret;
- `store`: each game token spent once, each game's latest token and the seats claimed
  (an embedded SQLite file by default, `sqlite_store`; Redis or Valkey, one server or
  a cluster, for several instances, `redis_store`; or nothing at all), so that sealed
  games hold against a cheating player, and fail closed; `tokens` reads a token's
  identity and age from its bytes;
- `invitations`: an invited game's invitations and the seat keys claimed with them;
- `service`: sealed games as a service (`SealedGames`): the open-turn protocol, spending
  and what a seat may be told, for the web layer to call;
- `own_seat`: a sealed turn acts for its seat alone (an action for others is refused).

`store`, `tokens` and `invitations` import the standard library, `cryptography` and
`redis` only; never Flask or the engine. `service` and `verify` call the engine; nothing
here imports Flask.
"""
