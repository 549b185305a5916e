"""One client against everyone else, on a real ``banluck serve`` reached from two loopback
addresses: an attacker at 127.0.0.2 fills its share of room sockets (per player, then per
address) and makes rooms until it is slowed down, while an honest player at 127.0.0.1 is
served throughout; behind a trusted proxy the limits count its header's address."""

from __future__ import annotations

import json
import socket
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from banluck.web.clients import PER_ADDRESS, PER_PLAYER, ROOMS_BURST
from tests.rooms.servers import HOST, free_port, start_server

ATTACKER = "127.0.0.2"


@contextmanager
def _server(tmp_path: Path, *options: str) -> Iterator[int]:
    port = free_port()
    proc = start_server(port, "--db", str(tmp_path / "save.sqlite3"), *options)
    try:
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _http(port: int, source: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=source)
    origin = f"http://{HOST}:{port}"
    return httpx.Client(base_url=origin, transport=transport, headers={"Origin": origin})


def _cookie(port: int, source: str) -> str:
    with _http(port, source) as c:
        c.get("/api/state")
        value = c.cookies.get("banluck_id")
    assert value
    return str(value)


def _room(port: int, source: str, cookie: str, **headers: str) -> httpx.Response:
    with _http(port, source) as c:
        return c.post(
            "/api/rooms",
            json={"game": "table", "name": "Host"},
            headers={"Cookie": f"banluck_id={cookie}", **headers},
        )


def _socket(port: int, source: str, code: str, cookie: str) -> ClientConnection:
    sock = socket.create_connection((HOST, port), source_address=(source, 0))
    return connect(
        f"ws://{HOST}:{port}/api/rooms/{code}/ws",
        sock=sock,
        origin=Origin(f"http://{HOST}:{port}"),
        additional_headers={"Cookie": f"banluck_id={cookie}"},
        open_timeout=20,
    )


def _state(ws: ClientConnection) -> dict[str, Any]:
    f: dict[str, Any] = json.loads(ws.recv(timeout=20))
    return f


def test_an_attacker_fills_only_its_own_share(tmp_path: Path) -> None:
    with _server(tmp_path) as port, ExitStack() as stack:
        honest = _cookie(port, HOST)
        res = _room(port, HOST, honest)
        assert res.status_code == 201
        code = res.json()["code"]
        # one player: at most PER_PLAYER sockets
        attacker = _cookie(port, ATTACKER)
        for _ in range(PER_PLAYER):
            ws = stack.enter_context(_socket(port, ATTACKER, code, attacker))
            assert _state(ws)["type"] == "state"
        with pytest.raises(InvalidStatus) as refused:
            _socket(port, ATTACKER, code, attacker)
        assert refused.value.response.status_code == 403
        # more players from the same address: at most PER_ADDRESS sockets in all
        opened = PER_PLAYER
        while opened < PER_ADDRESS:
            other = _cookie(port, ATTACKER)
            for _ in range(min(PER_PLAYER, PER_ADDRESS - opened)):
                stack.enter_context(_socket(port, ATTACKER, code, other))
                opened += 1
        with pytest.raises(InvalidStatus):
            _socket(port, ATTACKER, code, _cookie(port, ATTACKER))
        # the honest player is served all along: a socket, the room, a new room
        with _socket(port, HOST, code, honest) as ws:
            assert _state(ws)["room"]["code"] == code
        # the attacker's new rooms, each with a fresh cookie, are slowed down after a burst
        statuses = [_room(port, ATTACKER, _cookie(port, ATTACKER)).status_code for _ in range(15)]
        assert statuses[:ROOMS_BURST] == [201] * ROOMS_BURST
        assert set(statuses[ROOMS_BURST:]) == {429}
        assert _room(port, HOST, honest).status_code == 201
        # a socket closed gives its place back
        stack.close()
        with _socket(port, ATTACKER, code, attacker) as ws:
            assert _state(ws)["type"] == "state"


def test_behind_a_trusted_proxy_the_header_is_the_client(tmp_path: Path) -> None:
    """Every request comes from the proxy's address; the limits count the address the
    proxy wrote (X-Forwarded-For's last), and without the option that header is ignored."""
    with _server(tmp_path, "--client-header", "X-Forwarded-For") as port:
        statuses = [
            _room(port, HOST, _cookie(port, HOST), **{"X-Forwarded-For": "203.0.113.7"}).status_code
            for _ in range(ROOMS_BURST + 1)
        ]
        assert statuses[-1] == 429  # one client behind the proxy
        other = _room(port, HOST, _cookie(port, HOST), **{"X-Forwarded-For": "203.0.113.8"})
        assert other.status_code == 201  # another client behind the same proxy
    with _server(tmp_path) as port:
        spoofed = [
            _room(port, ATTACKER, _cookie(port, ATTACKER), **{"X-Forwarded-For": f"198.51.100.{i}"})
            for i in range(ROOMS_BURST + 1)
        ]
        assert spoofed[-1].status_code == 429  # a header nobody trusts changes nothing
