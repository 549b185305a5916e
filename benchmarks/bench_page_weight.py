"""The game page's weight: what a browser fetches to show a table (every request, the bytes
on the wire and once decoded) and the time until the Deal button can be pressed, in
Debian's Chromium (headless) against a real ``banluck serve``. Each game is loaded twice
back to back, with text compression (the browser's usual ``Accept-Encoding``) and without
(``identity``, as the server answered before it compressed), each in a fresh browser
context (no cache).

    .venv/bin/python -m benchmarks.bench_page_weight          # every game, 3 loads each
    .venv/bin/python -m benchmarks.bench_page_weight --loads 5 --game table
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

from playwright.sync_api import Browser, sync_playwright
from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.rooms.servers import HOST, free_port, start_server

GAMES = ("table", "one-on-one", "kampung", "classic", "infinite")


def _visit(page: Any, url: str, *, again: bool) -> dict[str, Any]:
    """One load (or reload) of ``url``: what reached the server (not the service worker's
    cache), bytes on the wire and decoded, and the milliseconds until Deal is enabled."""
    done: list[Any] = []

    def finished(request: Any) -> None:
        done.append(request)

    page.context.on("requestfinished", finished)
    start = time.perf_counter()
    page.reload() if again else page.goto(url)
    page.wait_for_selector("#btn-deal:enabled")
    ready = (time.perf_counter() - start) * 1000
    page.wait_for_load_state("networkidle")
    page.context.remove_listener("requestfinished", finished)
    wire = decoded = requests = 0
    for request in done:
        response = request.response()
        if response is None or response.from_service_worker:
            continue  # kept by the service worker: nothing crossed the network
        requests += 1
        sizes = request.sizes()
        wire += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        decoded += len(response.body())
    return {"requests": requests, "wire": wire, "decoded": decoded, "ready": ready}


def load(browser: Browser, url: str, compressed: bool) -> dict[str, Any]:
    """A first visit of ``url`` in a fresh context (no cache), and a second one once the
    service worker is ready (its cache of the page's files in use)."""
    headers = {} if compressed else {"Accept-Encoding": "identity"}
    ctx = browser.new_context(extra_http_headers=headers)
    page = ctx.new_page()
    first = _visit(page, url, again=False)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_timeout(200)  # the worker claims the page
    second = _visit(page, url, again=True)
    ctx.close()
    return {**first, "again": second}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--game", choices=GAMES, action="append")
    args = parser.parse_args()
    load_avg = os.getloadavg()[0]
    print(f"# bench_page_weight: {os.cpu_count()} CPUs, load {load_avg:.2f}, Chromium headless")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(port, "--db", str(Path(tmp) / "save.sqlite3"))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                for game in args.game or GAMES:
                    url = f"http://{HOST}:{port}/play/{game}"
                    runs: dict[bool, list[dict[str, Any]]] = {True: [], False: []}
                    for _ in range(args.loads):
                        for compressed in (False, True):  # old and new back to back
                            runs[compressed].append(load(browser, url, compressed))
                    for compressed, name in ((False, "identity"), (True, "gzip")):
                        r = runs[compressed]
                        again = [x["again"] for x in r]
                        print(
                            f"{game:10} {name:8} {r[0]['requests']} requests, "
                            f"{r[0]['wire'] / 1024:.0f} KB on the wire, "
                            f"{r[0]['decoded'] / 1024:.0f} KB decoded, Deal ready in "
                            f"{statistics.median(x['ready'] for x in r):.0f} ms (median); "
                            f"again: {again[0]['requests']} requests, "
                            f"{again[0]['wire'] / 1024:.0f} KB, Deal ready in "
                            f"{statistics.median(x['ready'] for x in again):.0f} ms"
                        )
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
