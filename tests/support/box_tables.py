"""Builders of states of the other games in the box (JSON shape), for tests.

    zweikampf(stacks=[["O9"], ["Y9"]])      # those on top, the rest of the 40 shared out
    zweikampf(stacks=[["O9"], []], won=[[], [...]], until_all=True, fill=False)

Every card the test does not place itself is shared out under the named tops, so that
the state accounts for the whole deck and the stacks stay of equal size (the battle's
cards counting with their players'). `hide` lists the players whose stacks are counts.
"""

from __future__ import annotations

from typing import Any

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
EDITION_COLORS = {"2018": ("O", "Y", "G", "B"), "original": ("R", "Y", "G", "B")}


def deck(colors: tuple[str, ...], top: int = 20) -> list[str]:
    return [f"{c}{v}" for c in colors for v in range(1, top + 1)]


def zweikampf(stacks=None, won=None, battle=(), out: int = 0, hide=(), until_all: bool = False,
              edition: str = "2018", colors=None, waiting=None, fill: bool = True) -> dict[str, Any]:
    colors = tuple(colors or EDITION_COLORS[edition][:2])
    stacks = [list(s) for s in (stacks or [[], []])]
    won = [list(w) for w in (won or [[], []])]
    battle = [{"player": p, "card": c} for p, c in battle]
    if fill:
        used = {c for s in stacks for c in s} | {c for w in won for c in w} | {e["card"] for e in battle}
        rest = [c for c in deck(colors) if c not in used][: max(0, 40 - len(used) - out)]
        sizes = [len(stacks[i]) + sum(1 for e in battle if e["player"] == i) for i in (0, 1)]
        while rest:
            i = 0 if sizes[0] <= sizes[1] else 1
            stacks[i].append(rest.pop(0))
            sizes[i] += 1
    if waiting is None:
        if len(battle) % 2:
            waiting = [1 - battle[-1]["player"]]
        else:
            holds = [len(stacks[i]) + (len(won[i]) if until_all else 0) for i in (0, 1)]
            waiting = [] if 0 in holds else [0, 1]
    return {
        "ruleset": "zweikampf",
        "options": {"edition": edition, "colors": list(colors), "until_all": until_all},
        "players": [{"name": NAMES[i], "stack": {"count": len(stacks[i])} if i in hide else stacks[i], "won": won[i]}
                    for i in (0, 1)],
        "current": None,
        "waiting": waiting,
        "battle": battle,
        "out": out,
    }


def reveal(card: str | None = None) -> dict[str, Any]:
    return {"type": "reveal"} if card is None else {"type": "reveal", "card": card}


def play(card: str | None = None) -> dict[str, Any]:
    return {"type": "play"} if card is None else {"type": "play", "card": card}


def shown_pile(pile: Any) -> Any:
    """A won, set-aside or out pile as a test gives it: a list of cards, or a number (a
    record written when these piles were counts), kept as it is."""
    return pile if isinstance(pile, int) else list(pile)


def shown_size(pile: Any) -> int:
    return pile if isinstance(pile, int) else len(pile)


def hoechste(hands=None, won=None, trick=(), set_aside: Any = (), out: Any = (), hide=(), players: int = 2,
             edition: str = "2018", waiting=None) -> dict[str, Any]:
    """A "Die höchste Karte gewinnt" state: `hands` as given (default: each player's whole
    colour, 1 to 11), `won`, `set_aside` and `out` as lists of cards or numbers (`shown_pile`),
    `trick` as `(player, card)` pairs."""
    colors = EDITION_COLORS[edition]
    n = len(hands) if hands is not None else players
    hands = [list(h) for h in (hands or [[f"{colors[i]}{v}" for v in range(1, 12)] for i in range(n)])]
    won = [shown_pile(w) for w in (won or [[]] * n)]
    played = [p for p, _ in trick]
    if waiting is None:
        over = not trick and not any(hands)
        waiting = [] if over else [i for i in range(n) if i not in played]
    return {
        "ruleset": "hoechste-karte",
        "options": {"edition": edition},
        "players": [{"name": NAMES[i], "hand": {"count": len(hands[i])} if i in hide else hands[i], "won": won[i]}
                    for i in range(n)],
        "current": None,
        "waiting": waiting,
        "trick": [{"player": p, "card": c} for p, c in trick],
        "set_aside": shown_pile(set_aside),
        "out": shown_pile(out),
    }


