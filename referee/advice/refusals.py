"""What would have worked: the legal actions and a hint for a refused turn (openapi.yaml,
"What would have worked").

Pure, like the engine, and used by the HTTP layer only once a turn has been refused, so
the refusal path pays for it and nothing else does:

- `legal_after(state, actions, violation)`: exactly what `/v1/legal-actions` answers
  for the longest prefix of the turn's actions it accepts (the prefix before the
  offending action; up to and including the bridge for BRIDGE_NOT_FOLLOWED; the whole
  list for the end-of-turn checks), or a shorter one where an earlier action breaks a
  rule too. The prefixes are tried longest first, each through `engine.legal_actions`,
  so the answer is that endpoint's by construction.
- `hint(state, actions, violation, legal)`: one sentence for the player, built from the
  table as the prefix left it (read from the state's wire form), the offending action
  and the legal list: the missing neighbour, the swap that was meant, the rows a bridge
  from that slot can reach, the cards that can be placed, where a card is visible, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import engine
from ..core.extras import Hints, answers
from ..core.codes import Code
from ..core.errors import Violation
from ..i18n import Counted, Message
from ..i18n.terms import Card, Player, Row, Slot, cards, slots

JOKER = "J"
#: The codes that may come from the end-of-turn checks (docs/games/master.md, "The codes" and the
#: classic end-of-turn checks), where the accepted prefix may be the whole turn.
END_OF_TURN_CODES = frozenset(
    {Code.BRIDGE_NOT_FOLLOWED, Code.SWAP_WITHOUT_PLAY, Code.DRAW_INCOMPLETE, Code.MUST_PLACE_DRAWN,
     Code.PAIR_NOT_LAID}
)
#: At most this many cards or slots are named in one hint; the `legal` list has them all.
MOST_NAMED = 6


def legal_after(state: Any, actions: Sequence[Any], violation: Violation,
                player: int | None = None) -> list[dict] | None:
    """The `actions` of `/v1/legal-actions` for `player` (by default the one to move) and
    the longest prefix it accepts, or None for a violation without an action index."""
    if violation.action is None:
        return None
    # openapi.yaml's prefixes: the whole list for the end-of-turn checks, up to and including the
    # bridge for BRIDGE_NOT_FOLLOWED, else the actions before the offending one. The
    # longest of them is tried first, and legal_actions itself decides which it accepts.
    # A shorter one is needed where an action before the reported one breaks a rule too:
    # a turn's shape is checked first, so a bridge without bridge cards followed by a draw
    # is refused as TURN_MIXED at the draw, and only the prefix before the bridge stands.
    length = len(actions) if violation.code in END_OF_TURN_CODES else violation.action
    while length >= 0:
        try:
            return engine.legal_actions(state, actions[:length], player).to_dict()["actions"]
        except Violation:
            # One shorter each time: a refusal's index does not bound the prefixes that
            # pass (two swaps and a draw are refused at the first swap, as
            # SWAP_WITHOUT_PLAY, yet the two swaps alone are accepted).
            length -= 1
    return None


def hint(state: Any, actions: Sequence[Any], violation: Violation, legal: list[dict] | None) -> Message | None:
    """One helpful sentence for the refusal, or None where there is nothing to add."""
    ruleset = engine.find_ruleset(state.ruleset)
    if answers(ruleset, Hints):  # a game that computes its hints (the games of the box)
        return ruleset.hint(state, actions, violation, legal)
    if violation.code == Code.OPENING:
        return _opening(state.to_dict())
    if violation.action is None:
        return None
    advise = _ADVICE.get(violation.code)
    if advise is None:
        return None
    table = Table(state.to_dict(), [a.to_dict() for a in actions[: violation.action]])
    return advise(table, actions[violation.action].to_dict(), legal or [])


class Table:
    """The table as the turn's accepted prefix left it, in wire terms."""

    def __init__(self, state: dict, prefix: list[dict]):
        self.state = state
        self.ruleset = engine.find_ruleset(state.get("ruleset", engine.DEFAULT_RULESET))
        self.order = [row["color"] for row in state["rows"]]
        self.occupied = {row["color"]: set(row["cards"]) | set(row.get("jokers", ())) for row in state["rows"]}
        self.jokers = {row["color"]: set(row.get("jokers", ())) for row in state["rows"]}
        self.bridges_used = 0
        self.draws = 0
        for action in prefix:
            if action["type"] == "place":
                color, value = _slot(action.get("at", action["card"]))
                self.occupied.setdefault(color, set()).add(value)
                if action["card"] == JOKER:
                    self.jokers.setdefault(color, set()).add(value)
            elif action["type"] == "swap":
                color, value = _slot(action["card"])
                self.jokers[color].discard(value)
            elif action["type"] == "bridge":
                self.bridges_used += 1
            elif action["type"] == "draw":
                self.draws += 1

    @property
    def mover(self) -> Player:
        current = self.state["current"]
        return Player(current, self.state["players"][current]["name"])

    def bridges_left(self) -> int:
        return self.state["players"][self.state["current"]].get("bridges", 0) - self.bridges_used

    def is_occupied(self, slot: str) -> bool:
        color, value = _slot(slot)
        return value in self.occupied.get(color, ())

    def neighbour_rows(self, color: str) -> list[str]:
        i = self.order.index(color)
        return [self.order[j] for j in (i - 1, i + 1) if 0 <= j < len(self.order)]

    def where_visible(self, card: str) -> Message | None:
        """Where a card can be seen: on the table, in a known hand, in the known pile."""
        if card == JOKER:
            return Message("All four jokers can be seen elsewhere: on the table or in known hands.")
        if self.is_occupied(card) and _slot(card)[1] not in self.jokers.get(card[0], ()):
            return Message("{card} already lies on the table.", card=Card(card))
        for i, player in enumerate(self.state["players"]):
            if isinstance(player["hand"], list) and card in player["hand"]:
                return Message("{card} is in the hand of {player}.", card=Card(card), player=Player(i, player["name"]))
        pile = self.state["pile"]
        if isinstance(pile, list) and card in pile:
            return Message("{card} is still in the draw pile.", card=Card(card))
        return None


