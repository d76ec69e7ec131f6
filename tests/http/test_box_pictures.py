"""POST /v1/pictures for the other games in the box: every card drawn, nothing overlapping,
every number labelled, what only the rules say asked of the ruleset, a tall layout that
reads on a phone, and marks on cards and places.

Each picture is parsed as XML. A piece's box is its rectangle (a card, a back, an empty
place, a player's box) or, for a text, its top-left corner and an estimated width (0.6
of the font size per letter; the browser test beside this file measures real text).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from referee import engine
from support.box_games import played_states
from support.box_tables import hoechste, mogeln, ratefix, schnapp, zweikampf
from support.farben_tables import farben
from referee.pictures.box import drawn_addresses

# The picture endpoint's client and its two calls, as the row games' picture tests use them.
from .test_pictures import SVG, client, draw, post  # noqa: F401 (client is a fixture)

BOX_GAMES = sorted(name for name, rules in engine.RULESETS.items() if rules.family == "box")


def classes(element: ET.Element) -> set[str]:
    return set(element.attrib.get("class", "").split())


def words(element: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in element.iter(f"{SVG}text")]


def player_box(root: ET.Element, index: int) -> ET.Element:
    return next(e for e in root.iter(f"{SVG}g") if e.attrib.get("data-player") == str(index))


def rect_box(rect: ET.Element) -> tuple[float, float, float, float]:
    x, y = float(rect.attrib["x"]), float(rect.attrib["y"])
    return x, y, x + float(rect.attrib["width"]), y + float(rect.attrib["height"])


def text_box(text: ET.Element) -> tuple[float, float, float, float]:
    size, x, baseline = float(text.attrib["font-size"]), float(text.attrib["x"]), float(text.attrib["y"])
    width = 0.6 * size * len("".join(text.itertext()))
    left = {"start": x, "middle": x - width / 2, "end": x - width}[text.attrib["text-anchor"]]
    return left, baseline - 0.8 * size, left + width, baseline + 0.2 * size


def overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def pieces(root: ET.Element) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every card, back and empty place (with what is written on it) and every other text."""
    found, inside = [], set()
    for g in root.iter(f"{SVG}g"):
        if classes(g) & {"card", "back", "space"}:
            rect = g.find(f"{SVG}rect")
            found.append((g.attrib.get("data-card") or g.attrib.get("data-at") or "card", rect_box(rect)))
            inside.update(id(t) for t in g.iter(f"{SVG}text"))
    for text in root.iter(f"{SVG}text"):
        if id(text) not in inside and "".join(text.itertext()):
            found.append(("".join(text.itertext()), text_box(text)))
    return found


def overlapping(root: ET.Element) -> list[tuple[str, str]]:
    drawn = pieces(root)
    return [(a, b) for i, (a, box_a) in enumerate(drawn) for b, box_b in drawn[i + 1:] if overlap(box_a, box_b)]


def outside_their_box(root: ET.Element) -> list[str]:
    """The pieces of a player's box drawn outside its rectangle."""
    out = []
    for g in root.iter(f"{SVG}g"):
        if "data-player" in g.attrib:
            frame = rect_box(g.find(f"{SVG}rect"))
            for name, (x0, y0, x1, y1) in pieces(g):
                if name != g.find(f"{SVG}text").text and not (
                        frame[0] <= x0 and x1 <= frame[2] + 0.5 and frame[1] <= y0 and y1 <= frame[3] + 0.5):
                    out.append(name)
    return out


# -- nothing overlaps, in either layout, in any game ----------------------------------------


@pytest.mark.parametrize("layout", ["wide", "tall"])
@pytest.mark.parametrize("ruleset", BOX_GAMES)
def test_no_piece_of_a_box_picture_overlaps_another_and_every_piece_stays_in_its_box(client, ruleset, layout):
    for players, seed in ((3, 7), (6, 11)):
        for state in played_states(ruleset, players, seed):
            root = draw(client, {"state": state, "layout": layout})
            assert overlapping(root) == []
            assert outside_their_box(root) == []


