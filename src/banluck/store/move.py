"""Moving a server's SQLite saves into PostgreSQL (``banluck migrate SAVE --db URL``), and
backing either up (``banluck backup``).

A move copies everything the SQLite save keeps (every player's tables and hands, the
records kept aside, the shared ledgers, and the cookies' key, so every browser keeps its
table) and the rooms file beside it (every room and its kept hands) into the database, in
one transaction: all of it or nothing. It refuses, writing nothing, when the database
already holds a player, ledger or room of the same name. The SQLite files are only read
(a save of an older format is first brought to today's, as a server starting on it would).
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg

from banluck.store.rooms import RoomStore, rooms_path
from banluck.store.schema import migrate
from banluck.store.sqlite import SaveError, Store

#: What is copied: the SQLite table, its columns, and the PostgreSQL table they go to (the
#: same columns; ``updated``/``moved`` texts become timestamps).
_TABLES = (
    ("players", ("id", "data", "updated"), "banluck_players"),
    ("history", ("player", "hand", "data"), "banluck_history"),
    ("corrupt_saves", ("player", "data", "reason", "moved"), "banluck_corrupt_saves"),
    ("game_saves", ("player", "game", "data"), "banluck_game_saves"),
    ("game_history", ("player", "game", "hand", "data"), "banluck_game_history"),
    ("ledgers", ("code", "owner", "version", "data", "updated"), "banluck_ledgers"),
)
_ROOM_TABLES = (
    ("rooms", ("code", "data", "updated"), "banluck_rooms"),
    ("room_hands", ("code", "hand", "data"), "banluck_room_hands"),
)
#: The names that must not be in the database already: (SQLite table, key, PostgreSQL table).
_KEYS = (
    ("players", "id", "banluck_players"),
    ("ledgers", "code", "banluck_ledgers"),
)


@dataclass(frozen=True, kw_only=True)
class Moved:
    """What a move copied: rows per PostgreSQL table, and whether the database kept a key
    of its own (its cookies then sign anew: the moved browsers start as new visitors)."""

    rows: dict[str, int]
    key_kept: bool


@contextmanager
def _read(path: Path) -> Iterator[sqlite3.Connection]:
    with closing(sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)) as conn:
        conn.execute("BEGIN")  # one snapshot of the whole file
        yield conn


def _rows(conn: sqlite3.Connection, table: str, columns: tuple[str, ...]) -> list[tuple[object]]:
    order = "rowid" if table == "corrupt_saves" else ", ".join(columns[:1])
    return conn.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}").fetchall()


def move_to_postgres(save: Path, url: str) -> Moved:
    """Copy the SQLite save at ``save`` (and its rooms file, when there is one) into the
    PostgreSQL database at ``url`` (see the module's text). ``SaveError`` names what stops
    it; nothing is written then."""
    if not save.is_file():
        raise SaveError(f"{save}: no such save file")
    Store(save).close()  # checked as the server checks it (an older format is upgraded)
    rooms_file = rooms_path(save)
    if rooms_file.is_file():
        RoomStore(rooms_file).close()
    migrate(url)
    rows: dict[str, int] = {}
    try:
        with psycopg.connect(url) as pg, pg.transaction(), _read(save) as conn:
            for table, key, target in _KEYS:
                names = [r[0] for r in conn.execute(f"SELECT {key} FROM {table}")]
                _refuse_taken(pg, target, key, names)
            for table, columns, target in _TABLES:
                rows[target] = _copy(pg, _rows(conn, table, columns), columns, target)
            old_key = conn.execute("SELECT value FROM meta WHERE key = 'cookie_key'").fetchone()
            if rooms_file.is_file():
                with _read(rooms_file) as rconn:
                    codes = [r[0] for r in rconn.execute("SELECT code FROM rooms")]
                    _refuse_taken(pg, "banluck_rooms", "code", codes)
                    for table, columns, target in _ROOM_TABLES:
                        rows[target] = _copy(pg, _rows(rconn, table, columns), columns, target)
                pg.execute(
                    "UPDATE banluck_rooms SET host = data::jsonb ->> 'host' WHERE host IS NULL"
                )
            pg.execute(
                "INSERT INTO banluck_meta (key, value) VALUES ('cookie_key', %s)"
                " ON CONFLICT (key) DO NOTHING",
                (str(old_key[0]),),
            )
            got = pg.execute("SELECT value FROM banluck_meta WHERE key = 'cookie_key'")
            kept = got.fetchone()
    except psycopg.Error as exc:
        raise SaveError(f"the move into PostgreSQL failed, nothing was kept: {exc}") from None
    except sqlite3.Error as exc:
        raise SaveError(f"{save} could not be read: {exc}") from None
    return Moved(rows=rows, key_kept=kept is not None and kept[0] != old_key[0])


_Pg = psycopg.Connection[tuple[object, ...]]


def _refuse_taken(pg: _Pg, table: str, key: str, names: list[str]) -> None:
    taken = pg.execute(f"SELECT count(*) FROM {table} WHERE {key} = ANY(%s)", (names,)).fetchone()
    if taken and int(str(taken[0])):
        raise SaveError(
            f"the database already holds {taken[0]} of the save's {table[8:]} (same names):"
            " nothing was moved"
        )


def _copy(
    pg: _Pg,
    rows: list[tuple[object]],
    columns: tuple[str, ...],
    target: str,
) -> int:
    if rows:
        marks = ", ".join(["%s"] * len(columns))
        with pg.cursor() as cur:
            cur.executemany(f"INSERT INTO {target} ({', '.join(columns)}) VALUES ({marks})", rows)
    return len(rows)


def backup(source: str, dest: Path) -> list[Path]:
    """A consistent copy of a running server's store: a SQLite save (and its rooms file)
    by SQLite's online backup, safe while the server writes; PostgreSQL by ``pg_dump``
    (its custom format, for ``pg_restore``). The files written."""
    from banluck.store.schema import is_postgres_url

    if is_postgres_url(source):
        tool = _pg_tool("pg_dump")
        done = subprocess.run(
            [tool, "--format=custom", "--no-owner", f"--file={dest}", source],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise SaveError(f"pg_dump failed: {done.stderr.strip()}")
        return [dest]
    save = Path(source)
    if not save.is_file():
        raise SaveError(f"{save}: no such save file")
    written = []
    for src, out in ((save, dest), (rooms_path(save), rooms_path(dest))):
        if src.is_file():
            with closing(sqlite3.connect(src)) as a, closing(sqlite3.connect(out)) as b:
                a.backup(b)
            written.append(out)
    return written


def _pg_tool(name: str) -> str:
    """``pg_dump``/``pg_restore`` on the PATH, else Debian's newest."""
    found = shutil.which(name)
    if found:
        return found
    for bin_dir in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (bin_dir / name).is_file():
            return str(bin_dir / name)
    raise SaveError(f"{name} is not installed (Debian: apt install postgresql-client)")
