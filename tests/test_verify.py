"""`referee verify RECORD`: a sealed game's deal and draws against its seed.

Honest records, kept by a player and by a spectator of a sealed game played through
the HTTP API, pass; a changed seed, a changed salt, a pile reordered after the deal and
a drawn card that was not the pile's top fail, naming where. (The seed and salt are
read from the last token with the app's own key, as `POST /v1/scores` reveals them
once a game is over; the leak test plays games to that end.)
"""

from __future__ import annotations

import copy
import json

import pytest

from referee import engine
from referee.cli import main
from referee.http import create_app
from referee.sealed.sealing import new_key
from referee.sealed.verify import Mismatch, NotARecord, verify

APP = create_app({"TESTING": True, "SEAL_KEYS": [new_key()]})
CLIENT = APP.test_client()
PLAYERS = ["Ann", "Ben"]
TURNS = 30


def post(path, body):
    response = CLIENT.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 201), response.json
    return response.json


def play():
    """A sealed MASTER game played for TURNS turns (the first placement listed, else a
    draw), recorded by seat 0 and by a spectator."""
    game = post("/v1/games", {"players": PLAYERS, "sealed": True})
    token, seats = game["game"], game["seats"]
    start = {"commitment": game["commitment"], "game": {"ruleset": "master", "players": PLAYERS}}
    mine = {**start, "seat": 0, "turns": [],
            "hand": post("/v1/views", {"game": token, "seat": seats[0]})["view"]["players"][0]["hand"]}
    public = {**start, "seat": None, "turns": []}
    for _ in range(TURNS):
        mover = post("/v1/views", {"game": token, "seat": seats[0]})["view"]["current"]
        legal = post("/v1/legal-actions", {"game": token, "seat": seats[mover]})["actions"]
        action = next((a for a in legal if a["type"] == "place" and a["card"] != "J"), {"type": "draw"})
        answer = post("/v1/turns", {"game": token, "seat": seats[mover], "turn": {"player": mover, "actions": [action]}})
        mine["turns"].append({"player": mover, "actions": [action],
                              "events": answer["events"] if mover == 0 else answer["public"]})
        public["turns"].append({"player": mover, "actions": [action], "events": answer["public"]})
        token = answer["game"]
    with APP.app_context():
        from referee.http.sealed import sealer

        sealed = sealer().open(token)
    for record in (mine, public):
        record.update(seed=sealed.seed, salt=sealed.salt)
    return mine, public


@pytest.fixture(scope="module")
def records():
    return play()


def test_honest_records_of_a_player_and_a_spectator_pass(records, tmp_path, capsys):
    for record in records:
        assert verify(record) == TURNS
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record))
        assert main(["verify", str(path)]) == 0
        assert capsys.readouterr().out == f"from the seed: the deal and {TURNS} turns\n"