def _slot(name: str) -> tuple[str, int]:
    return name[0], int(name[1:])


def _placeable(legal: list[dict], jokers: bool = False) -> list[str]:
    """The cards the legal list places, each once, in its order (number cards only, or
    also the slots a joker may take when `jokers`)."""
    seen: list[str] = []
    for action in legal:
        if action["type"] == "place":
            name = action.get("at", action["card"]) if jokers else action["card"]
            if (jokers or name != JOKER) and name not in seen:
                seen.append(name)
    return seen


def _some(names: list[str]) -> list[str]:
    return names[:MOST_NAMED]


# -- the hints, one per code -------------------------------------------------------------

def _not_adjacent(table: Table, action: dict, legal: list[dict]) -> Message | None:
    slot = action.get("at", action["card"])
    color, value = _slot(slot)
    taken = table.occupied.get(color, set())
    below = max((v for v in taken if v < value), default=None)
    above = min((v for v in taken if v > value), default=None)
    if above is not None and (below is None or above - value <= value - below):
        missing = [f"{color}{v}" for v in range(above - 1, value, -1)]
    elif below is not None:
        missing = [f"{color}{v}" for v in range(below + 1, value)]
    else:
        return None
    sources = []
    if table.bridges_left() > 0:  # MASTER alone deals bridge cards
        sources = [f"{c}{value}" for c in table.neighbour_rows(color) if table.is_occupied(f"{c}{value}")]
    if sources:
        return Message(
            "Place {cards} first, or lay a bridge to this slot from {source}.",
            cards=cards(missing), source=slots(sources, "or"),
        )
    return Counted("Place {cards} first.", "Place {cards} first, in that order.", len(missing), cards=cards(missing))


def _slot_occupied(table: Table, action: dict, legal: list[dict]) -> Message | None:
    card = action["card"]
    if card != JOKER:
        color, value = _slot(card)
        if value in table.jokers.get(color, ()):
            return Message(
                "A joker lies there: swap {card} in instead, and the joker goes to the hand.", card=Card(card)
            )
        return None
    free = _placeable([a for a in legal if a.get("card") == JOKER], jokers=True)
    if free:
        return Message("A joker can go into {slots}, for instance.", slots=slots(_some(free), "or"))
    return None


def _card_not_in_hand(table: Table, action: dict, legal: list[dict]) -> Message | None:
    card = action["card"]
    player = table.state["players"][table.state["current"]]
    if not isinstance(player["hand"], list):
        return table.where_visible(card)
    placeable = _placeable(legal)
    if placeable:
        return Counted(
            "{player} could place {cards}.", "{player} could place one of these: {cards}.", len(placeable),
            player=table.mover, cards=cards(_some(placeable), "or"),
        )
    return Message("{player} cannot place any card now.", player=table.mover)


