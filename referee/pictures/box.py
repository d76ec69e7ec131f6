"""`box_picture(state)`: a state of one of the other games in the box as SVG text.

Drawn from the wire form, whatever the game, pile by pile as the game's state declares
them (`BoxState.PILES`: each pile's member, label, owner and how its cards lie): a box
per player with their piles — a face-down pile as a card back with its count, a known
hand as all its cards (wrapping), a face-up pile as its top card, an empty pile as an
empty place, each labelled with its name and count — then the cards on the table (piles
of entries, such as a battle, a trick or a middle, each card under its player's name, a
face-down one as a back; the plays on a stack, each with its maker, its cards and its
claim), the table's piles, and the counts set aside or out. What only the rules can say
(which flipped card may be called, the next claim) the picture asks the game's ruleset
(`picture_facts`), never deciding it.

Hooks: every face-up card is an element with `data-card`; every place is an element
with `data-at`, a JSON Pointer into the state (`/pile`, `/display/0`, `/middle`,
`/battle/1`, `/stack/0`, `/players/1/open`); `mark` and `highlight` name cards or places
(the places of a player's known hand, `/players/0/hand`, mark each of its cards).
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import quoteattr

from .. import engine
from ..i18n import Translator
from .boxdraw import GAP, LAYOUTS, MARGIN, Flow, Layout, Marks, back, card, space, text, text_width

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
PAD = 8


def box_picture(state: dict[str, Any], texts: Translator | None = None, *, layout: str = "wide",
                mark=(), highlight=(), marks: Marks | None = None) -> str:
    """The table of `state` as SVG text; `marks` (optional) collects every address drawn."""
    texts = texts or Translator("en", "pages")
    size = LAYOUTS[layout]
    marks = marks or Marks(mark, highlight)
    ruleset = engine.find_ruleset(state["ruleset"])
    facts = ruleset.picture_facts(engine.load_state(state))
    draw = _Drawing(state, texts, size, marks, facts, ruleset.state_type.PILES)
    body, bottom = draw.players(MARGIN)
    for section in (draw.entries, draw.plays, draw.piles, draw.status):
        part, bottom = section(bottom + 14)
        body += part
    height = bottom + MARGIN
    width = size.width
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="elfer-table {state["ruleset"]} {layout}" '
        f'viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}" '
        f'font-family="{FONT}" role="img" aria-label={quoteattr(draw.summary())}>',
        f'<rect class="cloth" x="0" y="0" width="{width:g}" height="{height:g}" fill="#f4f1ea"/>',
        body, "</svg>",
    ])


def drawn_addresses(state: dict[str, Any]) -> set[str]:
    """Every card name and place the picture of `state` draws (what `mark` may name)."""
    marks = Marks()
    box_picture(state, marks=marks)
    return marks.drawn


def _count(pile: Any) -> int:
    return pile["count"] if isinstance(pile, dict) else len(pile)


def _amount(pile: Any) -> int:
    """The cards of a pile given as a count, `{"count": n}` or a list (0 for none)."""
    if isinstance(pile, bool) or pile is None:
        return 0
    if isinstance(pile, int):
        return pile
    return _count(pile)


def _clip(words: str, width: float, size: float, bold: bool = False) -> str:
    while len(words) > 1 and text_width(words, size, bold) > width:
        words = words[:-2] + "…"
    return words


class _Drawing:
    """One picture being drawn: each section returns its SVG and the y below it."""

    def __init__(self, state: dict[str, Any], texts: Translator, size: Layout, marks: Marks, facts: Any,
                 piles: tuple[Any, ...]):
        self.state, self.texts, self.size, self.marks, self.facts = state, texts, size, marks, facts
        self.names = [p["name"] for p in state["players"]]
        self.own_piles = [p for p in piles if p.owner == "player"]
        self.table_piles = [p for p in piles if p.owner == "table"]
        current = state.get("current")
        self.acting = {current} if current is not None else set(state.get("waiting", ()))
        self.finished = current is None and not state.get("waiting")
        if self.finished:
            self.acting = set()

    def summary(self) -> str:
        if self.finished:
            return self.texts.gettext("Game over")
        return ", ".join(self.texts.gettext("{name} to move", name=self.names[i]) for i in sorted(self.acting))

    def card_words(self, name: str) -> str:
        """A card's name in the reader's words ("gelbe 8"), as the table page names it."""
        words = {
            "R": lambda v: self.texts.gettext("red {value}", value=v),
            "O": lambda v: self.texts.gettext("orange {value}", value=v),
            "Y": lambda v: self.texts.gettext("yellow {value}", value=v),
            "G": lambda v: self.texts.gettext("green {value}", value=v),
            "B": lambda v: self.texts.gettext("blue {value}", value=v),
        }
        return words[name[0]](name[1:])

    def name(self, index: int) -> str:
        return self.names[index] if 0 <= index < len(self.names) else str(index)

    # -- the players --------------------------------------------------------------------------------

    def players(self, top: float) -> tuple[str, float]:
        size = self.size
        box_w = (size.width - 2 * MARGIN - GAP * (size.columns - 1)) / size.columns
        out, y = ['<g class="players">'], top
        players = self.state["players"]
        for start in range(0, len(players), size.columns):
            heights = []
            for k, index in enumerate(range(start, min(start + size.columns, len(players)))):
                box, h = self.player(index, MARGIN + k * (box_w + GAP), y, box_w)
                out.append(box)
                heights.append(h)
            y += max(heights) + GAP
        out.append("</g>")
        return "".join(out), y - GAP

    def player(self, index: int, x: float, y: float, w: float) -> tuple[str, float]:
        size, texts, player = self.size, self.texts, self.state["players"][index]
        acting = index in self.acting
        parts = []
        tag = texts.gettext("to move") if acting else ""
        tag_w = text_width(tag, size.text) + 6 if tag else 0
        title = _clip(("▶ " if acting else "") + player["name"], w - 2 * PAD - tag_w, size.title, bold=True)
        parts.append(text(x + PAD, y + PAD, title, size.title, "#111", weight="700"))
        if tag:
            parts.append(text(x + w - PAD, y + PAD + (size.title - size.text) / 2, tag, size.text, "#111", anchor="end"))
        lines = self.player_lines(index, player)
        flow = Flow(x + PAD, y + PAD + size.title * 1.3 + 6, x + w - PAD)
        for piece in self.player_piles(index, player):
            parts.append(piece(flow))
        hands = [(p.name, player[p.name]) for p in self.own_piles if p.face == "held" and isinstance(player[p.name], list)]
        for where, hand in hands:
            flow.newline()
            count_line = texts.ngettext("{n} card in hand", "{n} cards in hand", len(hand))
            at = flow.place(w - 2 * PAD, size.line)
            parts.append(text(at[0], at[1], count_line, size.text, "#333", cls="hand-count"))
            flow.newline()
            pointer = f"/players/{index}/{where}"
            if not hand:  # an empty place, as an empty pile's (as wide, so its word reads), for a mark to name
                cx, cy = flow.place(size.card_w, size.card_h)
                parts.append(space(cx, cy, size.card_w, size.card_h, texts.gettext("empty"), size.text, where,
                                   pointer, self.marks))
            for name in hand:
                cx, cy = flow.place(size.hand_w, size.hand_h)
                parts.append(card(name, cx, cy, size.hand_w, size.hand_h, size.card_text, where, pointer, self.marks,
                                  self.card_words(name)))
        beside = x + w - PAD - flow.x  # the room right of the piles, on their line
        if (lines and not hands and flow.x > flow.left
                # With room to spare: a real font may run wider than the estimate, and the
                # text must never reach into the next player's box.
                and max(text_width(line, size.text) for line in lines) * 1.2 <= beside
                and len(lines) * size.line <= flow.line_h):
            # Beside the piles, where a phone's narrow box has room, rather than below them.
            for k, line in enumerate(lines):
                parts.append(text(flow.x, flow.y + k * size.line, line, size.text, "#333"))
            lines = []
        flow.newline()
        for line in lines:
            at = flow.place(w - 2 * PAD, size.line)
            parts.append(text(at[0], at[1], _clip(line, w - 2 * PAD, size.text), size.text, "#333"))
            flow.newline()
        h = flow.y - y + PAD - (GAP if flow.y > y else 0)
        h = max(h, size.title * 1.3 + 2 * PAD)
        cls = "player current" if acting else "player"
        box = (f'<g class="{cls}" id="player-{index}" data-player="{index}">'
               f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="#fff" stroke="#111" '
               f'stroke-width="{3 if acting else 1}"/>' + "".join(parts) + "</g>")
        return box, h

    def player_piles(self, index: int, player: dict[str, Any]):
        """The player's piles as pieces for a flow, in the order declared; a known hand is
        drawn card by card below them (`player`), a hidden one as a back here."""
        texts, pointer = self.texts, f"/players/{index}"
        for pile in self.own_piles:
            cards = player[pile.name]
            if pile.face == "held" and isinstance(cards, list):
                continue
            # A face-up pile a call may take: the ruleset says which (picture_facts.callable).
            note = texts.gettext("may be called") if pile.face == "up" and index in self.facts.callable else ""
            yield self.pile_piece(texts.gettext(pile.label), cards, f"{pointer}/{pile.name}", pile.name,
                                  face_up=pile.face == "up", note=note)

    def player_lines(self, index: int, player: dict[str, Any]) -> list[str]:
        texts, lines = self.texts, []
        if self.state.get("leader") == index and not self.finished:
            lines.append(texts.gettext("guesses first"))
        for guess in self.state.get("guesses", ()):
            if guess["player"] == index:
                lines.append(texts.gettext("Guess: {value}", value=guess["value"]))
        if isinstance(player.get("won"), (int, dict)):  # a count, or a pile of `{"count": n}`
            lines.append(texts.ngettext("Won: {n} card", "Won: {n} cards", _amount(player["won"])))
        if "quartets" in player:
            quartets = player["quartets"]
            line = texts.ngettext("{n} quartet", "{n} quartets", len(quartets))
            lines.append(line + (": " + ", ".join(str(v) for v in quartets) if quartets else ""))
        if "pairs" in player:
            lines.append(texts.ngettext("{n} pair laid", "{n} pairs laid", len(player["pairs"])))
        return lines

    def pile_piece(self, label: str, pile: Any, at: str, where: str, *, face_up: bool, note: str = "",
                   name: str = ""):
        """A pile as a piece: its top card (a back where face down or where its cards are
        not known, an empty place where empty) over its name, its count and a note; `name`
        its `data-pile` (by default `where`)."""
        size, n = self.size, _count(pile)
        count = self.texts.ngettext("{n} card", "{n} cards", n)
        words = [(label, "#222", "700"), (count, "#333", "400")] + ([(note, "#b00020", "700")] if note else [])
        w = max(size.card_w, *(text_width(t, size.text, b == "700") for t, _, b in words))
        h = size.card_h + 6 + size.line * len(words)  # clear of a halo round the card

        def piece(flow: Flow) -> str:
            x, y = flow.place(w, h)
            if not n:
                drawn = space(x, y, size.card_w, size.card_h, self.texts.gettext("empty"), size.text, where, at,
                              self.marks)
            elif face_up and isinstance(pile, list):
                drawn = card(pile[0], x, y, size.card_w, size.card_h, size.card_text, where, at, self.marks,
                             self.card_words(pile[0]))
            else:
                drawn = back(x, y, size.card_w, size.card_h, n, where, at, self.marks)
            out = [f'<g class="pile {where}" data-pile="{name or where}" data-count="{n}">', drawn]
            for k, (words_k, fill, weight) in enumerate(words):
                out.append(text(x, y + size.card_h + 6 + k * size.line, words_k, size.text, fill, weight=weight))
            out.append("</g>")
            return "".join(out)

        return piece

    # -- the table ----------------------------------------------------------------------------------

    def entries(self, top: float) -> tuple[str, float]:
        """The table's piles of cards put down one per player (a battle, a trick, a middle
        of entries), each under its label."""
        out, bottom = [], top - 14
        for pile in self.table_piles:
            if pile.shape == "entries":
                part, bottom = self.entry_pile(pile, bottom + 14)
                out.append(part)
        return "".join(out), bottom

    def entry_pile(self, pile: Any, top: float) -> tuple[str, float]:
        field, cards = pile.name, self.state[pile.name]
        size, texts = self.size, self.texts
        label = texts.gettext(pile.label)
        out = [f'<g class="{field}" data-cards="{len(cards)}">', text(MARGIN, top, label, size.title, weight="700")]
        flow = Flow(MARGIN, top + size.title * 1.3 + 4, size.width - MARGIN)
        if not cards:
            x, y = flow.place(size.card_w, size.card_h)
            out.append(space(x, y, size.card_w, size.card_h, texts.gettext("empty"), size.text, field, f"/{field}",
                             self.marks))
        for k, entry in enumerate(cards):
            name = self.name(entry["player"])
            w = max(size.card_w, min(text_width(name, size.text), 90))
            x, y = flow.place(w, size.card_h + 6 + size.line)
            at = f"/{field}/{k}"
            # A trick and Ratefix's middle are played face down and turned up only when the
            # last card lies: until then a named card (a replayed record knows it) is a back.
            if entry.get("card") and field == "battle":
                out.append(card(entry["card"], x, y, size.card_w, size.card_h, size.card_text, field, at, self.marks,
                                self.card_words(entry["card"])))
            else:
                out.append(back(x, y, size.card_w, size.card_h, None, field, at, self.marks))
            out.append(text(x, y + size.card_h + 6, _clip(name, w, size.text), size.text, "#333"))
        out.append("</g>")
        return "".join(out), flow.bottom

    def plays(self, top: float) -> tuple[str, float]:
        """Plays on a stack (the table's pile of records), top first, each a line: its
        maker, its cards, its claim; then the next claim."""
        pile = next((p for p in self.table_piles if p.shape == "records"), None)
        if pile is None:
            return "", top - 14
        stack = self.state[pile.name]
        size, texts = self.size, self.texts
        out = [f'<g class="{pile.name}" data-plays="{len(stack)}">',
               text(MARGIN, top, texts.gettext(pile.label), size.title, weight="700")]
        y = top + size.title * 1.3 + 4
        mini_w, mini_h = size.text * 1.4, size.text * 1.9
        for k, play in enumerate(stack):
            n = _count(play["cards"])
            out.append(back(MARGIN, y, mini_w, mini_h, n, "play", f"/{pile.name}/{k}", self.marks))
            line = texts.ngettext("{name}: {n} card played, claimed {value}", "{name}: {n} cards played, claimed {value}",
                                  n, name=self.name(play["player"]), value=play["claim"])
            out.append(text(MARGIN + mini_w + 8, y + (mini_h - size.text) / 2,
                            _clip(line, size.width - 2 * MARGIN - mini_w - 8, size.text), size.text, "#222",
                            cls="play-line"))
            y += mini_h + 4
        if not stack:
            out.append(text(MARGIN, y, texts.gettext("No plays yet"), size.text, "#333"))
            y += size.line
        if self.facts.next_claim is not None:
            out.append(text(MARGIN, y + 2, texts.gettext("Next claim: {value}", value=self.facts.next_claim),
                            size.title, "#111", weight="700", cls="next-claim"))
            y += size.title * 1.3 + 2
        out.append("</g>")
        return "".join(out), y

    def piles(self, top: float) -> tuple[str, float]:
        """The table's piles, in the order declared: a pile, or each pile of a row of them
        (numbered from 1, as the players count them)."""
        texts, state = self.texts, self.state
        pieces = []
        for pile in self.table_piles:
            face_up = pile.face == "up"
            if pile.shape == "pile":
                pieces.append(self.pile_piece(texts.gettext(pile.label), state[pile.name], f"/{pile.name}", pile.name,
                                              face_up=face_up))
            elif pile.shape == "piles":
                for k, stack in enumerate(state[pile.name]):
                    pieces.append(self.pile_piece(texts.gettext(pile.label, n=k + 1), stack, f"/{pile.name}/{k}",
                                                  pile.name, face_up=face_up, name=f"{pile.name}-{k}"))
        if not pieces:
            return "", top - 14
        flow = Flow(MARGIN, top, self.size.width - MARGIN, gap=14)
        out = ['<g class="table-piles">', *(piece(flow) for piece in pieces), "</g>"]
        return "".join(out), flow.bottom

    def status(self, top: float) -> tuple[str, float]:
        texts, state, size = self.texts, self.state, self.size
        lines = []
        if self.finished:
            lines.append(texts.gettext("Game over"))
        if isinstance(state.get("set_aside"), int) and state["set_aside"]:
            lines.append(texts.ngettext("Set aside: {n} card", "Set aside: {n} cards", state["set_aside"]))
        if isinstance(state.get("out"), int) and state["out"]:
            lines.append(texts.ngettext("Out of the game: {n} card", "Out of the game: {n} cards", state["out"]))
        if isinstance(state.get("winner"), int):
            lines.append(texts.gettext("{name} wins", name=self.name(state["winner"])))
        if isinstance(state.get("closed"), int):
            lines.append(texts.gettext("{name} closed", name=self.name(state["closed"])))
        if state.get("finished"):
            lines.append(texts.gettext("Finished: {names}", names=", ".join(
                f"{k}. {self.name(p)}" for k, p in enumerate(state["finished"], 1))))
        if not lines:
            return "", top - 14
        out = ['<g class="status">']
        y = top
        for line in lines:
            out.append(text(MARGIN, y, _clip(line, size.width - 2 * MARGIN, size.text), size.text, "#222"))
            y += size.line
        out.append("</g>")
        return "".join(out), y
