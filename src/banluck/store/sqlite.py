"""The SQLite store (stdlib ``sqlite3``): players, their hand history, unreadable saves and
the shared ledgers of real-card tables.

Opening a file first inspects it on a read-only connection (``inspect_file``): a file that
is not a SQLite database, belongs to another program, or has another save format is
refused before a single byte of it is written (no WAL switch, no new table).

Every change runs in one ``BEGIN IMMEDIATE`` transaction (``Store.transaction``): it commits
as a whole or not at all, so a fault in the middle of a request never creates or loses chips.
Writers of this process queue on one lock (a quick hand-over rather than SQLite's sleeping
busy handler); the immediate transaction serialises writers across processes too.
``Store.player_lock`` serialises the requests of one browser inside this process. Reads
(``Store.reading``) take neither: a WAL read transaction sees the last commit and never
waits for a writer.

Each game a browser plays has its own record and history: ``table`` in ``players`` and
``history`` (as in save format 1), every other game in ``game_saves`` and ``game_history``
(format 2). The store keeps JSON text and knows nothing of the games: the web layer decides
what a record means and whether it is valid. A record it cannot read is moved to
``corrupt_saves`` (kept, never deleted) by ``Transaction.quarantine``.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import zlib
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from banluck.core.refusal import Refusal

SCHEMA_VERSION = 3
#: Save formats this version reads: 1 (the ``table`` game only) and 2 (every game) are
#: upgraded to 3 (the ledgers of real-card tables) by adding the tables they lack.
READABLE_VERSIONS = ("1", "2", "3")
#: ``PRAGMA application_id`` of a Ban Luck save ("BANL"); 0 in saves made before it was set.
APPLICATION_ID = 0x42414E4C
HISTORY_LIMIT = 50
#: At most this many stored players: past it a new player is refused until idle ones expire
#: (a stored player is never forgotten to make room for another).
PLAYER_LIMIT = 10_000
#: A player idle this long is forgotten (their cookie, set for a year, is gone by then).
PLAYER_IDLE_DAYS = 400
#: A visitor (stored, but with no finished hand in any game) idle this long is forgotten;
#: when the store is full, one idle ``VISITOR_FULL_HOURS`` makes room for a new player.
VISITOR_HOURS = 48
VISITOR_FULL_HOURS = 1
_LOCK_STRIPES = 256
_SQLITE_MAGIC = b"SQLite format 3\x00"

#: The columns of each of our tables: a file with other tables or columns is not ours.
_COLUMNS = {
    "meta": ("key", "value"),
    "players": ("id", "data", "updated"),
    "history": ("player", "hand", "data"),
    "corrupt_saves": ("player", "data", "reason", "moved"),
    "game_saves": ("player", "game", "data"),
    "game_history": ("player", "game", "hand", "data"),
    "ledgers": ("code", "owner", "version", "data", "updated"),
}

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX IF NOT EXISTS players_updated ON players (updated);
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
CREATE TABLE IF NOT EXISTS game_saves (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE IF NOT EXISTS game_history (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    hand INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (player, game, hand)
);
CREATE TABLE IF NOT EXISTS ledgers (
    code TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX IF NOT EXISTS ledgers_owner ON ledgers (owner);
"""


class SaveError(Exception):
    """The save file cannot be used (not a database, damaged, another program's, newer)."""