MOGELN_NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eve", "Finn")
MOGELN_TOP = {3: 9, 4: 10, 5: 15, 6: 15}


def mogeln(hands, stack=(), out=None, current=None, winner=None, hide=(), edition: str = "2018") -> dict[str, Any]:
    """A Mogeln state: `hands` as given (one per player), `stack` as `(player, cards, claim)`
    triples top first (`cards` a list or a count); every card of the game placed nowhere
    else counts in `out` unless `out` is given. `current` defaults to the player after the
    top play (0 on an empty stack)."""
    n = len(hands)
    plays = [{"player": p, "cards": {"count": c} if isinstance(c, int) else list(c), "claim": v}
             for p, c, v in stack]
    if out is None:
        listed = sum(len(h) for h in hands) + sum(c if isinstance(c, int) else len(c) for _, c, _ in stack)
        out = len(deck(EDITION_COLORS[edition], MOGELN_TOP[n])) - listed
    if current is None and winner is None:
        current = (stack[0][0] + 1) % n if stack else 0
    return {
        "ruleset": "mogeln",
        "options": {"edition": edition},
        "players": [{"name": MOGELN_NAMES[i], "hand": {"count": len(hands[i])} if i in hide else list(hands[i])}
                    for i in range(n)],
        "current": current,
        "waiting": [],
        "stack": plays,
        "out": out,
        "winner": winner,
    }


def lay(*cards: str, count: int | None = None) -> dict[str, Any]:
    """A Mogeln play of `cards` (or of `count` hidden cards)."""
    return {"type": "play", "count": count} if count is not None else {"type": "play", "cards": list(cards)}


def challenge(*cards: str) -> dict[str, Any]:
    return {"type": "challenge", "cards": list(cards)} if cards else {"type": "challenge"}


def ratefix(stacks=None, middle=(), guesses=(), won=None, leader: int = 0, players: int = 2,
            cards_each: int | None = None, hide=(), edition: str = "2018", waiting=None,
            current="auto") -> dict[str, Any]:
    """A Ratefix state: `stacks` tops as given, filled up from the edition's cards so that
    every stack (with its card in `middle`, `(player, card)` pairs) holds `cards_each` less
    the rounds won (`won`: lists of cards or numbers, `shown_pile`, a multiple of the players);
    the rest is `out`."""
    colors = EDITION_COLORS[edition]
    n = len(stacks) if stacks is not None else players
    each = cards_each if cards_each is not None else 40 // n
    won = [shown_pile(w) for w in (won or [[]] * n)]
    size = each - sum(map(shown_size, won)) // n
    stacks = [list(s) for s in (stacks or [[] for _ in range(n)])]
    used = {c for s in stacks for c in s} | {c for _, c in middle if c} | {c for w in won if isinstance(w, list) for c in w}
    rest = [c for c in deck(colors) if c not in used]
    for i in range(n):
        want = size - sum(1 for p, _ in middle if p == i)
        while len(stacks[i]) < want:
            stacks[i].append(rest.pop(0))
    put = [p for p, _ in middle]
    over = size == 0 and not middle
    if waiting is None:
        waiting = [] if over or len(middle) == n else [i for i in range(n) if i not in put]
    if current == "auto":
        current = None if over or len(middle) < n else (leader + len(guesses)) % n
    return {
        "ruleset": "ratefix",
        "options": {"edition": edition, "cards_each": each},
        "players": [{"name": NAMES[i], "stack": {"count": len(stacks[i])} if i in hide else stacks[i], "won": won[i]}
                    for i in range(n)],
        "current": current,
        "waiting": waiting,
        "middle": [{"player": p, "card": c} for p, c in middle],
        "guesses": [{"player": p, "value": v} for p, v in guesses],
        "leader": leader,
        "out": 80 - n * each,
    }


def put(card: str | None = None) -> dict[str, Any]:
    return {"type": "put"} if card is None else {"type": "put", "card": card}


