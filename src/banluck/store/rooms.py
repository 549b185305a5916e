"""The rooms' own SQLite file: one row of JSON per room, written after every change.

A room is saved whole (``Room.to_json``: people, seats, stacks, the shoe, the hand in play
as its start and its choices), in one statement, so a server killed at any moment finds
every room as it was after its last change. The file is the rooms' own (the tables'
save refuses tables it does not know); WAL, ``synchronous = NORMAL``.

``RoomStore`` is used from one thread at a time (the server's event loop); the
connection is opened with ``check_same_thread=False`` so that tests and shutdown may
close it from elsewhere.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from banluck.store.sqlite import SaveError

#: ``PRAGMA application_id`` of a rooms file ("BLRM").
APPLICATION_ID = 0x424C524D
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE IF NOT EXISTS room_hands (
    code TEXT NOT NULL,
    hand INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (code, hand)
)
"""
#: Finished hands kept a room (``rooms.recall``): the newest; older ones are dropped.
KEEP_HANDS = 500
#: A finished hand to keep with a room's save: its number and its record (JSON text).
Hand = tuple[int, str]


def rooms_path(save: str | Path) -> Path:
    """The rooms file beside a save file: ``banluck.sqlite`` → ``banluck.rooms.sqlite``.

    >>> rooms_path("/tmp/x/banluck.sqlite").name, rooms_path("save").name
    ('banluck.rooms.sqlite', 'save.rooms')
    """
    p = Path(save)
    return p.with_name(f"{p.stem}.rooms{p.suffix}")


class RoomStore:
    """Rooms by invite code, as JSON text."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(
                self.path, isolation_level=None, timeout=30.0, check_same_thread=False
            )
            app_id = int(self._conn.execute("PRAGMA application_id").fetchone()[0])
            if app_id not in (0, APPLICATION_ID):
                raise SaveError(f"{self.path} belongs to another program (id {app_id})")
            self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA synchronous = NORMAL")
            self._conn.execute("PRAGMA busy_timeout = 30000")
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            for statement in _SCHEMA.split(";"):
                self._conn.execute(statement)
            self._conn.execute(
                "INSERT OR IGNORE INTO rooms_meta (key, value) VALUES ('schema', ?)",
                (str(SCHEMA_VERSION),),
            )
            version = self._conn.execute(
                "SELECT value FROM rooms_meta WHERE key = 'schema'"
            ).fetchone()[0]
            self._conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{self.path} is not a usable rooms file: {exc}") from None
        except OSError as exc:
            raise SaveError(f"cannot open {self.path}: {exc.strerror}") from None
        if str(version) != str(SCHEMA_VERSION):
            raise SaveError(f"{self.path} has rooms format {version}, not {SCHEMA_VERSION}")

    def load(self, code: str) -> str | None:
        """A room's JSON text, or None."""
        row = self._conn.execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else str(row[0])

    def save(self, code: str, data: str, hand: Hand | None = None) -> None:
        """Write a room, and the hand it just finished (``hand``): all or nothing."""
        upsert = (
            "INSERT INTO rooms (code, data) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET"
            " data = excluded.data, updated = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
        )
        if hand is None:
            self._conn.execute(upsert, (code, data))
            return
        number, record = hand
        with self._transaction():
            self._conn.execute(upsert, (code, data))
            self._conn.execute(
                "INSERT OR REPLACE INTO room_hands (code, hand, data) VALUES (?, ?, ?)",
                (code, number, record),
            )
            self._conn.execute(
                "DELETE FROM room_hands WHERE code = ? AND hand <= ?", (code, number - KEEP_HANDS)
            )

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction: committed at the end of the block, rolled back when it
        raises (the connection is in autocommit otherwise)."""
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._conn.execute("COMMIT")
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise

    def hands(self, code: str, *, before: int | None = None, limit: int = -1) -> list[Hand]:
        """The room's finished hands kept, newest first: those numbered below ``before``
        (all when None), at most ``limit`` (all when negative)."""
        cur = self._conn.execute(
            "SELECT hand, data FROM room_hands WHERE code = ? AND hand < ?"
            " ORDER BY hand DESC LIMIT ?",
            (code, 2**62 if before is None else before, limit),
        )
        return [(int(n), str(d)) for n, d in cur]

    def hand(self, code: str, number: int) -> str | None:
        """One finished hand's record, or None."""
        row = self._conn.execute(
            "SELECT data FROM room_hands WHERE code = ? AND hand = ?", (code, number)
        ).fetchone()
        return None if row is None else str(row[0])

    def delete(self, code: str) -> None:
        """Remove a room (``rooms.limits``: idle too long), its hands with it."""
        with self._transaction():
            self._conn.execute("DELETE FROM rooms WHERE code = ?", (code,))
            self._conn.execute("DELETE FROM room_hands WHERE code = ?", (code,))

    def codes(self) -> list[str]:
        """Every stored room's code."""
        return [str(r[0]) for r in self._conn.execute("SELECT code FROM rooms ORDER BY code")]

    def ping(self) -> None:
        """A query that must answer (readiness)."""
        self._conn.execute("SELECT 1").fetchone()

    def close(self) -> None:
        self._conn.close()