class Transaction:
    """One open transaction on the store; use it only inside ``Store.transaction`` (or,
    for the reading methods, ``Store.reading``)."""

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

    def ledger(self, code: str) -> tuple[str, int, str] | None:
        """A shared ledger: its owner (the player who enters its hands), its version and its
        file (JSON text, docs/LEDGER.md), or None."""
        row = self._conn.execute(
            "SELECT owner, version, data FROM ledgers WHERE code = ?", (code,)
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]), str(row[2]))

    def ledgers_owned(self, owner: str | None = None) -> int:
        """How many shared ledgers ``owner`` enters (None: how many the store keeps)."""
        if owner is None:
            return int(self._conn.execute("SELECT COUNT(*) FROM ledgers").fetchone()[0])
        row = self._conn.execute("SELECT COUNT(*) FROM ledgers WHERE owner = ?", (owner,))
        return int(row.fetchone()[0])

    def put_ledger(self, code: str, owner: str, version: int, data: str) -> None:
        """Store a shared ledger's file as ``version``, entered by ``owner`` (a new ledger,
        its next version, or the ledger handed to another browser)."""
        self._conn.execute(
            "INSERT INTO ledgers (code, owner, version, data) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(code) DO UPDATE SET owner = excluded.owner,"
            " version = excluded.version, data = excluded.data,"
            " updated = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
            (code, owner, version, data),
        )

    def make_room(self, limit: int = PLAYER_LIMIT, idle_days: int = PLAYER_IDLE_DAYS) -> int:
        """Before a new player is stored: forget players idle over ``idle_days`` (their
        history goes with them; their corrupt saves are kept) and visitors who never
        finished a hand idle over ``VISITOR_HOURS`` (over ``VISITOR_FULL_HOURS`` when the
        store is full). A player active since is never forgotten to make room: with
        ``limit`` players still stored, the new one is refused (``server_full``), nothing
        stored. Returns how many were forgotten."""
        gone = self._idle(f"-{int(idle_days)} days", f"-{VISITOR_HOURS} hours")
        count = int(self._conn.execute("SELECT COUNT(*) FROM players").fetchone()[0])
        if count - len(gone) >= limit:  # full: visitors idle for an hour make room
            gone = self._idle(f"-{int(idle_days)} days", f"-{VISITOR_FULL_HOURS} hours")
        if count - len(gone) >= limit:
            raise Refusal(
                "server_full",
                f"this table keeps {limit:,} players and has no room for a new one:"
                " try again later",
                {"limit": limit},
            )
        for player in gone:
            self._conn.execute("DELETE FROM players WHERE id = ?", (player,))
            self._conn.execute("DELETE FROM history WHERE player = ?", (player,))
            self._conn.execute("DELETE FROM game_saves WHERE player = ?", (player,))
            self._conn.execute("DELETE FROM game_history WHERE player = ?", (player,))
        return len(gone)

    def _idle(self, player_age: str, visitor_age: str) -> list[str]:
        """The players idle over ``player_age``, and the visitors (no finished hand kept in
        any game) idle over ``visitor_age`` (SQLite modifiers: ``-400 days``)."""
        return [
            str(r[0])
            for r in self._conn.execute(
                "SELECT id FROM players AS p WHERE updated < strftime('%Y-%m-%dT%H:%M:%SZ',"
                " 'now', ?) OR (updated < strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?)"
                " AND NOT EXISTS (SELECT 1 FROM history AS h WHERE h.player = p.id)"
                " AND NOT EXISTS (SELECT 1 FROM game_history AS g WHERE g.player = p.id))",
                (player_age, visitor_age),
            )
        ]

    def touch_player(self, player: str) -> None:
        """Mark the player active now (a change in another game than ``table``)."""
        self._conn.execute(
            "UPDATE players SET updated = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?",
            (player,),
        )

    # -- the games other than ``table`` (each its own record and history per player) ------

    def load_game(self, player: str, game: str) -> str | None:
        """The player's record of ``game`` (JSON text), or None."""
        row = self._conn.execute(
            "SELECT data FROM game_saves WHERE player = ? AND game = ?", (player, game)
        ).fetchone()
        return None if row is None else str(row[0])

    def save_game(self, player: str, game: str, data: str) -> None:
        """Write the player's record of ``game``."""
        self._conn.execute(
            "INSERT INTO game_saves (player, game, data) VALUES (?, ?, ?)"
            " ON CONFLICT(player, game) DO UPDATE SET data = excluded.data",
            (player, game, data),
        )

    def quarantine_game(self, player: str, game: str, data: str, reason: str) -> None:
        """Move an unreadable record of ``game`` aside (kept in ``corrupt_saves``)."""
        self._conn.execute(
            "INSERT INTO corrupt_saves (player, data, reason) VALUES (?, ?, ?)",
            (player, data, f"{game}: {reason}"),
        )
        self._conn.execute("DELETE FROM game_saves WHERE player = ? AND game = ?", (player, game))

    def add_game_history(self, player: str, game: str, hand: int, data: str) -> None:
        """Record a finished hand of ``game``; keep only the last ``HISTORY_LIMIT``."""
        self._conn.execute(
            "INSERT OR REPLACE INTO game_history (player, game, hand, data) VALUES (?, ?, ?, ?)",
            (player, game, hand, data),
        )
        self._conn.execute(
            "DELETE FROM game_history WHERE player = ? AND game = ? AND hand NOT IN"
            " (SELECT hand FROM game_history WHERE player = ? AND game = ?"
            " ORDER BY hand DESC LIMIT ?)",
            (player, game, player, game, HISTORY_LIMIT),
        )

    def game_history(self, player: str, game: str) -> list[tuple[int, str]]:
        """The player's recorded hands of ``game``, newest first."""
        rows = self._conn.execute(
            "SELECT hand, data FROM game_history WHERE player = ? AND game = ?"
            " ORDER BY hand DESC LIMIT ?",
            (player, game, HISTORY_LIMIT),
        ).fetchall()
        return [(int(h), str(d)) for h, d in rows]

    def game_history_item(self, player: str, game: str, hand: int) -> str | None:
        """One recorded hand of ``game``, or None."""
        row = self._conn.execute(
            "SELECT data FROM game_history WHERE player = ? AND game = ? AND hand = ?",
            (player, game, hand),
        ).fetchone()
        return None if row is None else str(row[0])

    def last_game_hand(self, player: str, game: str) -> int:
        """The newest recorded hand number of ``game`` (0 when none)."""
        row = self._conn.execute(
            "SELECT MAX(hand) FROM game_history WHERE player = ? AND game = ?", (player, game)
        ).fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def player_exists(self, player: str) -> bool:
        """Whether the store holds a record for this id."""
        row = self._conn.execute("SELECT 1 FROM players WHERE id = ?", (player,)).fetchone()
        return row is not None

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


