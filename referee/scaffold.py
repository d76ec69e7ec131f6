"""`referee new-game NAME`: a new game of the box in one command.

It writes a small playable game under `referee/games/<name>/` (two players, each turns up
the top card of a face-down stack into a trick; the higher value takes both, and the
most cards won wins), with every part in the module of its role and named in its
ruleset, like every game's folder (docs/contributing.md, "Adding a game"): its state,
deal, impossible states, turn, two situations for the conformance corpus, its action
space for the game-AI environments and its game in process for bots (`game.py`, held to
the engine's answers by `tests/compact/`); then its test (`tests/games/<name>/`), a stub
of its page (`docs/games/<name>.md`), a stub of its table controls
(`referee/pages/static/js/box/games/<name>.js`) and its lines in the registry
(`referee/games/__init__.py`, in `GAMES` and `COMPACT_GAMES`): the table page offers it
and the guide's nav lists its page from there. The game deals, plays and ends as it is;
its author changes the rules from there. `python -m referee.regenerate` then writes every
derived file again, and `tests/games/test_every_game_is_whole.py` lists what it still
lacks (its texts in every language, an example of every code).
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

#: The repository's root.
ROOT = Path(__file__).resolve().parents[1]
#: A game's name: lowercase words joined by hyphens, as its rulesets' names are.
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*")


class ScaffoldError(Exception):
    """The game cannot be written: the message says why."""


def words(name: str) -> dict[str, str]:
    """The spellings of a game's name the templates use."""
    package = name.replace("-", "_")
    cls = "".join(part.capitalize() for part in name.split("-"))
    title = " ".join(part.capitalize() for part in name.split("-"))
    return {"name": name, "package": package, "Game": cls, "title": title}


