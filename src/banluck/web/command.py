"""``banluck serve``: the web table on http://127.0.0.1:8000 (issue 3)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import platformdirs

from banluck.store import SaveError
from banluck.web.limits import HEADER_TIMEOUT, MAX_CONNECTIONS

EXIT_BAD_INPUT = 2


def default_db() -> Path:
    """The save file in the user's data directory (no setup needed)."""
    return Path(platformdirs.user_data_dir("banluck", appauthor=False)) / "banluck.sqlite3"


def _serve(args: argparse.Namespace) -> int:
    from banluck.web.app import ShoeFileError, create_app
    from banluck.web.server import run

    db = Path(args.db) if args.db else default_db()
    host = f"[{args.host}]" if ":" in args.host else args.host
    try:
        # The Host header may name localhost, an IP address or --host, with this port.
        shoes = shoe_files(args.shoe or [])
        app = create_app(db, shoes=shoes, host_names=[host], port=args.port)
    except (SaveError, ShoeFileError, ValueError) as exc:
        print(f"banluck serve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"Ban Luck is at http://{host}:{args.port}  (saves in {db}; Ctrl+C stops)", flush=True)
    run(
        app,
        args.host,
        args.port,
        args.log_level,
        header_timeout=args.header_timeout,
        max_connections=args.max_connections,
    )
    return 0


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
    sp.add_argument("--db", metavar="PATH", help=f"the SQLite save file (default: {default_db()})")
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
        "--header-timeout",
        type=_positive(float),
        default=HEADER_TIMEOUT,
        metavar="SECONDS",
        help=f"close a connection whose request headers take longer ({HEADER_TIMEOUT:g})",
    )
    sp.add_argument(
        "--max-connections",
        type=_positive(int),
        default=MAX_CONNECTIONS,
        metavar="N",
        help=f"close connections beyond this many at once ({MAX_CONNECTIONS})",
    )
    sp.set_defaults(run=_serve)