def test_the_overlap_check_sees_an_overlap():
    # Its counterpart: the check above is only as good as this.
    root = ET.fromstring(
        '<svg xmlns="http://www.w3.org/2000/svg"><g class="card" data-card="O1"><rect x="8" y="8" width="34" height="48"/>'
        '</g><text x="10" y="50" font-size="11" text-anchor="start">12 cards in hand</text></svg>')
    assert overlapping(root) == [("O1", "12 cards in hand")]


# -- hands: every card, wrapping, the count apart from them ---------------------------------


@pytest.mark.parametrize("layout", ["wide", "tall"])
def test_a_known_hand_is_drawn_whole_whatever_its_size(client, layout):
    cards = [f"{c}{v}" for c in "OYGB" for v in range(1, 10)]  # Mogeln with three: 36 cards
    hands = [cards[:7], cards[7:19], cards[19:]]  # 7, 12 and 17 cards
    root = draw(client, {"state": mogeln(hands), "layout": layout})
    for index, hand in enumerate(hands):
        box = player_box(root, index)
        drawn = [e.attrib["data-card"] for e in box.iter(f"{SVG}g") if "hand" in classes(e)]
        assert drawn == hand
        assert f"{len(hand)} cards in hand" in words(box)
    assert overlapping(root) == [] and outside_their_box(root) == []
    # Wrapped: 12 cards take more than one line in both layouts (three in the narrower wide box).
    tops = {float(e.find(f"{SVG}rect").attrib["y"]) for e in player_box(root, 1).iter(f"{SVG}g") if "hand" in classes(e)}
    assert len(tops) == {"wide": 3, "tall": 2}[layout]


def test_a_hidden_hand_is_a_back_with_its_count_in_words_and_no_faces(client):
    root = draw(client, {"state": mogeln([["O1", "O2"], ["Y1", "Y2", "Y3"], ["G1"]], hide=[1])})
    box = player_box(root, 1)
    assert [e.attrib["data-count"] for e in box.iter(f"{SVG}g") if "back" in classes(e)] == ["3"]
    assert not [e for e in box.iter(f"{SVG}g") if "data-card" in e.attrib]
    assert ["Hand", "3 cards"] == [w for w in words(box) if w in ("Hand", "3 cards")]


# -- Ratefix: the guesses and the leader ----------------------------------------------------


def test_ratefix_draws_each_guess_in_its_players_box_and_who_guesses_first(client):
    state = ratefix(middle=[(0, "O9"), (1, "Y5"), (2, "G3")], guesses=[(1, 17)], leader=1, players=3)
    root = draw(client, {"state": state})
    assert "Guess: 17" in words(player_box(root, 1)) and "guesses first" in words(player_box(root, 1))
    assert not [w for w in words(player_box(root, 0)) + words(player_box(root, 2)) if w.startswith("Guess")]
    assert "guesses first" not in words(player_box(root, 0)) + words(player_box(root, 2))
    middle = next(e for e in root.iter(f"{SVG}g") if classes(e) == {"middle"})
    # The middle lies face down until the last guess turns it up (and it is taken at once):
    # cards a record names are drawn as backs, never face up.
    assert [e.attrib["data-at"] for e in middle if classes(e) == {"back", "middle"}] == ["/middle/0", "/middle/1", "/middle/2"]
    assert not [e for e in middle.iter(f"{SVG}g") if "data-card" in e.attrib]
    assert words(middle) == ["Middle", "Ada", "Ben", "Cleo"]


def test_ratefix_before_any_guess_shows_no_guess_and_face_down_cards_as_backs(client):
    state = ratefix(middle=[(0, None)], leader=0, players=2, hide=[0, 1])
    root = draw(client, {"state": state})
    assert not [w for w in words(root) if w.startswith("Guess")]
    assert "guesses first" in words(player_box(root, 0))
    assert [e.attrib["data-at"] for e in root.iter(f"{SVG}g") if classes(e) == {"back", "middle"}] == ["/middle/0"]


