"""The pages for people: `/` (what the referee is), `/table` (record and check a game) and
`/rules` (the rules as the referee applies them).

Both are rendered from templates shipped inside the package, their texts in the
reader's language (`?lang=`, else the `lang` cookie the table page sets, else
`Accept-Language`). The table page's
scripts and styles are static files beside them; the page keeps its game in the
browser and talks to nothing but this service's API.
"""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request, send_from_directory

from .. import engine
from ..i18n import LANGUAGES, Translator
from ..pages import STATIC_DIR, TEMPLATE_DIR
from ..advice.reference import reference
from .language import choose_language, language

pages = Blueprint("pages", __name__, template_folder=str(TEMPLATE_DIR))


def _language() -> str:
    """The page's language, kept as the request's (its answer's Content-Language says it)."""
    for asked in (request.args.get("lang"), request.cookies.get("lang")):
        if asked in LANGUAGES:
            return choose_language(asked)
    return language()


def _page(template: str, **context) -> Response:
    texts = Translator(_language(), "pages")
    html = render_template(template, lang=texts.language, languages=LANGUAGES, _=texts.gettext, **context)
    response = Response(html, mimetype="text/html")
    response.vary.add("Cookie")
    return response


@pages.get("/")
def home():
    return _page("home.html")


@pages.get("/rules")
def rules():
    # The rules reference speaks the referee's own domain (`messages`): its texts are the
    # rule catalogue's.
    return _page("rules.html", rules=reference(_language()))


def _games() -> list[dict[str, str]]:
    """Every game of the registry, in its order, for the table page's choice of game: its
    ruleset's name, family and title (a message id of the rules' domain, `messages`)."""
    titles = Translator(_language(), "messages")
    return [{"name": rules.name, "family": rules.family, "title": titles.gettext(rules.title)}
            for rules in engine.RULESETS.values()]


@pages.get("/table")
def table():
    # The scripts' own texts (events, questions, the score sheet) travel with the page, and
    # so do the games: the box games' scripts load each game's controls by its name.
    return _page("table.html", script_texts=Translator(_language(), "pages").texts(), games=_games())


@pages.get("/table/static/<path:name>")
def static(name: str):
    return send_from_directory(STATIC_DIR, name, max_age=300)
