"""The game page's weight: what a browser fetches to show a table (every request, the bytes
on the wire and once decoded) and the time until the Deal button can be pressed, in
Debian's Chromium (headless) against a real ``banluck serve``. Each game is loaded twice
back to back, with text compression (the browser's usual ``Accept-Encoding``) and without
(``identity``, as the server answered before it compressed), each in a fresh browser
context (no cache).

    .venv/bin/python -m benchmarks.bench_page_weight          # every game, 3 loads each
    .venv/bin/python -m benchmarks.bench_page_weight --loads 5 --game table
    .venv/bin/python -m benchmarks.bench_page_weight --phone --game table --loads 5

``--phone``: a first visit over a slow phone network as Chromium emulates it (150 ms round
trip, 1.6 Mbit/s down, 750 kbit/s up: the DevTools "Fast 3G" figures), from the request until
the Deal button can be pressed. ``--caddy``: through Debian's Caddy in front (HTTPS with its
own authority, HTTP/2), as a table put online is reached.

    .venv/bin/python -m benchmarks.bench_page_weight --phone --caddy --game table --loads 5
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
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
    cache), bytes on the wire and decoded, the milliseconds until Deal is enabled, and what
    had come by then (``before``: requests and bytes on the wire; ``files``: each request's
    milliseconds from the start to its end, its bytes and its address)."""
    done: list[tuple[float, Any]] = []
    start = time.perf_counter()

    def finished(request: Any) -> None:
        done.append(((time.perf_counter() - start) * 1000, request))

    page.context.on("requestfinished", finished)
    start = time.perf_counter()
    page.reload() if again else page.goto(url)
    page.wait_for_selector("#btn-deal:enabled")
    ready = (time.perf_counter() - start) * 1000
    page.wait_for_load_state("networkidle")
    page.context.remove_listener("requestfinished", finished)
    wire = decoded = requests = before = before_wire = 0
    files = []
    for at, request in done:
        response = request.response()
        if response is None or response.from_service_worker:
            continue  # kept by the service worker: nothing crossed the network
        requests += 1
        sizes = request.sizes()
        size = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        wire += size
        decoded += len(response.body())
        files.append((at, size, request.url))
        if at <= ready:
            before += 1
            before_wire += size
    return {
        "requests": requests,
        "wire": wire,
        "decoded": decoded,
        "ready": ready,
        "before": before,
        "before_wire": before_wire,
        "files": files,
    }


#: Chromium's network emulation of a slow phone network (DevTools' "Fast 3G")
PHONE = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 200_000,
    "uploadThroughput": 93_750,
}


def phone_load(browser: Browser, url: str) -> dict[str, Any]:
    """A first visit of ``url`` over ``PHONE`` in a fresh context (no cache)."""
    ctx = browser.new_context(ignore_https_errors=url.startswith("https:"))
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE)
    first = _visit(page, url, again=False)
    ctx.close()
    return first


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


def _caddy(where: Path, base: str, app: int) -> subprocess.Popen[bytes]:
    """Debian's Caddy at ``base`` (its own authority's certificate) in front of ``app``."""
    conf = where / "Caddyfile"
    conf.write_text(
        f"{{\n  admin off\n  storage file_system {where}/caddy\n}}\n"
        f"{base} {{\n  bind {HOST}\n  tls internal\n  reverse_proxy {HOST}:{app}\n}}\n"
    )
    door = subprocess.Popen(
        ["/usr/bin/caddy", "run", "--config", str(conf), "--adapter", "caddyfile"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    port = int(base.rsplit(":", 1)[1])
    for _ in range(100):
        try:
            socket.create_connection((HOST, port), timeout=0.2).close()
            return door
        except OSError:
            time.sleep(0.1)
    door.kill()
    raise SystemExit("Caddy did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--phone", action="store_true", help="first visits over a slow network")
    parser.add_argument("--caddy", action="store_true", help="through Caddy (HTTPS, HTTP/2)")
    parser.add_argument(
        "--waterfall", action="store_true", help="each request of the first phone load"
    )
    args = parser.parse_args()
    load_avg = os.getloadavg()[0]
    print(f"# bench_page_weight: {os.cpu_count()} CPUs, load {load_avg:.2f}, Chromium headless")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        base = f"http://{HOST}:{port}"
        extra: list[str] = []
        if args.caddy:
            base = f"https://{HOST}:{free_port()}"
            extra = ["--public-url", base]
        server = start_server(port, "--db", str(Path(tmp) / "save.sqlite3"), *extra)
        door = _caddy(Path(tmp), base, port) if args.caddy else None
        try:
            with sync_playwright() as p:
                # Caddy's own authority is trusted by no browser: its certificate errors are
                # passed over (the service worker too needs it)
                flags = ["--ignore-certificate-errors"] if args.caddy else []
                browser = p.chromium.launch(
                    executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *flags]
                )
                for game in args.game or GAMES:
                    url = f"{base}/play/{game}"
                    if args.phone:
                        slow = [phone_load(browser, url) for _ in range(args.loads)]
                        each = ", ".join(f"{x['ready']:.0f}" for x in slow)
                        print(
                            f"{game:10} phone    {slow[0]['requests']} requests, "
                            f"{slow[0]['wire'] / 1024:.0f} KB on the wire (before Deal: "
                            f"{slow[0]['before']}, {slow[0]['before_wire'] / 1024:.0f} KB), "
                            f"Deal ready in {statistics.median(x['ready'] for x in slow):.0f}"
                            f" ms (median of {len(slow)}: {each})"
                        )
                        if args.waterfall:
                            for at, size, where in slow[0]["files"]:
                                print(f"    {at:7.0f} ms {size / 1024:6.1f} KB  {where}")
                        continue
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
            if door is not None:
                door.terminate()
                door.wait(timeout=10)
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
