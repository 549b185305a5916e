"""``banluck serve --workers N``: N processes on one port (pre-fork), the rooms in
PostgreSQL; with the rooms in SQLite, refused."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from tests.rooms.servers import free_port, http, stop
from tests.rooms.test_postgres_processes import Client, no_leaks, serve, strictly_rising

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning"),
]


def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (``/proc``)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rpartition(")")[2].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(stat.parent.name))
    return sorted(out)


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
            if len(children(proc.pid)) == 2:
                break
            time.sleep(0.1)
        workers = children(proc.pid)
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
            now = children(proc.pid)
            if len(now) == 2 and workers[0] not in now:
                break
            time.sleep(0.1)
        live = children(proc.pid)
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
