"""Accept-Language: q-values honoured, regional tags matched by language, English otherwise."""

from __future__ import annotations

import pytest

from referee.http import create_app
from referee.i18n import negotiate


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("de", "de"),
        ("fr-CH", "fr"),
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("fr;q=0.5, de;q=0.8", "de"),
        ("en;q=0.1, it;q=0.7, fr;q=0.3", "it"),
        ("de;q=0, fr;q=0.2", "fr"),
        ("es, it;q=0.1", "it"),
        ("es, pt-BR", "en"),
        ("de;q=0", "en"),
        ("*", "en"),
        ("FR", "fr"),
        ("not a ; header ,,", "en"),
    ],
)
def test_the_best_language_the_referee_speaks_is_chosen(header, language):
    assert negotiate(header) == language


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize(
    ("header", "language"), [("de-AT, en;q=0.5", "de"), ("es", "en"), ("it;q=0.4, fr;q=0.9", "fr")]
)
def test_every_answer_says_its_language_and_that_it_varies_with_the_header(client, header, language):
    for response in (
        client.get("/healthz", headers={"Accept-Language": header}),
        client.get("/no/such/page", headers={"Accept-Language": header}),
        client.post("/v1/turns", data="{", content_type="application/json", headers={"Accept-Language": header}),
    ):
        assert response.headers["Content-Language"] == language
        assert "Accept-Language" in response.headers["Vary"]


def test_an_answer_without_the_header_is_english(client):
    response = client.get("/healthz")
    assert response.headers["Content-Language"] == "en"
    assert response.headers["Vary"] == "Accept-Language"


def test_the_rule_catalogue_answers_in_the_requested_language(client):
    german = client.get("/v1/rules/NOT_ADJACENT", headers={"Accept-Language": "de"}).json
    assert german["title"] == "Die Karte muss anschließen"
    assert german["code"] == "NOT_ADJACENT"
    french = client.get("/v1/rules", headers={"Accept-Language": "fr-BE;q=0.9, en;q=0.2"}).json
    assert {r["code"]: r["title"] for r in french}["BRIDGE_NOT_NEIGHBOR"] == (
        "Une carte Liaison n'atteint que la rangée juste au-dessus ou au-dessous"
    )
    italian = client.get("/v1/rules/PILE_EMPTY", headers={"Accept-Language": "it"}).json
    assert italian["description"] == "Non resta nessuna carta da pescare."
    english = client.get("/v1/rules/PILE_EMPTY", headers={"Accept-Language": "sv"}).json
    assert english["title"] == "The draw pile is empty"
