"""Elfer raus! MASTER (docs/games/master.md): 84 number cards and 4 jokers, bridges, bonus cards.

- `facts`: the game's numbers in one object, `MASTER`;
- `state`: the state and its codec; `validity`: the impossible states (`INVALID_STATE`);
- `turn`: a turn's checks in the order of the page's "The codes"; `legal`: what may come next;
- `deal` and `scoring`: the seeded deal and the scores;
- `ruleset`: `Master`, the ruleset the registry finds as `"master"`;
- for speed (bots and counts): `board`, the compact board (rows as bit masks); `steps`,
  a turn on it; `perft`, every complete turn walked on it; `game`, `Game`, a whole game
  in process for bots. The dict engine above stays the reference that names refusals.

May import: `referee.core` and the standard library. Never `referee.families.rows`, the web
layer or any web, schema or serializer library.
"""
