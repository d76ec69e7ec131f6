"""Messages as data: an English text with named placeholders, and typed values to fill.

The engine says what it found by building a `Message` from facts it already computed —
`Message("{card} is not in {player}'s hand", card=Card("Y10"), player=Player(1, "Vera"))`
— and never formats it itself. Rendering happens where the language is known (the HTTP
layer, the command line): the text is looked up in that language's catalogue, and each
typed value is written in that language's words ("the yellow 10", "die gelbe 10",
"le 10 jaune", "il 10 giallo"). `str(message)` is the English text, so the engine's
Python users keep plain strings.

Counted texts (`Counted(singular, plural, n, ...)`) take the language's own plural
forms from the catalogue. A rendered message starts with a capital letter, so a text
may begin with a placeholder.

Babel finds these texts by the keywords in `EXTRACT_KEYWORDS` (see the package
docstring for the commands).
"""

from __future__ import annotations

import re
from functools import cache
from collections.abc import Sequence
from typing import Any

from babel import Locale
from babel.lists import format_list

from .catalogues import DEFAULT_LANGUAGE, Translator

#: `pybabel extract -k` keywords: Message(text, ...), Counted(singular, plural, n, ...),
#: invalid_state(reason, ...), and N_(text) for texts defined ahead of use.
EXTRACT_KEYWORDS = {"Message": None, "Counted": (1, 2), "N_": None, "invalid_state": None}


class Message:
    """A text to show a person, in any of the referee's languages."""

    __slots__ = ("text", "params")

    def __init__(self, text: str, /, **params: Any):
        self.text = text
        self.params = params

    def render(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The text in `language`, its values in that language's words."""
        return _capitalised(self.words(Translator(language)))

    def phrase(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The text in `language` as it reads inside a sentence (not capitalised)."""
        return self.words(Translator(language))

    def words(self, texts: Translator) -> str:
        """The text as it reads inside another one (not capitalised)."""
        values = {name: _render_value(value, texts) for name, value in self.params.items()}
        text = self._translated(texts, values)
        return italian_contractions(text) if texts.language == "it" else text

    def _translated(self, texts: Translator, values: dict[str, str]) -> str:
        return texts.gettext(self.text, **values)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Message({self.text!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (self.text, self.params) == (other.text, other.params)

    def __hash__(self) -> int:
        return hash(self.text)


class Counted(Message):
    """A text whose words depend on a count: `Counted("{n} card", "{n} cards", n)`."""

    __slots__ = ("plural", "count")

    def __init__(self, singular: str, plural: str, count: int, /, **params: Any):
        super().__init__(singular, **params)
        self.plural = plural
        self.count = count

    def _translated(self, texts: Translator, values: dict[str, str]) -> str:
        return texts.ngettext(self.text, self.plural, self.count, **values)


class Term:
    """A value written in each language's words (a card, a slot, a player, a row)."""

    __slots__ = ()

    def render(self, texts: Translator) -> str:
        raise NotImplementedError


def _render_value(value: Any, texts: Translator) -> str:
    if isinstance(value, Term):
        return value.render(texts)
    if isinstance(value, Message):
        return value.words(texts)
    return str(value)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def render_list(items: Sequence[Any], texts: Translator, style: str = "standard") -> str:
    """`a, b and c` (style `standard`) or `a, b or c` (style `or`) in the language."""
    words = [_render_value(item, texts) for item in items]
    if not words:
        return ""
    return format_list(words, style=style, locale=_locale(texts.language))


@cache
def _locale(language: str) -> Locale:
    return Locale.parse(language)


# Italian elides the article before a number said with a vowel: uno, otto, undici.
_ITALIAN_ELISION = re.compile(r"\b(il|del|al|dal|nel|sul) (1|8|11)\b")
_ITALIAN_ELIDED = {"il": "l'", "del": "dell'", "al": "all'", "dal": "dall'", "nel": "nell'", "sul": "sull'"}


def italian_articles(text: str) -> str:
    """`il 11 rosso` → `l'11 rosso`, `del 8` → `dell'8`: the article as Italian writes it."""
    return _ITALIAN_ELISION.sub(lambda m: f"{_ITALIAN_ELIDED[m.group(1)]}{m.group(2)}", text)


# Italian joins a preposition and the article that follows it: "da il posto" is "dal
# posto", "a l'11" is "all'11". A sentence puts a preposition before a term ("da {source}")
# and the term brings its article, so the two meet only when the message is rendered.
_ARTICLED = {"il": "l", "l'": "ll'", "la": "lla"}
_PREPOSITION = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
_ITALIAN_CONTRACTION = re.compile(r"\b(di|a|da|in|su) (il|la|l')", re.IGNORECASE)


def italian_contractions(text: str) -> str:
    """`da il posto` → `dal posto`, `su il` → `sul`, `a l'11` → `all'11`, `di la` → `della`."""

    def join(match: re.Match) -> str:
        preposition, article = match.group(1), match.group(2)
        joined = _PREPOSITION[preposition.lower()] + _ARTICLED[article.lower()]
        return joined[:1].upper() + joined[1:] if preposition[:1].isupper() else joined

    return _ITALIAN_CONTRACTION.sub(join, text)
