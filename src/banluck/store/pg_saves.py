"""Every browser's own tables in PostgreSQL, for servers on several machines.

The same store as the SQLite save (``store.sqlite``: players, their hands, their records of
every game, unreadable records kept aside, the shared ledgers), with the same methods, so the
web layer does not know which it has. Its tables (``banluck_players``, …) are made by the
migrations (``store.schema``); the cookies' key is the database's, the rooms' too.

A change is one transaction (``transaction``), committed whole or not at all. The changes of
one browser are serialised across every process and machine: the first time a transaction
touches a player it takes that player's advisory lock (``pg_advisory_xact_lock``, held until
the transaction ends), so two requests of one browser answered by two machines run one after
the other, the second reading what the first wrote. Making room for a new player takes a
lock of its own, so the players' limit holds for all processes together. A read
(``reading``) is a read-only snapshot and takes no lock.

Connections come from a pool (``psycopg_pool``), one per request thread at a time.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from banluck.core.refusal import Refusal
from banluck.store.schema import cookie_key, migrate
from banluck.store.sqlite import (
    HISTORY_LIMIT,
    PLAYER_IDLE_DAYS,
    PLAYER_LIMIT,
    VISITOR_FULL_HOURS,
    VISITOR_HOURS,
    SaveError,
)

log = logging.getLogger("banluck.web")

#: Connections the pool keeps at most (the request threads beyond wait their turn).
POOL_SIZE = 8
#: Seconds a request waits for a connection before it fails.
POOL_WAIT = 10.0
#: A player's lock is waited for at most this long; a transaction left open is ended by the
#: server (a stuck process never holds a player).
_SESSION_OPTIONS = "-c lock_timeout=10000 -c idle_in_transaction_session_timeout=30000"
#: An arbitrary key of ``pg_advisory_xact_lock``: one process makes room for a player at a time.
_MAKE_ROOM_LOCK = 0x424C5350
_LOCK_STRIPES = 256


def player_key(player: str) -> int:
    """The advisory lock's key of one player (64 bits, signed as PostgreSQL's bigint).

    >>> player_key("abc") == player_key("abc"), player_key("abc") == player_key("abd")
    (True, False)
    """
    digest = hashlib.blake2b(player.encode(), digest_size=8, person=b"banluck-player").digest()
    return int.from_bytes(digest, "big", signed=True)


class PgTransaction:
    """One open transaction (see ``store.sqlite.Transaction``, whose methods these are)."""

    def __init__(self, conn: psycopg.Connection[Any], *, locking: bool) -> None:
        self._conn = conn
        self._locking = locking
        self._held: set[str] = set()

    def _one(self, sql: str, params: tuple[Any, ...]) -> Any:
        row = self._conn.execute(sql, params).fetchone()
        return None if row is None else row[0]

    def _hold(self, player: str) -> None:
        """Take ``player``'s lock for the rest of the transaction (once)."""
        if self._locking and player not in self._held:
            self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (player_key(player),))
            self._held.add(player)

    # -- the table game --------------------------------------------------------------------

    def load_player(self, player: str) -> str | None:
        self._hold(player)
        got = self._one("SELECT data FROM banluck_players WHERE id = %s", (player,))
        return None if got is None else str(got)

    def save_player(self, player: str, data: str) -> None:
        self._hold(player)
        self._conn.execute(
            "INSERT INTO banluck_players (id, data) VALUES (%s, %s) ON CONFLICT (id)"
            " DO UPDATE SET data = excluded.data, updated = now()",
            (player, data),
        )

    def player_exists(self, player: str) -> bool:
        return self._one("SELECT 1 FROM banluck_players WHERE id = %s", (player,)) is not None

    def touch_player(self, player: str) -> None:
        self._hold(player)
        self._conn.execute("UPDATE banluck_players SET updated = now() WHERE id = %s", (player,))

    def quarantine(self, player: str, data: str, reason: str) -> None:
        self._hold(player)
        self._conn.execute(
            "INSERT INTO banluck_corrupt_saves (player, data, reason) VALUES (%s, %s, %s)",
            (player, data, reason),
        )
        self._conn.execute("DELETE FROM banluck_players WHERE id = %s", (player,))

    def add_history(self, player: str, hand: int, data: str) -> None:
        self._hold(player)
        self._conn.execute(
            "INSERT INTO banluck_history (player, hand, data) VALUES (%s, %s, %s)"
            " ON CONFLICT (player, hand) DO UPDATE SET data = excluded.data",
            (player, hand, data),
        )
        self._conn.execute(
            "DELETE FROM banluck_history WHERE player = %s AND hand NOT IN"
            " (SELECT hand FROM banluck_history WHERE player = %s ORDER BY hand DESC LIMIT %s)",
            (player, player, HISTORY_LIMIT),
        )

    def history(self, player: str) -> list[tuple[int, str]]:
        rows = self._conn.execute(
            "SELECT hand, data FROM banluck_history WHERE player = %s ORDER BY hand DESC LIMIT %s",
            (player, HISTORY_LIMIT),
        ).fetchall()
        return [(int(h), str(d)) for h, d in rows]

    def last_hand(self, player: str) -> int:
        got = self._one("SELECT MAX(hand) FROM banluck_history WHERE player = %s", (player,))
        return 0 if got is None else int(got)

    def history_item(self, player: str, hand: int) -> str | None:
        got = self._one(
            "SELECT data FROM banluck_history WHERE player = %s AND hand = %s", (player, hand)
        )
        return None if got is None else str(got)

    def corrupt_saves(self, player: str) -> list[tuple[str, str]]:
        rows = self._conn.execute(
            "SELECT data, reason FROM banluck_corrupt_saves WHERE player = %s ORDER BY id",
            (player,),
        ).fetchall()
        return [(str(d), str(r)) for d, r in rows]

    # -- the other games ---------------------------------------------------------------------

    def load_game(self, player: str, game: str) -> str | None:
        self._hold(player)
        got = self._one(
            "SELECT data FROM banluck_game_saves WHERE player = %s AND game = %s", (player, game)
        )
        return None if got is None else str(got)

    def save_game(self, player: str, game: str, data: str) -> None:
        self._hold(player)
        self._conn.execute(
            "INSERT INTO banluck_game_saves (player, game, data) VALUES (%s, %s, %s)"
            " ON CONFLICT (player, game) DO UPDATE SET data = excluded.data",
            (player, game, data),
        )

    def quarantine_game(self, player: str, game: str, data: str, reason: str) -> None:
        self._hold(player)
        self._conn.execute(
            "INSERT INTO banluck_corrupt_saves (player, data, reason) VALUES (%s, %s, %s)",
            (player, data, f"{game}: {reason}"),
        )
        self._conn.execute(
            "DELETE FROM banluck_game_saves WHERE player = %s AND game = %s", (player, game)
        )

    def add_game_history(self, player: str, game: str, hand: int, data: str) -> None:
        self._hold(player)
        self._conn.execute(
            "INSERT INTO banluck_game_history (player, game, hand, data)"
            " VALUES (%s, %s, %s, %s) ON CONFLICT (player, game, hand)"
            " DO UPDATE SET data = excluded.data",
            (player, game, hand, data),
        )
        self._conn.execute(
            "DELETE FROM banluck_game_history WHERE player = %s AND game = %s AND hand NOT IN"
            " (SELECT hand FROM banluck_game_history WHERE player = %s AND game = %s"
            " ORDER BY hand DESC LIMIT %s)",
            (player, game, player, game, HISTORY_LIMIT),
        )

    def game_history(self, player: str, game: str) -> list[tuple[int, str]]:
        rows = self._conn.execute(
            "SELECT hand, data FROM banluck_game_history WHERE player = %s AND game = %s"
            " ORDER BY hand DESC LIMIT %s",
            (player, game, HISTORY_LIMIT),
        ).fetchall()
        return [(int(h), str(d)) for h, d in rows]

    def game_history_item(self, player: str, game: str, hand: int) -> str | None:
        got = self._one(
            "SELECT data FROM banluck_game_history WHERE player = %s AND game = %s AND hand = %s",
            (player, game, hand),
        )
        return None if got is None else str(got)

    def last_game_hand(self, player: str, game: str) -> int:
        got = self._one(
            "SELECT MAX(hand) FROM banluck_game_history WHERE player = %s AND game = %s",
            (player, game),
        )
        return 0 if got is None else int(got)

    # -- the players' number -------------------------------------------------------------------

    def make_room(self, limit: int = PLAYER_LIMIT, idle_days: int = PLAYER_IDLE_DAYS) -> int:
        """As ``store.sqlite.Transaction.make_room``, for all processes together."""
        self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MAKE_ROOM_LOCK,))
        gone = self._idle(int(idle_days) * 24, VISITOR_HOURS)
        count = int(self._one("SELECT COUNT(*) FROM banluck_players", ()))
        if count - len(gone) >= limit:  # full: visitors idle for an hour make room
            gone = self._idle(int(idle_days) * 24, VISITOR_FULL_HOURS)
        if count - len(gone) >= limit:
            raise Refusal(
                "server_full",
                f"this table keeps {limit:,} players and has no room for a new one:"
                " try again later",
                {"limit": limit},
            )
        for table, column in (
            ("banluck_players", "id"),
            ("banluck_history", "player"),
            ("banluck_game_saves", "player"),
            ("banluck_game_history", "player"),
        ):
            self._conn.execute(f"DELETE FROM {table} WHERE {column} = ANY(%s)", (gone,))
        return len(gone)

    def _idle(self, player_hours: int, visitor_hours: int) -> list[str]:
        rows = self._conn.execute(
            "SELECT id FROM banluck_players AS p"
            " WHERE updated < now() - make_interval(hours => %s)"
            " OR (updated < now() - make_interval(hours => %s)"
            " AND NOT EXISTS (SELECT 1 FROM banluck_history AS h WHERE h.player = p.id)"
            " AND NOT EXISTS (SELECT 1 FROM banluck_game_history AS g WHERE g.player = p.id))",
            (player_hours, visitor_hours),
        ).fetchall()
        return [str(r[0]) for r in rows]

    # -- the shared ledgers ----------------------------------------------------------------------

    def ledger(self, code: str) -> tuple[str, int, str] | None:
        # in a change, the row is held until it ends: two versions written at once on two
        # machines are made one after the other, the second refused as stale
        lock = " FOR UPDATE" if self._locking else ""
        row = self._conn.execute(
            f"SELECT owner, version, data FROM banluck_ledgers WHERE code = %s{lock}", (code,)
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]), str(row[2]))

    def ledgers_owned(self, owner: str | None = None) -> int:
        if owner is not None:
            self._hold(owner)  # one browser's new ledgers counted one at a time
        if owner is None:
            return int(self._one("SELECT COUNT(*) FROM banluck_ledgers", ()))
        return int(self._one("SELECT COUNT(*) FROM banluck_ledgers WHERE owner = %s", (owner,)))

    def put_ledger(self, code: str, owner: str, version: int, data: str) -> None:
        self._hold(owner)
        self._conn.execute(
            "INSERT INTO banluck_ledgers (code, owner, version, data) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, version = excluded.version,"
            " data = excluded.data, updated = now()",
            (code, owner, version, data),
        )


