"""The game's things in each language's words: cards, slots, rows, players.

Each term is written through the catalogue (`the red {value}` is "die rote {value}",
"le {value} rouge", "il {value} rosso"), so a translator sees and fixes these words like
any other text; the material's names are the printed rulebooks' (Joker / joker / jolly).
A card is always named the same way in prose, never in wire notation (`R10`).

German sentences use a card only where it reads in the nominative or accusative, which
for "die rote 10" are the same; French and Italian sentences never put "de" or "à"
before a card (so no "de le" appears), and Italian elides its article before 1, 8 and
11 ("l'11 rosso").
"""

from __future__ import annotations

from collections.abc import Iterable

from . import N_
from .catalogues import Translator
from .message import Term, italian_articles, render_list

JOKER = "J"
CARD = {
    "R": N_("the red {value}"),
    "O": N_("the orange {value}"),
    "Y": N_("the yellow {value}"),
    "G": N_("the green {value}"),
    "B": N_("the blue {value}"),
}
SLOT = {
    "R": N_("the red {value}'s slot"),
    "O": N_("the orange {value}'s slot"),
    "Y": N_("the yellow {value}'s slot"),
    "G": N_("the green {value}'s slot"),
    "B": N_("the blue {value}'s slot"),
}
ROW = {
    "R": N_("the red row"),
    "O": N_("the orange row"),
    "Y": N_("the yellow row"),
    "G": N_("the green row"),
    "B": N_("the blue row"),
}
A_JOKER = N_("a joker")
#: The kinds of action of the box games' turns, in words (a TURN_SHAPE refusal names one).
ACTION_KIND = {
    "reveal": N_("turning up a card"),
    "take": N_("taking a card"),
    "discard": N_("discarding a card"),
    "close": N_("closing the round"),
    "play": N_("playing cards"),
    "challenge": N_("a challenge"),
    "accept": N_("accepting"),
    "put": N_("putting a card into the middle"),
    "guess": N_("a guess"),
    "draw": N_("drawing a card"),
    "pair": N_("laying a pair"),
    "flip": N_("turning up a card"),
    "call": N_("a call"),
    "call with": N_("a call together with a wrong list of players"),
    "place": N_("placing a card"),
    "stopp": N_("a Stopp!"),
}
UNNAMED_PLAYER = N_("player {number}")


def _fixed(texts: Translator, text: str) -> str:
    return italian_articles(text) if texts.language == "it" else text


class Card(Term):
    """A card by its wire name (`"R10"`, `"J"`): "the red 10", "a joker"."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = str(name)

    def render(self, texts: Translator) -> str:
        if self.name == JOKER:
            return texts.gettext(A_JOKER)
        return _fixed(texts, texts.gettext(CARD[self.name[0]], value=self.name[1:]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"Card({self.name!r})"


class Slot(Term):
    """A slot by its wire name (`"R10"`): "the red 10's slot", "die Stelle der roten 10"."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = str(name)

    def render(self, texts: Translator) -> str:
        return _fixed(texts, texts.gettext(SLOT[self.name[0]], value=self.name[1:]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Slot) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("slot", self.name))

    def __repr__(self) -> str:
        return f"Slot({self.name!r})"


class Row(Term):
    """A row by its colour letter: "the red row"."""

    __slots__ = ("color",)

    def __init__(self, color: str):
        self.color = color

    def render(self, texts: Translator) -> str:
        return texts.gettext(ROW[self.color])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Row) and other.color == self.color

    def __hash__(self) -> int:
        return hash(("row", self.color))

    def __repr__(self) -> str:
        return f"Row({self.color!r})"


class Player(Term):
    """A player as the table calls them: by name ("Vera"), or without a name by seat,
    counted from 1 as people count ("player 2" for the API's index 1)."""

    __slots__ = ("index", "name")

    def __init__(self, index: int, name: str | None = None):
        self.index = index
        self.name = name

    def render(self, texts: Translator) -> str:
        if self.name:
            return self.name
        return texts.gettext(UNNAMED_PLAYER, number=self.index + 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and (other.index, other.name) == (self.index, self.name)

    def __hash__(self) -> int:
        return hash(("player", self.index))

    def __repr__(self) -> str:
        return f"Player({self.index!r}, {self.name!r})"


class ActionKind(Term):
    """A kind of action in words: "turning up a card", never the wire's `flip`."""

    __slots__ = ("kind",)

    def __init__(self, kind: str):
        self.kind = kind

    def render(self, texts: Translator) -> str:
        words = ACTION_KIND.get(self.kind)
        return texts.gettext(words) if words else self.kind

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ActionKind) and other.kind == self.kind

    def __hash__(self) -> int:
        return hash(("kind", self.kind))

    def __repr__(self) -> str:
        return f"ActionKind({self.kind!r})"


class Listing(Term):
    """Several terms as the language lists them: "the red 10, the red 12 and a joker"
    (`style="or"`: "… or …")."""

    __slots__ = ("items", "style")

    def __init__(self, items: Iterable[Term], style: str = "standard"):
        self.items = tuple(items)
        self.style = style

    def render(self, texts: Translator) -> str:
        return render_list(self.items, texts, self.style)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Listing) and (other.items, other.style) == (self.items, self.style)

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Listing({self.items!r}, {self.style!r})"


def cards(names: Iterable[str], style: str = "standard") -> Listing:
    return Listing((Card(n) for n in names), style)


def slots(names: Iterable[str], style: str = "standard") -> Listing:
    return Listing((Slot(n) for n in names), style)


def rows(colors: Iterable[str], style: str = "standard") -> Listing:
    return Listing((Row(c) for c in colors), style)
