"""What the referee says, in each language: end to end, and as a property of every message.

- Per language, a few refusals from header to text, with the exact words; q-values and the
  fallback to English.
- Property: over random positions of every ruleset and random (mostly mistaken) turns, no
  message in any language (detail, hint, impossible-state reason) names a card in wire
  notation (`R10`) or a slot outside the ruleset's values (1–21, 1–20, 1–11).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import engine
from referee.advice import refusals as advice
from referee.core.errors import MalformedInput, Violation
from referee.http import create_app
from referee.i18n import LANGUAGES
from support.master_tables import table
from support.zones import REST

WIRE_CARD = re.compile(r"(?<![\w/])[ROYGB]\d{1,2}(?!\w)")
COLOUR = (r"(?:red|orange|yellow|green|blue|rote[nr]?|orangen?|gelben?|grünen?|blauen?|rouge|jaune|vert|bleu"
          r"|rosso|arancione|giallo|verde|blu)")
NUMBER_AFTER = re.compile(COLOUR + r" (\d+)")
NUMBER_BEFORE = re.compile(r"(\d+) " + COLOUR)
TOP = {"master": 21, "classic": 20, "junior": 11}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def refuse(client, state, actions, language, player=0):
    response = client.post("/v1/turns", data=json.dumps({"state": state, "turn": {"player": player, "actions": actions}}),
                           content_type="application/json", headers={"Accept-Language": language})
    assert response.status_code == 422
    return response


LONELY_RED_9 = table(hands=[["R9", "R1"], ["R2"]])
NINE = [{"type": "place", "card": "R9"}]


@pytest.mark.parametrize(
    ("header", "language", "title", "detail", "hint"),
    [
        ("de", "de", "Die Karte muss anschließen",
         "Die rote 9 schließt nirgends an: weder die Stelle der roten 8 noch die Stelle der roten 10 ist "
         "belegt, und keine Verbindungskarte führt an diese Stelle.",
         "Lege zuerst die rote 10 an."),
        ("fr-CH, en;q=0.5", "fr", "La carte doit toucher les cartes posées",
         "Le 9 rouge ne touche rien : ni l'emplacement du 8 rouge ni l'emplacement du 10 rouge n'est "
         "occupé, et aucune carte Liaison ne mène à cet emplacement.",
         "Posez d'abord cette carte : le 10 rouge."),
        ("en;q=0.2, it;q=0.8, fr;q=0.5", "it", "La carta deve attaccarsi a quelle sul tavolo",
         "Il 9 rosso non si attacca a niente: né il posto dell'8 rosso né il posto del 10 rosso è "
         "occupato, e nessuna carta ponte porta a questo posto.",
         "Piazza prima questa carta: il 10 rosso."),
        ("es, pt;q=0.9", "en", "The card must touch the layout",
         "The red 9 touches nothing: neither the red 8's slot nor the red 10's slot is occupied, and no "
         "bridge leads to this slot.",
         "Place the red 10 first."),
    ],
)
def test_a_refusal_speaks_the_negotiated_language(client, header, language, title, detail, hint):
    response = refuse(client, LONELY_RED_9, NINE, header)
    assert response.headers["Content-Language"] == language
    assert "Accept-Language" in response.headers["Vary"]
    assert (response.json["title"], response.json["detail"], response.json["hint"]) == (title, detail, hint)
    assert response.json["code"] == "NOT_ADJACENT"  # what a program reads stays the same


def test_players_are_named_and_italian_elides_before_an_11(client):
    state = table(hands=[["B10", "R1"], ["R2"]])
    italian = refuse(client, state, [{"type": "place", "card": "Y11"}], "it").json
    assert italian["detail"] == "Timo non ha in mano questa carta: l'11 giallo."
    german = refuse(client, state, [{"type": "place", "card": "Y11"}], "de").json
    assert german["detail"] == "Timo hat die gelbe 11 nicht auf der Hand."
    assert german["hint"] == "Timo könnte die blaue 10 anlegen."


def test_plural_forms_come_from_each_language(client):
    one_left = table(hands=[["B9", "R1"], REST], pile=["G5"])
    for language, text in [
        ("en", "The draw pile still has 1 card; a player may pass only once it is empty."),
        ("de", "Der Nachziehstapel hat noch 1 Karte; passen darf man erst, wenn er leer ist."),
        ("fr", "La pioche a encore 1 carte ; on ne peut passer qu'une fois qu'elle est vide."),
        ("it", "Il mazzo ha ancora 1 carta; si può passare solo quando è esaurito."),
    ]:
        assert refuse(client, one_left, [{"type": "pass"}], language).json["detail"] == text


def test_an_impossible_state_reason_is_translated(client):
    state = table(hands=[["B10", "R1"], ["R2"]])
    state["players"][0]["hand"].append("R2")
    german = refuse(client, state, [{"type": "draw"}], "de").json
    assert german["reason"] == "die rote 2 kommt zweimal vor: die Hand von Timo und die Hand von Vera"
    assert german["detail"] == "Diesen Spielstand kann es nicht geben: " + german["reason"]


# -- the property -----------------------------------------------------------------------------

def _candidates(state, rnd: random.Random) -> list[dict]:
    """A turn that is often wrong: random actions of the kinds the ruleset has."""
    colors = "RYGB" if state.ruleset == "master" else "OYGB"
    top = TOP[state.ruleset]
    card = lambda: f"{rnd.choice(colors)}{rnd.randint(1, top)}"  # noqa: E731
    kinds = ["place", "draw", "pass"] + (["joker", "bridge", "swap"] if state.ruleset == "master" else [])
    actions = []
    for _ in range(rnd.randint(1, 5)):
        kind = rnd.choice(kinds)
        if kind == "place":
            actions.append({"type": "place", "card": card()})
        elif kind == "joker":
            actions.append({"type": "place", "card": "J", "at": card()})
        elif kind == "bridge":
            value = rnd.randint(1, top)
            actions.append({"type": "bridge", "from": f"{rnd.choice(colors)}{value}",
                            "to": f"{rnd.choice(colors)}{value + rnd.choice([0, 0, 1])}"[:3]})
        elif kind == "swap":
            actions.append({"type": "swap", "card": card()})
        else:
            actions.append({"type": kind})
    return actions


def assert_speaks_in_words(text: str, top: int) -> None:
    assert not WIRE_CARD.search(text), text
    for number in NUMBER_AFTER.findall(text) + NUMBER_BEFORE.findall(text):
        assert 1 <= int(number) <= top, text


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=st.sampled_from(["master", "classic", "junior"]),
       turns=st.integers(0, 20), tries=st.integers(1, 8))
def test_no_message_names_a_card_in_wire_notation_or_a_slot_that_does_not_exist(seed, ruleset, turns, tries):
    rnd = random.Random(seed)
    state = engine.new_game(["Vera", "Timo", "Mia"][: rnd.randint(2, 3)], seed=seed, ruleset=ruleset).state
    for _ in range(turns):
        if state.is_over:
            break
        listing = engine.legal_actions(state)
        prefix = []
        while listing.actions and not (listing.complete and rnd.random() < 0.5):
            prefix.append(rnd.choice(listing.actions))
            listing = engine.legal_actions(state, prefix)
        state = engine.apply(state, engine.Turn(state.current, tuple(prefix))).state
    broken = state.to_dict()
    hands = [p["hand"] for p in broken["players"] if isinstance(p["hand"], list) and p["hand"]]
    if hands and rnd.random() < 0.5:
        rnd.choice(hands).append(rnd.choice(hands[0]))  # a card twice: an impossible state
    else:
        broken["passes"] = len(broken["players"]) + 1
    try:
        engine.check_state(engine.load_state(broken))
    except Violation as impossible:
        for language in LANGUAGES:
            assert_speaks_in_words(impossible.message.render(language), TOP[ruleset])
    for _ in range(tries):
        try:
            turn = engine.load_turn({"player": rnd.choice([state.current] * 5 + [0]), "actions": _candidates(state, rnd)},
                                    state.ruleset)
        except MalformedInput:
            continue
        try:
            engine.apply(state, turn)
        except Violation as refused:
            legal = advice.legal_after(state, turn.actions, refused)
            hint = advice.hint(state, turn.actions, refused, legal)
            for language in LANGUAGES:
                assert_speaks_in_words(refused.message.render(language), TOP[ruleset])
                if hint is not None:
                    assert_speaks_in_words(hint.render(language), TOP[ruleset])


@pytest.mark.parametrize(("language", "players", "detail"), [
    ("de", ["Oma", "Papa", "Lena"], 'Die Anfrage passt nicht zu new-game-request.json: bei /players: das Feld '
                                    '"players" darf höchstens 2 Einträge enthalten.'),
    ("fr", ["Oma", "Papa", "Lena"], 'La requête ne correspond pas à new-game-request.json : en /players, le champ '
                                    '"players" peut contenir au plus 2 éléments.'),
    ("en", ["Oma", "Papa", "Lena"], 'The body does not match new-game-request.json: at /players, the field '
                                    '"players" may hold at most 2 items.'),
])
def test_a_refused_setup_speaks_the_negotiated_language(client, language, players, detail):
    refused = client.post("/v1/games", json={"ruleset": "zweikampf", "players": players},
                          headers={"Accept-Language": language})
    assert (refused.status_code, refused.json["code"], refused.json["detail"]) == (400, "SCHEMA_VIOLATION", detail)


@pytest.mark.parametrize(("language", "detail"), [
    ("de", "Dieses Spiel ist für 3 bis 6 Spieler, nicht für 2"),
    ("it", "Questo gioco è per 3-6 giocatori, non per 2"),
    ("en", "This game is for 3 to 6 players, not 2"),
])
def test_a_player_count_the_game_does_not_take_is_said_in_the_language(client, language, detail):
    refused = client.post("/v1/games", json={"ruleset": "mogeln", "players": ["Oma", "Papa"]},
                          headers={"Accept-Language": language})
    assert refused.json["detail"] == detail


def test_a_turn_of_the_wrong_shape_names_its_step_in_words_not_in_the_wires_terms(client):
    state = client.post("/v1/games", json={"ruleset": "schnipp-schnapp", "players": ["Oma", "Papa"],
                                           "hidden": True}).json["state"]
    turn = {"player": 0, "actions": [{"type": "flip", "card": "O5"}, {"type": "flip", "card": "O6"}]}
    refused = client.post("/v1/turns", json={"state": state, "turn": turn}, headers={"Accept-Language": "de"})
    assert refused.json["detail"] == "Dieser Schritt passt hier nicht in einen Zug dieses Spiels: eine Karte aufdecken."
    assert not re.search(r"\b(flip|with|call)\b", refused.json["hint"])
