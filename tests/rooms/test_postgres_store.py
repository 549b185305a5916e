"""The rooms' PostgreSQL store on a real server (``scripts/pg.sh``): rows, the row lock
that serializes a room's changes across processes, NOTIFY, and each process's sockets."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from banluck.rooms.room import Room
from banluck.store import SaveError
from banluck.store.pg_rooms import (
    CHANNEL,
    PgRoomStore,
    notice,
    parse_notice,
    unpack,
)
from banluck.store.pg_saves import PgStore
from banluck.store.schema import is_postgres_url
from tests.rooms.helpers import CODE, room

pytestmark = pytest.mark.slow


def test_a_room_round_trips_through_postgres(pg_url: str) -> None:
    r = room("kampung", seed=3)
    r.sit("A", r.seats[0], 1.0)
    data = json.dumps(r.to_json())
    store = PgRoomStore(pg_url)
    try:
        assert store.load(CODE) is None
        store.save(CODE, data)
        assert store.load(CODE) == data
        back = Room.from_json(json.loads(store.load(CODE) or ""))
        assert back.to_json() == r.to_json()
        assert store.codes() == [CODE]
        row = store.read(CODE)
        assert row is not None and row.rev == 1 and row.presence == {}
        store.save(CODE, data)  # a second save is one more revision
        assert store.revs([CODE, "x" * 22]) == {CODE: 2}
    finally:
        store.close()
    again = PgRoomStore(pg_url)  # another process finds it (tables made once)
    try:
        assert again.load(CODE) == data
    finally:
        again.close()
    assert is_postgres_url(pg_url) and not is_postgres_url("rooms.sqlite3")
    assert parse_notice(f"{CODE}:7") == (CODE, 7, None) and parse_notice("nonsense") is None
    big = json.dumps(list(range(10_000)))  # too big for a notice: read from the row
    assert parse_notice(notice(CODE, 8, big)) == (CODE, 8, None)
    got = parse_notice(notice(CODE, 9, data))
    assert got is not None and got[:2] == (CODE, 9) and unpack(got[2]) == data
    assert unpack("not base64 zlib") is None


@pytest.fixture
def two_and_listener(pg_url: str) -> Iterator[tuple[PgRoomStore, PgRoomStore, Any]]:
    """Two processes' stores and a connection listening on the rooms' channel; room ``CODE``
    saved as ``"0"``."""
    a, b = PgRoomStore(pg_url), PgRoomStore(pg_url)
    listener = psycopg.connect(pg_url, autocommit=True)
    try:
        listener.execute(f"LISTEN {CHANNEL}")
        a.save(CODE, "0")
        yield a, b, listener
    finally:
        listener.close()
        a.close()
        b.close()


def test_the_row_lock_serializes_writers_and_notifies_on_commit(
    two_and_listener: tuple[PgRoomStore, PgRoomStore, Any],
) -> None:
    a, b, listener = two_and_listener
    order: list[str] = []

    def second() -> None:
        with b.lock(CODE) as row:  # waits for a's transaction
            assert row is not None
            order.append(f"b read {row.data}")
            b.write(row, str(int(row.data) + 1))

    with a.lock(CODE) as row:
        assert row is not None
        t = threading.Thread(target=second)
        t.start()
        time.sleep(0.3)
        assert order == []  # b is held by the lock
        a.write(row, str(int(row.data) + 1))
        order.append("a wrote 1")
    t.join(10)
    assert order == ["a wrote 1", "b read 1"]  # no update lost
    row2 = a.read(CODE)
    assert row2 is not None and row2.data == "2" and row2.rev == 3
    heard = [parse_notice(n.payload) for n in listener.notifies(timeout=2.0, stop_after=2)]
    assert [(h[0], h[1], unpack(h[2])) for h in heard if h] == [(CODE, 2, "1"), (CODE, 3, "2")]

    try:
        with a.lock(CODE) as row:  # a block that fails: nothing written, nobody told
            assert row is not None
            a.write(row, "junk")
            raise RuntimeError("failed")
    except RuntimeError:
        pass
    row3 = a.read(CODE)
    assert row3 is not None and row3.data == "2" and row3.rev == 3
    assert list(listener.notifies(timeout=0.5, stop_after=1)) == []


def test_a_dead_process_sockets_stop_counting(pg_url: str) -> None:
    a, b = PgRoomStore(pg_url), PgRoomStore(pg_url)
    try:
        a.save(CODE, "{}")
        with a.lock(CODE) as row:
            assert row is not None
            row.presence = {a.process: {"ann": 1}, b.process: {"bob": 2}}
            a.write(row, "{}")
        row2 = a.read(CODE)
        assert row2 is not None
        assert a.connections(row2.presence) == {"ann": 1, "bob": 2}
        with psycopg.connect(pg_url, autocommit=True) as conn:  # b stops beating (killed)
            conn.execute(
                "UPDATE banluck_room_processes SET beat = now() - interval '1 minute'"
                " WHERE process = %s",
                (b.process,),
            )
        assert b.process in a.beat()
        assert a.connections(row2.presence) == {"ann": 1}
        with a.lock(CODE) as row:  # the next write drops the dead process's count
            assert row is not None
            a.write(row, "{}")
        row3 = a.read(CODE)
        assert row3 is not None and row3.presence == {a.process: {"ann": 1}}
        assert not a.delete(CODE)  # ann's socket is open: the room stays
        with a.lock(CODE) as row:
            assert row is not None
            row.presence = {}
            a.write(row, "{}")
        assert a.delete(CODE) and a.load(CODE) is None and not a.delete(CODE)
    finally:
        a.close()
        b.close()


def test_an_unreachable_postgres_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nobody listens here once closed
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    clear = "cannot set up the PostgreSQL database: connection failed"
    with pytest.raises(SaveError, match=clear):
        PgRoomStore(url)
    with pytest.raises(SaveError, match=clear):
        PgStore(url)
    run = subprocess.run(
        [sys.executable, "-m", "banluck", "serve", "--db", url, "--save", str(tmp_path / "s")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and clear in run.stderr


def test_a_write_at_a_revision_is_refused_once_another_came_first(
    two_and_listener: tuple[PgRoomStore, PgRoomStore, Any],
) -> None:
    a, b, listener = two_and_listener
    assert a.write_if(CODE, 1, "a1", ("ann", 1))  # at rev 1: written, rev 2
    assert not b.write_if(CODE, 1, "b1")  # b read rev 1 too: refused, nothing written
    row = b.read(CODE)
    assert row is not None and (row.data, row.rev) == ("a1", 2)
    assert row.presence == {a.process: {"ann": 1}}
    assert b.write_if(CODE, 2, "b2", ("bob", 1))
    assert a.write_if(CODE, 3, "a3", ("ann", -1))
    row = a.read(CODE)
    assert row is not None and (row.data, row.rev) == ("a3", 4)
    assert a.connections(row.presence) == {"bob": 1}
    heard = [parse_notice(n.payload) for n in listener.notifies(timeout=2.0, stop_after=3)]
    assert [(h[0], h[1]) for h in heard if h] == [(CODE, 2), (CODE, 3), (CODE, 4)]
