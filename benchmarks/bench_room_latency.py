"""An action's time to reach every other browser in a room: four Chromium pages (Debian's,
headless) in one ``infinite`` room on a real ``banluck serve``, each person clicking their
choice in turn; for every click, the time until each of the three other pages has received
the room's next state (each page notes, by its own socket, when every frame arrives; the
pages share the machine's clock). Median and p99 over ``--actions`` clicks.

    .venv/bin/python -m benchmarks.bench_room_latency            # 100 actions
    .venv/bin/python -m benchmarks.bench_room_latency --actions 40

Bounded: the actions asked for, and 300 s overall; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, sync_playwright
from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.rooms.servers import HOST, free_port, start_server

from benchmarks.common import percentile

#: the game page's Deal (a bet, in a room) and the choices a person may press now
BET = "#btn-deal:visible:enabled"
CHOICES = "#act-row button[data-action]:visible:enabled"

#: Each page notes when each state frame arrives, [version, Date.now()], and when a click
#: reaches it.
TIMING = """
(() => {
  const Native = window.WebSocket;
  window.__arrivals = [];
  window.__clicked = 0;
  // the moment a click reaches the page (Playwright's own steps before it are not counted)
  document.addEventListener("click", () => { window.__clicked = Date.now(); }, true);
  window.WebSocket = function (...args) {
    const ws = new Native(...args);
    ws.addEventListener("message", (ev) => {
      try {
        const f = JSON.parse(ev.data);
        if (f.type === "state") window.__arrivals.push([f.room.version, Date.now()]);
      } catch (e) { /* not a frame of ours */ }
    });
    return ws;
  };
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) window.WebSocket[k] = Native[k];
  window.WebSocket.prototype = Native.prototype;
})();
"""


def _arrival(page: Page, after: int) -> float | None:
    """When ``page`` received its first state of a version above ``after`` (ms), or None."""
    got: Any = page.evaluate(
        "after => { const a = window.__arrivals.find(x => x[0] > after); return a ? a[1] : null; }",
        after,
    )
    return None if got is None else float(got)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=100)
    args = ap.parse_args()
    port = free_port()
    base = f"http://{HOST}:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, "--db", str(Path(tmp) / "save.sqlite3"))
        try:
            samples = _run(base, args.actions)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    load = os.getloadavg()[0]
    print(f"# bench_room_latency: {os.cpu_count()} CPUs, load {load:.2f}, 4 Chromium pages")
    print(
        f"an action to the 3 other browsers: {len(samples)} arrivals of {len(samples) // 3}"
        f" actions, median {statistics.median(samples):.1f} ms,"
        f" p99 {percentile(samples, 99):.1f} ms, max {max(samples):.1f} ms"
    )


def _run(base: str, actions: int) -> list[float]:
    deadline = time.monotonic() + 300
    samples: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        pages = []
        for _ in range(4):
            ctx = browser.new_context()
            ctx.add_init_script(TIMING)
            page = ctx.new_page()
            # the events shown at once (each person's speed setting): no animation waited for
            answer = page.request.put(
                f"{base}/api/games/table/settings",
                data={"speed": "instant"},
                headers={"Origin": base},
            )
            assert answer.ok, answer.text()
            pages.append(page)
        host = pages[0]
        host.goto(f"{base}/room/new")
        host.select_option("select[name=game]", "infinite")
        host.fill("input[name=timer]", "300")
        host.fill("input[name=name]", "P0")
        host.click("#create-form button[type=submit]")
        host.wait_for_url(re.compile(r"/room/[A-Za-z0-9_-]{16,}$"))
        link = host.url
        for i, page in enumerate(pages):
            if i:
                page.goto(link)
                page.fill("#name", f"P{i}")
                page.click("#join-form button")
            page.click("button[data-sit='new']")
            page.wait_for_selector("#stand-up:visible")
        done = 0
        while done < actions and time.monotonic() < deadline:
            for page in pages:  # everyone bets (the game page's Deal): the hand is dealt
                page.wait_for_selector(BET, timeout=30_000)
                page.click(BET)
            for _ in range(50):  # each person's choice in turn until the hand is over
                mover = next((pg for pg in pages if pg.locator(CHOICES).count()), None)
                if mover is None:
                    if all(pg.locator(BET).count() for pg in pages):
                        break
                    pages[0].wait_for_timeout(50)
                    continue
                version = int(mover.evaluate("() => Math.max(...window.__arrivals.map(x => x[0]))"))
                button = mover.locator("#btn-stand:visible:enabled")
                if not button.count():
                    button = mover.locator(CHOICES).first
                button.click()
                start = float(mover.evaluate("() => window.__clicked"))
                others = [pg for pg in pages if pg is not mover]
                for pg in others:
                    pg.wait_for_function(
                        "v => window.__arrivals.some(x => x[0] > v)", arg=version, timeout=30_000
                    )
                    at = _arrival(pg, version)
                    assert at is not None
                    samples.append(max(0.0, at - start))
                done += 1
                if done >= actions:
                    break
        browser.close()
    return samples


if __name__ == "__main__":
    main()
