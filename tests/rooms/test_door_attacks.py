"""Attacks on a room's door, on a real ``banluck serve`` reached from two loopback
addresses: an honest family at 127.0.0.1, an attacker at 127.0.0.2. Passcode guesses from one
address are slowed after a burst (whatever cookies it uses), while the family's relative
comes in with the right code; a knocking flood fills no more than the address's share of the
door; a removed person cannot come back with the same cookie, and with a fresh one is a new
person whom the passcode still stops (docs/SERVER.md says what a ban by cookie holds)."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from banluck.web.clients import DOOR_BURST
from banluck.web.rooms.frames import CLOSE_BANNED
from tests.rooms.servers import HOST
from tests.rooms.test_clients import ATTACKER, _cookie, _room, _server, _socket

pytestmark = pytest.mark.slow

PASSCODE = "482913"


def _answer(ws: ClientConnection, frame: dict[str, Any]) -> dict[str, Any]:
    """Send ``frame``, then ask for the state: the error the frame met, else the state
    after it (frames the socket got meanwhile, from other people's changes, are passed)."""
    ws.send(json.dumps(frame))
    ws.send(json.dumps({"type": "state", "id": 7}))
    error = None
    while True:
        got: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if got["type"] == "error" and error is None:
            error = got["error"]
        if got.get("reply") == 7:
            return error or got


def _opened(stack: ExitStack, port: int, source: str, code: str, cookie: str) -> ClientConnection:
    ws = stack.enter_context(_socket(port, source, code, cookie))
    assert json.loads(ws.recv(timeout=20))["type"] == "state"
    return ws


def _told_and_closed(ws: ClientConnection) -> None:
    """The socket of a person kept out: a last state saying so, then closed with 4403 (the
    page does not connect again)."""
    last: dict[str, Any] = {}
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            last = json.loads(ws.recv(timeout=20))
    assert last["type"] == "state" and last["you"]["banned"] is True
    assert "table" not in last or not last["table"], "a stranger's view: no table"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_BANNED


def test_passcode_guesses_and_knocks_are_slowed_and_a_ban_holds_for_its_cookie(
    tmp_path: Path,
) -> None:
    with _server(tmp_path) as port, ExitStack() as stack:
        host = _cookie(port, HOST)
        code = _room(port, HOST, host).json()["code"]
        ann = _opened(stack, port, HOST, code, host)
        assert _answer(ann, {"type": "door", "passcode": PASSCODE})["room"]["door"]["passcode"]

        # one attacker address, a fresh cookie for every guess: the burst, then refused
        guesses = []
        for i in range(DOOR_BURST + 5):
            ws = _opened(stack, port, ATTACKER, code, _cookie(port, ATTACKER))
            guesses.append(_answer(ws, {"type": "join", "name": f"X{i}", "passcode": f"{i:06}"}))
        codes = [g.get("code") for g in guesses]
        assert codes == ["bad_passcode"] * DOOR_BURST + ["rate_limited"] * 5, codes

        # the family's relative, from her own address, comes in with the right code
        mei = _opened(stack, port, HOST, code, _cookie(port, HOST))
        joined = _answer(mei, {"type": "join", "name": "Mei", "passcode": PASSCODE})
        assert joined["you"]["name"] == "Mei"

        # the knock: an address floods the door with fresh cookies; only its share waits
        _answer(ann, {"type": "door", "passcode": None, "knock": True})
        knocks = []
        for i in range(DOOR_BURST + 10):
            ws = _opened(stack, port, "127.0.0.3", code, _cookie(port, "127.0.0.3"))
            knocks.append(_answer(ws, {"type": "join", "name": f"K{i}"}))
        assert sum(1 for k in knocks if k.get("you", {}).get("knocking")) == DOOR_BURST
        assert {k.get("code") for k in knocks[DOOR_BURST:]} == {"rate_limited"}
        state = _answer(ann, {"type": "state"})
        assert len(state["you"]["knocks"]) == DOOR_BURST

        # removed: the same cookie is kept out; a fresh cookie is a new person at the door
        _answer(ann, {"type": "door", "knock": False})  # those waiting come in
        bob_cookie = _cookie(port, "127.0.0.4")
        bob = _opened(stack, port, "127.0.0.4", code, bob_cookie)
        assert _answer(bob, {"type": "join", "name": "Bob"})["you"]["name"] == "Bob"
        assert "Bob" not in _answer(ann, {"type": "remove", "name": "Bob"})["room"]["watchers"]
        # his open socket is told once, then closed for good; a new one the same
        _told_and_closed(bob)
        again = stack.enter_context(_socket(port, "127.0.0.4", code, bob_cookie))
        _told_and_closed(again)
        _answer(ann, {"type": "door", "passcode": PASSCODE})
        fresh = _opened(stack, port, "127.0.0.4", code, _cookie(port, "127.0.0.4"))
        assert _answer(fresh, {"type": "join", "name": "Bobby"})["code"] == "bad_passcode"
