"""``banluck serve --workers N``: N processes on one port, the rooms in PostgreSQL; a worker
killed is replaced, SIGHUP replaces each in turn without a gap; with the rooms in SQLite,
refused."""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from tests.rooms.servers import children_of, free_port, http, stop
from tests.rooms.test_postgres_processes import (
    Client,
    act_frame,
    at_version,
    no_leaks,
    serve,
    strictly_rising,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning"),
]


def test_workers_need_the_rooms_in_postgres(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            *(sys.executable, "-m", "banluck", "serve", "--workers", "2"),
            *("--db", str(tmp_path / "s.sqlite3"), "--port", str(free_port())),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert "--workers above 1 needs the rooms in PostgreSQL" in run.stderr


def test_two_workers_on_one_port_share_a_room(pg_url: str, tmp_path: Path) -> None:
    port = free_port()
    proc = serve(pg_url, tmp_path / "save.sqlite3", port, "--workers", "2")
    live: list[int] = []
    try:
        for _ in range(100):
            if len(children_of(proc.pid)) == 2:
                break
            time.sleep(0.1)
        workers = children_of(proc.pid)
        assert len(workers) == 2
        _, _, ann = http(port, "GET", "/api/rooms/x")
        status, body, ann = http(
            port, "POST", "/api/rooms", ann, {"game": "infinite", "name": "Ann", "timer": 300}
        )
        assert status == 201, body
        code = body["code"]
        clients = [Client(port, code, ann) for _ in range(6)]  # six tabs, spread by the kernel
        clients[0].send({"type": "sit"})
        v = clients[0].wait(lambda f: f.get("type") == "state" and f.get("you", {}).get("seat"))
        for c in clients:
            c.seen(v["room"]["version"])
        with psycopg.connect(pg_url) as conn:
            row = conn.execute(
                "SELECT presence FROM banluck_rooms WHERE code = %s", (code,)
            ).fetchone()
        assert row is not None
        # each process that holds a socket of Ann's counts her once (its other tabs change
        # nothing seen); the kernel spread the six over one or both
        counts = [n for p in row[0].values() for n in p.values()]
        assert counts and all(n == 1 for n in counts) and len(counts) <= 2, row[0]
        clients[3].send({"type": "bet", "hand": 1, "amount": 10})
        dealt = [c.seen(0, lambda f: f["room"]["hand"] == 1) for c in clients]
        assert all(d["room"] == dealt[0]["room"] for d in dealt)  # the same first state
        # A worker killed: the others go on, a new one takes its place.
        os.kill(workers[0], signal.SIGKILL)
        for _ in range(100):
            now = children_of(proc.pid)
            if len(now) == 2 and workers[0] not in now:
                break
            time.sleep(0.1)
        live = children_of(proc.pid)
        assert len(live) == 2 and workers[0] not in live
        again = Client(port, code, ann)
        state = again.sync()
        assert state["room"]["version"] >= dealt[0]["room"]["version"]
        assert state["room"]["hand"] == dealt[0]["room"]["hand"]
        for c in clients:
            assert strictly_rising(c.versions()), c.versions()
        no_leaks(*clients, again)
        again.close()
        for c in clients:
            if c.reader.is_alive():
                c.close()
    finally:
        stop(proc)
    assert proc.returncode == 0
    assert live and not any(Path(f"/proc/{w}").exists() for w in live)  # SIGTERM stops all


def _next_frame(state: dict[str, Any]) -> dict[str, Any] | None:
    """Ann's next move in her room: a bet between hands, a choice at her turn."""
    room, table = state["room"], state["table"]
    if room["phase"] == "betting":
        return {"type": "bet", "hand": room["next_hand"], "amount": 10}
    if table and table["to_act"] == "you":
        return act_frame(state)
    return None


def _answer(c: Client, test: Any, within: float = 20.0) -> dict[str, Any] | None:
    """The first frame from now on passing ``test``; None when the socket closes first.
    A socket still open that has no answer in ``within`` seconds lost a move."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            f = c.inbox.get(timeout=0.05)
        except queue.Empty:
            if not c.reader.is_alive() and c.inbox.empty():
                return None
            continue
        if test(f):
            return f
    raise AssertionError(f"no answer in {within} s on an open socket")


def _play(port: int, code: str, cookie: str, until: threading.Event, sockets: list[Client]) -> None:
    """Ann plays on, one move at a time; when her worker drains and closes her socket she
    opens another (the kernel gives it to a worker still serving) and goes on from the
    state there: a move the old worker never made is made again, one it made is not."""
    c = Client(port, code, cookie)
    sockets.append(c)
    while not until.is_set():
        with contextlib.suppress(OSError, ConnectionClosed):
            c.ref += 1
            ref = c.ref
            c.send({"type": "state", "id": ref})
            state = _answer(c, lambda f, ref=ref: f.get("reply") == ref)
            if state is not None:
                frame = _next_frame(state)
                if frame is None:
                    continue
                c.send(frame)
                if _answer(c, at_version(state["room"]["version"] + 1)) is not None:
                    time.sleep(0.3)  # a person's pace (a room takes 8 frames a second)
                    continue
        c = Client(port, code, cookie)  # her socket closed: another, on a worker serving
        sockets.append(c)


def test_a_rolling_restart_keeps_the_port_and_loses_no_move(pg_url: str, tmp_path: Path) -> None:
    """SIGHUP: each worker in turn is replaced by a new one, started (and serving) before
    the old one drains; the port answers throughout, and a player in a hand loses no move
    and makes none twice."""
    port = free_port()
    proc = serve(pg_url, tmp_path / "save.sqlite3", port, "--workers", "2")
    try:
        for _ in range(200):
            if len(children_of(proc.pid)) == 2:
                break
            time.sleep(0.1)
        before = children_of(proc.pid)
        assert len(before) == 2
        _, _, ann = http(port, "GET", "/api/rooms/x")
        status, body, ann = http(
            port, "POST", "/api/rooms", ann, {"game": "table", "name": "Ann", "timer": 300}
        )
        assert status == 201, body
        code = body["code"]
        first = Client(port, code, ann)
        first.send({"type": "sit", "seat": "you"})
        first.wait(lambda f: f.get("type") == "state" and f.get("you", {}).get("seat"))
        first.close()
        until, done = threading.Event(), threading.Event()
        refused: list[str] = []

        def probe() -> None:  # the port, asked every 20 ms
            while not done.is_set():
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
                        pass
                except OSError as exc:
                    refused.append(repr(exc))
                time.sleep(0.02)

        sockets: list[Client] = []
        errors: list[BaseException] = []

        def player() -> None:
            try:
                _play(port, code, ann, until, sockets)
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=probe), threading.Thread(target=player)]
        for t in threads:
            t.start()
        time.sleep(3)
        look = Client(port, code, ann)  # (her playing socket's replies are hers)
        hands_before = look.sync()["room"]["next_hand"]
        look.close()
        os.kill(proc.pid, signal.SIGHUP)
        for _ in range(600):
            now = children_of(proc.pid)
            if len(now) == 2 and not set(now) & set(before):
                break
            time.sleep(0.1)
        after = children_of(proc.pid)
        time.sleep(3)  # Ann plays on the new workers
        until.set()
        threads[1].join(60)
        done.set()
        threads[0].join(10)
        assert not errors, errors
        assert len(after) == 2 and not set(after) & set(before), (before, after)
        assert refused == []  # a worker served the port at every moment
        assert len(sockets) >= 2  # her socket was closed by a draining worker at least once
        last = Client(port, code, ann)
        state = last.sync()
        # the hands finished (one may be in play still: dealt, not over)
        number = state["room"]["next_hand"] - (1 if state["room"]["phase"] == "betting" else 2)
        assert number > hands_before  # hands were played after the restart too
        for c in sockets:  # no update lost or sent twice on any socket
            assert strictly_rising(c.versions()), c.versions()
            assert not [f for f in c.frames if f["type"] == "error"], c.frames
        no_leaks(*sockets)
        status, body, _ = http(port, "GET", f"/api/rooms/{code}/hands", ann)
        assert status == 200 and [h["hand"] for h in body["hands"]] == list(
            range(number, 0, -1)
        )  # every hand once
        for c in (*sockets, last):
            c.close()
    finally:
        stop(proc)
    assert proc.returncode == 0