FOLDER = {
    "__init__.py": '''\
"""Ruleset `$name`: two players turn up the top cards of their face-down stacks into a
trick, and the higher value takes both (docs/games/$name.md).

Written by `referee new-game`: every part in the module of its role, named in `ruleset`.
"""
''',
    "texts.toml": '''\
# What $title says to a person (the keys: referee/core/texts.py).
title = "$title (two players)"
# One paragraph for GET /v1/rulesets, in English like every name in the contract.
description = """\\
Two players take turns to turn up the top card of their face-down stack into the \\
trick; the higher value takes both, and whoever has won the most cards when the stacks \\
are used up wins."""
summary = """\\
$title, for two players: in turn each turns up the top card of their face-down stack \\
into the trick, and the higher of the two takes both; the winner of a trick leads the \\
next. The most cards won wins."""
# What one turn is, the hint of a TURN_SHAPE refusal.
turn_shape = "A $title turn is one reveal: turn up the top card of your stack."
family_readings = ["most_cards_win"]
readings = []
''',
    "state.py": '''\
"""A $title state: two players, each with a face-down `stack` and a face-up `won`
pile, and the open `trick`."""

from __future__ import annotations

from ...families.box.options import COLORS, EDITION
from ...families.box.piles import Cards, Entry, count_cards
from ...families.box.state import BoxPlayer, BoxState, Pile, entries, face_down_stack, wired, wired_record, won_pile

OPTIONS = (EDITION, COLORS)


@wired_record
class ${Game}Player(BoxPlayer):
    """A player: their face-down stack and their won pile."""

    TITLE = "$title player"
    ABOUT = "One of the two players: a face-down stack and the face-up pile of cards won."

    stack: Cards = face_down_stack()
    won: tuple[str, ...] = won_pile()


@wired_record
class ${Game}State(BoxState, options=OPTIONS, player=${Game}Player):
    """The table: the cards turned up into the open trick."""

    TITLE = "$title state"
    ABOUT = "A game of $title: two players turn up the top cards of their stacks; the higher takes the trick."

    trick: tuple[Entry, ...] = wired(
        entries("the trick"), pile=Pile("Trick", "up"),
        about="The cards turned up into the open trick, in the order turned up.")

    @property
    def is_over(self) -> bool:
        """No trick is open and every stack is used up."""
        return not self.trick and all(count_cards(p.stack) == 0 for p in self.players)
''',
    "deal.py": '''\
"""The seeded $title deal: the cards of the two colours shuffled and dealt one at a
time from `first`, each onto the top of a face-down stack; `first` leads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...families.box.deal import shuffled
from ...families.box.piles import Hidden
from .state import OPTIONS, ${Game}Player, ${Game}State


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> ${Game}State:
    chosen, cards = shuffled(names, seed, first, 2, 2, options, OPTIONS)
    stacks: list[list[str]] = [[], []]
    for index, card in enumerate(cards):
        stacks[(first + index) % 2].insert(0, card)  # dealt onto the top
    players = tuple(${Game}Player(name, Hidden(len(stack)) if hidden else tuple(stack), ())
                    for name, stack in zip(names, stacks))
    return ${Game}State(chosen, players, first, (), (), checked=True)
''',
    "validity.py": '''\
"""The impossible $title states (docs/games/$name.md), each INVALID_STATE with a reason
naming the card, pile or player."""

from __future__ import annotations

from ...core.errors import invalid_state
from ...families.box.piles import count_cards
from ...families.box.seats import Seats, check_seats
from ...families.box.validity import check_cards, check_entry_players, entry_zones
from .state import ${Game}State


def check_game(state: ${Game}State) -> None:
    check_entry_players(state.trick, 2, "/trick")
    for position, entry in enumerate(state.trick):
        if entry.card is None:
            raise invalid_state("{where} does not name its card; the trick lies face up",
                                where=f"/trick/{position}")
    if len(state.trick) > 1:
        raise invalid_state("the trick holds {n} cards; it is taken as soon as both have turned up",
                            n=len(state.trick))
    zones = [(f"/players/{i}/stack", p.stack) for i, p in enumerate(state.players)]
    zones += [(f"/players/{i}/won", p.won) for i, p in enumerate(state.players)]
    check_cards(state.deck, zones + entry_zones(state.trick, "/trick"))
    sizes = [count_cards(p.stack) + sum(1 for e in state.trick if e.player == i)
             for i, p in enumerate(state.players)]
    if sizes[0] != sizes[1]:
        raise invalid_state("the stacks hold {first} and {second} cards (with their cards in the trick); "
                            "they are always of equal size", first=sizes[0], second=sizes[1])
    check_seats(state, seats(state), state.is_over)


def seats(state: ${Game}State) -> Seats:
    """The other player answers an open trick; with none open, whoever won the last one
    leads (the state says who); nobody once the game is over."""
    if state.is_over:
        return Seats(None, ())
    if state.trick:
        return Seats(1 - state.trick[0].player, ())
    return Seats(0 if state.current is None else state.current, ())
''',
    "turn.py": '''\
"""A $title turn: one reveal, and the trick taken once both have turned up
(docs/games/$name.md)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ...core.errors import Violation
from ...families.box.actions import Reveal
from ...families.box.cards import value
from ...families.box.piles import Entry, Hidden
from ...families.box.turn import BoxTurn, Step
from .state import ${Game}State


class ${Game}Turn(BoxTurn):
    """One reveal: the turn works on a copy of the trick, and takes it once both have
    turned up."""

    def __init__(self, state: ${Game}State, player: int):
        super().__init__(state, player)
        self.trick = list(state.trick)
        self.leader = player

    def listed(self, card: str) -> bool:
        """The card lies face up, or in a stack the state lists."""
        seen = {e.card for e in self.trick}
        for player in self.players:
            seen.update(player.won)
            if not isinstance(player.stack, Hidden):
                seen.update(player.stack)
        return card in seen

    def check_reveal(self, index: int, action: Reveal) -> Violation | None:
        return self.turn_up_violation(index, action.card, self.players[self.player].stack, self.listed)

    def perform_reveal(self, index: int, action: Reveal) -> None:
        card = self.turn_up_own(action.card)
        self.trick.append(Entry(self.player, card))
        self.events.append({"type": "revealed", "player": self.player, "card": card})
        if len(self.trick) == 2:
            self.take_trick()

    def take_trick(self) -> None:
        """The higher value takes both cards onto its won pile (equal values: the one
        turned up second), and leads the next trick."""
        first, second = self.trick
        winner = first.player if value(first.card) > value(second.card) else second.player
        taker = self.players[winner]
        self.players[winner] = replace(taker, won=(first.card, second.card) + taker.won)
        self.events.append({"type": "won", "player": winner, "cards": 2, "from": "trick"})
        self.trick = []
        self.leader = winner

    def candidates(self) -> Iterator[Reveal]:
        if not self.taken:  # one reveal a turn
            yield Reveal()

    def new_state(self) -> ${Game}State:
        state = replace(self.state, players=tuple(self.players), trick=tuple(self.trick), checked=False)
        following = None if state.is_over else (1 - self.player if self.trick else self.leader)
        return replace(state, current=following, checked=True)

    STEPS = {"reveal": Step(check_reveal, perform_reveal)}
''',
    "situations.py": '''\
"""The situations of $title, for the conformance kit's corpus
(`situations-$name.json`): a tie taken by the card turned up second, and a trick
won by the player who led it, who then leads again. Each is a test on a turn (the state
before, the turn, the answer) that the kit searches random games for."""

from __future__ import annotations

from ...families.box.situations import Data, Shows


def _revealed(answer: Data) -> Data | None:
    return next((e for e in answer["events"] if e["type"] == "revealed"), None)


def _won_by(answer: Data) -> int | None:
    return next((e["player"] for e in answer["events"] if e["type"] == "won"), None)


def _tie_taken_by_the_second(before: Data, turn: Data, answer: Data) -> bool:
    revealed = _revealed(answer)
    return (len(before["trick"]) == 1 and revealed is not None and _won_by(answer) == turn["player"]
            and before["trick"][0]["card"][1:] == revealed["card"][1:])


def _leader_wins_and_leads_again(before: Data, turn: Data, answer: Data) -> bool:
    return (len(before["trick"]) == 1 and _won_by(answer) == before["trick"][0]["player"]
            and answer["state"]["current"] == before["trick"][0]["player"])


#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("tie-taken-by-the-second-card", "equal values: the card turned up second takes the trick",
     _tie_taken_by_the_second),
    ("leader-wins-and-leads-again", "the player who led takes the trick and leads the next one",
     _leader_wins_and_leads_again),
)
''',
    "space.py": '''\
"""$title's action space for game-AI environments (docs/howto/game-ai.md): a turn is
one reveal, whose card the referee turns up."""

from __future__ import annotations

from typing import Any


def action_space(state: Any) -> list[dict[str, Any]]:
    return [{"type": "reveal"}]
''',
    "ruleset.py": '''\
"""`$Game`: the ruleset as the registry knows it, naming its parts, with its scores and
views."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...core.codes import Code
from ...families.box.actions import REVEAL, ActionReader
from ...families.box.grammar import Grammar
from ...families.box.piles import Hidden, count_cards
from ...families.box.ruleset import FIRST_CODES, BoxRuleset, most_wins
from . import deal, space, validity
from .situations import SITUATIONS
from .state import ${Game}State
from .turn import ${Game}Turn


class $Game(BoxRuleset, folder=__package__):
    state_type = ${Game}State
    turn_type = ${Game}Turn
    new_deal = staticmethod(deal.deal)
    space = staticmethod(space.action_space)
    check_game = staticmethod(validity.check_game)
    situations = SITUATIONS
    codes = FIRST_CODES + (Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE)
    grammar = Grammar.one_of("reveal")
    reader = ActionReader([REVEAL], turn="A turn of a $title game: one reveal, by a player the step waits for.")
    turned_up_kinds = frozenset({"reveal"})

    def score(self, state: ${Game}State) -> dict[str, Any]:
        """Cards won; most wins."""
        return most_wins(state, [len(p.won) for p in state.players])

    def view(self, state: ${Game}State, player: int | None) -> ${Game}State:
        """Nobody sees a face-down stack, not even its owner; the won piles and the trick
        lie face up."""
        return replace(state, players=tuple(replace(p, stack=Hidden(count_cards(p.stack))) for p in state.players))
''',
    "game.py": '''\
"""A $title game in process, for bots: the stacks and won piles as lists with their
top card last, judged on them (`referee.compact` documents the interface, `core/compact.py`
the table's part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal);
every stack must be known. The players take turns: `current` turns up, and the trick is
taken as soon as both have turned up.
"""

from __future__ import annotations

from typing import Any

from ...core.compact import HiddenCards, TableGame
from ...families.box.actions import Reveal
from ...families.box.compact import closing_events
from ...families.box.piles import Entry, known
from .ruleset import ${Game}
from .state import ${Game}Player, ${Game}State

REVEAL = Reveal()


class Game(TableGame):
    """One $title game with every card known."""

    __slots__ = ("stacks", "won", "trick", "leader", "names", "options", "events")
    reference = ${Game}()
    NESTED, LISTS, SHARED = ("stacks", "won"), ("trick",), ("leader", "names", "options")

    def _load(self, state: ${Game}State) -> None:
        if not all(known(p.stack) for p in state.players):
            raise HiddenCards("a game in process needs every stack known")
        self.stacks = [list(reversed(p.stack)) for p in state.players]
        self.won = [list(reversed(p.won)) for p in state.players]
        self.trick = list(state.trick)
        self.leader = state.current
        self.names = [p.name for p in state.players]
        self.options = state.options
        self._current, self._waiting, self._over = state.current, (), state.is_over

    def _build(self) -> ${Game}State:
        players = tuple(${Game}Player(name=name, stack=tuple(reversed(stack)), won=tuple(reversed(won)))
                        for name, stack, won in zip(self.names, self.stacks, self.won))
        return ${Game}State(options=self.options, players=players, current=self._current, waiting=(),
                                trick=tuple(self.trick), checked=True)

    # -- a turn: one reveal ----------------------------------------------------------------------------

    def _open(self, seat: int, first: Any) -> bool:
        if self._over or seat != self._current:
            return False
        self.events = []
        return True

    def _moves(self) -> list[Any]:
        return [] if self._taken else [REVEAL]

    def _take(self, action: Any) -> bool:
        if self._taken or type(action) is not Reveal:
            return False
        seat, stack = self._seat, self.stacks[self._seat]
        if not stack or (action.card is not None and action.card != stack[-1]):
            return False
        card = stack.pop()
        self.trick.append(Entry(seat, card))
        self.events.append({"type": "revealed", "player": seat, "card": card})
        if len(self.trick) == 2:
            first, second = self.trick
            winner = first.player if int(first.card[1:]) > int(second.card[1:]) else second.player
            self.won[winner] += [second.card, first.card]  # top last: the first card turned up ends on top
            self.events.append({"type": "won", "player": winner, "cards": 2, "from": "trick"})
            self.trick, self.leader = [], winner
        return True

    def _complete(self) -> bool:
        return True

    def _commit(self) -> list[Any]:
        self._over = not self.trick and not self.stacks[0] and not self.stacks[1]
        self._current = None if self._over else (1 - self._seat if self.trick else self.leader)
        return closing_events(self, self._over)


__all__ = ["Game"]
''',
}

