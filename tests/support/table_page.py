"""Driving the table page as a player does: tap the slots, press the buttons, read the text.

Every helper waits for the page to finish redrawing (the `data-ready` mark on <body>
changes after each answer of the referee is shown), so that the tests never race it.
"""

from __future__ import annotations


class Table:
    def __init__(self, page, service: str):
        self.page = page
        self.service = service

    def open(self, query: str = "") -> None:
        self.page.goto(f"{self.service}/table{query}")
        self.page.wait_for_function("document.body.dataset.ready !== undefined")

    def _after(self, act) -> None:
        before = self.page.evaluate("document.body.dataset.ready")
        act()
        self.page.wait_for_function("(old) => document.body.dataset.ready !== old", arg=before)

    def start(self, players, ruleset="master", deal="hidden", first=0, replace=True, **options) -> None:
        """Fill in the setup form and start the game; when a game is running the page asks
        first, and `replace` is the answer."""
        if self.page.locator("#setup").is_hidden():
            self.page.click("[data-action=new-game]")
        self.page.select_option("[name=ruleset]", ruleset)
        names = self.page.locator("#player-names input")
        while names.count() < len(players):
            self.page.click("[data-action=add-player]")
        while names.count() > len(players):
            self.page.click("[data-action=remove-player]")
        for i, name in enumerate(players):
            names.nth(i).fill(name)
        self.page.select_option("[name=first]", str(first))
        for name, value in options.items():
            if isinstance(value, bool):  # without_blue
                self.page.set_checked(f"[name={name}]", value)
            elif name in ("rounds", "seed"):
                self.page.fill(f"[name={name}]", str(value))
            else:  # edition, start
                self.page.select_option(f"[name={name}]", value)
        self.page.check(f"[name=deal][value={deal}]")
        self.answering(lambda: self.page.click("[data-action=start]"), replace)
        if replace:
            self.page.wait_for_selector("[data-slot]")

    def answering(self, act, replace: bool = True) -> None:
        """Do `act`; if the page asks before replacing the running game, answer."""
        before = self.page.evaluate("document.body.dataset.ready")
        act()
        self.page.wait_for_function(
            "(old) => document.body.dataset.ready !== old || document.getElementById('confirm')?.open", arg=before
        )
        if self.page.evaluate("document.getElementById('confirm')?.open"):
            answer = "confirm-yes" if replace else "confirm-no"
            if replace:
                self._after(lambda: self.page.click(f"[data-action={answer}]"))
            else:
                self.page.click(f"[data-action={answer}]")

    def tap(self, *slots: str) -> None:
        for slot in slots:
            self._after(lambda: self.page.click(f'[data-slot="{slot}"]'))

    def press(self, action: str) -> None:
        self._after(lambda: self.page.click(f"[data-action={action}]"))

    def joker(self, slot: str) -> None:
        self.press("joker")
        self.tap(slot)

    def bridge(self, source: str, target: str) -> None:
        self.press("bridge")
        self.tap(source, target)

    def card(self, slot: str) -> str | None:
        return self.page.get_attribute(f'[data-slot="{slot}"]', "data-card")

    def classes(self, slot: str) -> set[str]:
        return set((self.page.get_attribute(f'[data-slot="{slot}"]', "class") or "").split())

    def slot(self, slot: str):
        return self.page.locator(f'[data-slot="{slot}"]')

    def current_player(self) -> str | None:
        return self.page.get_attribute("[data-current-player]", "data-current-player")

    def alert(self):
        return self.page.locator("[role=alert]")

    def text(self, selector: str) -> str:
        return self.page.inner_text(selector)