def fails(record, tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1
    return capsys.readouterr().out


def test_a_changed_seed_or_salt_breaks_the_commitment(records, tmp_path, capsys):
    mine = records[0]
    assert fails({**mine, "seed": mine["seed"] + 1}, tmp_path, capsys).startswith("not from the seed: the commitment")
    salt = ("1" if mine["salt"][0] != "1" else "2") + mine["salt"][1:]
    assert fails({**mine, "salt": salt}, tmp_path, capsys).startswith("not from the seed: the commitment")


def first_own_draw(record):
    return next(i for i, t in enumerate(record["turns"])
                if t["player"] == 0 and t["actions"] == [{"type": "draw"}])


def test_a_drawn_card_that_was_not_the_piles_top_names_its_turn(records, tmp_path, capsys):
    mine = copy.deepcopy(records[0])
    number = first_own_draw(mine)
    drew = mine["turns"][number]["events"][0]
    other = next(c for c in ("R1", "R2", "Y1", "G1") if c != drew["card"])
    drew["card"] = other
    out = fails(mine, tmp_path, capsys)
    assert out.startswith(f"not from the seed: turn {number}: {other} was drawn, but the seeded game gives ")


def test_a_pile_reordered_after_the_deal_is_found_at_the_first_draw_it_changes(records, tmp_path, capsys):
    # The referee dealt honestly but then swapped the pile's top two cards: the player
    # saw the second card of the seeded pile at their first draw.
    mine = copy.deepcopy(records[0])
    dealt = engine.new_game(PLAYERS, seed=mine["seed"]).state
    drawn_before = sum(1 for t in mine["turns"][: first_own_draw(mine)] if t["actions"] == [{"type": "draw"}])
    number = first_own_draw(mine)
    mine["turns"][number]["events"][0]["card"] = dealt.pile[drawn_before + 1]
    assert f"turn {number}:" in fails(mine, tmp_path, capsys)


def test_a_hand_dealt_otherwise_is_found_at_the_deal(records, tmp_path, capsys):
    mine = copy.deepcopy(records[0])
    mine["hand"] = list(reversed(mine["hand"]))
    assert fails(mine, tmp_path, capsys).startswith("not from the seed: the deal: seat 0 was given")


def test_a_card_played_that_the_seed_did_not_deal_is_found_at_its_turn(records, tmp_path, capsys):
    public = copy.deepcopy(records[1])
    number, turn = next((i, t) for i, t in enumerate(public["turns"]) if t["actions"][0]["type"] == "place")
    dealt = engine.new_game(PLAYERS, seed=public["seed"]).state
    elsewhere = dealt.players[1 - turn["player"]].hand
    turn["actions"] = [{"type": "place", "card": next(c for c in elsewhere if c != "J")}]
    assert fails(public, tmp_path, capsys).startswith(f"not from the seed: turn {number}: the seeded game refuses it")


def test_a_file_that_is_no_record_exits_2(tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text('{"seed": 1}')
    assert main(["verify", str(path)]) == 2
    assert capsys.readouterr().out.startswith(f"error: {path} is not a sealed game's record:")


def test_keys_new_prints_a_fresh_fernet_key(capsys):
    assert main(["keys", "new"]) == 0
    first = capsys.readouterr().out.strip()
    main(["keys", "new"])
    second = capsys.readouterr().out.strip()
    assert len(first) == 44 and first.endswith("=") and first != second


def play_zweikampf():
    """A sealed Zweikampf game played to its end (each seat turns up in turn), recorded by
    a spectator: every card the seed decides is turned up for all to see."""
    game = post("/v1/games", {"ruleset": "zweikampf", "players": PLAYERS, "sealed": True})
    token, seats = game["game"], game["seats"]
    record = {"commitment": game["commitment"], "seat": None, "turns": [],
              "game": {"ruleset": "zweikampf", "players": PLAYERS}}
    while True:
        view = post("/v1/views", {"game": token, "seat": seats[0]})["view"]
        if view["current"] is None and not view["waiting"]:
            break
        mover = view["current"] if view["current"] is not None else view["waiting"][0]
        answer = post("/v1/turns", {"game": token, "seat": seats[mover],
                                    "turn": {"player": mover, "actions": [{"type": "reveal"}]}})
        record["turns"].append({"player": mover, "actions": [{"type": "reveal"}], "events": answer["public"]})
        token = answer["game"]
    scores = post("/v1/scores", {"game": token})
    return {**record, "seed": scores["seed"], "salt": scores["salt"]}


def test_a_sealed_zweikampf_game_is_checked_card_by_card_as_turned_up(tmp_path, capsys):
    record = play_zweikampf()
    assert verify(record) == len(record["turns"]) >= 20
    changed = copy.deepcopy(record)
    revealed = next(e for e in changed["turns"][3]["events"] if e["type"] == "revealed")
    seeded = revealed["card"]
    revealed["card"] = "O1" if seeded != "O1" else "O2"
    out = fails(changed, tmp_path, capsys)
    assert out == (f"not from the seed: turn 3: {revealed['card']} was turned up, "
                   f"but the seeded game gives {seeded}\n")
    with pytest.raises(NotARecord, match="holds no hand"):
        verify({**record, "seat": 0, "hand": ["O1"]})
