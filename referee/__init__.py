"""The reference referee for the card game Elfer raus!: MASTER, classic, junior and the
eight other games in the box.

The entry modules:

- `engine`: the public face of the pure rules engines, over the registry of games;
- `cli`: the `referee` command.

The rooms:

- `core`: what every game shares (cards, actions, codes, errors, the step loop);
- `families`: what a family of games shares (`rows`, `box`); `games`: one folder for each
  game, with everything it knows, and the registry (`games.GAMES`);
- `advice`: what would have worked after a refusal, and the rules reference;
- `sealed`: sealed games' tokens, seat keys, the deal's commitment and `referee verify`;
- `http`: the web service; `pages`: the table page; `pictures`: the table drawn as SVG;
  `i18n`: the four languages; `testing` and `conformance`: the kits for test authors.

The engine (`core`, `families`, `games`, `engine`) imports no web code and no web, schema
or serializer library, and nothing outside `games` names a game;
`tests/core/test_import_rules.py` holds them to it.
"""

#: The package's version (Semantic Versioning; CHANGELOG.md says what each one changed).
#: pyproject.toml reads it from here, and /healthz, `referee --version` and openapi.yaml's
#: info.version say it.
__version__ = "0.2.0"
