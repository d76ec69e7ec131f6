"""The pieces of a box game's picture: sizes per layout, cards, backs, empty places, texts,
and a flow that lays pieces left to right and wraps them, so that nothing overlaps.

Every piece is measured before it is placed: a text's width is estimated from its
length and size (`text_width`, generous for the wide letters of system fonts), and
each piece is given a box that the flow keeps apart from the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

#: Card faces, for every picture (svg.py draws the rows' slots with them too); yellow and
#: orange take dark text (white on that orange is 3.1:1, under AA's 4.5:1), the others white.
FILL = {"R": "#c62828", "O": "#ef6c00", "Y": "#f9c80e", "G": "#2e7d32", "B": "#1565c0"}
INK = {"R": "#fff", "O": "#111", "Y": "#222", "G": "#fff", "B": "#fff"}
BACK = "#3a2a5c"
MARK = "#b00020"
HIGHLIGHT = "#00695c"
MARGIN = 8
GAP = 8


@dataclass(frozen=True)
class Layout:
    """The sizes of one layout. `wide` puts two player boxes side by side; `tall` one
    box a row, narrow enough that a phone held upright shows its texts at 12 px or more."""

    name: str
    width: float
    columns: int
    card_w: float
    card_h: float
    hand_w: float
    hand_h: float
    title: float  # a player's name, a section's heading
    text: float  # every other text: the smallest size drawn
    card_text: float

    @property
    def line(self) -> float:
        return round(self.text * 1.45, 1)


WIDE = Layout("wide", 540, 2, 42, 56, 34, 44, 15, 12, 14)
TALL = Layout("tall", 360, 1, 44, 60, 40, 52, 16, 13, 15)
LAYOUTS = {"wide": WIDE, "tall": TALL}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of a text's width in a sans-serif font."""
    return len(text) * size * (0.64 if bold else 0.58)


def text(x: float, y: float, words: str, size: float, fill: str = "#222", *, anchor: str = "start",
         weight: str = "400", cls: str = "") -> str:
    """A text whose top is at `y` (the baseline lies a font size's 0.8 below)."""
    klass = f' class="{cls}"' if cls else ""
    return (f'<text{klass} x="{x:g}" y="{y + size * 0.8:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(str(words))}</text>')


def card(name: str, x: float, y: float, w: float, h: float, size: float, where: str, at: str = "",
         marks: Marks | None = None, title: str = "") -> str:
    """A face-up card as the players see it: its colour, the colour's symbol in the corner
    and its value (never the wire's letters); `title`, its name in words, for a reader."""
    color, value = name[0], name[1:]
    data_at = f" data-at={quoteattr(at)}" if at else ""
    extra, outline = _marked(marks, (name, at), x, y, w, h)
    big = size * 1.25
    return (f'<g class="card {where}{extra}" data-card="{name}"{data_at}>'
            + (f"<title>{escape(title)}</title>" if title else "")
            + f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" fill="{FILL[color]}" stroke="#111"/>'
            + shape(color, x + 7, y + 7, 3.5, ink=INK[color])
            + text(x + w / 2, y + h / 2 - big / 2 + 3, value, big, INK[color], anchor="middle", weight="700")
            + outline + "</g>")


def shape(color: str, cx: float, cy: float, r: float, ink: str | None = None) -> str:
    """A shape per colour, so that colours differ without colour vision too: filled with
    the colour, or (`ink`) drawn in the ink of a card of that colour, as the card's mark."""
    fill = f'fill="{ink}"' if ink else f'fill="{FILL[color]}" stroke="#222" stroke-width="1"'
    if color == "R":
        return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" {fill}/>'
    if color == "G":
        return f'<rect x="{cx - r:g}" y="{cy - r:g}" width="{2 * r:g}" height="{2 * r:g}" {fill}/>'
    points = {
        "Y": [(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)],
        "B": [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)],
        "O": [(cx - r, cy - r), (cx + r, cy - r), (cx, cy + r)],
    }[color]
    return f'<polygon points="{" ".join(f"{px:g},{py:g}" for px, py in points)}" {fill}/>'