def inspect_file(path: Path) -> None:
    """Refuse, without writing to it, a file that is not an empty database or our save.

    A missing or empty file is fine (it becomes a new save). Otherwise the file must be a
    SQLite database that passes ``quick_check``, whose ``application_id`` is ours (or 0),
    whose tables are ours with our columns, and whose save format this version reads
    (``READABLE_VERSIONS``; a format-1 save is upgraded when the store opens it).
    """
    if not path.exists() or (path.is_file() and path.stat().st_size == 0):
        return
    not_ours = f"{path} is not a usable Ban Luck save"
    try:
        with path.open("rb") as f:
            head = f.read(len(_SQLITE_MAGIC))
    except OSError as exc:
        raise SaveError(f"cannot open {path}: {exc.strerror}") from None
    if head != _SQLITE_MAGIC:
        raise SaveError(f"{not_ours}: file is not a database")
    try:
        uri = path.resolve().as_uri() + "?mode=ro"
        with closing(sqlite3.connect(uri, uri=True, timeout=30.0)) as conn:
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if ok is None or ok[0] != "ok":
                raise SaveError(f"{path} is damaged (SQLite quick_check: {ok})")
            app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
            tables = {
                str(r[0])
                for r in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                    " AND name NOT LIKE 'sqlite_%'"
                )
            }
            columns = {
                t: tuple(str(r[1]) for r in conn.execute(f'PRAGMA table_info("{t}")'))
                for t in tables & set(_COLUMNS)
            }
            version = None
            if columns.get("meta") == _COLUMNS["meta"]:
                row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                version = None if row is None else str(row[0])
    except sqlite3.DatabaseError as exc:
        raise SaveError(f"{not_ours}: {exc}") from None
    if app_id not in (0, APPLICATION_ID):
        raise SaveError(f"{not_ours}: it belongs to another program (application id {app_id})")
    if not tables:
        return
    if version is not None and version not in READABLE_VERSIONS:
        raise SaveError(
            f"{path} has save format {version}; this version reads format {SCHEMA_VERSION}"
        )
    foreign = sorted(tables - set(_COLUMNS))
    if foreign or version is None or any(columns[t] != _COLUMNS[t] for t in columns):
        what = f"tables {', '.join(foreign)}" if foreign else "tables of another layout"
        raise SaveError(f"{not_ours}: it holds another program's data ({what})")


