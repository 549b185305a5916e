"""One client against everyone else, on a real ``banluck serve`` reached from two loopback
addresses: an attacker at 127.0.0.2 fills its share of room sockets (per player, then per
address), makes rooms and new players until it is slowed down, holds partial requests open
by the hundred, and opens and closes sockets as fast as it can, while an honest player at
127.0.0.1 is served throughout; behind a trusted proxy the limits count its header's
address."""

from __future__ import annotations

import json
import resource
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from banluck.web.clients import (
    PER_ADDRESS,
    PER_PLAYER,
    PLAYERS_BURST,
    ROOMS_BURST,
    SOCKETS_BURST,
    SOCKETS_PER_MINUTE,
)
from banluck.web.limits import CONNECTIONS_PER_ADDRESS
from tests.rooms.servers import HOST, free_port, start_server, stop

pytestmark = pytest.mark.slow

ATTACKER = "127.0.0.2"


@contextmanager
def _server(tmp_path: Path, *options: str) -> Iterator[int]:
    port = free_port()
    proc = start_server(port, "--db", str(tmp_path / "save.sqlite3"), *options)
    try:
        yield port
    finally:
        stop(proc)


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
        statuses = [
            _room(port, ATTACKER, _cookie(port, ATTACKER)).status_code
            for _ in range(ROOMS_BURST + 5)
        ]
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


def test_a_client_on_the_servers_own_machine_cannot_choose_its_address(tmp_path: Path) -> None:
    """From 127.0.0.1 (a tunnel's or a local proxy's client) a new X-Forwarded-For each
    time is not a new client: without ``--client-header`` no forwarded header is read."""
    with _server(tmp_path) as port:
        spoofed = [
            _room(port, HOST, _cookie(port, HOST), **{"X-Forwarded-For": f"198.51.100.{i}"})
            for i in range(ROOMS_BURST + 1)
        ]
        assert [r.status_code for r in spoofed[:ROOMS_BURST]] == [201] * ROOMS_BURST
        assert spoofed[-1].status_code == 429


def test_bad_room_bodies_spend_no_room_tokens(tmp_path: Path) -> None:
    with _server(tmp_path) as port, _http(port, ATTACKER) as c:
        cookie = _cookie(port, ATTACKER)
        for _ in range(ROOMS_BURST + 5):
            bad = c.post(
                "/api/rooms",
                json={"game": "table", "name": "Host", "house": {"base": "table", "rules": 7}},
                headers={"Cookie": f"banluck_id={cookie}"},
            )
            assert bad.status_code == 422
            nameless = c.post(
                "/api/rooms", json={"game": "table"}, headers={"Cookie": f"banluck_id={cookie}"}
            )
            assert nameless.status_code == 422
        assert _room(port, ATTACKER, cookie).status_code == 201


def test_a_crowd_behind_one_address_is_served(tmp_path: Path) -> None:
    """Carrier-grade NAT: 60 new browsers behind one address are all stored as players, and
    30 people with 3 tabs each hold their 90 sockets."""
    with _server(tmp_path) as port, ExitStack() as stack:
        assert [_deal(port, ATTACKER).status_code for _ in range(60)] == [200] * 60
        host = _cookie(port, ATTACKER)
        code = _room(port, ATTACKER, host).json()["code"]
        for _ in range(30):
            person = _cookie(port, ATTACKER)
            for _ in range(3):
                ws = stack.enter_context(_socket(port, ATTACKER, code, person))
                assert _state(ws)["type"] == "state"


def _deal(port: int, source: str, cookie: str | None = None) -> httpx.Response:
    with _http(port, source) as c:
        headers = {} if cookie is None else {"Cookie": f"banluck_id={cookie}"}
        return c.post("/api/deal", json={"bet": 10, "hand": 1}, headers=headers)


def test_new_players_from_one_address_are_slowed_down(tmp_path: Path) -> None:
    """Each cookieless deal is a new player stored: one address has a burst of them, then
    429 with nothing stored, so strangers cannot fill the store (here of 45 players) and
    lock a real newcomer out; a player already stored plays on."""
    with _server(tmp_path, "--max-players", str(PLAYERS_BURST + 5)) as port:
        known = _cookie(port, ATTACKER)
        assert _deal(port, ATTACKER, known).status_code == 200
        statuses = [_deal(port, ATTACKER).status_code for _ in range(PLAYERS_BURST + 3)]
        assert statuses[: PLAYERS_BURST - 1] == [200] * (PLAYERS_BURST - 1)
        assert set(statuses[PLAYERS_BURST - 1 :]) == {429}
        refused = _deal(port, ATTACKER)
        assert refused.json()["error"]["code"] == "too_many_new_players"
        # the attacker's stored player plays on; an honest newcomer is stored
        with _http(port, ATTACKER) as c:
            state = c.get("/api/state", headers={"Cookie": f"banluck_id={known}"})
        assert state.json()["table"]["hand"] == 1
        assert _deal(port, HOST).status_code == 200


