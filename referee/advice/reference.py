"""The project's own rules reference, built from the rule catalogue in any language.

One source of truth: every rule's code, title and text come from `core.codes` (through
the `messages` catalogue), the check order from each ruleset's code list, and only the
few paragraphs around them live here. The same reference is served as the /rules page
(`http/pages.py`) and written as the Markdown documents in `docs/rules/` by

    python -m referee.advice.reference docs/rules

(a test checks that the committed documents are what this module writes).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..core.codes import Code
from ..engine import RULESETS
from ..i18n import LANGUAGES, N_, Translator

TITLE = N_("The rules as the referee applies them")
INTRO = N_(
    "Every rule the referee enforces, the code it reports when a turn breaks it, and the "
    "order in which it checks them: the first check that fails is the one reported. "
    "Actions are counted from 0. Every code is also served as data under /v1/rules."
)
NOTATION_TITLE = N_("Cards and slots")
NOTATION = N_(
    "A card is written as its colour letter and its value: R7 is the red 7, B21 the blue "
    "21, J a joker. A slot, the place of one card in its row, is named like its card. The "
    "colour letters are R red, O orange, Y yellow, G green and B blue."
)
RULESET_SUMMARIES = {
    "master": N_(
        "Elfer raus! MASTER: four colours of 1 to 21, four jokers, bridge cards and bonus "
        "cards. The four 11s lie from the start and each row grows from its 11. A turn "
        "places one to four cards, or draws one card, or passes once the pile is empty."
    ),
    "classic": N_(
        "The classic game: four colours of 1 to 20 (without blue for two players, if "
        "chosen). Rows begin as the start variant says and grow one step at a time. A "
        "player who can place must place; one who cannot draws up to three cards."
    ),
    "junior": N_(
        "The junior game: four colours of 1 to 11. The 1s and 11s lie from the start and the "
        "rows fill in between them. A player who can place must place; one who cannot draws "
        "one card."
    ),
    "zweikampf": N_(
        "Zweikampf, for two players with the cards of two colours: both turn up the top "
        "card of their face-down stacks at the same time, and the higher value takes both "
        "onto its won pile; equal values fight on with the next cards. With until_all an "
        "empty stack takes the won pile turned over, and the game goes on until one player "
        "holds every card."
    ),
    "farben-sammeln": N_(
        "Farben sammeln, for two to six players with all 80 cards: each turn a player takes "
        "the top card of the face-down pile or of one of four face-up display stacks, then "
        "discards a card onto a display stack. A player whose hand then holds one colour may "
        "close the round; each player scores the sum of their best colour, and the highest "
        "score wins."
    ),
    "ueberall-anschliessen": N_(
        "Überall anschließen, for two to six players with all 80 cards dealt into face-down "
        "stacks: the player to move turns up cards one by one and puts each where it is one "
        "higher than the top card (after 20 comes 1, colours do not matter): on the middle "
        "first, else on another player's open pile, else on their own, which ends the turn. "
        "An empty stack takes the open pile turned over; the first to run out of cards wins."
    ),
    "hoechste-karte": N_(
        "Die höchste Karte gewinnt, for two to four players: each holds 1 to 11 of a colour "
        "of their own. Everyone plays one card face down at the same time, and the one "
        "highest value takes the trick; a tie is set aside and goes to the next trick that "
        "has one winner. The most cards won wins."
    ),
    "mogeln": N_(
        "Mogeln, for three to six players with the cards 1 to 9, 10 or 15 of four colours: "
        "each in turn lays cards face down, saying the next value of the count, and may lie. "
        "A challenge turns the top play up: an honest play is exactly one card of the value "
        "said, and whoever was wrong takes the whole stack. A completed count is set aside. "
        "The first to empty their hand without being caught wins."
    ),
    "ratefix": N_(
        "Ratefix, for two to four players with the 80 cards: each gets a face-down stack. Every "
        "round each player puts their top card face down into the middle, then each guesses the "
        "total once, and the guess nearest the total, above or below, takes the middle. Whoever "
        "has won the most cards when the stacks run out wins."
    ),
    "schwarzer-peter": N_(
        "Schwarzer Peter, for two to six players with the cards of two colours: one card is set "
        "aside unseen and the rest dealt, and pairs of equal value are laid down. In turn each "
        "player draws a card from the next player who still holds cards and lays the pair it "
        "makes. Whoever is left holding the last card, the twin of the one set aside, has lost."
    ),
    "schnipp-schnapp": N_(
        "Schnipp Schnapp, for two to six players with all 80 cards: each sets aside the quartets "
        "dealt to them and turns up the top of a face-down stack onto an open pile in turn. Whoever "
        "first calls Schnapp when the flipped value lies on another open pile takes those piles; "
        "Schnipp when it matches the top of the middle takes the middle. A wrong call throws the "
        "caller's open pile onto the middle. Quartets won are set aside; the most quartets win. "
        "With together everyone flips at once and the most cards won wins."
    ),
}
CHECKS_TITLE = N_("The checks, in the order the referee makes them")
DECISIONS_TITLE = N_("Where the printed rules leave room")
DECISIONS = (
    N_("A bridge card joins neighbouring rows only; the top and bottom rows are not neighbours."),
    N_("A bridge must be followed at once by a card in its target slot; a turn cannot end on a bridge."),
    N_("Jokers and bridge cards never oblige a play once the pile is empty; only a number card that fits does."),
    N_("When the pile is empty and every player has passed in a row, the game ends blocked and is scored."),
    N_("A joker swap needs a card placed in the same turn, before or after the swap; the swapped-in card does not count toward the four."),
    N_("For a hand the referee cannot see, a card is accepted unless it is visible elsewhere; what cannot be checked is listed as unchecked."),
    N_("In the classic game of the 2018 edition the first drawn card that fits may be kept; the second or third must be placed. In the original edition every drawn card that fits must be placed."),
    N_("Zweikampf: a tie is fought on with one more card each, and again while the values stay equal; a battle still tied when the stacks run out leaves the game."),
    N_("Zweikampf with until_all: when a player who must turn up holds no card at all, the other takes the battle and wins; when neither holds one, the battle leaves the game and it is a tie."),
    N_("Die höchste Karte gewinnt: player 0 plays the edition's first colour, player 1 the second, and so on; a tie in the last trick sends that trick and the cards set aside out of the game."),
    N_("In the other games in the box, the player with the most cards wins, and players with equally many share the win."),
    N_("Farben sammeln: there are always four display stacks; a take that empties one is followed by a discard onto that place. A card taken may be discarded again at once."),
    N_("Farben sammeln: an empty pile only rules out taking from it; a round nobody can close goes on. Of equal colour sums the colour first in the edition's order counts; the lowest score loses, of equal scores the lowest seat."),
    N_("Überall anschließen: an overlooked fit caught by the table is recorded with stopp right after it; each other player, clockwise from the overlooker's left, then gives the bottom card of their stack onto the top of the overlooker's stack. A card put on another player's pile while it fitted the middle is always refused."),
    N_("Mogeln: after a challenge the count starts again at 1. A lie, and several cards laid as one, are judged only by a challenge; the referee does not make a player lie or tell the truth."),
    N_("Mogeln: a player whose play empties their hand wins unless that play is challenged and found false; until then the player to move may only challenge it or accept it. In the 2018 edition any other player may challenge out of turn; in the original only the player to move, and the count runs to 20."),
    N_("Überall anschließen: an empty stack takes the open pile turned over as soon as it is used up, so a player holds cards exactly while the stack is not empty; the game's first turn is the one card put into the empty middle."),
    N_("Ratefix: of guesses equally near the total, the one made first takes the middle; whoever takes it guesses first in the next round."),
    N_("Schwarzer Peter: the player drawn from is the next one clockwise who still holds cards; a drawn card that makes a pair must be laid in the same turn."),
    N_("Schnipp Schnapp: calls are recorded in the order the table heard them, those made at the same moment as one call with the others named; a right call made by several is a tie that nobody wins, and each caller puts their open pile back under their stack."),
    N_("Schnipp Schnapp: a Schnapp puts the caller's own open pile under their stack first, then the piles taken, in seat order from the caller's left, each top card first; quartets among them are set aside. The game ends when nobody holds cards, or one player does and the middle is empty; the most quartets win."),
)
RULESET_TITLES = {
    "master": "Elfer raus! MASTER",  # a name, the same in every language
    "classic": N_("Classic Elfer raus! (80 cards)"),
    "junior": N_("Elfer raus! junior (44 cards)"),
    "zweikampf": N_("Zweikampf (two players, 40 cards)"),
    "farben-sammeln": N_("Farben sammeln (2 to 6 players, 80 cards)"),
    "ueberall-anschliessen": N_("Überall anschließen (2 to 6 players, 80 cards)"),
    "hoechste-karte": N_("Die höchste Karte gewinnt (2 to 4 players)"),
    "mogeln": N_("Mogeln (3 to 6 players)"),
    "ratefix": N_("Ratefix (2 to 4 players, guess the total)"),
    "schwarzer-peter": N_("Schwarzer Peter (2 to 6 players, pairs)"),
    "schnipp-schnapp": N_("Schnipp Schnapp (2 to 6 players, 80 cards)"),
}


def reference(language: str) -> dict[str, Any]:
    """The whole reference in `language`, as data for a page or a document."""
    texts = Translator(language)
    return {
        "language": texts.language,
        "title": texts.gettext(TITLE),
        "intro": texts.gettext(INTRO),
        "notation_title": texts.gettext(NOTATION_TITLE),
        "notation": texts.gettext(NOTATION),
        "checks_title": texts.gettext(CHECKS_TITLE),
        "rulesets": [
            {
                "name": name,
                "title": texts.gettext(RULESET_TITLES[name]),
                "summary": texts.gettext(RULESET_SUMMARIES[name]),
                "checks": [
                    {"code": code.value, "title": texts.gettext(code.title),
                     "description": texts.gettext(code.description)}
                    for code in ruleset.codes
                ],
            }
            for name, ruleset in RULESETS.items()
        ],
        "decisions_title": texts.gettext(DECISIONS_TITLE),
        "decisions": [texts.gettext(d) for d in DECISIONS],
        "languages": LANGUAGES,
    }


def markdown(language: str) -> str:
    """The reference as a Markdown document."""
    ref = reference(language)
    lines = [f"# {ref['title']}", "", ref["intro"], "",
             "[" + " · ".join(f"{code}" if code == ref["language"] else f"[{code}](RULES.{code}.md)"
                              for code in LANGUAGES) + "]", "",
             f"## {ref['notation_title']}", "", ref["notation"], ""]
    for ruleset in ref["rulesets"]:
        lines += [f"## {ruleset['title']} (`{ruleset['name']}`)", "", ruleset["summary"], "",
                  f"### {ref['checks_title']}", ""]
        for number, check in enumerate(ruleset["checks"], 1):
            lines.append(f"{number}. **`{check['code']}`** — {check['title']}. {check['description']}")
        lines.append("")
    lines += [f"## {ref['decisions_title']}", ""]
    lines += [f"- {d}" for d in ref["decisions"]]
    return "\n".join(lines) + "\n"


def write(folder: str) -> list[Path]:
    """Write RULES.<lang>.md for every language into `folder`; the paths written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for language in LANGUAGES:
        path = out / f"RULES.{language}.md"
        path.write_text(markdown(language), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write(sys.argv[1] if len(sys.argv) > 1 else "docs/rules"):
        print(path)
