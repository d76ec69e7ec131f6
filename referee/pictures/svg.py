"""`picture(state)`: the table of any state as SVG text, in the manner of python-chess's svg.py.

One pure function from a state's wire form to plain SVG elements with stable ids and
classes; no drawing library. The service answers it at POST /v1/pictures and the table
page shows exactly that answer, so there is one drawing of the table, not two.

Stable hooks: every slot is a `<g class="slot">` with `id="slot-B9"`, `data-slot="B9"`
and, while a card or joker lies there, `data-card="B9"` or `data-card="J"`; its other
classes say what it shows (`empty`, `card`, `joker`, `pending`, `marked`, `highlight`).
Colours are never the only cue: every colour has a shape, shown on its cards and above
its row with the colour's name in the reader's language (letters would read differently
from one language to the next), and the marks differ in outline as well as in colour.
Texts meet WCAG AA contrast on what they are drawn on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..i18n import Translator
from .box import box_picture
from .boxdraw import FILL, INK, shape
from .table import JOKER, Row, Table, read_table

#: An empty slot's value: 7:1 on white.
EMPTY_INK = "#595959"
JOKER_FILL = "#3a2a5c"
BRIDGE_FILL = "#8d5a2b"
MARK = "#b00020"
HIGHLIGHT = "#00695c"

MARGIN = 8
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"


class _Geometry:
    """Where slots go: `wide` lays rows left to right as on the table; `tall` turns the
    table a quarter turn, rows top to bottom becoming columns left to right, so that a
    phone held upright has slots big enough for a finger. A long row (more than 12
    values) is folded into two blocks side by side, the low values left and the high
    ones right, so that the whole table fits a phone's screen with every slot a 44-unit
    square to tap (`pitch`: a slot and its share of the gap, all of it a target)."""

    def __init__(self, layout: str, rows: tuple[Row, ...], top: float):
        self.layout = layout
        self.rows = rows
        self.top = top
        self.count = len(rows[0].values) if rows else 0
        self.blocks, self.per_block, self.block_gap = 1, self.count, 0
        if layout == "tall":
            self.label = 44  # the colour names and shapes above the columns
            if self.count > 12:
                self.blocks, self.per_block, self.block_gap = 2, -(-self.count // 2), 12
                self.slot_w, self.slot_h, self.along, self.across = 40, 40, 44, 44
            else:
                self.slot_w, self.slot_h, self.along, self.across = 68, 40, 44, 86
        else:
            self.label = 76  # the colour names and shapes left of the rows
            self.slot_w, self.slot_h, self.along, self.across = 40, 54, 44, 72

    def slot_box(self, row_index: int, value_index: int) -> tuple[float, float]:
        if self.layout == "tall":
            block, k = divmod(value_index, self.per_block)
            x = MARGIN + block * (len(self.rows) * self.across + self.block_gap) + row_index * self.across
            y = self.top + self.label + k * self.along
        else:
            x = MARGIN + self.label + value_index * self.along
            y = self.top + row_index * self.across
        return x, y

    @property
    def width(self) -> float:
        if self.layout == "tall":
            columns = self.blocks * len(self.rows)
            return 2 * MARGIN + columns * self.across - (self.across - self.slot_w) + (self.blocks - 1) * self.block_gap
        return 2 * MARGIN + self.label + self.count * self.along - (self.along - self.slot_w)

    @property
    def height(self) -> float:
        if self.layout == "tall":
            return self.label + self.per_block * self.along - (self.along - self.slot_h)
        return len(self.rows) * self.across - (self.across - self.slot_h)


def picture(
    state: dict[str, Any],
    mark: Iterable[str] = (),
    *,
    turn: Iterable[dict[str, Any]] = (),
    highlight: Iterable[str] = (),
    layout: str = "wide",
    texts: Translator | None = None,
) -> str:
    """The table of `state` (its wire form) as SVG text.

    `mark`: slots that stand out (a refused card's slot); `turn`: the actions of a turn
    being built, drawn as pending (never judged here); `highlight`: slots to light up
    (where the next action may go); in the other games of the box `mark` and `highlight`
    name cards and places instead (`box.py`) and `turn` is not drawn; `layout`: "wide" (rows as they lie) or "tall" (a
    quarter turn, for a phone held upright); `texts`: the reader's language's texts
    of the gettext domain `pages` (English when None).
    """
    texts = texts or Translator("en", "pages")
    if "rows" not in state:  # one of the other games in the box: cards and places, no slots
        return box_picture(state, texts, layout=layout, mark=mark, highlight=highlight)
    table = read_table(state, tuple(turn))
    marked, lit = frozenset(mark), frozenset(highlight)
    width = _Geometry(layout, table.rows, 0).width
    if layout == "tall":
        # On a phone the slots come first; the players and the pile follow below them.
        geometry = _Geometry(layout, table.rows, MARGIN)
        panel, panel_height = _panel(table, texts, width, geometry.top + geometry.height + 14)
        height = geometry.top + geometry.height + 14 + panel_height + MARGIN
    else:
        panel, panel_height = _panel(table, texts, width, MARGIN)
        geometry = _Geometry(layout, table.rows, MARGIN + panel_height + 12)
        height = geometry.top + geometry.height + MARGIN
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="elfer-table {table.ruleset} {layout}" '
        f'viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}" '
        f'font-family="{FONT}" role="img" aria-label={quoteattr(_summary(table, texts))}>',
        f'<rect class="cloth" x="0" y="0" width="{width:g}" height="{height:g}" fill="#f4f1ea"/>',
        panel,
        _row_labels(geometry, texts),
        '<g class="rows">',
    ]
    for row_index, row in enumerate(table.rows):
        parts.append(f'<g class="row{"" if row.started else " unstarted"}" id="row-{row.color}" data-row="{row.color}">')
        for value_index, value in enumerate(row.values):
            slot = f"{row.color}{value}"
            parts.append(_slot(geometry, table, row_index, value_index, slot, slot in marked, slot in lit, texts))
        parts.append("</g>")
    parts.append("</g>")
    parts.append(_bridges(geometry, table))
    parts.append("</svg>")
    return "".join(parts)


def _summary(table: Table, texts) -> str:
    if table.finished:
        return texts.gettext("Game over")
    return texts.gettext("{name} to move", name=table.players[table.current].name)


def color_name(color: str, texts) -> str:
    """A colour as the reader's language names it (each call is a literal for extraction)."""
    names = {
        "R": lambda: texts.gettext("red"),
        "O": lambda: texts.gettext("orange"),
        "Y": lambda: texts.gettext("yellow"),
        "G": lambda: texts.gettext("green"),
        "B": lambda: texts.gettext("blue"),
    }
    return names[color]()


def _slot(geometry: _Geometry, table: Table, row_index: int, value_index: int, slot: str,
          marked: bool, lit: bool, texts) -> str:
    x, y = geometry.slot_box(row_index, value_index)
    w, h = geometry.slot_w, geometry.slot_h
    color, value = slot[0], slot[1:]
    card = table.lying(slot)
    classes = ["slot", "empty" if card is None else ("joker" if card == JOKER else "card")]
    if slot in table.pending:
        classes.append("pending")
    if marked:
        classes.append("marked")
    if lit:
        classes.append("highlight")
    data_card = "" if card is None else f' data-card="{card}"'
    out = [f'<g class="{" ".join(classes)}" id="slot-{slot}" data-slot="{slot}"{data_card}>']
    out.append(f"<title>{escape(color_name(color, texts))} {value}</title>")
    # The whole pitch around the slot takes a tap, not only the card drawn in it.
    pad_x, pad_y = (geometry.along - geometry.slot_w, geometry.across - geometry.slot_h) if geometry.layout != "tall" \
        else (min(geometry.across - geometry.slot_w, 4), geometry.along - geometry.slot_h)
    out.append(f'<rect class="target" x="{x - pad_x / 2:g}" y="{y - pad_y / 2:g}" width="{w + pad_x:g}" '
               f'height="{h + pad_y:g}" fill="transparent"/>')
    if lit:
        out.append(f'<rect class="halo" x="{x - 4:g}" y="{y - 4:g}" width="{w + 8:g}" height="{h + 8:g}" rx="8" '
                   f'fill="#d9f2ec" stroke="{HIGHLIGHT}" stroke-width="3.5" stroke-dasharray="6 3"/>')
    dash = ' stroke-dasharray="5 3"' if slot in table.pending else ""
    if card is None:
        out.append(f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="5" fill="{"#e3f5ef" if lit else "#fff"}" '
                   f'stroke="{FILL[color]}" stroke-opacity="0.55" stroke-width="1.5"/>')
        out.append(_text(x + w / 2, y + h / 2, value, 15, EMPTY_INK, anchor="middle", baseline="central"))
    elif card == JOKER:
        out.append(f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="5" fill="{JOKER_FILL}" '
                   f'stroke="#111" stroke-width="2"{dash}/>')
        out.append(_text(x + w / 2, y + h / 2, "J", 20, "#fff", anchor="middle", baseline="central", weight="700"))
        out.append(_text(x + 4, y + 10, value, 9, "#fff", baseline="central"))
        out.append(_shape(color, x + w - 8, y + 8, 4, ink="#fff"))
    else:
        out.append(f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="5" fill="{FILL[color]}" '
                   f'stroke="#111" stroke-width="{2 if dash else 1}"{dash}/>')
        out.append(_text(x + w / 2, y + h / 2 + 2, value, 19, INK[color], anchor="middle", baseline="central",
                         weight="700"))
        out.append(_shape(color, x + 8, y + 8, 4, ink=INK[color]))
    if marked:
        out.append(f'<rect class="mark" x="{x - 2:g}" y="{y - 2:g}" width="{w + 4:g}" height="{h + 4:g}" rx="7" '
                   f'fill="none" stroke="{MARK}" stroke-width="4"/>')
        out.append(_text(x + w - 4, y + 9, "!", 13, MARK if card is None else "#fff", anchor="end",
                         baseline="central", weight="900"))
    out.append("</g>")
    return "".join(out)


def _bridges(geometry: _Geometry, table: Table) -> str:
    """Bridge cards as bars across the gap between two neighbouring rows."""
    where = {f"{row.color}{v}": (i, j) for i, row in enumerate(table.rows) for j, v in enumerate(row.values)}
    out = ['<g class="bridges">']
    laid = [(b, False) for b in table.bridges] + [(b, True) for b in table.pending_bridges]
    for (source, target), pending in laid:
        if source not in where or target not in where:
            continue
        (r1, j), (r2, _) = where[source], where[target]
        top = min(r1, r2)
        x, y = geometry.slot_box(top, j)
        dash = ' stroke-dasharray="4 2"' if pending else ""
        cls = "bridge pending" if pending else "bridge"
        attrs = f'class="{cls}" data-from="{source}" data-to="{target}"'
        if geometry.layout == "tall":
            gap = geometry.across - geometry.slot_w
            bx, by, bw, bh = x + geometry.slot_w - 4, y + geometry.slot_h / 2 - 6, gap + 8, 12
        else:
            gap = geometry.across - geometry.slot_h
            bx, by, bw, bh = x + geometry.slot_w / 2 - 7, y + geometry.slot_h - 4, 14, gap + 8
        out.append(f'<rect {attrs} x="{bx:g}" y="{by:g}" width="{bw:g}" height="{bh:g}" rx="3" '
                   f'fill="{BRIDGE_FILL}" stroke="#111" stroke-width="1.5"{dash}/>')
    out.append("</g>")
    return "".join(out)


def _row_labels(geometry: _Geometry, texts) -> str:
    """Each row's shape and colour name: left of the row (`wide`); above each column, and
    for folded rows the names once over both blocks' shapes (`tall`)."""
    out = ['<g class="row-labels">']
    for i, row in enumerate(geometry.rows):
        out.append(f'<g class="row-label" data-row="{row.color}">')
        if not row.started:
            title = texts.gettext("not started yet")
            out.append(f"<title>{escape(title)}</title>")
        name = color_name(row.color, texts)

        x, y = geometry.slot_box(i, 0)
        if geometry.layout != "tall":
            cy = y + geometry.slot_h / 2
            out.append(_label_shape(row, MARGIN + 8, cy, 7))
            out.append(_text(MARGIN + 19, cy, _clip(name, 8), 13, "#222", baseline="central", weight="700"))
        elif geometry.blocks == 1:
            cx, cy = x + geometry.slot_w / 2, y - geometry.label / 2
            out.append(_label_shape(row, cx, cy - 9, 7))
            out.append(_text(cx, cy + 9, _clip(name, 10), 13, "#222", anchor="middle", baseline="central", weight="700"))
        else:
            # The name spans the colour's two columns' worth of width in the top line;
            # each block's column shows the shape.
            lx = MARGIN + i * (geometry.width - 2 * MARGIN) / len(geometry.rows)
            out.append(_label_shape(row, lx + 7, y - geometry.label + 9, 6))
            out.append(_text(lx + 16, y - geometry.label + 9, _clip(name, 11), 12, "#222", baseline="central",
                             weight="700"))
            for block in range(geometry.blocks):
                bx, by = geometry.slot_box(i, block * geometry.per_block)
                out.append(_label_shape(row, bx + geometry.slot_w / 2, by - 11, 6))
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def _label_shape(row: Row, cx: float, cy: float, r: float) -> str:
    """A row label's shape: faint while nobody has started the row (its name beside it
    stays dark enough to read)."""
    shape = _shape(row.color, cx, cy, r)
    return shape if row.started else f'<g opacity="0.45">{shape}</g>'


def _shape(color: str, cx: float, cy: float, r: float, ink: str | None = None) -> str:
    """A shape per colour (boxdraw.shape: one drawing for every picture)."""
    return shape(color, cx, cy, r, ink)


def _panel(table: Table, texts, width: float, top: float) -> tuple[str, float]:
    """The players (hand, bridge and bonus cards; who is to move), the pile and the bonus
    cards left, in boxes from `top` down; returns the SVG and its height."""
    columns = max(1, min(len(table.players), int((width - 2 * MARGIN + 8) // 170)))
    box_w = (width - 2 * MARGIN - 8 * (columns - 1)) / columns
    out = ['<g class="players">']
    y = top
    for start in range(0, len(table.players), columns):
        heights = []
        for k, index in enumerate(range(start, min(start + columns, len(table.players)))):
            x = MARGIN + k * (box_w + 8)
            box, h = _player_box(table, index, texts, x, y, box_w)
            out.append(box)
            heights.append(h)
        y += max(heights) + 8
    out.append("</g>")
    lines = [texts.ngettext("Draw pile: {n} card", "Draw pile: {n} cards", table.pile)]
    if table.bonus_left is not None:
        lines.append(texts.ngettext("{n} bonus card left", "{n} bonus cards left", table.bonus_left))
    if table.finished:
        lines.append(texts.gettext("Game over"))
    out.append(f'<g class="pile" data-pile="{table.pile}">')
    out.append(_text(MARGIN, y + 9, "  ·  ".join(lines), 14, "#222", baseline="central"))
    out.append("</g>")
    return "".join(out), y + 18 - top


def _player_box(table: Table, index: int, texts, x: float, y: float, w: float) -> tuple[str, float]:
    player = table.players[index]
    current = index == table.current and not table.finished
    lines = [texts.ngettext("{n} card in hand", "{n} cards in hand", player.count)]
    if player.bridges is not None:
        lines.append(texts.ngettext("{n} bridge card", "{n} bridge cards", player.bridges))
    if player.bonus is not None:
        lines.append(texts.ngettext("{n} bonus card", "{n} bonus cards", player.bonus))
    per_line = max(1, int((w - 12) // 27))
    chip_lines = 0 if not player.hand else -(-len(player.hand) // per_line)
    h = 26 + 16 * len(lines) + chip_lines * 22 + 6
    cls = "player current" if current else "player"
    out = [f'<g class="{cls}" id="player-{index}" data-player="{index}">']
    out.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="#fff" '
               f'stroke="#111" stroke-width="{3 if current else 1}"/>')
    name = ("▶ " if current else "") + player.name
    out.append(_text(x + 8, y + 14, _clip(name, int(w // 9)), 15, "#111", baseline="central", weight="700"))
    if current:
        out.append(_text(x + w - 8, y + 14, texts.gettext("to move"), 12, "#111", anchor="end", baseline="central"))
    for k, line in enumerate(lines):
        out.append(_text(x + 8, y + 34 + 16 * k, line, 12, "#333", baseline="central"))
    if player.hand:
        top = y + 26 + 16 * len(lines)
        for k, card in enumerate(player.hand):
            cx, cy = x + 8 + (k % per_line) * 27, top + (k // per_line) * 22
            out.append(_chip(card, cx, cy))
    out.append("</g>")
    return "".join(out), h


def _chip(card: str, x: float, y: float) -> str:
    """A card of a shown hand, small: its colour's symbol and its value (a joker: J)."""
    if card == JOKER:
        face = _text(x + 12.5, y + 10, "J", 9.5, "#fff", anchor="middle", baseline="central", weight="700")
        fill = JOKER_FILL
    else:
        fill, ink = FILL[card[0]], INK[card[0]]
        face = (_shape(card[0], x + 5, y + 9.5, 2.6, ink=ink)
                + _text(x + 15, y + 10, card[1:], 9.5, ink, anchor="middle", baseline="central", weight="700"))
    return (f'<g class="hand-card" data-hand-card="{card}"><rect x="{x:g}" y="{y:g}" width="25" height="19" rx="3" '
            f'fill="{fill}" stroke="#111" stroke-width="0.8"/>' + face + "</g>")


def _text(x: float, y: float, text: str, size: float, fill: str, *, anchor: str = "start",
          baseline: str = "auto", weight: str = "400") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
            f'dominant-baseline="{baseline}" font-weight="{weight}">{escape(str(text))}</text>')


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(1, limit - 1)] + "…"
