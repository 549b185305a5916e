"""A real ``banluck serve`` killed (SIGKILL) in the middle of a hand: a new process on the
same files serves the room where it stood (issue 11: no room, seat, stack or hand lost)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

HOST = "127.0.0.1"


def _port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _serve(db: Path, port: int) -> subprocess.Popen[bytes]:
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
            str(db),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            socket.create_connection((HOST, port), timeout=0.2).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def _http(port: int, method: str, path: str, cookie: str = "", body: Any = None) -> Any:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    headers = {"Origin": f"http://{HOST}:{port}"}
    if cookie:
        headers["Cookie"] = f"banluck_id={cookie}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    r = conn.getresponse()
    payload = json.loads(r.read() or b"null")
    got = (r.getheader("set-cookie") or "").partition("banluck_id=")[2].partition(";")[0]
    conn.close()
    return r.status, payload, got or cookie


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


def test_a_killed_server_resumes_the_room_mid_hand(tmp_path: Path) -> None:
    db = tmp_path / "save.sqlite3"
    port = _port()
    proc = _serve(db, port)
    try:
        _, _, cookie = _http(port, "GET", "/api/rooms/x")
        status, body, cookie = _http(
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
