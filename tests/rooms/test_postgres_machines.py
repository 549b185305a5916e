"""Several machines on one PostgreSQL (issue 11, item 5): two ``banluck serve`` processes
with different ``--save`` files (two machines, each its own SQLite save) share the cookies'
key, kept in PostgreSQL, so a player is the same player on both; the rooms' limits are
counted from the database, over both."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import pytest

from banluck.store import Store
from banluck.store.pg_rooms import PgRoomStore
from tests.rooms.servers import HOST, free_port, http, stop
from tests.rooms.test_postgres_processes import Client, serve

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning"),
]


def _get(port: int, path: str, cookie: str) -> tuple[int, Any, str]:
    """``GET path`` with ``cookie``: the status, the body and the Set-Cookie header (empty
    when the server accepted the cookie and issued none)."""
    conn = HTTPConnection(HOST, port, timeout=30)
    conn.request("GET", path, headers={"Cookie": f"banluck_id={cookie}"})
    r = conn.getresponse()
    body = json.loads(r.read() or b"null")
    conn.close()
    return r.status, body, r.getheader("set-cookie") or ""


@pytest.fixture
def machines(pg_url: str, tmp_path: Path) -> Iterator[tuple[int, int]]:
    """The ports of two servers on ``pg_url``, each with a save file of its own, with at
    most 3 rooms, 2 per player."""
    caps = ("--max-rooms", "3", "--max-rooms-per-player", "2")
    a_port, b_port = free_port(), free_port()
    a = serve(pg_url, tmp_path / "a.sqlite3", a_port, *caps)
    try:
        b = serve(pg_url, tmp_path / "b.sqlite3", b_port, *caps)
    except BaseException:
        stop(a)
        raise
    try:
        yield a_port, b_port
    finally:
        stop(a)
        stop(b)


def test_a_cookie_from_one_machine_is_good_on_the_other(machines: tuple[int, int]) -> None:
    a, b = machines
    status, body, ann = http(a, "POST", "/api/rooms", "", {"game": "table", "name": "Ann"})
    assert status == 201, body
    assert ann
    code = body["code"]

    # B knows Ann as the host of her room, and signs no new cookie for her
    status, view, issued = _get(b, f"/api/rooms/{code}", ann)
    assert status == 200
    you = {
        "name": "Ann",
        "seat": None,
        "host": True,
        "away": False,
        "freed": False,
        "bet": None,
        "shoe_seed": None,
    }
    assert {k: v for k, v in view["you"].items() if k != "limits"} == you
    assert view["you"]["limits"]["bet_cap"] is None  # no seat, no bet
    assert issued == ""
    # the solo tables take the same cookie (their saves are each machine's own)
    status, _, issued = _get(b, "/api/state", ann)
    assert (status, issued) == (200, "")

    # Ann sits down through B's socket; A sees her in her seat
    with_b = Client(b, code, ann)
    try:
        with_b.send({"type": "sit", "seat": "you"})
        with_b.wait(lambda f: f.get("type") == "state" and f["you"]["seat"] == "you")
    finally:
        with_b.close()
    _, view, issued = _get(a, f"/api/rooms/{code}", ann)
    assert view["you"]["seat"] == "you" and view["you"]["host"] and issued == ""

    # a player who first came to B is known on A
    _, _, bob = http(b, "GET", f"/api/rooms/{code}")
    with_a = Client(a, code, bob)
    try:
        with_a.send({"type": "join", "name": "Bob"})
        with_a.wait(lambda f: f.get("type") == "state" and "Bob" in f["room"]["watchers"])
    finally:
        with_a.close()
    _, view, issued = _get(b, f"/api/rooms/{code}", bob)
    assert view["you"]["name"] == "Bob" and issued == ""
    # Ann has no socket open between hands: the room stays hers for a while (a reload)
    assert not view["you"]["host"]

    # a forged cookie is still refused: a new one is issued
    _, view, issued = _get(b, f"/api/rooms/{code}", ann[:-2] + ("AA" if ann[-2:] != "AA" else "BB"))
    assert "banluck_id=" in issued and view["you"]["name"] is None


def test_the_cookie_key_is_made_once_in_postgres_not_taken_from_a_save(
    pg_url: str, tmp_path: Path
) -> None:
    keys: list[bytes] = []

    def make() -> None:
        store = PgRoomStore(pg_url)
        try:
            keys.append(store.cookie_key())
        finally:
            store.close()

    threads = [threading.Thread(target=make) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(keys) == 4 and len(set(keys)) == 1 and len(keys[0]) == 32
    save = Store(tmp_path / "s.sqlite3")
    try:
        assert save.secret != keys[0]
    finally:
        save.close()


def _create(port: int, cookie: str, name: str) -> tuple[int, Any]:
    status, body, _ = http(port, "POST", "/api/rooms", cookie, {"game": "table", "name": name})
    return status, body


def test_the_room_caps_hold_over_both_machines(machines: tuple[int, int]) -> None:
    a, b = machines
    ann = http(a, "GET", "/api/rooms/x")[2]
    bob = http(b, "GET", "/api/rooms/x")[2]
    carl = http(a, "GET", "/api/rooms/x")[2]
    assert _create(a, ann, "Ann")[0] == 201
    assert _create(b, ann, "Ann")[0] == 201
    # A made only one of Ann's rooms itself; the database knows both
    status, body = _create(a, ann, "Ann")
    assert status == 409
    assert body["error"]["code"] == "too_many_rooms"
    assert body["error"]["params"] == {"limit": "per_player", "max": 2}
    assert _create(b, bob, "Bob")[0] == 201
    # three rooms in all, two of them made by B: A refuses a fourth
    status, body = _create(a, carl, "Carl")
    assert (status, body["error"]["params"]) == (409, {"limit": "total", "max": 3})
    status, body = _create(b, carl, "Carl")
    assert (status, body["error"]["params"]) == (409, {"limit": "total", "max": 3})


def test_rooms_made_at_once_on_both_machines_stay_within_the_cap(
    machines: tuple[int, int], pg_url: str
) -> None:
    a, b = machines
    cookies = [http(p, "GET", "/api/rooms/x")[2] for p in (a, b, a, b, a, b)]
    assert _create(a, cookies[0], "P0")[0] == 201
    assert _create(b, cookies[1], "P1")[0] == 201
    results: list[int] = []
    barrier = threading.Barrier(6)

    def one(i: int) -> None:
        barrier.wait(10)
        results.append(_create((a, b)[i % 2], cookies[i], f"Q{i}")[0])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(results) == [201, 409, 409, 409, 409, 409]
    store = PgRoomStore(pg_url)
    try:
        assert len(store.codes()) == 3
    finally:
        store.close()


def test_rooms_stored_before_the_host_column_count_for_their_host(pg_url: str) -> None:
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:  # the tables of before
        conn.execute(
            "CREATE TABLE banluck_rooms (code TEXT PRIMARY KEY, data TEXT NOT NULL,"
            " rev BIGINT NOT NULL DEFAULT 1, presence JSONB NOT NULL DEFAULT '{}'::jsonb,"
            " updated TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        conn.execute("INSERT INTO banluck_rooms (code, data) VALUES ('old', '{\"host\": \"p1\"}')")
    store = PgRoomStore(pg_url)
    try:
        with store.creating("p1") as counts:
            assert counts == (1, 1)
        with pytest.raises(RuntimeError), store.creating("p2") as counts:
            assert counts == (1, 0)
            store.save("new", '{"host": "p2"}')
            raise RuntimeError("refused: nothing is written")
        assert store.codes() == ["old"]
        store.save("new", '{"host": "p2"}')
        with store.creating("p2") as counts:
            assert counts == (2, 1)
    finally:
        store.close()
