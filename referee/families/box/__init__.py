"""What the eight other games in the box share (docs/games/index.md), written once.

- `cards`: the 80 classic cards, the two editions' colours, card names;
- `options`: a game's options, read (shape: SCHEMA_VIOLATION) and checked against the
  edition (INVALID_STATE), with their listing for `GET /v1/rulesets`;
- `piles`: piles that are lists (top first) or `{"count": n}`, and table entries
  (`{"player", "card"}`) that may hide their card;
- `actions`: the box's action records and their one reader; an action kind a game does
  not have is read, and refused by the game's grammar (`TURN_SHAPE`);
- `grammar`: a game's turn shape over action kinds (`TURN_SHAPE`);
- `deal`: a seeded deal's start, the request checked and the cards shuffled;
- `wire`: the players, `current` and lists of seats, read from a state;
- `state`: `BoxState` and `BoxPlayer`, the head every game's state and player begin with,
  and `wired_record`, which makes a game's state and players from their fields' wire
  kinds (`to_dict`, `from_dict`, the schema of each member and the piles);
- `seats`: who may act now (`current`, or everyone in `waiting` in a simultaneous
  step), checked against what the table says, and `NOT_YOUR_TURN`;
- `validity`: card conservation and the other impossible-state checks every game makes;
- `turn`: `BoxTurn`, the step loop of one player's turn with the turn-up checks
  (`DRAW_CARD_REQUIRED`, `DRAW_MISMATCH`, `CARD_UNAVAILABLE`) and `game_over`;
- `ruleset`: `BoxRuleset`, the `core.ruleset.Ruleset` every box game subclasses, with the
  state checks every game makes first (`check_state`, then the game's `check_game`).

A game plugs in as a package of its own (`referee/games/zweikampf`, `referee/games/hoechste_karte`):
its state and players (`wired_record`s over `BoxState` and `BoxPlayer`, only the fields of
its own), `check_game`, a `BoxTurn` subclass, its grammar, deal, scores and view, and one
line in `referee/games/__init__.py`.

May import: `referee.core` and the standard library. Never the games (`referee.games.master`,
`referee.families.rows`, the box games), the web layer or any web, schema or serializer
library.
"""
