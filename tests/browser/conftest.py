"""Browser-test fixtures: a real ``banluck serve`` on a free loopback port, Debian's Chromium.

The tests never skip: without /usr/bin/chromium they fail (scripts/setup.sh installs it).
``playwright install`` is never used; the browser is the system's.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from banluck.games.registry import GAMES
from tests.rooms.servers import BROWSER_SERVE

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """One ``banluck serve`` subprocess on 127.0.0.1; restartable on the same port and db."""

    db: Path
    shoe: Path
    #: other games' stacked shoes: ``--shoe GAME=FILE`` (docs/API.md, "Games")
    game_shoes: dict[str, Path] = field(default_factory=dict)
    port: int = field(default_factory=_free_port)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def table_url(self) -> str:
        """The Ban Luck table's own address (issue 10: `/` is the lobby)."""
        return self.url + "/play/table"

    def start(self) -> None:
        """Start the server and wait until it answers."""
        cmd = [sys.executable, "-m", "banluck", "serve", "--port", str(self.port)]
        cmd += ["--db", str(self.db), "--shoe", str(self.shoe), *BROWSER_SERVE]
        for name, path in self.game_shoes.items():
            cmd += ["--shoe", f"{name}={path}"]
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"banluck serve exited with {self.proc.returncode}: {err}")
            try:
                with urllib.request.urlopen(self.url + "/api/state", timeout=1) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.05)
        raise RuntimeError("banluck serve did not answer within 30 s")

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL) and wait for it."""
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        if self.proc.stderr:
            self.proc.stderr.close()
        self.proc = None


#: A fresh server's first page may wait on a disk the container build beside it keeps busy.
FIRST_PAGE_MS = 60_000


def open_lobby(page: Page, server: Server) -> None:
    """The lobby, every game's card drawn; what the page shows instead when it is not."""
    page.goto(server.url)
    try:
        expect(page.locator(".game-card")).to_have_count(len(GAMES), timeout=FIRST_PAGE_MS)
    except AssertionError as missing:
        shown = page.evaluate(
            "() => ({url: location.href, lobbyHidden: document.getElementById('lobby')?.hidden,"
            " error: document.getElementById('error-text')?.textContent,"
            " cards: document.querySelectorAll('.game-card').length})"
        )
        raise AssertionError(f"the lobby did not draw its cards: {shown}") from missing


@pytest.fixture
def serve(tmp_path: Path, db_dir: Path) -> Iterator[Callable[..., Server]]:
    """Start a server whose first ``table`` shoe deals ``cards`` first (top first), and each
    game of ``games`` its own cards first; stopped after."""
    started: list[Server] = []

    def start(cards: list[str], games: dict[str, list[str]] | None = None) -> Server:
        n = len(started)
        shoe = tmp_path / f"shoe{n}.json"
        shoe.write_text(json.dumps(cards))
        others = {}
        for name, stacked in (games or {}).items():
            others[name] = tmp_path / f"shoe{n}-{name}.json"
            others[name].write_text(json.dumps(stacked))
        server = Server(db=db_dir / f"table{n}.sqlite3", shoe=shoe, game_shoes=others)
        started.append(server)
        server.start()
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """A fresh browser (its own cookie, so its own stacks) per call; closed after the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(
        locale: str = "en-US", width: int = 1280, height: int = 800, touch: bool = False
    ) -> Page:
        ctx = browser.new_context(
            locale=locale,
            viewport={"width": width, "height": height},
            has_touch=touch,
            is_mobile=touch,
        )
        ctx.set_default_timeout(10_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """``test-artifacts/`` (gitignored): the screenshots the tests take."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
