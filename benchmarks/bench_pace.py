"""The pace of a hand: seconds from Deal until the hand is over and shown, at each speed of
the page, for each game, in Debian's Chromium (headless) against a real ``banluck serve``
(shuffled shoes: the hands differ from run to run, so several are played and the median is
given). The player's own choices are made at once (Stand, else Play, else the first choice; a
confirmation is answered yes), so what is measured is the table's own time: the cards, the
other seats and the dealer at that speed.

    .venv/bin/python -m benchmarks.bench_pace                      # every game, 4 hands each
    .venv/bin/python -m benchmarks.bench_pace --game table --hands 8 --speed normal

Printed per game and speed: the median seconds per hand, its range, and the median number
of the player's own choices per hand (each costs the page's round trip, not a pause).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, sync_playwright
from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.rooms.servers import HOST, free_port, start_server

GAMES = ("table", "one-on-one", "kampung", "classic", "infinite")
SPEEDS = ("slow", "normal", "fast")
DEAL = "#btn-deal:visible:enabled"
CHOICES = "#act-row button[data-action]:visible:enabled"
STAND = "#btn-stand:visible:enabled, #btn-play:visible:enabled"
#: the hand is over and shown: Deal can be pressed and nothing is being played out
SETTLED = (
    "() => { const d = window.banluckDebug && window.banluckDebug();"
    " const b = document.querySelector('#btn-deal');"
    " return d && !d.animating && !d.busy && b && !b.disabled && b.offsetParent !== null; }"
)
#: the player is asked something, or the hand is over
ASKED = (
    "() => { const d = window.banluckDebug && window.banluckDebug();"
    " if (!d || d.animating || d.busy) return false;"
    " if (document.querySelector('#dlg-confirm[open]')) return true;"
    " const b = document.querySelector('#btn-deal');"
    " if (b && !b.disabled && b.offsetParent !== null) return true;"
    " return [...document.querySelectorAll('#act-row button[data-action]')]"
    ".some((x) => !x.disabled && x.offsetParent !== null); }"
)


def play_hand(page: Page) -> tuple[float, int]:
    """One hand from Deal: its seconds and the player's choices in it."""
    page.locator(DEAL).click()
    start = time.perf_counter()
    page.wait_for_function(
        "() => !document.querySelector('#btn-deal').offsetParent"
        " || document.querySelector('#btn-deal').disabled"
        " || window.banluckDebug().animating",
        polling="raf",
    )
    choices = 0
    while True:
        page.wait_for_function(ASKED, polling="raf", timeout=120_000)
        if page.locator("#dlg-confirm[open]").count():
            page.locator("#confirm-ok").click()
            continue
        if page.locator(CHOICES).count():
            stand = page.locator(STAND)
            (stand if stand.count() else page.locator(CHOICES)).first.click()
            choices += 1
            page.wait_for_function(
                "() => window.banluckDebug().busy || window.banluckDebug().animating"
                " || ![...document.querySelectorAll('#act-row button[data-action]')]"
                ".some((x) => !x.disabled && x.offsetParent !== null)",
                polling="raf",
            )
            continue
        page.wait_for_function(SETTLED, polling="raf")
        return time.perf_counter() - start, choices


def measure(browser: Any, base: str, game: str, speed: str, hands: int) -> list[tuple[float, int]]:
    """``hands`` hands of ``game`` at ``speed`` in a fresh browser (a new player)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(f"{base}/play/{game}")
    page.wait_for_selector(DEAL)
    answer = page.request.put(f"{base}/api/games/{game}/settings", data={"speed": speed})
    assert answer.ok, answer.text()
    page.reload()
    page.wait_for_function(SETTLED, polling="raf")
    got = [play_hand(page) for _ in range(hands)]
    ctx.close()
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--speed", choices=SPEEDS, action="append")
    args = parser.parse_args()
    print(f"# bench_pace: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}, Chromium headless")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(port, "--db", str(Path(tmp) / "save.sqlite3"))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                for game in args.game or GAMES:
                    for speed in args.speed or SPEEDS:
                        got = measure(browser, f"http://{HOST}:{port}", game, speed, args.hands)
                        secs = [s for s, _ in got]
                        print(
                            f"{game:10} {speed:7} {statistics.median(secs):5.1f} s a hand"
                            f" ({min(secs):.1f} – {max(secs):.1f}, {len(secs)} hands),"
                            f" {statistics.median(c for _, c in got):.0f} choices of yours"
                        )
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