TEST = '''\
"""$title, as `referee new-game` wrote it: it deals, plays from what it lists, and ends."""

from __future__ import annotations

import random

import pytest

from referee import engine


def test_a_seeded_deal_gives_each_player_a_stack_of_twenty():
    state = engine.new_game(["Ann", "Ben"], seed=7, ruleset="$name").state.to_dict()
    assert [len(p["stack"]) for p in state["players"]] == [20, 20]
    assert (state["current"], state["trick"]) == (0, [])


def test_a_reveal_naming_another_card_than_the_top_is_refused():
    state = engine.new_game(["Ann", "Ben"], seed=7, ruleset="$name").state
    top = state.to_dict()["players"][0]["stack"][0]
    other = next(card for card in state.deck if card != top)
    with pytest.raises(engine.Violation) as refused:
        engine.apply(state, engine.load_turn({"player": 0, "actions": [{"type": "reveal", "card": other}]}, "$name"))
    assert refused.value.code.value == "DRAW_MISMATCH"


@pytest.mark.parametrize("seed", range(5))
def test_a_whole_game_played_from_the_legal_actions_ends_with_every_card_won(seed):
    rng = random.Random(seed)
    state = engine.new_game(["Ann", "Ben"], seed=seed, ruleset="$name").state
    while not state.is_over:
        listed = engine.legal_actions(state)
        state = engine.apply(state, engine.Turn(listed.player, (rng.choice(listed.actions),))).state
    scores = engine.scores(state)
    assert sum(s["cards"] for s in scores["scores"]) == 40
'''

