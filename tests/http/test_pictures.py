"""POST /v1/pictures: the table of any state as SVG, one element per slot, marks that show.

Every picture is parsed as XML; the slots are counted and read through the stable hooks
(`data-slot`, `data-card`, classes), the way the table page and its tests read them.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from referee import engine
from referee.http import create_app
from referee.pictures import picture
from support.contract_check import assert_matches_contract

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def post(client, body, **kwargs):
    response = client.post("/v1/pictures", data=json.dumps(body), content_type="application/json", **kwargs)
    assert_matches_contract(response, "/v1/pictures", "POST")
    return response


def draw(client, body, **kwargs) -> ET.Element:
    response = post(client, body, **kwargs)
    assert response.status_code == 200, response.data
    assert response.mimetype == "image/svg+xml"
    root = ET.fromstring(response.data)
    assert root.tag == f"{SVG}svg"
    return root


def slots(root: ET.Element) -> dict[str, ET.Element]:
    found = [e for e in root.iter() if "data-slot" in e.attrib]
    by_name = {e.attrib["data-slot"]: e for e in found}
    assert len(by_name) == len(found), "a slot is drawn twice"
    return by_name


def cards(root: ET.Element) -> dict[str, str]:
    return {name: e.attrib["data-card"] for name, e in slots(root).items() if "data-card" in e.attrib}


def classes(element: ET.Element) -> set[str]:
    return set(element.attrib.get("class", "").split())


def texts(root: ET.Element) -> str:
    return " ".join("".join(e.itertext()) for e in root.iter(f"{SVG}text"))


def played(state: dict, *actions: dict, player: int = 0) -> dict:
    """The state after a legal turn, as the referee answers it."""
    result = engine.apply(engine.load_state(state), engine.load_turn({"player": player, "actions": list(actions)}, state["ruleset"]))
    return result.state.to_dict()


def dealt(ruleset: str = "master", **options) -> dict:
    return engine.new_game(["Timo", "Vera"], seed=42, ruleset=ruleset, **options).state.to_dict()


# -- MASTER ---------------------------------------------------------------------------------


def test_master_picture_draws_every_slot_the_cards_the_jokers_and_the_bridges(client):
    state = played(
        dealt(hidden=True),
        {"type": "place", "card": "R10"},
        {"type": "bridge", "from": "R10", "to": "Y10"},
        {"type": "place", "card": "Y10"},
        {"type": "place", "card": "J", "at": "G10"},
    )
    root = draw(client, {"state": state})
    assert list(slots(root)) == [f"{c}{v}" for c in "RYGB" for v in range(1, 22)]
    assert cards(root) == {"R10": "R10", "R11": "R11", "Y10": "Y10", "Y11": "Y11", "G10": "J", "G11": "G11", "B11": "B11"}
    assert classes(slots(root)["G10"]) == {"slot", "joker"}
    assert classes(slots(root)["R9"]) == {"slot", "empty"}
    bridges = [e.attrib for e in root.iter() if "bridge" in classes(e)]
    assert [(b["data-from"], b["data-to"]) for b in bridges] == [("R10", "Y10")]
    # Vera is to move; the hands are counts, with the bridge cards and bonus cards.
    current = [e for e in root.iter() if "current" in classes(e)]
    assert [e.attrib["data-player"] for e in current] == ["1"]
    words = texts(root)
    assert "17 cards in hand" in words and "20 cards in hand" in words
    assert "3 bridge cards" in words and "4 bridge cards" in words
    assert "Draw pile: 44 cards" in words and "7 bonus cards left" in words
    assert "Vera to move" == root.attrib["aria-label"]


def test_master_rows_are_drawn_in_the_states_order(client):
    state = engine.new_game(["Timo", "Vera"], seed=1, options={"rows": ["B", "G", "Y", "R"]}).state.to_dict()
    root = draw(client, {"state": state})
    rows = [e.attrib["data-row"] for e in root.iter() if "row" in classes(e)]
    assert rows == ["B", "G", "Y", "R"]
    assert list(slots(root))[:2] == ["B1", "B2"]


def test_marked_and_highlighted_slots_stand_out_and_no_other(client):
    root = draw(client, {"state": dealt(), "mark": ["B9"], "highlight": ["R10", "R12"]})
    marked = {n for n, e in slots(root).items() if "marked" in classes(e)}
    lit = {n for n, e in slots(root).items() if "highlight" in classes(e)}
    assert (marked, lit) == ({"B9"}, {"R10", "R12"})
    # Not by colour alone: the marked slot carries its own outline and an exclamation mark.
    assert [e.attrib["class"] for e in slots(root)["B9"] if "class" in e.attrib] == ["target", "mark"]
    assert "!" in "".join(slots(root)["B9"].itertext())


def test_a_turn_being_built_is_drawn_pending_and_not_judged(client):
    turn = [{"type": "place", "card": "R10"}, {"type": "place", "card": "J", "at": "B3"}]
    root = draw(client, {"state": dealt(hidden=True), "turn": turn})
    assert cards(root)["R10"] == "R10" and cards(root)["B3"] == "J"  # B3 touches nothing: drawn anyway
    assert {"pending", "card"} <= classes(slots(root)["R10"]) and {"pending", "joker"} <= classes(slots(root)["B3"])


def test_known_hands_are_drawn_card_by_card(client):
    state = dealt()
    root = draw(client, {"state": state})
    hand = [e.attrib["data-hand-card"] for e in root.iter() if "data-hand-card" in e.attrib]
    assert hand == state["players"][0]["hand"] + state["players"][1]["hand"]


def test_the_tall_layout_draws_the_same_slots(client):
    wide, tall = draw(client, {"state": dealt()}), draw(client, {"state": dealt(), "layout": "tall"})
    assert list(slots(tall)) == list(slots(wide))
    assert float(tall.attrib["width"]) < 400 < float(wide.attrib["width"])


def test_the_endpoint_answers_the_pure_function(client):
    state = dealt()
    response = post(client, {"state": state, "mark": ["G12"]})
    assert response.data.decode() == picture(state, ["G12"])


# -- classic and junior ---------------------------------------------------------------------


def test_a_classic_table_before_the_first_11_draws_every_colour_empty(client):
    state = dealt("classic", options={"edition": "original"})
    root = draw(client, {"state": state, "mark": ["Y11"]})
    assert list(slots(root)) == [f"{c}{v}" for c in "RYGB" for v in range(1, 21)]
    assert cards(root) == {}
    assert all("unstarted" in classes(e) for e in root.iter() if "row" in classes(e))
    assert {n for n, e in slots(root).items() if "marked" in classes(e)} == {"Y11"}


def test_classic_rows_come_in_the_order_started_then_the_colours_not_started(client):
    state = dealt("classic", hidden=True)
    opener = state["current"]
    state = played(state, {"type": "place", "card": "G11"}, player=opener)
    state = played(state, {"type": "place", "card": "B11"}, player=1 - opener)
    root = draw(client, {"state": state})
    rows = [(e.attrib["data-row"], "unstarted" in classes(e)) for e in root.iter() if "row" in classes(e)]
    assert rows == [("G", False), ("B", False), ("O", True), ("Y", True)]
    assert cards(root) == {"G11": "G11", "B11": "B11"}
    assert "bridge card" not in texts(root)


def test_a_classic_game_without_blue_has_three_rows(client):
    state = dealt("classic", options={"without_blue": True, "start": "ends"})
    root = draw(client, {"state": state})
    assert len(slots(root)) == 60
    assert cards(root) == {f"{c}{v}": f"{c}{v}" for c in "OYG" for v in (1, 20)}


def test_a_junior_table_has_44_slots_with_the_1s_and_11s_lying(client):
    state = dealt("junior", hidden=True)
    state = played(state, {"type": "place", "card": "O2"})
    root = draw(client, {"state": state, "mark": ["O3"], "turn": [{"type": "draw"}, {"type": "place", "card": "Y10"}]})
    assert list(slots(root)) == [f"{c}{v}" for c in "OYGB" for v in range(1, 12)]
    assert cards(root) == {**{f"{c}{v}": f"{c}{v}" for c in "OYGB" for v in (1, 11)}, "O2": "O2", "Y10": "Y10"}
    assert "pending" in classes(slots(root)["Y10"]) and "marked" in classes(slots(root)["O3"])
    assert "4 cards in hand" in texts(root)


# -- languages and bad input ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "pile", "bridges"),
    [("de", "Nachziehstapel: 44 Karten", "4 Verbindungskarten"), ("fr", "Pioche : 44 cartes", "4 cartes Liaison"),
     ("it", "Mazzo: 44 carte", "4 carte ponte"), ("es", "Draw pile: 44 cards", "4 bridge cards")],
)
def test_the_pictures_texts_follow_accept_language(client, language, pile, bridges):
    response = post(client, {"state": dealt(hidden=True)}, headers={"Accept-Language": f"{language}, en;q=0.5"})
    assert response.headers["Content-Language"] == ("en" if language == "es" else language)
    assert response.headers["Vary"] == "Accept-Language"
    words = texts(ET.fromstring(response.data))
    assert pile in words and bridges in words


def test_a_mark_outside_the_game_is_a_schema_violation(client):
    response = post(client, {"state": dealt("junior"), "highlight": ["O3", "O12"]})
    assert response.status_code == 400
    assert response.json["code"] == "SCHEMA_VIOLATION"
    assert response.json["errors"] == [{"pointer": "/highlight/1", "message": "O12 is not a slot of this game"}]


def test_an_impossible_state_is_refused(client):
    state = dealt()
    state["rows"][0]["cards"] = [10, 11]  # the red 10 now lies on the table and in a hand
    response = post(client, {"state": state})
    assert (response.status_code, response.json["code"]) == (422, "INVALID_STATE")


def test_malformed_pictures_requests_get_problems(client):
    assert post(client, {"state": dealt(), "layout": "round"}).json["code"] == "SCHEMA_VIOLATION"
    assert post(client, {"state": dealt(), "mark": ["R22"]}).json["code"] == "SCHEMA_VIOLATION"
    assert post(client, {"state": dealt(), "turn": [{"type": "fly"}]}).json["code"] == "SCHEMA_VIOLATION"
    response = client.post("/v1/pictures", data="{", content_type="application/json")
    assert (response.status_code, response.json["code"]) == (400, "MALFORMED_JSON")


def test_the_tall_layout_folds_long_rows_so_that_a_phone_shows_every_slot(client):
    # MASTER's 21 values: 1-11 in a left block, 12-21 in a right one, every slot's target a
    # 44-unit square; the whole table fits a 390-pixel-wide phone without scrolling sideways,
    # and its 11 lines of slots fit 44 * 11 units.
    root = draw(client, {"state": dealt(), "layout": "tall"})
    assert float(root.attrib["width"]) == 2 * 8 + 8 * 44 - 4 + 12
    targets = {n: e.find("{http://www.w3.org/2000/svg}rect") for n, e in slots(root).items()}
    assert {(float(t.attrib["width"]), float(t.attrib["height"])) for t in targets.values()} == {(44, 44)}
    top = {n: float(t.attrib["y"]) for n, t in targets.items()}
    left = {n: float(t.attrib["x"]) for n, t in targets.items()}
    assert top["R1"] == top["R12"] and top["R11"] - top["R1"] == 10 * 44 and top["R21"] == top["R10"]
    assert left["R12"] > left["B1"] and left["Y1"] - left["R1"] == 44
    # The junior game's 11 values need no fold.
    junior = engine.new_game(["Mia", "Leo"], seed=1, ruleset="junior").state.to_dict()
    small = draw(client, {"state": junior, "layout": "tall"})
    assert float(small.attrib["width"]) == 2 * 8 + 3 * 86 + 68


def test_colours_are_named_in_the_readers_language_and_texts_meet_aa_contrast(client):
    dealt_ = engine.new_game(["Ann", "Ben"], seed=1, ruleset="classic", hidden=True).state
    opening = engine.load_turn({"player": 0, "actions": [{"type": "place", "card": "O11"}]}, "classic")
    state = engine.apply(dealt_, opening).state.to_dict()
    root = draw(client, {"state": state}, headers={"Accept-Language": "de"})
    names = [t.text for e in root.iter() if "row-label" in classes(e) for t in e.iter("{http://www.w3.org/2000/svg}text")]
    assert names == ["orange", "gelb", "grün", "blau"]
    assert slots(root)["G11"].find("{http://www.w3.org/2000/svg}title").text == "grün 11"
    # No letter on a card: its colour's shape instead, in the card's ink.
    eleven = slots(root)["O11"]
    assert [t.text for t in eleven.iter("{http://www.w3.org/2000/svg}text")] == ["11"]
    assert {t.attrib["fill"] for t in eleven.iter("{http://www.w3.org/2000/svg}text")} == {"#111"}  # 6.1:1 on orange
    empty = slots(root)["O10"]
    assert [t.attrib["fill"] for t in empty.iter("{http://www.w3.org/2000/svg}text")] == ["#595959"]  # 7:1 on white