def test_a_trick_lies_face_down_until_it_is_taken_even_where_the_state_names_its_cards(client):
    # A replayed record names the cards played face down; mid-trick they are still backs,
    # as they lie on the table, and nothing of them is told.
    state = hoechste(hands=[["O1", "O2"], ["Y1", "Y2", "Y3"]], trick=[(0, "O3")], won=[10, 6])
    root = draw(client, {"state": state})
    trick = next(e for e in root.iter(f"{SVG}g") if classes(e) == {"trick"})
    assert [e.attrib["data-at"] for e in trick if classes(e) == {"back", "trick"}] == ["/trick/0"]
    assert not [e for e in trick.iter(f"{SVG}g") if "data-card" in e.attrib]
    assert words(trick) == ["Trick", "Ada"]


# -- Mogeln: the plays in words, and the next claim -----------------------------------------


def test_mogeln_says_of_each_play_its_maker_its_cards_and_its_claim_and_the_next_claim(client):
    state = mogeln([["O1", "O2"], ["Y1", "Y2"], ["G1"]], stack=[(1, 2, 3), (0, ["O5"], 2), (2, 1, 1)])
    root = draw(client, {"state": state})
    plays = [w for w in words(root) if "played" in w]
    assert plays == ["Ben: 2 cards played, claimed 3", "Ada: 1 card played, claimed 2", "Cleo: 1 card played, claimed 1"]
    assert "Next claim: 4" in words(root)
    # No bare number anywhere but a card's value on its face (a count is said in words).
    faces = {id(t) for g in root.iter(f"{SVG}g") if "card" in classes(g) for t in g.iter(f"{SVG}text")}
    assert not [w for w in root.iter(f"{SVG}text") if id(w) not in faces and "".join(w.itertext()).isdigit()]


def test_mogeln_after_the_last_value_the_next_claim_is_1_and_a_finished_game_has_none(client):
    count = [((2 - k) % 3, 1, 9 - k) for k in range(9)]  # claims 9 (on top) down to 1
    top = mogeln([["O1"], ["Y1"], ["G1"]], stack=count)  # three players: 9 is the last value
    assert "Next claim: 1" in words(draw(client, {"state": top}))
    empty = mogeln([["O1"], ["Y1"], ["G1"]])
    assert "Next claim: 1" in words(draw(client, {"state": empty})) and "No plays yet" in words(draw(client, {"state": empty}))
    over = mogeln([[], ["Y1"], ["G1"]], stack=[(0, 1, 1)], winner=0)
    root = draw(client, {"state": over})
    assert not [w for w in words(root) if w.startswith("Next claim")] and "Ada wins" in words(root)


def test_the_next_claim_is_the_rulesets_answer():
    rules = engine.find_ruleset("mogeln")
    count = [((2 - k) % 3, 1, 9 - k) for k in range(9)]
    for stack, expected in (([], 1), ([(1, 1, 2), (0, 1, 1)], 3), (count, 1)):
        facts = rules.picture_facts(engine.load_state(mogeln([["O1"], ["Y1"], ["G1"]], stack=stack)))
        assert facts.next_claim == expected


# -- an empty pile is an empty place, labelled ----------------------------------------------


def test_an_empty_won_pile_is_an_empty_place_labelled_not_a_back_marked_0(client):
    state = zweikampf(stacks=[["O9"], ["Y9"]], won=[[], ["O3", "Y3"]])
    root = draw(client, {"state": state})
    empty = [e for e in player_box(root, 0).iter(f"{SVG}g") if e.attrib.get("data-at") == "/players/0/won"]
    assert [classes(e) for e in empty] == [{"space", "won"}] and words(empty[0]) == ["empty"]
    assert {"Won", "0 cards"} <= set(words(player_box(root, 0)))
    assert not [e for e in root.iter(f"{SVG}g") if "back" in classes(e) and e.attrib.get("data-count") == "0"]
    # Its counterpart: a pile with cards shows its top card and its count.
    won = [e for e in player_box(root, 1).iter(f"{SVG}g") if e.attrib.get("data-at") == "/players/1/won"]
    assert [(e.attrib.get("data-card"), classes(e)) for e in won] == [("O3", {"card", "won"})]
    assert {"Won", "2 cards"} <= set(words(player_box(root, 1)))
    german = ET.fromstring(post(client, {"state": state}, headers={"Accept-Language": "de"}).data)
    assert {"leer", "Gewonnen", "0 Karten"} <= set(words(player_box(german, 0)))


# -- won, set-aside and out piles of cards show their top card -------------------------------