PAGE = '''\
# $title (`$name`)

Two players, 40 cards. In turn each turns up the top card of their face-down stack into
the trick; the higher value takes both. The conventions every game of the box shares
(piles, naming cards, steps everyone takes at once) are on
[the games page](index.md#what-the-games-of-the-box-share).

## Set-up

- Options: `edition`, `colors` (the two colours played).
- The 40 cards of the two colours are dealt evenly: each player has a face-down `stack`
  of 20 and an empty face-up `won` pile; `first` leads.

## A turn

A turn is a single `reveal`: the player turns up the top card of their stack into the
`trick`. When both have turned up, the higher value takes both cards onto its `won`
pile (equal values: the card turned up second) and leads the next trick.

## End and scores

The game ends when both stacks are used up. The score is the number of cards won; the
most wins.

## The codes

Each code the ruleset reports, with a request that gets it (see the other games' pages).
'''

CONTROLS = '''\
// $title: in turn each player turns up their stack's top card; the higher takes the
// trick. Each names the card turned up; the referee takes the trick and ends the game.
import { _ } from "../../texts.js";
import { cardName } from "../cards.js";
import { ask, fullDeck, has } from "./common.js";

export default {
  options: [],
  deck: (state) => fullDeck(state),
  describe: (a) => (a.type === "reveal" ? cardName(a.card) : a.type),
  controls(ctx, t) {
    const { names, actor, legal } = ctx;
    if (!has(legal && legal.actions, "reveal")) return [];
    return [
      ask(_("Which card did {name} turn up?", { name: names[actor] })),
      t.picker(fullDeck(ctx.state), (card) => t.add({ type: "reveal", card })),
    ];
  },
  columns: () => [[_("Cards won"), (s) => s.cards]],
};
'''


