"""The row games: classic Elfer raus! (two editions, four starts) and the junior game.

They share their whole mechanism (docs/games/classic.md): a row holds one colour and grows
one step at a time from where it began; playing is compulsory; a player who cannot play
draws, up to a limit, and may (or must) place the card drawn last if it fits; the
penalty is what is left in hand. What differs is said by a `Variant`:

- `variant`: the `Variant` base; each ruleset (`referee/games/classic`,
  `referee/games/junior`) says everything it changes in one file;
- `state`, `validity`, `turn`, `legal`, `scoring`, `deal`: the engine they share;
- `ruleset`: `RowRuleset`, the shared face of both as `core.ruleset.Ruleset`s.

May import: `referee.core` and the standard library. Never `referee.games.master`, the web
layer or any web, schema or serializer library.
"""