class PgStore:
    """Every browser's tables in the PostgreSQL database at ``url`` (see the module's text).
    Safe to share between threads; ``player_limit`` and ``idle_days`` as ``store.Store``."""

    def __init__(
        self,
        url: str,
        *,
        player_limit: int = PLAYER_LIMIT,
        idle_days: int = PLAYER_IDLE_DAYS,
        pool_size: int = POOL_SIZE,
    ) -> None:
        self.url = url
        self.player_limit = player_limit
        self.idle_days = idle_days
        self._locks = [threading.Lock() for _ in range(_LOCK_STRIPES)]
        migrate(url)
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
                self.secret = cookie_key(conn)
        except psycopg.Error as exc:
            raise SaveError(f"cannot use the saves' PostgreSQL: {exc}".strip()) from None
        self._pool: ConnectionPool[psycopg.Connection[Any]] = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            timeout=POOL_WAIT,
            kwargs={"autocommit": True, "options": _SESSION_OPTIONS},
            check=ConnectionPool.check_connection,
            open=True,
            name="banluck-saves",
        )

    @contextmanager
    def player_lock(self, player: str) -> Iterator[None]:
        """One change of this player's at a time in this process (the transaction's advisory
        lock orders them across processes): a double click waits here, not in the pool."""
        with self._locks[zlib.crc32(player.encode()) % _LOCK_STRIPES]:
            yield

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection of the pool (checked as it is handed out: one the database dropped,
        a restart, is replaced). The database away: ``unavailable``, nothing changed."""
        try:
            with self._pool.connection() as conn:
                yield conn
        except (PoolTimeout, psycopg.OperationalError) as exc:
            log.warning("saves: the database does not answer (%s)", exc)
            raise Refusal(
                "unavailable", "the table's database is not answering: try again in a moment"
            ) from None

    @contextmanager
    def transaction(self) -> Iterator[PgTransaction]:
        """One all-or-nothing write transaction: committed when the block ends, else
        rolled back."""
        with self._connection() as conn, conn.transaction():
            yield PgTransaction(conn, locking=True)

    @contextmanager
    def reading(self) -> Iterator[PgTransaction]:
        """A read-only snapshot (no lock; only the reading methods may be used)."""
        with self._connection() as conn, conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            yield PgTransaction(conn, locking=False)

    def ping(self) -> None:
        """A query that must answer (readiness)."""
        with self._pool.connection(timeout=2.0) as conn:
            conn.execute("SELECT 1").fetchone()

    def close(self) -> None:
        """Close the pool (at shutdown)."""
        self._pool.close()