def _card_limit(table: Table, action: dict, legal: list[dict]) -> Message:
    return Message("Four cards are down: end the turn here, and keep the rest for a later turn.")


def _turn_mixed(table: Table, action: dict, legal: list[dict]) -> Message:
    if action["type"] == "draw":
        return Message("Send the draw as a turn of its own, or leave it out and play cards.")
    return Message("Send the pass as a turn of its own, or leave it out and play cards.")


def _swap_without_play(table: Table, action: dict, legal: list[dict]) -> Message:
    return Message("Place a card in the same turn as the swap, for instance the joker the swap brings in.")


def _bridge_not_followed(table: Table, action: dict, legal: list[dict]) -> Message:
    target = action["to"]
    return Message(
        "Right after the bridge, place {card} or a joker in {slot}.", card=Card(target), slot=Slot(target)
    )


def _after_game_end(table: Table, action: dict, legal: list[dict]) -> Message:
    return Message("The hand is empty, so the game is over: end the turn with the last card.")


def _no_bridge_left(table: Table, action: dict, legal: list[dict]) -> Message:
    return Message("Without bridge cards, a card can only go next to a card of its own row.")


def _bridge_reach(table: Table, action: dict, legal: list[dict]) -> Message:
    source = action["from"]
    color, value = _slot(source)
    targets = [f"{c}{value}" for c in table.neighbour_rows(color) if not table.is_occupied(f"{c}{value}")]
    if not targets:
        return Message(
            "No bridge can start from {source} now: the slots of its value in the rows next to it are taken.",
            source=Slot(source),
        )
    return Message("From {source} a bridge can lead to {targets}.", source=Slot(source), targets=slots(targets, "or"))


def _bridge_source_empty(table: Table, action: dict, legal: list[dict]) -> Message | None:
    source, target = action["from"], action["to"]
    if table.is_occupied(target):
        return Message(
            "The bridge is written the wrong way round: it leads from {target} to {source}.",
            target=Slot(target), source=Slot(source),
        )
    color, value = _slot(target)
    sources = [f"{c}{value}" for c in table.neighbour_rows(color) if table.is_occupied(f"{c}{value}")]
    if sources:
        return Message("A bridge to {target} can start from {sources}.", target=Slot(target), sources=slots(sources, "or"))
    return Message("No card of this value lies in a row next to {target} yet.", target=Slot(target))


def _bridge_target_occupied(table: Table, action: dict, legal: list[dict]) -> Message:
    return Message(
        "{target} is taken already, so no bridge is needed there: place cards next to it in its row.",
        target=Slot(action["to"]),
    )


def _swap_no_joker(table: Table, action: dict, legal: list[dict]) -> Message:
    card = action["card"]
    if card in _placeable(legal):
        return Message("{slot} is empty: place {card} there instead of swapping.", slot=Slot(card), card=Card(card))
    lying = [f"{c}{v}" for c in table.order for v in sorted(table.jokers.get(c, ()))]
    if lying:
        return Counted("A joker lies in {slots}.", "Jokers lie in {slots}.", len(lying), slots=slots(_some(lying)))
    return Message("No joker lies on the table.")


def _pile_empty(table: Table, action: dict, legal: list[dict]) -> Message:
    return Message("The draw pile is empty: place a card, or pass if none fits.")


def _draw_card_required(table: Table, action: dict, legal: list[dict]) -> Message:
    return Message("Add the drawn card to the draw (its field card), so that the hand stays known.")


def _draw_mismatch(table: Table, action: dict, legal: list[dict]) -> Message:
    pile = table.state["pile"]
    return Message("The top card is {card}: name that one, or leave the card out.", card=Card(pile[table.draws]))


def _card_unavailable(table: Table, action: dict, legal: list[dict]) -> Message | None:
    return table.where_visible(action["card"])


def _pass_pile_not_empty(table: Table, action: dict, legal: list[dict]) -> Message:
    pile = table.state["pile"]
    count = pile["count"] if isinstance(pile, dict) else len(pile)
    return Counted(
        "Draw a card instead: the pile still has {n} card.", "Draw a card instead: the pile still has {n} cards.", count
    )


def _must_play(table: Table, action: dict, legal: list[dict]) -> Message | None:
    placeable = _placeable(legal)
    if not placeable:
        return None
    return Counted("Place {cards}.", "Place one of these: {cards}.", len(placeable), cards=cards(_some(placeable), "or"))


