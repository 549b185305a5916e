"""The SQLite store (stdlib ``sqlite3``): players, their hand history, and unreadable saves.

Every change runs in one ``BEGIN IMMEDIATE`` transaction (``Store.transaction``): it commits
as a whole or not at all, so a fault in the middle of a request never creates or loses chips.
``Store.player_lock`` serialises the requests of one browser inside this process; the
immediate transaction serialises writers across processes too.

The store keeps JSON text and knows nothing of the game: the web layer decides what a record
means and whether it is valid. A record it cannot read is moved to ``corrupt_saves`` (kept,
never deleted) by ``Transaction.quarantine``.
"""

from __future__ import annotations

import sqlite3
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCHEMA_VERSION = 1
HISTORY_LIMIT = 50
_LOCK_STRIPES = 256

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE IF NOT EXISTS history (
    player TEXT NOT NULL,
    hand INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (player, hand)
);
CREATE TABLE IF NOT EXISTS corrupt_saves (
    player TEXT NOT NULL,
    data TEXT NOT NULL,
    reason TEXT NOT NULL,
    moved TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
"""


class SaveError(Exception):
    """The save file cannot be used (not a database, damaged, or from a newer version)."""


class Transaction:
    """One open transaction on the store; use it only inside ``Store.transaction``."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def load_player(self, player: str) -> str | None:
        """The player's record as stored (JSON text), or None for a new player."""
        row = self._conn.execute("SELECT data FROM players WHERE id = ?", (player,)).fetchone()
        return None if row is None else str(row[0])

    def save_player(self, player: str, data: str) -> None:
        """Write the player's record."""
        self._conn.execute(
            "INSERT INTO players (id, data) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET"
            " data = excluded.data, updated = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
            (player, data),
        )

    def quarantine(self, player: str, data: str, reason: str) -> None:
        """Move an unreadable record aside (kept in ``corrupt_saves``) and forget it."""
        self._conn.execute(
            "INSERT INTO corrupt_saves (player, data, reason) VALUES (?, ?, ?)",
            (player, data, reason),
        )
        self._conn.execute("DELETE FROM players WHERE id = ?", (player,))

    def add_history(self, player: str, hand: int, data: str) -> None:
        """Record a finished hand and keep only the last ``HISTORY_LIMIT``."""
        self._conn.execute(
            "INSERT OR REPLACE INTO history (player, hand, data) VALUES (?, ?, ?)",
            (player, hand, data),
        )
        self._conn.execute(
            "DELETE FROM history WHERE player = ? AND hand NOT IN"
            " (SELECT hand FROM history WHERE player = ? ORDER BY hand DESC LIMIT ?)",
            (player, player, HISTORY_LIMIT),
        )

    def history(self, player: str) -> list[tuple[int, str]]:
        """The player's recorded hands, newest first: (hand number, JSON text)."""
        rows = self._conn.execute(
            "SELECT hand, data FROM history WHERE player = ? ORDER BY hand DESC LIMIT ?",
            (player, HISTORY_LIMIT),
        ).fetchall()
        return [(int(h), str(d)) for h, d in rows]

    def last_hand(self, player: str) -> int:
        """The number of the player's newest recorded hand (0 when none)."""
        row = self._conn.execute(
            "SELECT MAX(hand) FROM history WHERE player = ?", (player,)
        ).fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def history_item(self, player: str, hand: int) -> str | None:
        """One recorded hand's JSON text, or None."""
        row = self._conn.execute(
            "SELECT data FROM history WHERE player = ? AND hand = ?", (player, hand)
        ).fetchone()
        return None if row is None else str(row[0])

    def corrupt_saves(self, player: str) -> list[tuple[str, str]]:
        """The records moved aside for this player: (JSON text, reason)."""
        rows = self._conn.execute(
            "SELECT data, reason FROM corrupt_saves WHERE player = ? ORDER BY rowid", (player,)
        ).fetchall()
        return [(str(d), str(r)) for d, r in rows]


class Store:
    """A SQLite file holding every browser's table. Safe to share between threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._locks = [threading.Lock() for _ in range(_LOCK_STRIPES)]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"cannot create the folder of {self.path}: {exc.strerror}") from None
        self._open_and_check()

    def _connect(self) -> sqlite3.Connection:
        # Each connection is used by one thread only (thread-local); check_same_thread is off
        # so that ``close`` can close them all at shutdown.
        conn = sqlite3.connect(
            self.path, isolation_level=None, timeout=30.0, check_same_thread=False
        )
        conn.execute("PRAGMA busy_timeout = 30000")
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    def _open_and_check(self) -> None:
        try:
            conn = self._connect()
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if ok is None or ok[0] != "ok":
                raise SaveError(f"{self.path} is damaged (SQLite quick_check: {ok})")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.executescript(_SCHEMA)
            conn.execute(
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)",
                (str(SCHEMA_VERSION),),
            )
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            conn.close()
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{self.path} is not a usable Ban Luck save: {exc}") from None
        except OSError as exc:
            raise SaveError(f"cannot open {self.path}: {exc.strerror}") from None
        version = int(row[0]) if row and str(row[0]).isdigit() else -1
        if version != SCHEMA_VERSION:
            raise SaveError(
                f"{self.path} has save format {row[0] if row else '?'};"
                f" this version reads format {SCHEMA_VERSION}"
            )

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect()
            self._local.conn = conn
            with self._all_lock:
                self._all.append(conn)
        return conn

    @contextmanager
    def player_lock(self, player: str) -> Iterator[None]:
        """Hold this player's lock (one request per player at a time in this process)."""
        lock = self._locks[zlib.crc32(player.encode()) % _LOCK_STRIPES]
        with lock:
            yield

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """One all-or-nothing transaction: committed when the block ends, else rolled back."""
        conn = self._conn()
        # Threads of this process queue on a lock (a quick hand-over) rather than on SQLite's
        # busy handler, which sleeps; other processes still wait through busy_timeout.
        with self._write_lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield Transaction(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def close(self) -> None:
        """Close every connection (at shutdown, when no request is running)."""
        with self._all_lock:
            conns, self._all = self._all, []
        for conn in conns:
            conn.close()
        self._local = threading.local()