def guess(value: Any = None) -> dict[str, Any]:
    return {"type": "guess"} if value is None else {"type": "guess", "value": value}


def peter(hands, pairs=None, aside=None, current: int | None = 0, hide=(), short: bool = False,
          edition: str = "2018", colors=None, waiting=()) -> dict[str, Any]:
    """A Schwarzer Peter state: `hands` as given, `aside` as given (default: the first card
    of the deck in no hand, known; `"count"` for `{"count": 1}`), and every other value laid
    as a pair by the player `pairs` names (default: player 0)."""
    colors = list(colors or EDITION_COLORS[edition][:2])
    top = 16 if short else 20
    cards = [f"{c}{v}" for c in colors for v in range(1, top + 1)]
    held = {c for h in hands for c in h}
    if aside is None:
        aside = [next(c for c in cards if c not in held)]
    known_aside = [] if aside == "count" else aside
    used = held | set(known_aside)
    loose = sorted({int(c[1:]) for c in used})
    pairs = [list(p) for p in pairs] if pairs is not None else [[v for v in range(1, top + 1) if v not in loose]] + [
        [] for _ in hands[1:]]
    return {
        "ruleset": "schwarzer-peter",
        "options": {"edition": edition, "colors": colors, "short": short},
        "players": [{"name": NAMES[i], "hand": {"count": len(h)} if i in hide else list(h), "pairs": pairs[i]}
                    for i, h in enumerate(hands)],
        "current": current,
        "waiting": list(waiting),
        "aside": {"count": 1} if aside == "count" else list(aside),
    }


def draw(card: str | None = None, index: int | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "draw"}
    if card is not None:
        action["card"] = card
    if index is not None:
        action["index"] = index
    return action


def pair(value: Any) -> dict[str, Any]:
    return {"type": "pair", "value": value}


def schnapp(opens, middle=(), stacks=None, quartets=None, flipped=(), current: int | None = 0, hide=(),
            together: bool = False, won=None, waiting=None, edition: str = "2018") -> dict[str, Any]:
    """A Schnipp Schnapp state: `opens` (one open pile per player, top first), `middle`,
    `quartets` (values per player) and `stacks` as given, a stack given as None taking its
    share of every card placed nowhere else (by default every stack does). With `together`
    `current` is null and `waiting` defaults to every player who holds cards."""
    colors = EDITION_COLORS[edition]
    n = len(opens)
    quartets = [list(q) for q in quartets] if quartets is not None else [[] for _ in opens]
    stacks = [None if s is None else list(s) for s in stacks] if stacks is not None else [None] * n
    used = {c for pile in opens for c in pile} | set(middle) | {c for s in stacks if s for c in s}
    used |= {f"{c}{v}" for q in quartets for v in q for c in colors}
    rest = [c for c in deck(colors) if c not in used]
    fill = [i for i, s in enumerate(stacks) if s is None]
    assert fill or not rest, "every card must lie somewhere"
    shares: dict[int, list[str]] = {i: [] for i in fill}
    for k, card in enumerate(rest):
        shares[fill[k % len(fill)]].append(card)
    stacks = [shares[i] if s is None else s for i, s in enumerate(stacks)]
    players = []
    for i in range(n):
        player = {"name": NAMES[i], "stack": {"count": len(stacks[i])} if i in hide else stacks[i],
                  "open": list(opens[i]), "quartets": quartets[i]}
        if together:
            player["won"] = (won or [0] * n)[i]
        players.append(player)
    holders = [i for i in range(n) if stacks[i] or opens[i]]
    return {
        "ruleset": "schnipp-schnapp",
        "options": {"edition": edition, "together": together},
        "players": players,
        "current": None if together else current,
        "waiting": (holders if waiting is None else list(waiting)) if together else [],
        "middle": list(middle),
        "flipped": list(flipped),
    }


def flip(card: str | None = None) -> dict[str, Any]:
    return {"type": "flip"} if card is None else {"type": "flip", "card": card}


def call(word: str, *together_with: int) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "call", "word": word}
    if together_with:
        action["with"] = list(together_with)
    return action