class Store:
    """A SQLite file holding every browser's table. Safe to share between threads.

    ``player_limit`` and ``idle_days``: see ``Transaction.make_room``.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        player_limit: int = PLAYER_LIMIT,
        idle_days: int = PLAYER_IDLE_DAYS,
    ) -> None:
        self.path = Path(path)
        self.player_limit = player_limit
        self.idle_days = idle_days
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._locks = [threading.Lock() for _ in range(_LOCK_STRIPES)]
        inspect_file(self.path)  # before anything is created or written
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"cannot create the folder of {self.path}: {exc.strerror}") from None
        self.secret = self._set_up()

    def _connect(self) -> sqlite3.Connection:
        # Each connection is used by one thread only (thread-local); check_same_thread is off
        # so that ``close`` can close them all at shutdown.
        conn = sqlite3.connect(
            self.path, isolation_level=None, timeout=30.0, check_same_thread=False
        )
        conn.execute("PRAGMA busy_timeout = 30000")
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    def _set_up(self) -> bytes:
        """WAL, our tables, the save format and the cookie key (the file is ours: checked)."""
        try:
            with closing(self._connect()) as conn:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("BEGIN IMMEDIATE")
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(  # a format-1 save is upgraded: its new tables were just made
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)",
                    (str(SCHEMA_VERSION),),
                )
                conn.execute(
                    "INSERT OR IGNORE INTO meta (key, value) VALUES ('cookie_key', ?)",
                    (secrets.token_hex(32),),
                )
                row = conn.execute("SELECT value FROM meta WHERE key = 'cookie_key'").fetchone()
                conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{self.path} is not a usable Ban Luck save: {exc}") from None
        except OSError as exc:
            raise SaveError(f"cannot open {self.path}: {exc.strerror}") from None
        try:
            return bytes.fromhex(str(row[0]))
        except ValueError:
            raise SaveError(f"{self.path}: the cookie key in table meta is damaged") from None

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
        """Hold this player's lock (one change per player at a time in this process)."""
        lock = self._locks[zlib.crc32(player.encode()) % _LOCK_STRIPES]
        with lock:
            yield

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """One all-or-nothing write transaction: committed when the block ends, else
        rolled back."""
        conn = self._conn()
        with self._write_lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield Transaction(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @contextmanager
    def reading(self) -> Iterator[Transaction]:
        """A read transaction: one consistent snapshot, no lock, never waits for a writer
        (WAL). Only the reading methods of the Transaction may be used in it."""
        conn = self._conn()
        conn.execute("BEGIN DEFERRED")
        try:
            yield Transaction(conn)
        finally:
            conn.execute("ROLLBACK")

    def ping(self) -> None:
        """A query that must answer (readiness); the store's error when it does not."""
        self._conn().execute("SELECT 1").fetchone()

    def close(self) -> None:
        """Close every connection (at shutdown, when no request is running)."""
        with self._all_lock:
            conns, self._all = self._all, []
        for conn in conns:
            conn.close()
        self._local = threading.local()
