"""`legal` and `hint` on rule problems (openapi.yaml, "What would have worked").

For every rule code with an action index, one refused turn: its `legal` must be exactly
what POST /v1/legal-actions answers for the prefix openapi.yaml names (the actions before the
offending one; up to and including the bridge for BRIDGE_NOT_FOLLOWED; the whole list for
the end-of-turn checks), and its hint must say the helpful thing, written out here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.advice import refusals as advice
from referee.http import create_app
from support import row_tables as rows
from support.actions import bridge, draw, pass_, place, swap
from support.master_tables import table
from support.zones import HIDDEN_REST, REST, hidden
from support import box_tables as box
from support import farben_tables as fs
from support import ueberall_tables as ua
from support.contract_check import post_checked as post

ALL_BUT_B21 = {"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-20"}
GYBR = "GYBR"
NOFIT = ["Y15", "B3", "Y17"]
FS_ORANGE = [f"O{v}" for v in range(1, 10)]

# (code, state, player, actions, action index, prefix length, hint in English)
CASES = [
    ("TURN_SHAPE", box.zweikampf(stacks=[["O9"], ["Y9"]]), 1, [{"type": "place", "card": "Y9"}], 0, 0,
     "A Zweikampf turn is one reveal: turn up the top card of your stack."),
    ("DRAW_MISMATCH", box.zweikampf(stacks=[["O9"], ["Y9"]]), 1, [box.reveal("Y8")], 0, 0,
     "Leave the card out, or name the top card of the pile."),
    ("CARD_NOT_IN_HAND", box.hoechste(hands=[["O2", "O1"], ["Y1", "Y2"]], won=[10, 8]), 1, [box.play("O1")], 0, 0,
     "Play one of the yellow 1 or the yellow 2."),
    ("RESOLVE_FIRST", box.mogeln([[], ["Y1", "G2"], ["B1"]], stack=[(0, ["O1"], 1)]), 1, [box.lay("Y1")], 0, 0,
     "Challenge the last play, or accept it and end the game."),
    ("NOTHING_TO_CHALLENGE", box.mogeln([["O2"], ["Y1", "G2"], ["B1"]]), 0, [box.challenge()], 0, 0,
     "Only another player's play on top of the stack can be challenged: play instead."),
    ("REVEAL_REQUIRED", box.mogeln([["O2"], ["Y1"], ["B1"]], stack=[(0, 2, 1)]), 1, [box.challenge()], 0, 0,
     "Name the cards the challenge turned up, in a cards list."),
    ("REVEAL_MISMATCH", box.mogeln([["O2"], ["Y1"], ["B1"]], stack=[(0, ["O1", "O3"], 1)]), 1,
     [box.challenge("O1")], 0, 0, "Name exactly the cards of the top play, as many as were laid."),
    ("ACCEPT_NOT_ALLOWED", box.mogeln([["O2"], ["Y1"], ["B1"]], stack=[(0, ["O1"], 1)]), 1, [{"type": "accept"}],
     0, 0, "Play or challenge instead: nobody has laid their last card."),
    ("CARD_NOT_IN_HAND", box.mogeln([["O2"], ["Y1", "G2"], ["B1"]], stack=[(0, ["O1"], 1)]), 1, [box.lay("B1")],
     0, 0, "Play cards from your hand, such as the yellow 1 or the green 2."),
    ("DRAW_CARD_REQUIRED", box.zweikampf(stacks=[["O9"], ["Y9"]], hide=[1]), 1, [box.reveal()], 0, 0,
     "The referee cannot see that pile: name the card that was turned up."),
    ("SPACE_NOT_FILLED", fs.farben(hands=[FS_ORANGE, []], display=[["G1"], ["G2"], ["B7"], ["G4"]]), 0,
     [fs.take(2), fs.discard("O1", 0)], 1, 1, "Discard onto display stack 3, the place your take emptied."),
    ("CLOSE_NOT_ALLOWED", fs.farben(hands=[FS_ORANGE[:8] + ["Y1"], []]), 0,
     [fs.take("pile"), fs.discard("O1", 0), fs.close()], 2, 2,
     "Leave out the close: only a hand of a single colour may end the round."),
    ("CARD_NOT_IN_HAND", fs.farben(hands=[FS_ORANGE[:8] + ["Y1"], []], pile=["B5"]), 0,
     [fs.take("pile"), fs.discard("O10", 0)], 1, 1,
     "Discard one of the orange 1, the orange 2, the orange 3, the orange 4, the orange 5, the orange 6, "
     "the orange 7, the orange 8, the yellow 1, or the blue 5."),
    ("PILE_EMPTY", fs.pile_used_up(fs.farben(hands=[FS_ORANGE, []]), as_count=True), 0,
     [fs.take("pile"), fs.discard("O1", 0)], 0, 0,
     "The pile is used up: take the top card of a display stack instead."),
    ("NOT_NEXT_HIGHER", ua.ueberall(stacks=[["O7", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=ua.run("B4", 4)), 0,
     [ua.reveal(), ua.place("middle")], 1, 1, "Nothing fits: put the card on your own pile."),
    ("MIDDLE_FIRST", ua.ueberall(stacks=[["O5", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=ua.run("B4", 4)), 0,
     [ua.reveal(), ua.place(1)], 1, 1, "Put the card on the middle."),
    ("FIT_OVERLOOKED", ua.ueberall(stacks=[["O5", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=ua.run("B7", 7)), 0,
     [ua.reveal(), ua.place("own")], 1, 1,
     "Put the card on the open pile of Ben. If the table caught the mistake, follow it with stopp."),
    ("STOPP_WITHOUT_MISTAKE", ua.ueberall(stacks=[["O7", "Y9"], ["G11"]], middle=ua.run("B4", 4)), 0,
     [ua.reveal(), ua.place("own"), ua.stopp()], 2, 2, "Leave out the stopp: no fit was overlooked just before it."),
    ("TURN_ENDED", ua.ueberall(stacks=[["O7", "Y9"], ["G11"]], middle=ua.run("B4", 4)), 0,
     [ua.reveal(), ua.place("own"), ua.reveal(), ua.place("own")], 2, 2,
     "End the turn there: the card that ended it is placed."),
    ("ACTION_AFTER_GAME_END", ua.ueberall(stacks=[["O5"], []], middle=ua.run("B4", 4), fill_to=[1]), 0,
     [ua.reveal(), ua.place("middle"), ua.reveal(), ua.place("own")], 2, 2,
     "You have no card left: end the turn there."),
    ("TURN_SHAPE", box.ratefix(stacks=[["O9"], ["Y9"]]), 1, [box.guess(12)], 0, 0,
     "A Ratefix turn is one put while cards go into the middle, then one guess each, in turn."),
    ("PAIR_NOT_LAID", box.peter([["O3", "Y1"], ["Y3", "O5"], ["Y5"]], aside=["O1"]), 0, [box.draw("Y3")], 0, 1,
     "Lay the pair of 3s."),
    ("CARD_NOT_IN_HAND", box.peter([["O3", "Y1"], ["Y3", "O5"], ["Y5"]], aside=["O1"]), 0, [box.draw("Y5")], 0, 0,
     "Draw one of the yellow 3 or the orange 5, or give its index in that hand."),
    ("DRAW_CARD_REQUIRED", box.peter([["O3", "Y1"], ["Y3", "O5"], ["Y5"]], aside=["O1"]), 0, [box.draw()], 0, 0,
     "Draw one of the yellow 3 or the orange 5, or give its index in that hand."),
    ("MATCH_NOT_CALLED", box.schnapp([["O5"], ["Y5"], ["G9"]], flipped=[0], current=1), 1, [box.flip()], 0, 0,
     "Call the match first: Schnapp if the value lies on another open pile, Schnipp if it matches the top of "
     "the middle."),
    ("NOTHING_TO_CALL", box.schnapp([["O5"], ["Y6"]]), 1, [box.call("schnapp")], 0, 0,
     "Wait for a flip: a call answers the card flipped last."),
    ("CALL_NOT_ALLOWED", box.schnapp([["O5"], ["Y6"], []], middle=["B5"], stacks=[None, None, []], flipped=[0],
                                     current=1), 2, [box.call("schnapp")], 0, 0,
     "Call Schnipp instead: a player without cards may come back only by the middle."),
    ("TURN_SHAPE", box.schnapp([["O5"], ["Y5"]], flipped=[0], current=1), 1, [box.call("schnapp", 1)], 0, 0,
     "A Schnipp Schnapp turn is one card turned up by the player to move, or one call by anyone, which may name "
     "the other players who called at the same moment, each once and never the caller."),
    ("SWAP_WITHOUT_PLAY", table(jokers={"B": [10], "R": [12]}, hands=[["B10", "R12", "R1"], ["R2"]]),
     0, [swap("B10")], 0, 1,
     "Place a card in the same turn as the swap, for instance the joker the swap brings in."),
    ("TURN_MIXED", table(hands=[["B10", "R1"], ["R2"]]), 0, [place("B10"), draw()], 1, 1,
     "Send the draw as a turn of its own, or leave it out and play cards."),
    ("BRIDGE_NOT_FOLLOWED", table(rows={"Y": "9-11"}, hands=[["G9", "B9", "R1"], ["R2"]]),
     0, [bridge("Y9", "G9"), place("B9")], 0, 1,
     "Right after the bridge, place the green 9 or a joker in the green 9's slot."),
    ("BRIDGE_NOT_FOLLOWED", table(rows={"Y": "9-11"}, hands=[["G9", "B9", "R10"], ["R2"]]),
     0, [place("R10"), bridge("Y9", "G9")], 1, 2,
     "Right after the bridge, place the green 9 or a joker in the green 9's slot."),
    ("ACTION_AFTER_GAME_END", table(hands=[["B10"], ["R1"]]), 0, [place("B10"), place("B9")], 1, 1,
     "The hand is empty, so the game is over: end the turn with the last card."),
    ("CARD_LIMIT", table(hands=[["R10", "R9", "R8", "R7", "R6", "R1"], ["R2"]]),
     0, [place("R10"), place("R9"), place("R8"), place("R7"), place("R6")], 4, 4,
     "Four cards are down: end the turn here, and keep the rest for a later turn."),
    ("CARD_NOT_IN_HAND", table(hands=[["B10", "R1"], ["R2"]]), 0, [place("R10")], 0, 0,
     "Timo could place the blue 10."),
    ("CARD_NOT_IN_HAND", table(hands=[hidden(extra=5), ["R10", "Y1"]], pile=HIDDEN_REST),
     0, [place("R10")], 0, 0, "The red 10 is in the hand of Vera."),
    ("CARD_NOT_IN_HAND", table(rows={"B": "10-11"}, hands=[hidden(extra=5), ["Y1"]], pile=HIDDEN_REST),
     0, [place("B10")], 0, 0, "The blue 10 already lies on the table."),
    ("SLOT_OCCUPIED", table(jokers={"B": [10]}, hands=[["B10", "R1"], ["R2"]]), 0, [place("B10")], 0, 0,
     "A joker lies there: swap the blue 10 in instead, and the joker goes to the hand."),
    ("NOT_ADJACENT", table(hands=[["R9", "R1"], ["R2"]]), 0, [place("R9")], 0, 0,
     "Place the red 10 first."),
    ("NOT_ADJACENT", table(hands=[["R7", "R1"], ["R2"]]), 0, [place("R7")], 0, 0,
     "Place the red 10, the red 9, and the red 8 first, in that order."),
    ("NOT_ADJACENT", table(rows={"Y": "9-11"}, hands=[["G9", "R1"], ["R2"]]), 0, [place("G9")], 0, 0,
     "Place the green 10 first, or lay a bridge to this slot from the yellow 9's slot."),
    ("NOT_ADJACENT", table(rows={"R": "2-11"}, hands=[["R1", "B1"], ["Y2"]]), 0, [place("B1")], 0, 0,
     "Place the blue 10, the blue 9, the blue 8, the blue 7, the blue 6, the blue 5, the blue 4, "
     "the blue 3, and the blue 2 first, in that order."),
    ("NO_BRIDGE_LEFT", table(order=GYBR, rows={"Y": "9-11"}, hands=[["B9", "R1"], ["R2"]], bridges_left={0: 0}),
     0, [bridge("Y9", "B9"), place("B9")], 0, 0,
     "Without bridge cards, a card can only go next to a card of its own row."),
    ("BRIDGE_SAME_ROW", table(rows={"Y": "9-11"}, hands=[["Y7", "R1"], ["R2"]]),
     0, [bridge("Y9", "Y7")], 0, 0, "From the yellow 9's slot a bridge can lead to the red 9's slot or the green 9's slot."),
    ("BRIDGE_VALUE_MISMATCH", table(rows={"Y": "9-11"}, hands=[["G8", "R1"], ["R2"]]),
     0, [bridge("Y9", "G8")], 0, 0, "From the yellow 9's slot a bridge can lead to the red 9's slot or the green 9's slot."),
    ("BRIDGE_NOT_NEIGHBOR", table(rows={"Y": "9-11"}, hands=[["B9", "R1"], ["R2"]]),
     0, [bridge("Y9", "B9"), place("B9")], 0, 0,
     "From the yellow 9's slot a bridge can lead to the red 9's slot or the green 9's slot."),
    ("BRIDGE_SOURCE_EMPTY", table(rows={"Y": "9-11"}, hands=[["G9", "R1"], ["R2"]]),
     0, [bridge("G9", "Y9"), place("G9")], 0, 0,
     "The bridge is written the wrong way round: it leads from the yellow 9's slot to the green 9's slot."),
    ("BRIDGE_SOURCE_EMPTY", table(rows={"Y": "9-11"}, hands=[["B9", "R1"], ["R2"]]),
     0, [bridge("G9", "B9")], 0, 0, "No card of this value lies in a row next to the blue 9's slot yet."),
    ("BRIDGE_TARGET_OCCUPIED", table(rows={"Y": "9-11", "G": "9-11"}, hands=[["B9", "R1"], ["R2"]]),
     0, [bridge("Y9", "G9")], 0, 0,
     "The green 9's slot is taken already, so no bridge is needed there: place cards next to it in its row."),
    ("SWAP_NO_JOKER", table(jokers={"R": [10]}, hands=[["B10", "R1"], ["R2"]]), 0, [swap("B10")], 0, 0,
     "The blue 10's slot is empty: place the blue 10 there instead of swapping."),
    ("SWAP_NO_JOKER", table(rows={"B": "9-11"}, jokers={"R": [10]}, hands=[["B12", "B8", "R1"], ["R2"]]),
     0, [swap("B8")], 0, 0, "The blue 8's slot is empty: place the blue 8 there instead of swapping."),
    ("SWAP_NO_JOKER", table(rows={"B": "11-13"}, jokers={"R": [10]}, hands=[["B15", "R1"], ["R2"]]),
     0, [swap("B15")], 0, 0, "A joker lies in the red 10's slot."),
    ("PILE_EMPTY", table(hands=[["B9", "R1"], REST], pile=[]), 0, [draw()], 0, 0,
     "The draw pile is empty: place a card, or pass if none fits."),
    ("DRAW_CARD_REQUIRED", table(hands=[["B9", "R1"], ["R2"]], pile=HIDDEN_REST), 0, [draw()], 0, 0,
     "Add the drawn card to the draw (its field card), so that the hand stays known."),
    ("DRAW_MISMATCH", table(hands=[["B9", "R1"], ["R2"]], pile=["G5", REST]), 0, [draw("R3")], 0, 0,
     "The top card is the green 5: name that one, or leave the card out."),
    ("CARD_UNAVAILABLE", table(hands=[["B9", "R1"], ["R2"]], pile=HIDDEN_REST), 0, [draw("R2")], 0, 0,
     "The red 2 is in the hand of Vera."),
    ("CARD_UNAVAILABLE", table(hands=[["B9", "R1"], ["R2"]], pile=HIDDEN_REST), 0, [draw("B11")], 0, 0,
     "The blue 11 already lies on the table."),
    ("PASS_PILE_NOT_EMPTY", table(hands=[["B9", "R1"], ["R2"]], pile=["G5", "G6", REST]), 0, [pass_()], 0, 0,
     "Draw a card instead: the pile still has 81 cards."),
    ("MUST_PLAY", table(rows=ALL_BUT_B21, hands=[["B21", "J"], ["J", "J", "J"]], pile=[], bonus={0: 4, 1: 3}),
     0, [pass_()], 0, 0, "Place the blue 21."),
    # The classic and junior games.
    ("ROW_NOT_STARTED", rows.classic(rows={"O": "10-12"}, hands=[["Y10", "Y11", "G12", "B3"], ["G1"]]),
     0, [place("Y10")], 0, 0, "The yellow row can only begin with the yellow 11."),
    ("NOT_ADJACENT", rows.classic(rows={"O": "10-12"}, hands=[["O15", "Y3"], ["G1"]]), 0, [place("O15")], 0, 0,
     "Place the orange 13 and the orange 14 first, in that order."),
    ("MUST_PLAY", rows.classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], ["G1"]], pile=["G10", REST]),
     0, [draw()], 0, 0, "Place the orange 13."),
    ("DRAW_LIMIT", rows.classic(rows={"O": "10-12"}, hands=[["Y3", "B5"], ["G1"]], pile=NOFIT + [REST]),
     0, [draw(), draw(), draw(), draw()], 3, 3, "At most three cards are drawn in a turn: end the turn here."),
    ("DRAW_AFTER_FIT", rows.classic(rows={"O": "10-12"}, hands=[["Y3", "B5"], ["G1"]], pile=["O13", REST]),
     0, [draw(), draw()], 1, 1, "Place the orange 13 instead of drawing again, or end the turn."),
    ("DRAW_INCOMPLETE", rows.classic(rows={"O": "10-12"}, hands=[["Y3", "B5"], ["G1"]], pile=NOFIT + [REST]),
     0, [draw()], 0, 1, "Draw again: the card drawn does not fit."),
    ("MUST_PLACE_DRAWN", rows.classic(edition="original", rows={"R": "10-12"}, hands=[["Y3", "B5"], ["G1"]],
                                      pile=["R13", REST]),
     0, [draw()], 0, 1, "Place the red 13 now: it fits."),
    ("PLAY_AFTER_DRAW", rows.classic(rows={"O": "10-12"}, hands=[["O5", "Y3"], ["G1"]], pile=["G7", REST]),
     0, [draw(), place("O5")], 1, 1,
     "After a draw only the drawn card may be placed, and this one does not fit: draw again."),
    ("PLAY_AFTER_DRAW", rows.classic(rows={"O": "10-12"}, hands=[["O5", "Y3"], ["G1"]], pile=["O13", REST]),
     0, [draw(), place("O5")], 1, 1, "After the draw only the orange 13 may be placed."),
    ("DRAW_LIMIT", rows.junior(hands=[["Y5", "B5"], ["G3"]], pile=["G5", "G6", REST]), 0, [draw(), draw()], 1, 1,
     "In the junior game only one card is drawn in a turn: end the turn here."),
]
IDS = [f"{case[0]}-{i}" for i, case in enumerate(CASES)]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize(("code", "state", "player", "actions", "index", "prefix", "hint"), CASES, ids=IDS)
def test_legal_is_what_legal_actions_answers_for_the_prefix(client, code, state, player, actions, index, prefix, hint):
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": player, "actions": actions}})
    assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, code, index)
    listed = post(client, "/v1/legal-actions", {"state": state, "actions": actions[:prefix], "player": player})
    assert listed.status_code == 200
    assert refused.json["legal"] == listed.json["actions"]


@pytest.mark.parametrize(("code", "state", "player", "actions", "index", "prefix", "hint"), CASES, ids=IDS)
def test_the_hint_says_what_would_have_worked(client, code, state, player, actions, index, prefix, hint):
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": player, "actions": actions}})
    assert refused.json["hint"] == hint


def test_every_rule_code_with_an_action_index_has_a_case():
    from referee.core.codes import Code

    # These concern the whole turn: their index is null (docs/games/master.md, "The codes").
    # TURN_INCOMPLETE: an Überall anschließen turn that stops too early concerns no single
    # action (docs/games/index.md).
    turn_level = {"INVALID_STATE", "GAME_OVER", "NOT_YOUR_TURN", "OPENING", "TURN_INCOMPLETE", "CARDS_HIDDEN"}
    with_index = {c.value for c in Code} - turn_level
    assert with_index - {case[0] for case in CASES} == set()


def test_a_replay_problem_carries_legal_and_hint_relative_to_its_turn(client):
    state = table(hands=[["R10", "R1"], ["B10", "R9", "R2"]])
    turns = [{"player": 0, "actions": [place("R10")]}, {"player": 1, "actions": [place("R8")]}]
    refused = post(client, "/v1/replays", {"state": state, "turns": turns})
    assert (refused.json["code"], refused.json["turn"], refused.json["action"]) == ("CARD_NOT_IN_HAND", 1, 0)
    second = post(client, "/v1/turns", {"state": state, "turn": turns[0]}).json["state"]
    assert refused.json["legal"] == post(client, "/v1/legal-actions", {"state": second}).json["actions"]
    assert refused.json["hint"] == "Vera could place one of these: the red 9 or the blue 10."


def test_a_problem_without_an_action_index_has_neither(client):
    state = table(hands=[["B10"], ["R10"]], current=0)
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 1, "actions": [place("R10")]}})
    assert refused.json["code"] == "NOT_YOUR_TURN"
    assert "legal" not in refused.json and "hint" not in refused.json


def test_the_opening_hint_names_who_opens_with_which_11(client):
    state = rows.classic(hands=[["Y11", "G3"], ["O11", "B5"]], current=1)
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 1, "actions": [
        place("O11"), place("B5")]}}, language="it")
    assert (refused.json["code"], refused.json["action"]) == ("OPENING", None)
    assert refused.json["hint"] == "Ben apre la partita piazzando questa carta, e nient'altro: l'11 arancione."


def test_a_prefix_refused_by_legal_actions_carries_legal_and_hint_too(client):
    state = table(hands=[["R9", "R10", "R1"], ["R2"]])
    refused = post(client, "/v1/legal-actions", {"state": state, "actions": [place("R10"), place("R8")]})
    assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, "CARD_NOT_IN_HAND", 1)
    assert refused.json["legal"] == post(client, "/v1/legal-actions", {"state": state, "actions": [place("R10")]}).json["actions"]
    assert refused.json["hint"] == "Timo could place the red 9."


@pytest.mark.logs_service_errors
def test_a_failing_hint_leaves_the_refusal_and_its_legal_actions_and_is_logged(client, monkeypatch, service_errors):
    # The safety net in http/api.py's `advised`: a bug in the advice costs the hint, never
    # the refusal. Every other test fails when it catches something (support/service_errors.py).
    def broken(*args):
        raise RuntimeError("a bug in the hint")

    monkeypatch.setattr(advice, "hint", broken)
    state = table(hands=[["B10", "R1"], ["R2"]])
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [place("R10")]}})
    assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, "CARD_NOT_IN_HAND", 0)
    assert refused.json["legal"] == [{"type": "place", "card": "B10"}, {"type": "draw"}]
    assert "hint" not in refused.json
    assert [r.getMessage() for r in service_errors.records] == ["no advice for CARD_NOT_IN_HAND"]
    assert "RuntimeError: a bug in the hint" in service_errors.described()[0]


def test_a_test_during_which_the_safety_net_catches_a_bug_fails(tmp_path):
    (tmp_path / "test_net.py").write_text(
        "import json\n"
        "from referee.advice import refusals as advice\n"
        "from referee.http import create_app\n"
        "from support.master_tables import table\n\n"
        "def test_refused(monkeypatch):\n"
        "    monkeypatch.setattr(advice, 'hint', lambda *args: 1 / 0)\n"
        "    state = table(hands=[['B10', 'R1'], ['R2']])\n"
        "    body = {'state': state, 'turn': {'player': 0, 'actions': [{'type': 'place', 'card': 'R10'}]}}\n"
        "    answer = create_app().test_client().post('/v1/turns', data=json.dumps(body),\n"
        "                                             content_type='application/json')\n"
        "    assert answer.status_code == 422\n"
    )
    tests = Path(__file__).resolve().parents[1]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "support.service_errors", "-p", "no:randomly",
         "-p", "no:cacheprovider", "-q", "test_net.py"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tests)}, capture_output=True, text=True,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 passed, 1 error" in run.stdout
    assert "a safety net caught a bug" in run.stdout
    assert "ZeroDivisionError" in run.stdout
