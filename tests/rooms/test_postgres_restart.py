"""The rooms' PostgreSQL stopped and started again under a live room (issue 20): the server
is not restarted. While the database is away a change is refused with ``unavailable`` (503
over HTTP, an error frame on the socket, never a 500), every socket is told once that the
table is reconnecting, and nothing is shown that was not stored; once it is back the server
reconnects by itself (its connection, ``LISTEN``), every socket gets its room again, play
goes on, and the log holds no traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.conftest import PG_SH, _free_port
from tests.rooms.servers import HOST, free_port, http, stop
from tests.rooms.test_postgres_processes import Client

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning"),
]


def _pg(command: str, where: Path, *port: str) -> str:
    done = subprocess.run(
        ["bash", str(PG_SH), command, str(where), *port],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def _until(test: object, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if test():  # type: ignore[operator]
                return
        except OSError:  # the server is not listening yet
            pass
        time.sleep(0.2)
    raise AssertionError("not within the time")


def test_the_database_stopped_and_started_under_a_live_room(tmp_path: Path) -> None:
    where = Path(tempfile.mkdtemp(prefix="banluck-pg-restart-"))
    pg_port = str(_free_port())
    url = _pg("start", where, pg_port)
    port = free_port()
    log = tmp_path / "server.log"
    with log.open("wb") as errors:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "banluck",
                "serve",
                "--host",
                HOST,
                "--port",
                str(port),
                "--db",
                url,
                "--save",
                str(tmp_path / "save.sqlite3"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
    try:
        _until(lambda: http(port, "GET", "/api/rooms/x")[0] == 404)
        _, _, ann = http(port, "GET", "/api/rooms/x")
        status, body, ann = http(
            port, "POST", "/api/rooms", ann, {"game": "table", "name": "Ann", "timer": 300}
        )
        assert status == 201, body
        code = body["code"]
        a = Client(port, code, ann)
        a.send({"type": "sit", "seat": "you"})
        a.wait(lambda f: f.get("type") == "state" and f["you"]["seat"] == "you")
        _, _, bob = http(port, "GET", "/api/rooms/x")
        b0 = Client(port, code, bob)
        b0.send({"type": "join", "name": "Bob"})
        b0.send({"type": "sit", "seat": "anna"})
        a.wait(lambda f: f.get("type") == "state" and f["room"]["seats"][1]["connected"])
        time.sleep(0.5)
        mark = len(a.frames)

        _pg("stop", where)
        told = a.wait(lambda f: f.get("type") == "error", timeout=15)
        assert told["error"]["code"] == "unavailable"
        status, body, _ = http(port, "GET", f"/api/rooms/{code}", ann)
        assert status == 503 and body["error"]["code"] == "unavailable", body
        a.send({"type": "bet", "hand": 1, "amount": 25})
        refused = a.wait(lambda f: f.get("type") == "error", timeout=15)
        assert refused["error"]["code"] == "unavailable"
        b0.close()  # Bob leaves while the database is away
        time.sleep(0.5)
        shown = [f["room"]["version"] for f in a.frames[mark:] if f.get("type") == "state"]
        assert shown == [], shown  # nothing was shown that was not stored

        _pg("start", where, pg_port)
        a.wait(lambda f: f.get("type") == "state", timeout=30)  # the room again, as stored
        a.wait(  # and Bob, gone meanwhile, is offline
            lambda f: f.get("type") == "state" and not f["room"]["seats"][1]["connected"],
            timeout=10,
        )
        _until(lambda: http(port, "GET", f"/api/rooms/{code}", ann)[0] == 200)
        a.send({"type": "bet", "hand": 1, "amount": 25})
        a.wait(
            lambda f: f.get("type") == "state" and f["room"]["seats"][0]["ready"], timeout=20
        )  # the bet is placed (the hand waits for Bob's)
        b = Client(port, code, ann)  # a new socket opens as before
        assert b.sync()["room"]["code"] == code
        for c in (a, b):
            c.close()
        assert proc.poll() is None  # the same server all along
    finally:
        stop(proc)
        subprocess.run(["bash", str(PG_SH), "stop", str(where)], timeout=120, check=False)
        shutil.rmtree(where, ignore_errors=True)
    said = log.read_text(errors="replace")
    assert "Traceback" not in said, said[-3000:]
    assert "reconnecting" in said and "the database is back" in said