def test_hoechste_karte_won_set_aside_and_out_piles_show_their_top_card_and_a_count_pile_a_back(client):
    state = hoechste(hands=[["O11"], ["Y11"]], won=[["Y3", "O9", "Y1", "O1"], 14], set_aside=["Y10", "O10"])
    root = draw(client, {"state": state})
    won = [e for e in player_box(root, 0).iter(f"{SVG}g") if e.attrib.get("data-at") == "/players/0/won"]
    assert [(e.attrib.get("data-card"), classes(e)) for e in won] == [("Y3", {"card", "won"})]
    assert {"Won", "4 cards"} <= set(words(player_box(root, 0)))
    counted = [e for e in player_box(root, 1).iter(f"{SVG}g") if e.attrib.get("data-at") == "/players/1/won"]
    assert [(e.attrib.get("data-count"), classes(e)) for e in counted] == [("14", {"back", "won"})]
    aside = [e for e in root.iter(f"{SVG}g") if e.attrib.get("data-at") == "/set_aside"]
    assert [e.attrib.get("data-card") for e in aside] == ["Y10"]
    assert "Set aside" in words(root) and not any(w.startswith("Set aside:") for w in words(root))
    german = ET.fromstring(post(client, {"state": state}, headers={"Accept-Language": "de"}).data)
    assert "Beiseitegelegt" in words(german)


def test_ratefix_won_piles_show_the_last_middle_on_top(client):
    state = ratefix(won=[["B20", "B3"], []], players=2)
    root = draw(client, {"state": state})
    won = [e for e in player_box(root, 0).iter(f"{SVG}g") if e.attrib.get("data-at") == "/players/0/won"]
    assert [e.attrib.get("data-card") for e in won] == ["B20"]
    assert {"Won", "2 cards"} <= set(words(player_box(root, 0)))


# -- Schnipp Schnapp: "may be called" only where a call is right ----------------------------


@pytest.mark.parametrize(("opens", "middle", "flipped", "callable"), [
    ([["O5"], ["Y6"], ["G9"]], [], [0], []),  # the flipped 5 matches nothing
    ([["O5"], ["Y5"], ["G9"]], [], [1], [1]),  # Schnapp: another open pile shows a 5
    ([["O5"], ["Y6"], ["G9"]], ["B9"], [2], [2]),  # Schnipp: the middle's top is a 9
    ([["O5"], ["Y6"], ["G9"]], ["B9", "B5"], [0], []),  # a 5 under the middle's top does not count
])
def test_may_be_called_shows_only_on_a_flipped_card_a_call_would_take(client, opens, middle, flipped, callable):
    state = schnapp(opens, middle=middle, flipped=flipped, current=(flipped[0] + 1) % 3)
    root = draw(client, {"state": state})
    shown = [i for i in range(3) if "may be called" in words(player_box(root, i))]
    assert shown == callable
    rules = engine.find_ruleset("schnipp-schnapp")
    assert sorted(rules.picture_facts(engine.load_state(state)).callable) == callable


# -- Farben sammeln: stacks numbered as people count -----------------------------------------


def test_farben_sammelns_stacks_are_numbered_1_to_4_in_the_pictures_language(client):
    state = farben(hands=[["O1"], ["Y1"]], display=[["G7"], [], ["B3", "B4"], ["Y9"]])
    root = draw(client, {"state": state})
    assert {"Stack 1", "Stack 2", "Stack 3", "Stack 4", "Draw pile"} <= set(words(root))
    assert "Stack 0" not in words(root)
    assert [e.attrib["data-pile"] for e in root.iter(f"{SVG}g") if "data-pile" in e.attrib and
            e.attrib["data-pile"].startswith("display")] == ["display-0", "display-1", "display-2", "display-3"]
    german = ET.fromstring(post(client, {"state": state}, headers={"Accept-Language": "de"}).data)
    assert {"Stapel 1", "Stapel 4", "Nachziehstapel"} <= set(words(german))


