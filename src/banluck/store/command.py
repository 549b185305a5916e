"""``banluck migrate`` (PostgreSQL's tables made or brought up to date; a SQLite save moved
in) and ``banluck backup`` (a consistent copy of a running server's store)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_BAD_INPUT = 2


def _migrate(args: argparse.Namespace) -> int:
    from banluck.store.move import move_to_postgres
    from banluck.store.schema import is_postgres_url, migrate
    from banluck.store.sqlite import SaveError

    if not is_postgres_url(args.db):
        print("banluck migrate: --db must be postgresql://…", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        if args.save is None:
            done = migrate(args.db)
            print(f"migrations applied: {', '.join(done)}" if done else "up to date")
            return 0
        moved = move_to_postgres(Path(args.save), args.db)
    except SaveError as exc:
        print(f"banluck migrate: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"moved {args.save} into PostgreSQL:")
    for table, n in moved.rows.items():
        print(f"  {table.removeprefix('banluck_')}: {n}")
    if moved.key_kept:
        print(
            "the database had a cookies' key of its own and keeps it: the moved players' "
            "browsers must sign in anew (their tables are kept under their old ids)"
        )
    print(f"serve with: banluck serve --db {args.db}  (without --save)")
    return 0


def _backup(args: argparse.Namespace) -> int:
    from banluck.store.move import backup
    from banluck.store.sqlite import SaveError

    try:
        written = backup(args.source, Path(args.dest))
    except SaveError as exc:
        print(f"banluck backup: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for path in written:
        print(path)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``migrate`` and ``backup`` to the ``banluck`` command."""
    mp = sub.add_parser(
        "migrate",
        help="make or update PostgreSQL's tables; with a SAVE file, move it into PostgreSQL",
    )
    mp.add_argument(
        "save",
        nargs="?",
        metavar="SAVE",
        help="a SQLite save file to move in (its rooms file beside it comes too)",
    )
    mp.add_argument("--db", required=True, metavar="URL", help="postgresql://…")
    mp.set_defaults(run=_migrate)
    bp = sub.add_parser("backup", help="copy a running server's save file or PostgreSQL database")
    bp.add_argument("source", metavar="SAVE|URL", help="the save file, or postgresql://…")
    bp.add_argument(
        "dest", metavar="FILE", help="where the copy goes (PostgreSQL: pg_dump's custom format)"
    )
    bp.set_defaults(run=_backup)