def fill(text: str, spelled: dict[str, str]) -> str:
    return Template(text).substitute(spelled)


def register(registry: Path, spelled: dict[str, str]) -> None:
    """The game's imports, its ruleset at the end of `GAMES` and its game in process at
    the end of `COMPACT_GAMES` in the registry."""
    source = registry.read_text(encoding="utf-8")
    listed = re.search(r"GAMES = Registry\(\[(.*?)\]\)", source, re.DOTALL)
    compact = re.search(r"COMPACT_GAMES: [^=]*= \{(.*?),?\n\}", source, re.DOTALL)
    if listed is None or compact is None:
        raise ScaffoldError(f"{registry} has no GAMES = Registry([...]) or COMPACT_GAMES = {{...}} to add the game to")
    game, package = spelled["Game"], spelled["package"]
    # From the end backwards, so that each span found above still holds.
    source = source[:compact.end(1)] + f", {game}.name: {game}Game" + source[compact.end(1):]
    source = source[:listed.end(1)] + f", {game}()" + source[listed.end(1):]
    for pattern, line in ((r"^from \.\w+\.ruleset import \w+\n", f"from .{package}.ruleset import {game}\n"),
                          (r"^from \.\w+\.game import Game as \w+\n", f"from .{package}.game import Game as {game}Game\n")):
        imports = list(re.finditer(pattern, source, re.MULTILINE))
        if not imports:
            raise ScaffoldError(f"{registry} has no import of the form {line.strip()!r} to add the game's after")
        source = source[:imports[-1].end()] + line + source[imports[-1].end():]
    registry.write_text(source, encoding="utf-8")


def new_game(name: str, root: Path = ROOT) -> list[Path]:
    """Write the game `name` into the repository at `root`; the files written or changed."""
    if not NAME.fullmatch(name):
        raise ScaffoldError(f"{name!r} is not a game's name: lowercase words joined by hyphens, like farben-sammeln")
    spelled = words(name)
    folder = root / "referee" / "games" / spelled["package"]
    page = root / "docs" / "games" / f"{name}.md"
    if folder.exists() or page.exists():
        raise ScaffoldError(f"the game {name} exists already ({folder.relative_to(root)})")
    folder.mkdir(parents=True)
    written = []
    for file, text in FOLDER.items():
        (folder / file).write_text(fill(text, spelled), encoding="utf-8")
        written.append(folder / file)
    tests = root / "tests" / "games" / spelled["package"]
    tests.mkdir(parents=True, exist_ok=True)
    outside = {tests / f"test_{spelled['package']}.py": TEST, page: PAGE,
               root / "referee" / "pages" / "static" / "js" / "box" / "games" / f"{name}.js": CONTROLS}
    for path, text in outside.items():
        path.write_text(fill(text, spelled), encoding="utf-8")
        written.append(path)
    register(root / "referee" / "games" / "__init__.py", spelled)
    return written + [root / "referee" / "games" / "__init__.py"]
