"""The reference referee for the card game Elfer raus! (MASTER, classic and junior).

- `engine`: the public face of the pure rules engines, over the registry of rulesets;
- `core`: what every ruleset shares; `master` and `rowgames`: the two families of games;
- `http`: the web service around the engine; `cli`: the `referee` command;
- `bots`: example players for `master.game.Game`, a MASTER game in process;
- `sealing`: sealed games' tokens, seat keys and the deal's commitment (cryptography
  only: it knows neither the rules nor the web); `verify`: `referee verify`.

The engine packages (`core`, `master`, `rowgames`, and `engine`) import no web code and
no web, schema or serializer library; `tests/core/test_import_rules.py` holds them to it.
Room is left beside them for what builds on the engine (pictures, pages, translations,
the conformance kit), each in a package of its own.
"""

__version__ = "0.1.0"
