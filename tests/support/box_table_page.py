"""Driving the table page through a box game as players do: choose who acts, name real
cards with the picker, press the game's buttons, type a guess on the pad.

Every helper waits for the page to finish redrawing (`<body data-ready>` changes once the
referee's answers are shown), as the row games' helper does.
"""

from __future__ import annotations

from support.table_page import Table


class BoxTable(Table):
    def start_box(self, players, ruleset, first=0, rounds=1, **options) -> None:
        """Fill in the setup form for a box game and start it with hidden cards."""
        page = self.page
        if page.locator("#setup").is_hidden():
            page.click("[data-action=new-game]")
        page.select_option("[name=ruleset]", ruleset)
        names = page.locator("#player-names input")
        while names.count() < len(players):
            page.click("[data-action=add-player]")
        while names.count() > len(players):
            page.click("[data-action=remove-player]")
        for i, name in enumerate(players):
            names.nth(i).fill(name)
        page.select_option("[name=first]", str(first))
        page.fill("[name=rounds]", str(rounds))
        for name, value in options.items():
            if isinstance(value, bool):
                page.set_checked(f"[name={name}]", value)
            elif name == "edition":
                page.select_option("[name=box_edition]", value)
            else:
                page.fill(f"[name={name}]", str(value))
        page.check("[name=deal][value=hidden]")
        self.answering(lambda: page.click("[data-action=start]"))  # a running game: replaced

    def click(self, selector: str) -> None:
        self._after(lambda: self.page.click(selector))

    def pick(self, *cards: str) -> None:
        """Name each card with the picker: its colour, then its value."""
        for card in cards:
            # The picker of the box panel, or of the score sheet (the hands at the end).
            where = "#box" if self.page.locator("#box [data-pick-color]").count() else "#sheet"
            color = self.page.locator(f'{where} [data-pick-color="{card[0]}"]')
            if color.get_attribute("aria-pressed") != "true":
                self.click(f'{where} [data-pick-color="{card[0]}"]')
            self.click(f'{where} [data-pick-value="{card[1:]}"]')

    def act(self, action: str, **hooks) -> None:
        """Press the box control `data-box-action=action` (with its other hooks, e.g. to="middle";
        `from_` for data-from)."""
        hooked = "".join(f'[data-{key.rstrip("_").replace("_", "-")}="{value}"]' for key, value in hooks.items())
        selector = f'#box [data-box-action="{action}"]{hooked}'
        self.click(selector)

    def actor(self, player: int) -> None:
        self.click(f'#box [data-actor="{player}"]')

    def pad(self, number: int) -> None:
        for digit in str(number):
            self.page.click(f'#box [data-pad="{digit}"]')
        self.click('#box [data-pad="ok"]')

    def step(self) -> str | None:
        """What the box table asks now (`data-box-step` of its prompt)."""
        prompts = self.page.locator("#box [data-box-step]")
        return prompts.first.get_attribute("data-box-step") if prompts.count() else None

    def state(self) -> dict:
        """The round's state as the page keeps it (the saved match)."""
        return self.page.evaluate("JSON.parse(localStorage.getItem('elfer-table/v1')).match.rounds.at(-1).state")
