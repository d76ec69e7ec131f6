"""The printed rules' own situations in the games of the box, for the corpus
(`situations-<ruleset>.json`): a tie in Zweikampf resolved by the next cards, a battle
still tied when the stacks run out, `until_all` turning the won pile over; a tied trick
carried to the next winner and a tie in the last trick; the Ratefix guess nearest from
either side and two equally near; Schwarzer Peter's last pair and its loser, a neighbour
who runs out when drawn from; a Schnipp Schnapp quartet set aside, a Schnipp on the
middle, a wrong word; a Mogeln challenge found honest and one found false, a completed
count set aside; an Überall anschließen play onto another player's pile.

Each is found rather than written: seeded random games of the ruleset (every edition and
option, the corpus's walker) are played until a turn whose answer shows the situation
(its events, or the state before and after it), and that turn is the case. The search is
seeded and bounded, so an export is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import engine
from ..testing.boxplay import box_kinds, box_turn
from .answers import expected

Case = Callable[[str, str, str, dict[str, Any]], dict[str, Any]]
Data = dict[str, Any]
#: (state before, turn, answer body) -> the turn shows the situation.
Shows = Callable[[Data, Data, Data], bool]
GAMES = 12
LONGEST = 2500


def _won_battle_of_more_than_two(before: Data, turn: Data, answer: Data) -> bool:
    return any(e["type"] == "won" and e["from"] == "battle" and e["cards"] > 2 for e in answer["events"])


def _battle_out(before: Data, turn: Data, answer: Data) -> bool:
    return any(e["type"] == "out" and e["from"] == "battle" for e in answer["events"])


def _won_pile_turned_over(before: Data, turn: Data, answer: Data) -> bool:
    if not before["options"].get("until_all"):
        return False
    mover = before["players"][turn["player"]]
    return mover["stack"] == [] and bool(mover["won"])


def _set_aside_then_won(before: Data, turn: Data, answer: Data) -> bool:
    return before["set_aside"] > 0 and any(e["type"] == "won" and e["from"] == "set_aside" for e in answer["events"])


def _last_trick_tied(before: Data, turn: Data, answer: Data) -> bool:
    return any(e["type"] == "out" for e in answer["events"]) and answer["state"]["current"] is None \
        and not answer["state"]["waiting"]


def _guesses(before: Data, turn: Data, answer: Data) -> tuple[int, list[int]] | None:
    """The middle's total and the guesses, when this turn's guess settled a round."""
    revealed = [e["card"] for e in answer["events"] if e["type"] == "revealed"]
    if not revealed:
        return None
    total = sum(int(card[1:]) for card in revealed)
    values = [g["value"] for g in before["guesses"]] + [a["value"] for a in turn["actions"] if a["type"] == "guess"]
    return total, values


def _nearest_from_above_and_below(before: Data, turn: Data, answer: Data) -> bool:
    found = _guesses(before, turn, answer)
    return found is not None and any(v > found[0] for v in found[1]) and any(v < found[0] for v in found[1])


def _two_equally_near(before: Data, turn: Data, answer: Data) -> bool:
    found = _guesses(before, turn, answer)
    if found is None:
        return False
    distances = sorted(abs(v - found[0]) for v in found[1])
    return len(distances) > 1 and distances[0] == distances[1]


def _game_over(before: Data, turn: Data, answer: Data) -> bool:
    return any(e["type"] == "game_over" for e in answer["events"])


def _drawn_from_runs_out(before: Data, turn: Data, answer: Data) -> bool:
    drew = [e for e in answer["events"] if e["type"] == "drew"]
    return bool(drew) and len(answer["state"]["players"][drew[0]["from"]]["hand"]) == 0 \
        and not _game_over(before, turn, answer)


def _has(kind: str, **fields: Any) -> Shows:
    def shows(before: Data, turn: Data, answer: Data) -> bool:
        return any(e["type"] == kind and all(e.get(k) == v for k, v in fields.items()) for e in answer["events"])
    return shows


def _placed_on_another_pile(before: Data, turn: Data, answer: Data) -> bool:
    return any(a["type"] == "place" and isinstance(a.get("to"), int) for a in turn["actions"])


#: Per ruleset: (name, description, what shows it).
SITUATIONS: dict[str, list[tuple[str, str, Shows]]] = {
    "zweikampf": [
        ("tie-resolved-by-the-next-cards", "a tie fought on: the next cards decide, and the winner takes them all",
         _won_battle_of_more_than_two),
        ("tie-when-the-stacks-run-out", "a battle still tied when the stacks are used up leaves the game",
         _battle_out),
        ("until-all-turns-the-won-pile-over", "with until_all an empty stack takes the won pile turned over",
         _won_pile_turned_over),
    ],
    "hoechste-karte": [
        ("tied-trick-carried-to-the-next-winner", "the cards of a tied trick go to the next trick's one winner",
         _set_aside_then_won),
        ("tie-in-the-last-trick", "a tie in the last trick sends it and the cards set aside out of the game",
         _last_trick_tied),
    ],
    "ratefix": [
        ("nearest-guess-from-either-side", "guesses above and below the total: the nearest takes the middle",
         _nearest_from_above_and_below),
        ("two-equally-near", "two guesses equally near the total: the one made first takes the middle",
         _two_equally_near),
    ],
    "schwarzer-peter": [
        ("the-last-pair-and-the-loser", "the last pair is laid and the one left holding a card has lost",
         _game_over),
        ("a-neighbour-runs-out-when-drawn-from", "the player drawn from gives their last card and is out",
         _drawn_from_runs_out),
    ],
    "mogeln": [
        ("an-honest-play-challenged", "a challenge finds the play honest: the challenger takes the stack",
         _has("challenged", honest=True)),
        ("a-false-play-challenged", "a challenge finds the play false: its maker takes the stack",
         _has("challenged", honest=False)),
        ("a-completed-count-set-aside", "the count reached its last value: the stack goes out with the next play",
         _has("out", **{"from": "stack"})),
    ],
    "schnipp-schnapp": [
        ("a-schnapp-sets-a-quartet-aside", "a right call whose cards complete a quartet", _has("quartet")),
        ("a-schnipp-on-the-middle", "a right Schnipp takes the middle", _has("won", **{"from": "middle"})),
        ("a-wrong-word", "a call that is not right throws the caller's open pile onto the middle", _has("mistake")),
    ],
    "ueberall-anschliessen": [
        ("a-card-onto-another-players-pile", "a card that fits another player's open pile goes there",
         _placed_on_another_pile),
    ],
    "farben-sammeln": [
        ("a-take-from-a-display-stack", "a display stack's top taken and its place refilled by the discard",
         lambda before, turn, answer: any(isinstance(a.get("from"), int) for a in turn["actions"])),
    ],
}


def situation_cases(case: Case, ruleset: str, seed: int = 0) -> list[dict[str, Any]]:
    """The first turn found that shows each situation of `ruleset`."""
    wanted = {name: (text, shows) for name, text, shows in SITUATIONS.get(ruleset, ())}
    found: dict[str, Data] = {}
    rules = engine.find_ruleset(ruleset)
    for game in range(seed, seed + GAMES):
        for kind in (k for k in box_kinds() if k.ruleset == ruleset):
            if set(found) >= set(wanted):
                break
            rng = random.Random(f"corpus-situations:{kind}:{game}")
            players = max(rules.min_players, min(3, rules.max_players)) + game % 2
            names = ["Ada", "Ben", "Cleo", "Dan", "Eve"][:min(players, rules.max_players)]
            state = engine.new_game(names, seed=game, ruleset=ruleset, options=kind.options).state.to_dict()
            for _ in range(LONGEST):
                turn = box_turn(state, rng)
                if turn is None:
                    break
                answer = expected("turns", {"state": state, "turn": turn}).body
                for name, (_, shows) in wanted.items():
                    if name not in found and shows(state, turn, answer):
                        found[name] = {"state": state, "turn": turn}
                if set(found) >= set(wanted):
                    break
                state = answer["state"]
    return [case(f"situations/{ruleset}/{name}", wanted[name][0], "/v1/turns", found[name])
            for name in wanted if name in found]