@pytest.mark.parametrize(("language", "expected"), [
    ("de", {"Nächste Ansage: 2", "Ada: 1 Karte gespielt, angesagt 1", "Züge auf dem Stapel, oberster zuerst"}),
    ("fr", {"Prochaine annonce : 2", "Ada : 1 carte jouée, annonce 1"}),
    ("it", {"Prossima dichiarazione: 2", "Ada: 1 carta giocata, dichiarato 1"}),
])
def test_the_new_labels_follow_accept_language(client, language, expected):
    state = mogeln([["O1"], ["Y1"], ["G1"]], stack=[(0, 1, 1)])
    root = ET.fromstring(post(client, {"state": state}, headers={"Accept-Language": language}).data)
    assert expected <= set(words(root))


# -- the tall layout ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", BOX_GAMES)
def test_the_tall_layout_reads_at_phone_width_and_the_wide_one_sits_two_by_two(client, ruleset):
    state = played_states(ruleset, 4, 5, turns=20, every=100)[-1]
    tall, wide = draw(client, {"state": state, "layout": "tall"}), draw(client, {"state": state})
    width = float(tall.attrib["width"])
    assert width == 360 and "tall" in classes(tall)
    smallest = min(float(t.attrib["font-size"]) for t in tall.iter(f"{SVG}text") if "".join(t.itertext()))
    assert smallest * 390 / width >= 12  # shown 390 px wide, as on a phone

    def boxes(root):
        return [rect_box(player_box(root, i).find(f"{SVG}rect")) for i in range(len(state["players"]))]

    assert {b[0] for b in boxes(tall)} == {8.0}  # one under the other
    assert float(wide.attrib["width"]) == 540 and len({b[0] for b in boxes(wide)}) == 2  # side by side

    def cards(root):
        return sorted(e.attrib["data-card"] for e in root.iter(f"{SVG}g") if "data-card" in e.attrib)

    assert cards(tall) == cards(wide)


# -- mark and highlight on cards and places -------------------------------------------------


def test_mark_and_highlight_name_a_card_a_pile_and_a_whole_hand(client):
    state = farben(hands=[["O1", "O2"], ["Y1", "Y2"]], display=[["G7"], [], ["B3", "B4"], ["Y9"]])
    root = draw(client, {"state": state, "mark": ["Y2", "/display/1"], "highlight": ["/pile", "/players/0/hand", "B3"]})
    marked = [(e.attrib.get("data-card"), e.attrib.get("data-at")) for e in root.iter(f"{SVG}g") if "marked" in classes(e)]
    lit = [(e.attrib.get("data-card"), e.attrib.get("data-at")) for e in root.iter(f"{SVG}g") if "highlight" in classes(e)]
    hand, pile = "/players/0/hand", "/display/1"
    assert marked == [("Y2", "/players/1/hand"), (state["display"][1][0], pile)]
    assert lit == [(card, hand) for card in state["players"][0]["hand"]] + [(None, "/pile"), ("B3", "/display/2")]
    # Not by colour alone: a mark has its own outline and an exclamation mark.
    y2 = next(e for e in root.iter(f"{SVG}g") if e.attrib.get("data-card") == "Y2")
    assert [e.attrib["class"] for e in y2 if "class" in e.attrib] == ["mark"] and "!" in words(y2)
    unmarked = draw(client, {"state": state})
    assert not [e for e in unmarked.iter(f"{SVG}g") if classes(e) & {"marked", "highlight"}]


def test_mark_a_play_an_entry_and_a_players_pile(client):
    state = mogeln([["O1"], ["Y1"], ["G1"]], stack=[(1, 2, 2), (0, 1, 1)])
    root = draw(client, {"state": state, "mark": ["/stack/0"]})
    assert [e.attrib["data-at"] for e in root.iter(f"{SVG}g") if "marked" in classes(e)] == ["/stack/0"]
    battle = zweikampf(stacks=[["O9"], ["Y9"]], battle=[(0, "O4")])
    root = draw(client, {"state": battle, "highlight": ["/battle/0", "/players/1/stack"]})
    lit = [(e.attrib.get("data-card"), e.attrib["data-at"]) for e in root.iter(f"{SVG}g") if "highlight" in classes(e)]
    assert lit == [(None, "/players/1/stack"), ("O4", "/battle/0")]


