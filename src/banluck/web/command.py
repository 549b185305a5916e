"""``banluck serve``: the web table on http://127.0.0.1:8000 (issue 3).

``--db postgresql://…`` keeps everything in PostgreSQL, shared by every server process on it
(``--workers N`` on one port, or several machines): the rooms, every player's own tables and
histories, the shared ledgers, and the cookies' key (a player's cookie is good on every
machine), with the limits counted over all of them. ``--save FILE`` beside it keeps the
players' tables in that SQLite file instead (WAL: the processes of one machine only), as
servers did before their tables could live in PostgreSQL; ``banluck migrate`` moves them."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import platformdirs

from banluck.rooms.limits import RoomLimits
from banluck.store import PLAYER_LIMIT, SaveError, Store
from banluck.web.limits import (
    CONNECTIONS_PER_ADDRESS,
    HEADER_TIMEOUT,
    KEEP_ALIVE,
    MAX_CONNECTIONS,
)

EXIT_BAD_INPUT = 2


def default_db() -> Path:
    """The save file in the user's data directory (no setup needed)."""
    return Path(platformdirs.user_data_dir("banluck", appauthor=False)) / "banluck.sqlite3"


def _serve(args: argparse.Namespace) -> int:
    from banluck.store.pg_rooms import PgRoomStore
    from banluck.store.pg_saves import PgStore
    from banluck.store.schema import is_postgres_url
    from banluck.web.app import ShoeFileError, create_app
    from banluck.web.public import public_urls
    from banluck.web.server import ConnectionLimits, run, run_worker, run_workers
    from banluck.web.workers import worker_socket

    pg_url = args.db if args.db and is_postgres_url(args.db) else None
    if args.save and not pg_url:
        print("banluck serve: --save goes with --db postgresql://…", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.workers > 1 and not pg_url:
        print(
            "banluck serve: --workers above 1 needs the rooms in PostgreSQL"
            " (--db postgresql://…): a SQLite rooms file is one process's",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    db = Path(args.save or (default_db() if pg_url else args.db or default_db()))
    try:
        public = public_urls(args.public_url)
    except ValueError as exc:
        print(f"banluck serve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    host = f"[{args.host}]" if ":" in args.host else args.host

    def make_app() -> Any:
        # The Host header may name localhost, an IP address or --host, with this port.
        rooms = PgRoomStore(pg_url) if pg_url else None
        saves = None
        try:
            key = None if rooms is None else rooms.cookie_key()
            if pg_url and not args.save:
                saves = PgStore(pg_url, player_limit=args.max_players)
            app = create_app(
                db,
                shoes=shoes,
                host_names=[host],
                port=args.port,
                cookie_key=key,
                client_header=args.client_header,
                player_limit=args.max_players,
                public=public,
                saves=saves,
                rooms=rooms,
            )
        except BaseException:
            for store in (rooms, saves):
                if store is not None:
                    store.close()
            raise
        index = app.state.room_index
        index.limits = replace(
            index.limits,
            total=args.max_rooms or index.limits.total,
            per_player=args.max_rooms_per_player or index.limits.per_player,
        )
        return app

    limits = ConnectionLimits(
        header_timeout=args.header_timeout,
        max_connections=args.max_connections,
        keep_alive=args.keep_alive,
        # behind a trusted proxy every connection is the proxy's: the header counts instead
        per_address=None if args.client_header else CONNECTIONS_PER_ADDRESS,
    )
    listening = worker_socket()  # a worker of ``--workers``: serves its supervisor's socket
    app: Any = None  # made here for one process; by each worker for several
    try:
        shoes = shoe_files(args.shoe or [])
        if listening is not None or args.workers == 1:
            app = make_app()
        else:  # the save files and PostgreSQL's tables made once, before any worker (two
            # workers turning a new SQLite file to WAL at once: "database is locked")
            if args.save:
                Store(db).close()
            first = PgRoomStore(str(pg_url))  # the migrations, once
            try:
                first.cookie_key()
            finally:
                first.close()
    except (SaveError, ShoeFileError, ValueError) as exc:
        print(f"banluck serve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if listening is not None:
        return run_worker(
            app, listening, args.host, args.port, args.log_level, limits, args.log_json
        )
    if pg_url and not args.save:
        where = f"tables and rooms in PostgreSQL, {args.workers} process(es)"
        if _holds_tables(db):
            print(
                f"banluck serve: the tables saved in {db} are not used with PostgreSQL;"
                f" `banluck migrate {db} --db URL` moves them there",
                file=sys.stderr,
            )
    else:
        where = f"saves in {db}" + (
            f"; rooms in PostgreSQL, {args.workers} process(es)" if pg_url else ""
        )
    at = " and ".join(u.origin for u in public) or f"http://{host}:{args.port}"
    print(f"Ban Luck is at {at}  ({where}; Ctrl+C stops)", flush=True)
    if app is None:
        return run_workers(
            args.workers, args.host, args.port, args.log_level, limits, args.log_json
        )
    run(app, args.host, args.port, args.log_level, limits, args.log_json)
    return 0


def _holds_tables(path: Path) -> bool:
    """Whether the SQLite save at ``path`` keeps any player's table."""
    import sqlite3
    from contextlib import closing

    if not path.is_file():
        return False
    try:
        with closing(sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)) as conn:
            return conn.execute("SELECT 1 FROM players LIMIT 1").fetchone() is not None
    except sqlite3.Error:
        return False


def shoe_files(values: list[str]) -> dict[str, str]:
    """``--shoe FILE`` (the ``table`` game) or ``--shoe GAME=FILE``, each game once.

    >>> shoe_files(["s.json", "classic=c.json"])
    {'table': 's.json', 'classic': 'c.json'}
    """
    from banluck.games.registry import GAMES, game

    out: dict[str, str] = {}
    for value in values:
        name, sep, path = value.partition("=")
        if sep and name not in GAMES and "/" not in name and not Path(value).exists():
            game(name)  # ValueError: unknown preset, naming the known ones
        if not sep or name not in GAMES:
            name, path = "table", value
        if name in out:
            raise ValueError(f"--shoe is given twice for {name!r}")
        out[name] = path
    return out


def _positive(kind: type[float] | type[int]) -> Callable[[str], float | int]:
    def parse(text: str) -> float | int:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
        return value

    return parse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``banluck`` command."""
    sp = sub.add_parser("serve", help="play at the web table in your browser")
    sp.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    sp.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    sp.add_argument(
        "--db",
        metavar="PATH|URL",
        help=f"the SQLite save file (default: {default_db()}), or postgresql://… to keep"
        " everything (rooms, players' tables, ledgers) in PostgreSQL, shared by every server"
        " process on it",
    )
    sp.add_argument(
        "--save",
        metavar="PATH",
        help="with --db postgresql://…: keep the players' tables in this SQLite file instead"
        " (one machine; the cookies' key is PostgreSQL's)",
    )
    sp.add_argument(
        "--workers",
        type=_positive(int),
        default=1,
        metavar="N",
        help="serve with N processes on one port (needs --db postgresql://…) (1)",
    )
    sp.add_argument(
        "--max-rooms",
        type=_positive(int),
        metavar="N",
        help="rooms the server keeps at once, over every process on --db postgresql://…"
        f" ({RoomLimits().total})",
    )
    sp.add_argument(
        "--max-players",
        type=_positive(int),
        default=PLAYER_LIMIT,
        metavar="N",
        help="players the save file keeps; past it a new player is refused until idle ones"
        f" expire ({PLAYER_LIMIT:,})",
    )
    sp.add_argument(
        "--max-rooms-per-player",
        type=_positive(int),
        metavar="N",
        help=f"rooms one player may host at once ({RoomLimits().per_player})",
    )
    sp.add_argument(
        "--shoe",
        metavar="[GAME=]FILE",
        action="append",
        help="a JSON list of card codes a new browser's first shoe of GAME (table when not"
        " named) deals first, then shuffles; once per game",
    )
    sp.add_argument(
        "--log-level",
        default="warning",
        choices=["critical", "error", "warning", "info", "debug"],
        help="uvicorn's log level (warning)",
    )
    sp.add_argument(
        "--log-json",
        action="store_true",
        help="write the log as JSON lines on stderr (time, level, logger, message)",
    )
    sp.add_argument(
        "--header-timeout",
        type=_positive(float),
        default=HEADER_TIMEOUT,
        metavar="SECONDS",
        help=f"close a connection whose request headers take longer ({HEADER_TIMEOUT:g})",
    )
    sp.add_argument(
        "--keep-alive",
        type=_positive(int),
        default=KEEP_ALIVE,
        metavar="SECONDS",
        help="close a kept-alive connection idle this long; behind a front door that keeps its"
        f" own connections to the game, longer than it keeps them ({KEEP_ALIVE:g})",
    )
    sp.add_argument(
        "--max-connections",
        type=_positive(int),
        default=MAX_CONNECTIONS,
        metavar="N",
        help=f"close connections beyond this many at once ({MAX_CONNECTIONS})",
    )
    sp.add_argument(
        "--public-url",
        action="append",
        metavar="URL",
        help="the address people reach this server at through a front door (nginx, Caddy, a"
        " tunnel), as https://cards.example.com; repeatable; BANLUCK_PUBLIC_URL when not given",
    )
    sp.add_argument(
        "--client-header",
        metavar="NAME",
        help="behind a proxy you trust: the header it writes the client's address into"
        " (X-Forwarded-For), read for the limits per client address; never set it otherwise",
    )
    sp.set_defaults(run=_serve)