def _row_not_started(table: Table, action: dict, legal: list[dict]) -> Message | None:
    color = action["card"][0]
    start = table.state.get("options", {}).get("start")
    opening = table.state.get("opening")
    values = {"eleven": [11], "ten-to-twelve": [10, 11, 12], "any": [opening] if opening else []}.get(start, [])
    if not values:
        return None
    return Message(
        "{row} can only begin with {cards}.", row=Row(color), cards=cards((f"{color}{v}" for v in values), "or")
    )


def _play_after_draw(table: Table, action: dict, legal: list[dict]) -> Message:
    placeable = _placeable(legal)
    if placeable:
        return Message("After the draw only {card} may be placed.", card=Card(placeable[0]))
    if any(a["type"] == "draw" for a in legal):
        return Message("After a draw only the drawn card may be placed, and this one does not fit: draw again.")
    return Message("After the draw nothing more may be placed: end the turn.")


def _draw_limit(table: Table, action: dict, legal: list[dict]) -> Message:
    # Only a row game reports DRAW_LIMIT; the junior game draws one card a turn.
    if table.ruleset.variant(table.state.get("options")).draw_limit == 1:
        return Message("In the junior game only one card is drawn in a turn: end the turn here.")
    return Message("At most three cards are drawn in a turn: end the turn here.")


def _draw_after_fit(table: Table, action: dict, legal: list[dict]) -> Message:
    placeable = _placeable(legal)
    if placeable:
        return Message("Place {card} instead of drawing again, or end the turn.", card=Card(placeable[0]))
    return Message("End the turn here instead of drawing again.")


def _draw_incomplete(table: Table, action: dict, legal: list[dict]) -> Message:
    return Message("Draw again: the card drawn does not fit.")


def _must_place_drawn(table: Table, action: dict, legal: list[dict]) -> Message | None:
    placeable = _placeable(legal)
    if placeable:
        return Message("Place {card} now: it fits.", card=Card(placeable[0]))
    return None


def _opening(state: dict) -> Message | None:
    """With the start on the 11s: who opens, and with which 11 (the first by priority
    that a known hand holds)."""
    options = state.get("options") or {}
    if options.get("start") != "eleven":
        return None
    first = "O" if options.get("edition") == "2018" else "R"
    for color in (first, "Y", "G", "B"):
        for i, player in enumerate(state["players"]):
            if isinstance(player["hand"], list) and f"{color}11" in player["hand"]:
                return Message(
                    "{player} opens the game by placing {card}, and nothing else.",
                    player=Player(i, player["name"]), card=Card(f"{color}11"),
                )
    return None


_ADVICE = {
    Code.NOT_ADJACENT: _not_adjacent,
    Code.SLOT_OCCUPIED: _slot_occupied,
    Code.CARD_NOT_IN_HAND: _card_not_in_hand,
    Code.CARD_LIMIT: _card_limit,
    Code.TURN_MIXED: _turn_mixed,
    Code.SWAP_WITHOUT_PLAY: _swap_without_play,
    Code.BRIDGE_NOT_FOLLOWED: _bridge_not_followed,
    Code.ACTION_AFTER_GAME_END: _after_game_end,
    Code.NO_BRIDGE_LEFT: _no_bridge_left,
    Code.BRIDGE_SAME_ROW: _bridge_reach,
    Code.BRIDGE_VALUE_MISMATCH: _bridge_reach,
    Code.BRIDGE_NOT_NEIGHBOR: _bridge_reach,
    Code.BRIDGE_SOURCE_EMPTY: _bridge_source_empty,
    Code.BRIDGE_TARGET_OCCUPIED: _bridge_target_occupied,
    Code.SWAP_NO_JOKER: _swap_no_joker,
    Code.PILE_EMPTY: _pile_empty,
    Code.DRAW_CARD_REQUIRED: _draw_card_required,
    Code.DRAW_MISMATCH: _draw_mismatch,
    Code.CARD_UNAVAILABLE: _card_unavailable,
    Code.PASS_PILE_NOT_EMPTY: _pass_pile_not_empty,
    Code.MUST_PLAY: _must_play,
    Code.ROW_NOT_STARTED: _row_not_started,
    Code.PLAY_AFTER_DRAW: _play_after_draw,
    Code.DRAW_LIMIT: _draw_limit,
    Code.DRAW_AFTER_FIT: _draw_after_fit,
    Code.DRAW_INCOMPLETE: _draw_incomplete,
    Code.MUST_PLACE_DRAWN: _must_place_drawn,
}
