"""What spends a token and what does not, a token's texts, its age, and invitations,
through the in-process app with a SQLite store of its own.

Attacks tried: the same token under other texts (another last digit before `=`, a
character the decoder skips), a token sealed 31 days ago, an invitation claimed twice
or used for another game, a claimed seat key with its random part changed, an
invitation used as a seat key.
"""

from __future__ import annotations

import base64
import hashlib

import pytest

from referee.sealed.sealing import Sealer
from support.sealed_games import KEY, client, opened, post

STORE = client()
NO_STORE = client("none")


def new_game(client=STORE, **extra):
    return post(client, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, **extra}, 201)


def draw(game, seat=0):
    return {"game": game["game"], "seat": game["seats"][seat], "turn": {"player": seat, "actions": [{"type": "draw"}]}}


def test_a_refused_turn_legal_actions_views_and_scores_spend_nothing():
    game = new_game()
    ann, ben = game["seats"]
    refused = post(STORE, "/v1/turns", {"game": game["game"], "seat": ben,
                                        "turn": {"player": 1, "actions": [{"type": "draw"}]}}, 422)
    assert refused["code"] == "NOT_YOUR_TURN"
    for _ in range(2):
        post(STORE, "/v1/legal-actions", {"game": game["game"], "seat": ann}, 200)
        post(STORE, "/v1/views", {"game": game["game"], "seat": ben}, 200)
        post(STORE, "/v1/scores", {"game": game["game"]}, 200)
    played = post(STORE, "/v1/turns", draw(game), 200)
    assert played["turn"] == 1
    # After the spend the old token still shows what it showed: looking changes nothing.
    assert post(STORE, "/v1/views", {"game": game["game"], "seat": ann}, 200)["turn"] == 0


def test_the_latest_token_goes_on_and_a_spent_one_names_the_latest_each_time():
    game = new_game()
    first = post(STORE, "/v1/turns", draw(game), 200)
    second = post(STORE, "/v1/turns", {"game": first["game"], "seat": game["seats"][1],
                                       "turn": {"player": 1, "actions": [{"type": "draw"}]}}, 200)
    for old, mover in ((game["game"], 0), (first["game"], 1)):
        refused = post(STORE, "/v1/turns", {**draw(game, mover), "game": old}, 409)
        assert (refused["code"], refused["game"], refused["turn"]) == ("TOKEN_SPENT", second["game"], 2)
        assert refused["status"] == 409 and refused["title"] == "Conflict"


