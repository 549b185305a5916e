"""A real ``banluck serve`` killed (SIGKILL) in the middle of a hand: a new process on the
same files serves the room where it stood (issue 11: no room, seat, stack or hand lost)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from tests.rooms.servers import HOST, free_port, http, start_server


def _serve(db: Path, port: int) -> subprocess.Popen[bytes]:
    return start_server(port, "--db", str(db))


def _socket(port: int, code: str, cookie: str) -> ClientConnection:
    return connect(
        f"ws://{HOST}:{port}/api/rooms/{code}/ws",
        origin=Origin(f"http://{HOST}:{port}"),
        additional_headers={"Cookie": f"banluck_id={cookie}"},
        open_timeout=20,
    )


def _sync(ws: ClientConnection, ref: int) -> dict[str, Any]:
    ws.send(json.dumps({"type": "state", "id": ref}))
    while True:
        f: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if f.get("reply") == ref:
            return f


@pytest.mark.slow
def test_a_killed_server_resumes_the_room_mid_hand(tmp_path: Path) -> None:
    db = tmp_path / "save.sqlite3"
    port = free_port()
    proc = _serve(db, port)
    try:
        _, _, cookie = http(port, "GET", "/api/rooms/x")
        status, body, cookie = http(
            port, "POST", "/api/rooms", cookie, {"game": "table", "name": "Ann", "timer": 300}
        )
        assert status == 201, body
        code = body["code"]
        with _socket(port, code, cookie) as ws:
            ws.send(json.dumps({"type": "sit", "seat": "you"}))
            before = None
            for n in range(1, 30):
                ws.send(json.dumps({"type": "bet", "hand": n, "amount": 25}))
                state = _sync(ws, n)
                if state["room"]["phase"] == "playing":
                    before = state
                    break
            assert before is not None and before["table"]["to_act"] == "you"
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
        proc = _serve(db, port)
        with _socket(port, code, cookie) as ws:
            after = _sync(ws, 1000)
            assert after["table"] == before["table"]
            assert after["you"]["seat"] == "you"
            assert [s["stack"] for s in after["room"]["seats"]] == [
                s["stack"] for s in before["room"]["seats"]
            ]
            t = after["table"]
            ws.send(
                json.dumps(
                    {
                        "type": "act",
                        "hand": t["hand"],
                        "step": t["step"],
                        "action": "stand" if "stand" in t["legal"] else t["legal"][0],
                    }
                )
            )
            done = _sync(ws, 1001)
            assert done["room"]["step"] is not None and done["room"]["step"] > t["step"]
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["table"]["stacks"].update(you=10**30),
        lambda d: d["table"]["stacks"].update(anna=-500),
        lambda d: d["occupant"].update(ben="nobody"),
        lambda d: d["members"][0].update(seat="anna"),
        lambda d: d.update(seats=["you", "anna"]),
    ],
)
def test_a_damaged_room_is_kept_as_it_was_never_served_and_its_people_are_told(
    tmp_path: Path, damage: Any
) -> None:
    """A saved room that does not add up (absurd stacks, an occupant who is not a member)
    is refused on load like a damaged solo save: the row stays as it was, and the room's
    people are told it is damaged, over HTTP and on the socket (not 'no room')."""
    from tests.rooms.test_ws import ORIGIN, _cookie, make_room, served

    db = tmp_path / "d.sqlite3"
    with served(db) as (client, hub):
        cookie = _cookie(client)
        code = make_room(client, cookie, game="table")
        store = hub.store
        saved = store.load(code)
        assert saved is not None
        data = json.loads(saved)
        data["occupant"] = {"you": data["host"]}
        data["members"][0]["seat"] = "you"
        damage(data)
        raw = json.dumps(data)
        store.save(code, raw)
        hub.rooms.pop(code, None)
        res = client.get(f"/api/rooms/{code}", headers={**ORIGIN, "cookie": f"banluck_id={cookie}"})
        assert res.status_code == 410 and res.json()["error"]["code"] == "room_damaged"
        with client.websocket_connect(
            f"ws://127.0.0.1/api/rooms/{code}/ws",
            headers={**ORIGIN, "cookie": f"banluck_id={cookie}"},
        ) as ws:
            assert ws.receive_json()["error"]["code"] == "room_damaged"
        assert store.load(code) == raw


def test_turn_timers_follow_a_steady_clock_and_a_loaded_deadline_is_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Setting the system clock an hour ahead while the server runs plays nobody's turn
    early (the hub's clock is steady); a room saved with a deadline two hours away (the
    clock was set back while it slept) waits no longer than its timer."""
    import time

    from banluck.core.clock import SteadyClock
    from tests.rooms.test_ws import ORIGIN, _cookie, make_room, served

    with served(tmp_path / "c.sqlite3") as (client, hub):
        assert isinstance(hub.clock, SteadyClock)  # the default of every server
        before = hub.clock()
        real = time.time
        monkeypatch.setattr(time, "time", lambda: real() + 3600)
        assert hub.clock() - before < 60
        monkeypatch.setattr(time, "time", real)
        cookie = _cookie(client)
        code = make_room(client, cookie, game="table", timer=30)
        saved = hub.store.load(code)
        assert saved is not None
        data = json.loads(saved)
        data["deadline"] = hub.clock() + 7200
        data["waiting"] = ["bet", 1]
        hub.store.save(code, json.dumps(data))
        hub.rooms.pop(code, None)
        room = hub.get(code)
        assert room is not None and room.deadline is not None
        assert room.deadline <= hub.clock() + 30
        assert client.get(f"/api/rooms/{code}", headers=ORIGIN).status_code == 200


@pytest.mark.slow
def test_sigterm_closes_every_socket_with_service_restart_and_the_room_resumes(
    tmp_path: Path,
) -> None:
    """A stop (SIGTERM, as a container engine or a rolling restart sends it): every room
    socket is closed at once with 1012, "service restart", which the page answers by
    connecting again; the process ends; a new server on the same save has the room as it was."""
    db = tmp_path / "save.sqlite3"
    port = free_port()
    proc = _serve(db, port)
    _, _, cookie = http(port, "GET", "/api/rooms/x")
    status, body, cookie = http(
        port, "POST", "/api/rooms", cookie, {"game": "table", "name": "Ann"}
    )
    assert status == 201, body
    code = body["code"]
    with _socket(port, code, cookie) as ws:
        ws.send(json.dumps({"type": "sit", "seat": "you"}))
        before = _sync(ws, 1)
        started = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        assert time.monotonic() - started < 2
    proc.wait(timeout=20)
    proc = _serve(db, port)
    try:
        with _socket(port, code, cookie) as ws:
            after = _sync(ws, 2)
        assert after["room"]["seats"] == before["room"]["seats"]
        assert after["you"]["seat"] == "you"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
