"""PostgreSQL's tables, made and changed by numbered migrations (yoyo-migrations).

The migrations are the SQL files in ``store/migrations`` (``0001.rooms.sql``, …), each
applied once per database in a transaction of its own and recorded in yoyo's tables. Every
process applies what is missing when it opens the database (``migrate``), one process at a
time: a session advisory lock on a connection of our own is held around yoyo's work, so a
second process waits for the first and then finds nothing to do, and a process killed in the
middle leaves no lock behind (the server drops it with the connection).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import psycopg

from banluck.store.sqlite import SaveError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: An arbitrary key of ``pg_advisory_lock``: one process migrates a database at a time.
_MIGRATE_LOCK = 0x424C4D47
#: Seconds a process waits for another's migration before it gives up.
LOCK_SECONDS = 120


def is_postgres_url(value: str) -> bool:
    """Whether ``--db`` names PostgreSQL rather than a SQLite file.

    >>> is_postgres_url("postgresql://u@h/db"), is_postgres_url("x.sqlite3")
    (True, False)
    """
    return value.startswith(("postgresql://", "postgres://"))


def yoyo_url(url: str) -> str:
    """The URL as yoyo names a database it reaches through psycopg 3.

    >>> yoyo_url("postgres://u:p@h:5432/db?sslmode=require")
    'postgresql+psycopg://u:p@h:5432/db?sslmode=require'
    """
    return "postgresql+psycopg://" + url.split("://", 1)[1]


def pending(url: str) -> list[str]:
    """The migrations this database has not had yet, by id (``0002.saves``)."""
    from yoyo import get_backend, read_migrations

    backend = get_backend(yoyo_url(url))
    try:
        return [m.id for m in backend.to_apply(read_migrations(str(MIGRATIONS)))]
    finally:
        backend.connection.close()


def migrate(url: str) -> list[str]:
    """Apply every migration the database at ``url`` lacks, one process at a time; the ids
    of those applied (none when it was up to date). ``SaveError`` when the database cannot
    be reached or a migration fails (nothing of that migration is kept)."""
    from yoyo import get_backend, read_migrations

    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as guard:
            guard.execute(f"SET lock_timeout = '{LOCK_SECONDS}s'")
            guard.execute("SELECT pg_advisory_lock(%s)", (_MIGRATE_LOCK,))
            backend = get_backend(yoyo_url(url))
            try:
                todo = backend.to_apply(read_migrations(str(MIGRATIONS)))
                backend.apply_migrations(todo)
                return [m.id for m in todo]
            finally:
                backend.connection.close()
    except psycopg.Error as exc:
        raise SaveError(f"cannot set up the PostgreSQL database: {exc}".strip()) from None


def cookie_key(conn: psycopg.Connection[Any]) -> bytes:
    """The key that signs the players' cookies (and seeds new tables' first salts), the
    same for every process and machine on this database: made once by whichever asks first
    (no race: the insert of a second is ignored), read by all."""
    try:
        conn.execute(
            "INSERT INTO banluck_meta (key, value) VALUES ('cookie_key', %s)"
            " ON CONFLICT (key) DO NOTHING",
            (secrets.token_hex(32),),
        )
        row = conn.execute("SELECT value FROM banluck_meta WHERE key = 'cookie_key'").fetchone()
        return bytes.fromhex(str(row[0]) if row else "")
    except (psycopg.Error, ValueError) as exc:
        raise SaveError(f"the cookies' key in PostgreSQL is not usable: {exc}") from None