def _partial(port: int, source: str) -> socket.socket:
    """A connection that sends half a request and never the rest (slowloris)."""
    s = socket.create_connection((HOST, port), source_address=(source, 0), timeout=5)
    s.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return s


def test_partial_requests_by_the_hundred_fill_only_their_address_share(tmp_path: Path) -> None:
    """A server of 300 connections: the attacker's partial requests past its address's
    share are closed at once, and the honest player's requests are all answered while it
    holds the rest (and reopens what is closed)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1024 <= hard or hard == resource.RLIM_INFINITY:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1024), hard))
    with _server(tmp_path, "--max-connections", "300") as port, ExitStack() as stack:
        held = [stack.enter_context(_partial(port, ATTACKER)) for _ in range(300)]
        time.sleep(0.5)
        closed = 0
        for s in held:  # the server closed every one past the share
            s.setblocking(False)
            try:
                closed += s.recv(1) == b""
            except BlockingIOError:
                pass
            except ConnectionResetError:
                closed += 1
        assert closed == 300 - CONNECTIONS_PER_ADDRESS
        for _ in range(20):  # the attacker reopens; the honest player is served
            stack.enter_context(_partial(port, ATTACKER))
            with _http(port, HOST) as c:
                assert c.get("/api/state").status_code == 200


def test_connect_churn_changes_nothing_seen_and_is_slowed_down(tmp_path: Path) -> None:
    """One member of a room opens and closes sockets as fast as it can, while it has one
    open: the others' sockets get no frame (nothing they see changed); past a burst its
    address's new sockets are refused; the honest player still opens one."""
    with _server(tmp_path) as port:
        honest = _cookie(port, HOST)
        code = _room(port, HOST, honest).json()["code"]
        attacker = _cookie(port, ATTACKER)
        with (
            _socket(port, HOST, code, honest) as mine,
            _socket(port, ATTACKER, code, attacker) as held,
        ):
            _state(mine), _state(held)
            held.send(json.dumps({"type": "join", "name": "Mallory"}))
            _state(held)
            while "Mallory" not in _state(mine)["room"]["watchers"]:
                pass  # Mallory joined: a change the others see (after the host's online)
            opened = refused = 0
            began = time.monotonic()
            for _ in range(SOCKETS_BURST + 40):
                try:
                    with _socket(port, ATTACKER, code, attacker) as ws:
                        _state(ws)
                        opened += 1
                except InvalidStatus as exc:
                    assert exc.response.status_code == 403
                    refused += 1
            # the held socket took one; the bucket refills SOCKETS_PER_MINUTE meanwhile
            refilled = (time.monotonic() - began) * SOCKETS_PER_MINUTE / 60
            assert refused > 0 and opened <= SOCKETS_BURST - 1 + refilled + 1
            try:
                got = mine.recv(timeout=1)
            except TimeoutError:
                got = None
            assert got is None, got
            with _socket(port, HOST, code, honest) as again:
                assert _state(again)["room"]["code"] == code


def test_a_flood_of_new_house_edges_never_holds_up_the_tables(tmp_path: Path) -> None:
    """N2: 45 kampung houses' edges asked at once from 127.0.0.2, each given up after a
    second: the work runs on its own lane (one at a time, what nobody waits for dropped,
    new houses limited per client), so the honest player's solo table at 127.0.0.1 answers
    every request meanwhile (before, every one timed out for 40 s)."""
    from concurrent.futures import ThreadPoolExecutor

    kinds: list[dict[str, Any]] = [{"burn": True}, {"burn": False}, {"busts_shown": False}]
    houses = [
        {"base": "kampung", "rules": {"banker_must_draw_under": u, "any_21": a, **kind}}
        for u in range(14, 19)
        for a in (1, 2, 3)
        for kind in kinds
    ]

    def ask(house: dict[str, Any], port: int) -> str:
        try:
            with httpx.Client(
                base_url=f"http://{HOST}:{port}",
                transport=httpx.HTTPTransport(local_address=ATTACKER),
                timeout=1.0,
            ) as c:
                return str(c.post("/api/houses/edge", json={"house": house}).status_code)
        except httpx.TimeoutException:
            return "given up"

    with _server(tmp_path) as port, ThreadPoolExecutor(len(houses)) as pool:
        flood = [pool.submit(ask, h, port) for h in houses]
        honest: list[int] = []
        with _http(port, HOST) as c:
            for _ in range(12):
                honest.append(c.get("/api/games/one-on-one/state", timeout=10).status_code)
                honest.append(c.get("/api/games", timeout=10).status_code)
        outcomes = [f.result() for f in flood]
    assert honest == [200] * 24
    assert "given up" in outcomes  # the attacker's work was real, and left unfinished