def back(x: float, y: float, w: float, h: float, count: int | None, where: str, at: str = "",
         marks: Marks | None = None) -> str:
    """A face-down card or pile (`count` its cards, None: one card); the count is said in
    words beside it, never as a bare number on the back."""
    label = "" if count is None else str(count)
    data_at = f" data-at={quoteattr(at)}" if at else ""
    extra, outline = _marked(marks, (at,), x, y, w, h)
    return (f'<g class="back {where}{extra}" data-count="{label}"{data_at}>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" fill="{BACK}" stroke="#111"/>'
            f'<rect x="{x + 4:g}" y="{y + 4:g}" width="{w - 8:g}" height="{h - 8:g}" rx="2" fill="none" '
            f'stroke="#8c7bb5" stroke-width="1.5"/>' + outline + "</g>")


def space(x: float, y: float, w: float, h: float, word: str, size: float, where: str, at: str = "",
          marks: Marks | None = None) -> str:
    """An empty place where a pile would lie, the word "empty" in it."""
    data_at = f" data-at={quoteattr(at)}" if at else ""
    extra, outline = _marked(marks, (at,), x, y, w, h)
    inner = min(size, (w - 4) / (len(word) * 0.62 or 1))  # the word fits inside the place
    return (f'<g class="space {where}{extra}" data-count="0"{data_at}>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" fill="#fff" stroke="#767676" '
            f'stroke-dasharray="4 3"/>'
            + text(x + w / 2, y + h / 2 - inner / 2, word, round(inner, 1), "#555", anchor="middle")
            + outline + "</g>")


class Marks:
    """The addresses to mark and to light up (card names, or places such as `/pile`)."""

    def __init__(self, mark=(), highlight=()):
        self.mark, self.highlight = frozenset(mark), frozenset(highlight)
        self.drawn: set[str] = set()


def _marked(marks: Marks | None, names: tuple[str, ...], x: float, y: float, w: float, h: float) -> tuple[str, str]:
    """The classes and outline of a piece some of whose `names` are marked or lit."""
    if marks is None:
        return "", ""
    names = tuple(n for n in names if n)
    marks.drawn.update(names)
    classes, out = "", ""
    if any(n in marks.highlight for n in names):
        classes += " highlight"
        out += (f'<rect class="halo" x="{x - 4:g}" y="{y - 4:g}" width="{w + 8:g}" height="{h + 8:g}" rx="7" '
                f'fill="none" stroke="{HIGHLIGHT}" stroke-width="3.5" stroke-dasharray="6 3"/>')
    if any(n in marks.mark for n in names):
        classes += " marked"
        out += (f'<rect class="mark" x="{x - 2:g}" y="{y - 2:g}" width="{w + 4:g}" height="{h + 4:g}" rx="6" '
                f'fill="none" stroke="{MARK}" stroke-width="4"/>'
                f'<circle cx="{x + w - 7:g}" cy="{y + 7:g}" r="7" fill="{MARK}"/>'
                + text(x + w - 7, y + 1.5, "!", 12, "#fff", anchor="middle", weight="900"))
    return classes, out


class Flow:
    """Pieces laid left to right from (`left`, `top`), wrapping at `right`; each line as
    high as its highest piece."""

    def __init__(self, left: float, top: float, right: float, gap: float = GAP):
        self.left, self.right, self.gap = left, right, gap
        self.x, self.y, self.line_h = left, top, 0.0

    def place(self, w: float, h: float) -> tuple[float, float]:
        if self.x > self.left and self.x + w > self.right:
            self.newline()
        at = (self.x, self.y)
        self.x += w + self.gap
        self.line_h = max(self.line_h, h)
        return at

    def newline(self) -> None:
        if self.line_h:
            self.y += self.line_h + self.gap
        self.x, self.line_h = self.left, 0.0

    @property
    def bottom(self) -> float:
        """The y below everything placed."""
        return self.y + self.line_h
