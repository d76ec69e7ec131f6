"""A referee broken on purpose, served on loopback: `python broken_engine.py BREAK`.

It prints the port it listens on, then serves until killed. Each break changes one rule of
the in-process engine by patching it, in this process only (the conformance run, in the
test's process, keeps the real engine as its oracle):

- `card-limit-5`: a turn may place 5 cards;
- `top-bottom-bridge`: the top and bottom rows count as neighbours for a bridge;
- `eighth-bonus`: there are 8 bonus cards, so the eighth completed half-row earns one;
- `swap-without-play`: a turn of swaps alone is accepted;
- `joker-must-play`: once the pile is empty, a joker in hand obliges a play like a card
  that fits;
- `none`: the real referee.
"""

from __future__ import annotations

import logging
import sys

from werkzeug.serving import make_server

from referee.core.codes import Code
from referee.core.errors import Violation
from referee.games.master.board import Board, touching
from referee.games.master.facts import MASTER
from referee.games.master.steps import BoardTurn
from referee.games.master.turn import MasterTurn


def card_limit_5() -> None:
    MASTER.cards_per_turn = 5


def top_bottom_bridge() -> None:
    checks = MasterTurn._bridge_violation

    def lenient(self, index, action):
        found = checks(self, index, action)
        rows = {self.order[action.source.color], self.order[action.target.color]}
        if found is not None and found.code is Code.BRIDGE_NOT_NEIGHBOR and rows == {0, len(self.order) - 1}:
            if not self.occupied(action.source):
                return Violation(Code.BRIDGE_SOURCE_EMPTY, index, "source empty")
            if self.occupied(action.target):
                return Violation(Code.BRIDGE_TARGET_OCCUPIED, index, "target occupied")
            return None
        return found

    MasterTurn._bridge_violation = lenient


def eighth_bonus() -> None:
    MASTER.bonus_cards = 8


def swap_without_play() -> None:
    checks = MasterTurn.end_violation

    def lenient(self):
        found = checks(self)
        return None if found is not None and found.code is Code.SWAP_WITHOUT_PLAY else found

    MasterTurn.end_violation = lenient


def joker_must_play() -> None:
    playable = MasterTurn.playable

    def with_jokers(self):
        cards = playable(self)
        if "J" in self.hand and any(True for _ in self.empty_slots_touching()):
            cards.append("J")
        return cards

    MasterTurn.playable = with_jokers
    # The compact board (known hands and pile) asks its own question, on the board and in
    # its step loop: broken the same way, so that the break shows on every position, not
    # only where the dict engine runs.
    board_playable = Board.playable

    def board_with_jokers(self, player):
        return board_playable(self, player) or (self.held_jokers[player] > 0 and any(
            touching(self.cards[i] | self.jokers[i]) for i in range(len(self.cards))))

    Board.playable = board_with_jokers
    turn_playable = BoardTurn._playable

    def turn_with_jokers(self):
        return turn_playable(self) or (self.held_jokers > 0 and any(
            touching(self.cards[i] | self.jokers[i]) for i in range(len(self.cards))))

    BoardTurn._playable = turn_with_jokers


BREAKS = {
    "card-limit-5": card_limit_5,
    "top-bottom-bridge": top_bottom_bridge,
    "eighth-bonus": eighth_bonus,
    "swap-without-play": swap_without_play,
    "joker-must-play": joker_must_play,
    "none": lambda: None,
}


def main(name: str) -> None:
    BREAKS[name]()
    from referee.http import create_app

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    print(server.server_port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1])
