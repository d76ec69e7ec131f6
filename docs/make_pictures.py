"""Make the README's pictures: a mid-game MASTER table drawn by POST /v1/pictures,
screenshots of the table page on a phone and a laptop, and a box game on a phone in
German, taken by headless Chromium.

    python docs/make_pictures.py        # writes docs/*.svg and docs/*.png

The service runs in this process on a free loopback port; the browser is Debian's
/usr/bin/chromium, driven by Playwright (nothing is downloaded).
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from referee.http import create_app  # noqa: E402
from support.box_table_page import BoxTable  # noqa: E402
from support.table_page import Table  # noqa: E402

DOCS = ROOT / "docs"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: A physical table, three players, hands and pile hidden: the turns of a game in progress.
MID_GAME = [
    (0, [("place", "R10"), ("place", "R12"), ("joker", "Y10"), ("place", "B12")]),
    (1, [("place", "G10"), ("place", "G9"), ("place", "R13")]),
    (2, [("draw",)]),
    (0, [("place", "R9"), ("bridge", "R9", "Y9"), ("place", "Y9"), ("place", "Y8"), ("place", "B13")]),
    (1, [("swap", "Y10"), ("place", "G12"), ("joker", "G8"), ("place", "B10")]),
    (2, [("place", "Y12"), ("place", "Y13"), ("bridge", "Y13", "G13"), ("place", "G13"), ("place", "B14")]),
]


def action(step):
    kind, *args = step
    if kind == "joker":
        return {"type": "place", "card": "J", "at": args[0]}
    if kind == "bridge":
        return {"type": "bridge", "from": args[0], "to": args[1]}
    if kind in ("place", "swap"):
        return {"type": kind, "card": args[0]}
    return {"type": kind}


def mid_game_state(client) -> dict:
    state = client.post("/v1/games", json={"players": ["Timo", "Vera", "Ines"], "seed": 7, "hidden": True}).json["state"]
    turns = [{"player": p, "actions": [action(s) for s in steps]} for p, steps in MID_GAME]
    answer = client.post("/v1/replays", json={"state": state, "turns": turns})
    assert answer.status_code == 200, answer.json
    return answer.json["state"]


def main() -> None:
    app = create_app()
    client = app.test_client()
    state = mid_game_state(client)
    svg = client.post("/v1/pictures", json={"state": state, "mark": ["G8"]})
    (DOCS / "mid-game.svg").write_bytes(svg.data)
    (DOCS / "mid-game-state.json").write_text(json.dumps({"state": state, "mark": ["G8"]}, indent=1) + "\n")

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    service = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for name, viewport in [("phone", {"width": 390, "height": 844}), ("laptop", {"width": 1366, "height": 768})]:
            context = browser.new_context(viewport=viewport, device_scale_factor=2 if name == "phone" else 1)
            page = context.new_page()
            table = Table(page, service)
            table.open()
            page.screenshot(path=str(DOCS / f"table-{name}-setup.png"))
            table.start(["Timo", "Vera", "Ines"])
            for player, steps in MID_GAME[:5]:
                for step in steps:
                    kind = step[0]
                    if kind == "joker":
                        table.joker(step[1])
                    elif kind == "bridge":
                        table.bridge(step[1], step[2])
                    elif kind in ("place", "swap"):
                        table.tap(step[1])
                    else:
                        table.press(kind)
                table.press("end-turn")
            table.tap("B9")
            if name == "phone":
                table.bridge("B9", "G9")  # the green 9 lies already: the referee refuses the bridge
            else:
                table.press("bridge")  # the slots a bridge may start from light up
            # The whole table is in view on both: the refusal shows above the controls.
            page.screenshot(path=str(DOCS / f"table-{name}.png"))
            context.close()
        box_game_on_a_phone(browser, service)
        browser.close()
    server.shutdown()


def box_game_on_a_phone(browser, service: str) -> None:
    """Farben sammeln in German at a table of three: Oma took the orange 1 from stack 1
    and names the card she discards; the stacks show their top cards as cards."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    table = BoxTable(page, service)
    table.open("?lang=de")
    table.start_box(["Oma", "Papa", "Lena"], "farben-sammeln")
    table.pick("Y8", "G18", "B3", "O20")
    table.click("[data-action=confirm-deal]")
    table.act("take", from_="0")
    table.pick("B12")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(DOCS / "table-phone-box.png"))
    context.close()


if __name__ == "__main__":
    main()