def variants(token):
    """Other texts of the same bytes: the unused low bits of the last digit before the
    padding set otherwise (3 texts before `=`, 15 before `==`)."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    body = token.rstrip("=")
    padding = token[len(body):]
    last = alphabet.index(body[-1])
    unused = {1: 0b11, 2: 0b1111}.get(len(padding), 0)  # one `=`: 2 spare bits; `==`: 4
    return [body[:-1] + alphabet[last ^ bit] + padding for bit in range(1, unused + 1)]


def test_only_the_written_text_of_a_token_opens_and_previous_is_the_digest_of_its_bytes():
    for length in range(1, 12):  # a name whose token ends in padding (its length decides)
        game = new_game(players=["Ann", "B" * length])
        if game["game"].endswith("="):
            break
    texts = variants(game["game"])
    assert len(texts) in (3, 15)
    raw = base64.urlsafe_b64decode(game["game"])
    assert all(base64.urlsafe_b64decode(t) == raw for t in texts)  # the same bytes
    for text in texts:  # another text of the same bytes is no token: nothing is played on it
        refused = post(STORE, "/v1/turns", {**draw(game), "game": text}, 400)
        assert refused["code"] == "TOKEN_INVALID"
    played = post(STORE, "/v1/turns", {**draw(game), "game": game["game"]}, 200)
    assert played["previous"] == hashlib.sha256(raw).hexdigest()
    refused = post(STORE, "/v1/turns", {**draw(game), "game": game["game"]}, 409)
    assert refused["game"] == played["game"]
    # A character the decoder would skip is kept out by the contract's alphabet.
    skipped = post(STORE, "/v1/turns", {**draw(game), "game": game["game"][:10] + "." + game["game"][10:]}, 400)
    assert skipped["errors"][0]["pointer"] == "/game"


def sealed_at(token, days_ago, now):
    """The same game sealed `days_ago` days back (with the referee's key: only a test can)."""
    sealed = opened(token)
    return Sealer([KEY]).seal(sealed, now=int(now - days_ago * 86400))


def test_a_token_older_than_the_retention_is_gone_and_one_just_younger_plays():
    import time

    game = new_game()
    now = time.time()
    young, old = sealed_at(game["game"], 29.9, now), sealed_at(game["game"], 30.1, now)
    post(STORE, "/v1/turns", {**draw(game), "game": young}, 200)
    gone = post(STORE, "/v1/turns", {**draw(game), "game": old}, 410)
    assert gone["code"] == "TOKEN_EXPIRED" and gone["title"] == "Gone"
    assert gone["detail"] == ("This game token is older than the 30 days this referee keeps games, "
                              "so it can no longer be played.")
    shorter = client(STORE_DAYS=7)
    assert post(shorter, "/v1/turns", {**draw(game), "game": sealed_at(game["game"], 8, now)}, 410)["code"] == "TOKEN_EXPIRED"
    # Without a store nothing is remembered, so age is not held against a token.
    post(NO_STORE, "/v1/turns", {**draw(game), "game": old}, 200)


@pytest.mark.parametrize("language, words", [("de", "schon gespielt"), ("fr", "déjà été joué"),
                                             ("it", "già stato giocato")])
def test_token_spent_speaks_the_requested_language(language, words):
    game = new_game()
    post(STORE, "/v1/turns", draw(game), 200)
    refused = post(STORE, "/v1/turns", draw(game), 409, language=language)
    assert words in refused["detail"]


# -- invitations ---------------------------------------------------------------------------


def test_an_invited_game_answers_invitations_and_each_seat_is_claimed_once():
    game = new_game(invite=True)
    assert set(game) == {"game", "turn", "previous", "commitment", "invitations"}
    ann_invitation, ben_invitation = game["invitations"]
    ben = post(STORE, "/v1/seats", {"game": game["game"], "invitation": ben_invitation}, 200)
    assert ben["player"] == 1 and len(ben["seat"]) == 96
    taken = post(STORE, "/v1/seats", {"game": game["game"], "invitation": ben_invitation}, 409)
    assert (taken["code"], taken["title"]) == ("SEAT_TAKEN", "Conflict")
    ann = post(STORE, "/v1/seats", {"game": game["game"], "invitation": ann_invitation}, 200)
    assert ann["player"] == 0 and ann["seat"] != ben["seat"]
    # The claimed keys play and look as any seat key does.
    played = post(STORE, "/v1/turns", {"game": game["game"], "seat": ann["seat"],
                                       "turn": {"player": 0, "actions": [{"type": "draw"}]}}, 200)
    assert post(STORE, "/v1/views", {"game": played["game"], "seat": ben["seat"]}, 200)["view"]["current"] == 1
    # A claim on a later token of the game is the same seat: still taken.
    assert post(STORE, "/v1/seats", {"game": played["game"], "invitation": ann_invitation}, 409)["code"] == "SEAT_TAKEN"


def test_an_invitation_of_another_game_is_invalid_and_is_no_seat_key():
    game, other = new_game(invite=True), new_game(invite=True)
    refused = post(STORE, "/v1/seats", {"game": game["game"], "invitation": other["invitations"][0]}, 403)
    assert refused["code"] == "INVITATION_INVALID"
    for wrong in ("", "0" * 32, game["invitations"][0].upper()):
        assert post(STORE, "/v1/seats", {"game": game["game"], "invitation": wrong}, None)["code"] in (
            "INVITATION_INVALID", "SCHEMA_VIOLATION")
    as_seat = post(STORE, "/v1/views", {"game": game["game"], "seat": game["invitations"][0]}, 403)
    assert as_seat["code"] == "SEAT_INVALID"
    # The refused claims took nothing: the seat is still free.
    post(STORE, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][0]}, 200)


def test_a_claimed_seat_key_is_checked_by_its_hmac_and_its_random_part_cannot_be_changed():
    game = new_game(invite=True)
    key = post(STORE, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][0]}, 200)["seat"]
    part, mac = key[:32], key[32:]
    assert game["invitations"][0] not in key and part != game["invitations"][0]
    changed = ("f" if part[0] != "f" else "0") + part[1:] + mac
    assert post(STORE, "/v1/views", {"game": game["game"], "seat": changed}, 403)["code"] == "SEAT_INVALID"
    other = new_game(invite=True)  # the same key for another game's seat 0
    assert post(STORE, "/v1/views", {"game": other["game"], "seat": key}, 403)["code"] == "SEAT_INVALID"


def test_a_second_referee_with_the_same_key_and_store_knows_the_seat_is_taken():
    game = new_game(invite=True)
    post(STORE, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][1]}, 200)
    twin = client()  # another worker: the same file
    assert post(twin, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][1]}, 409)["code"] == "SEAT_TAKEN"


def test_invite_needs_a_store_and_a_sealed_game():
    refused = post(NO_STORE, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": True}, 400)
    assert refused["code"] == "SCHEMA_VIOLATION" and refused["errors"][0]["pointer"] == "/invite"
    assert "leave out invite" in refused["detail"]
    unsealed = post(STORE, "/v1/games", {"players": ["Ann", "Ben"], "invite": True}, 400)
    assert unsealed["errors"][0]["pointer"] == "/invite"
    plain = new_game(invite=False)
    assert "seats" in plain and "invitations" not in plain


def test_invitation_problems_speak_the_requested_language():
    game = new_game(invite=True)
    post(STORE, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][0]}, 200)
    taken = post(STORE, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][0]}, 409, language="de")
    assert taken["title"] == "Konflikt" and "schon beansprucht" in taken["detail"]
    refused = post(STORE, "/v1/seats", {"game": game["game"], "invitation": "1" * 32}, 403, language="fr")
    assert refused["detail"] == "Cette invitation n'est pas une invitation de cette partie."
