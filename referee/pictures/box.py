"""`box_picture(state)`: a state of one of the other games in the box as SVG text.

Drawn from the wire form alone, whatever the game (docs/games/index.md, openapi.yaml "Pictures"):
a box per player with their piles — a face-down stack as a card back with its count, a
known hand as its cards, a face-up won pile as its top card and count, a won count as
a line — the cards on the table (the battle or trick, each under its player's name, a
face-down one as a back), the counts of cards set aside or out, and who is to act.
Every card drawn is an element with `data-card`; every player box has `data-player`.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .. import engine
from ..i18n import Translator

FILL = {"R": "#c62828", "O": "#ef6c00", "Y": "#f9c80e", "G": "#2e7d32", "B": "#1565c0"}
INK = {"R": "#fff", "O": "#fff", "Y": "#222", "G": "#fff", "B": "#fff"}
BACK = "#3a2a5c"
MARGIN = 8
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
BOX_W, CARD_W, CARD_H = 250, 34, 48
#: The table fields holding cards put down by the players, in the order drawn.
ENTRY_FIELDS = ("battle", "trick", "middle")


def _entry_field(state: dict[str, Any]) -> tuple[str, list] | None:
    for field in ENTRY_FIELDS:
        # A middle that says who put each card (Ratefix's) is drawn like a trick; another
        # game's middle (Überall anschließen's) is a pile of cards.
        if field in state and (field != "middle" or engine.find_ruleset(state["ruleset"]).middle_holds_entries):
            return field, state[field]
    return None


def box_picture(state: dict[str, Any], texts: Translator | None = None) -> str:
    texts = texts or Translator("en", "pages")
    players = state["players"]
    acting = _acting(state)
    finished = state.get("current") is None and not state.get("waiting")
    boxes, height = [], 0.0
    for index, player in enumerate(players):
        x = MARGIN + (index % 2) * (BOX_W + MARGIN)
        y = MARGIN + (index // 2) * 150
        boxes.append(_player_box(index, player, x, y, index in acting and not finished, texts,
                                 flipped=index in state.get("flipped", ())))
        height = max(height, y + 140)
    width = 2 * MARGIN + 2 * BOX_W + MARGIN
    table, table_h = _table(state, players, height + 12, texts)
    piles, piles_h = _table_piles(state, height + 12 + table_h, texts)
    table, table_h = table + piles, table_h + piles_h
    lines = []
    if finished:
        lines.append(texts.gettext("Game over"))
    if isinstance(state.get("aside"), (list, dict)):  # Schwarzer Peter's card set aside
        n = _count(state["aside"])
        lines.append(texts.ngettext("Set aside: {n} card", "Set aside: {n} cards", n))
    if state.get("set_aside"):
        lines.append(texts.ngettext("Set aside: {n} card", "Set aside: {n} cards", state["set_aside"]))
    if state.get("out"):
        lines.append(texts.ngettext("Out of the game: {n} card", "Out of the game: {n} cards", state["out"]))
    bottom = height + 12 + table_h
    status = _text(MARGIN, bottom + 10, "  ·  ".join(lines), 14, "#222") if lines else ""
    total = bottom + (28 if lines else 8)
    summary = texts.gettext("Game over") if finished else ", ".join(
        texts.gettext("{name} to move", name=players[i]["name"]) for i in sorted(acting))
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="elfer-table {state["ruleset"]}" '
        f'viewBox="0 0 {width:g} {total:g}" width="{width:g}" height="{total:g}" '
        f'font-family="{FONT}" role="img" aria-label={quoteattr(summary)}>',
        f'<rect class="cloth" x="0" y="0" width="{width:g}" height="{total:g}" fill="#f4f1ea"/>',
        '<g class="players">', *boxes, "</g>", table, status, "</svg>",
    ])


def _acting(state: dict[str, Any]) -> set[int]:
    current = state.get("current")
    return {current} if current is not None else set(state.get("waiting", ()))


def _count(pile: Any) -> int:
    return pile["count"] if isinstance(pile, dict) else len(pile)


def _player_box(index: int, player: dict[str, Any], x: float, y: float, acting: bool, texts,
                flipped: bool = False) -> str:
    out = [f'<g class="player{" current" if acting else ""}" id="player-{index}" data-player="{index}">',
           f'<rect x="{x:g}" y="{y:g}" width="{BOX_W}" height="140" rx="6" fill="#fff" stroke="#111" '
           f'stroke-width="{3 if acting else 1}"/>',
           _text(x + 8, y + 16, ("▶ " if acting else "") + player["name"][:24], 15, "#111", weight="700")]
    if acting:
        out.append(_text(x + BOX_W - 8, y + 16, texts.gettext("to move"), 12, "#111", anchor="end"))
    cx, top = x + 8, y + 32
    if "stack" in player:
        n = _count(player["stack"])
        out.append(_back(cx, top, n, "stack"))
        out.append(_text(cx, top + CARD_H + 14, texts.ngettext("Stack: {n} card", "Stack: {n} cards", n), 11, "#333"))
        cx += CARD_W + 70
    if isinstance(player.get("won"), list):
        won = player["won"]
        out.append(_card(won[0], cx, top, "won") if won else _back(cx, top, 0, "won"))
        out.append(_text(cx, top + CARD_H + 14, texts.ngettext("Won: {n} card", "Won: {n} cards", len(won)), 11, "#333"))
    elif isinstance(player.get("won"), int):
        out.append(_text(x + 8, y + 128, texts.ngettext("Won: {n} card", "Won: {n} cards", player["won"]), 11, "#333"))
    if isinstance(player.get("open"), list):
        open_pile = player["open"]
        out.append(_card(open_pile[0], cx, top, "open") if open_pile else _space(cx, top, "open"))
        out.append(_text(cx, top + CARD_H + 14, texts.ngettext("Open: {n} card", "Open: {n} cards", len(open_pile)),
                         11, "#333"))
        if flipped:  # Schnipp Schnapp: this card may be called now
            out.append(_text(cx, top - 3, texts.gettext("may be called"), 10, "#b00020", weight="700"))
    if "hand" in player:
        hand = player["hand"]
        if isinstance(hand, dict):
            out.append(_back(x + 8, top, hand["count"], "hand"))
        else:
            for k, card in enumerate(hand[:12]):
                out.append(_card(card, x + 8 + (k % 6) * 39, top + (k // 6) * 44, "hand", small=True))
        out.append(_text(x + 8, y + 114, texts.ngettext("{n} card in hand", "{n} cards in hand", _count(hand)),
                         11, "#333"))
    if "quartets" in player:  # Schnipp Schnapp: the values set aside
        quartets = player["quartets"]
        line = texts.ngettext("{n} quartet", "{n} quartets", len(quartets))
        if quartets:
            line += ": " + ", ".join(str(v) for v in quartets[:10])
        out.append(_text(x + 8, y + 114, line, 11, "#333"))
    if "pairs" in player:
        n = len(player["pairs"])
        out.append(_text(x + 8, y + 128, texts.ngettext("{n} pair laid", "{n} pairs laid", n), 11, "#333"))
    out.append("</g>")
    return "".join(out)


def _table(state: dict[str, Any], players: list[dict[str, Any]], top: float, texts) -> tuple[str, float]:
    if isinstance(state.get("stack"), list):
        return _plays(state["stack"], players, top, texts)
    entries = _entry_field(state)
    if entries is None:
        return "", 0
    field, cards = entries
    label = {"battle": texts.gettext("Battle"), "trick": texts.gettext("Trick"),
             "middle": texts.gettext("Middle")}[field]
    out = [f'<g class="{field}" data-cards="{len(cards)}">', _text(MARGIN, top + 10, label, 14, "#222", weight="700")]
    for k, entry in enumerate(cards):
        x = MARGIN + k * (CARD_W + 30)
        y = top + 22
        out.append(_card(entry["card"], x, y, field) if entry["card"] else _back(x, y, None, field))
        name = players[entry["player"]]["name"] if 0 <= entry["player"] < len(players) else str(entry["player"])
        out.append(_text(x, y + CARD_H + 14, name[:8], 10, "#333"))
    out.append("</g>")
    return "".join(out), 22 + CARD_H + 22


def _plays(stack: list[dict[str, Any]], players: list[dict[str, Any]], top: float, texts) -> tuple[str, float]:
    """A Mogeln stack: each play face down (a back with its count), its maker and the
    value claimed, bottom play first so that the count reads left to right."""
    out = [f'<g class="stack" data-plays="{len(stack)}">',
           _text(MARGIN, top + 10, texts.gettext("Plays on the stack"), 14, "#222", weight="700")]
    for k, play in enumerate(reversed(stack[:12])):
        x, y = MARGIN + k * (CARD_W + 8), top + 22
        out.append(_back(x, y, _count(play["cards"]), "stack"))
        maker = players[play["player"]]["name"] if 0 <= play["player"] < len(players) else str(play["player"])
        out.append(_text(x, y + CARD_H + 14, f'{play["claim"]}', 11, "#111", weight="700"))
        out.append(_text(x, y + CARD_H + 26, maker[:5], 9, "#333"))
    out.append("</g>")
    return "".join(out), 22 + CARD_H + 34


def _table_piles(state: dict[str, Any], top: float, texts) -> tuple[str, float]:
    """The piles lying in the middle of the table: the face-down pile, the display
    stacks and the middle, each as its top card (a back where face down) and its count."""
    piles: list[tuple[str, str, Any, bool]] = []
    if "pile" in state:
        piles.append(("pile", texts.gettext("Pile"), state["pile"], False))
    for k, stack in enumerate(state.get("display", ())):
        piles.append((f"display-{k}", texts.gettext("Stack {n}", n=k), stack, True))
    if isinstance(state.get("middle"), list) and not engine.find_ruleset(state["ruleset"]).middle_holds_entries:
        piles.append(("middle", texts.gettext("Middle"), state["middle"], True))
    if not piles:
        return "", 0
    out = ['<g class="table-piles">']
    for k, (name, label, pile, face_up) in enumerate(piles):
        x, y = MARGIN + k * (CARD_W + 46), top + 8
        n = _count(pile)
        out.append(f'<g class="pile {name}" data-pile="{name}" data-count="{n}">')
        if face_up and n:
            out.append(_card(pile[0], x, y, name))
        elif n:
            out.append(_back(x, y, n, name))
        else:
            out.append(_space(x, y, name))
        out.append(_text(x, y + CARD_H + 14, f"{label}: {n}", 10, "#333"))
        out.append("</g>")
    out.append("</g>")
    return "".join(out), 8 + CARD_H + 22


def _space(x: float, y: float, where: str) -> str:
    """An empty place where a pile would lie."""
    return (f'<g class="space {where}"><rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="4" '
            f'fill="none" stroke="#999" stroke-dasharray="4 3"/></g>')


def _card(card: str, x: float, y: float, where: str, small: bool = False) -> str:
    w, h = (CARD_W, 40) if small else (CARD_W, CARD_H)
    color = card[0]
    return (f'<g class="card {where}" data-card="{card}"><rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="4" '
            f'fill="{FILL[color]}" stroke="#111"/>'
            + _text(x + w / 2, y + h / 2 + 5, card, 13, INK[color], anchor="middle", weight="700") + "</g>")


def _back(x: float, y: float, count: int | None, where: str) -> str:
    label = "" if count is None else str(count)
    return (f'<g class="back {where}" data-count="{label}"><rect x="{x:g}" y="{y:g}" width="{CARD_W}" '
            f'height="{CARD_H}" rx="4" fill="{BACK}" stroke="#111"/>'
            + _text(x + CARD_W / 2, y + CARD_H / 2 + 5, label, 13, "#fff", anchor="middle", weight="700") + "</g>")


def _text(x: float, y: float, text: str, size: float, fill: str, *, anchor: str = "start", weight: str = "400") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{escape(text)}</text>')