@pytest.mark.parametrize(("body", "pointer", "message"), [
    ({"mark": ["O1", "Y20"]}, "/mark/1", "Y20 is not a card or place drawn in this picture"),  # in a face-down stack
    ({"highlight": ["/display/7"]}, "/highlight/0", "/display/7 is not a card or place drawn in this picture"),
    ({"mark": ["/battle/0"]}, "/mark/0", "/battle/0 is not a card or place drawn in this picture"),
    ({"mark": ["/players/2/hand"]}, "/mark/0", "/players/2/hand is not a card or place drawn in this picture"),
])
def test_a_mark_on_nothing_drawn_is_a_schema_violation(client, body, pointer, message):
    state = farben(hands=[["O1"], ["Y1"]], display=[["G7"], [], ["B3"], ["Y9"]], pile=["Y20"], hide=["pile"])
    response = post(client, {"state": state, **body})
    assert (response.status_code, response.json["code"]) == (400, "SCHEMA_VIOLATION")
    assert response.json["errors"] == [{"pointer": pointer, "message": message}]


@pytest.mark.parametrize("name", ["/nowhere", "players/0/hand", "/players/0/pocket", "/display/x", "G7 "])
def test_a_malformed_mark_is_refused_by_the_schema(client, name):
    state = farben(hands=[["O1"], ["Y1"]])
    response = post(client, {"state": state, "mark": [name]})
    assert (response.status_code, response.json["code"]) == (400, "SCHEMA_VIOLATION")


def test_a_slot_is_still_a_slot_in_a_game_on_rows(client):
    state = engine.new_game(["Timo", "Vera"], seed=42, ruleset="junior").state.to_dict()
    assert post(client, {"state": state, "mark": ["O3"]}).status_code == 200
    refused = post(client, {"state": state, "mark": ["/pile"]})
    assert refused.json["errors"] == [{"pointer": "/mark/0", "message": "/pile is not a slot of this game"}]


def test_every_address_the_picture_draws_is_in_the_data_hooks(client):
    state = hoechste(hands=[["O1", "O2"], ["Y1", "Y2", "Y3"]], trick=[(0, "O3")], won=[10, 6])
    svg = post(client, {"state": state}).get_data(as_text=True)
    at = set(re.findall(r'data-at="([^"]+)"', svg))
    assert at == {"/players/0/hand", "/players/1/hand", "/trick/0", "/players/0/won", "/players/1/won",
                  "/set_aside", "/out"}


def declared_places(state: dict) -> set[str]:
    """The address of every pile the state's game declares (`BoxState.PILES`): each
    player's, the table's, each of a row of piles, each entry or record on the table."""
    places = set()
    for pile in engine.find_ruleset(state["ruleset"]).state_type.PILES:
        if pile.owner == "player":
            places |= {f"/players/{k}/{pile.name}" for k in range(len(state["players"]))}
        elif pile.shape == "piles":
            places |= {f"/{pile.name}/{k}" for k in range(len(state[pile.name]))}
        elif pile.shape in ("entries", "records") and state[pile.name]:
            places |= {f"/{pile.name}/{k}" for k in range(len(state[pile.name]))}
        elif pile.shape == "records":  # no records yet: a line says so, with no place to mark
            continue
        else:
            places.add(f"/{pile.name}")
    return places


@pytest.mark.parametrize("ruleset", BOX_GAMES)
def test_every_pile_a_game_declares_is_drawn_in_its_picture(ruleset):
    states = played_states(ruleset, 3, seed=11)
    assert engine.find_ruleset(ruleset).state_type.PILES, f"{ruleset} declares no pile"
    for state in states:
        assert declared_places(state) - drawn_addresses(state) == set()


def test_the_piles_declared_say_their_label_owner_and_face():
    zweikampf = engine.find_ruleset("zweikampf").state_type.PILES
    assert [(p.name, p.label, p.owner, p.face, p.shape) for p in zweikampf] == [
        ("stack", "Stack", "player", "down", "pile"), ("won", "Won", "player", "up", "pile"),
        ("battle", "Battle", "table", "up", "entries")]


def test_an_empty_table_pile_is_drawn_as_an_empty_place():
    state = engine.new_game(["Ada", "Ben", "Cleo"], seed=3, ruleset="ueberall-anschliessen").state.to_dict()
    assert state["middle"] == [] and "/middle" in drawn_addresses(state)
