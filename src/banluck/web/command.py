"""``banluck serve``: the web table on http://127.0.0.1:8000 (issue 3)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import platformdirs

from banluck.store import SaveError

EXIT_BAD_INPUT = 2


def default_db() -> Path:
    """The save file in the user's data directory (no setup needed)."""
    return Path(platformdirs.user_data_dir("banluck", appauthor=False)) / "banluck.sqlite3"


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from banluck.web.app import ShoeFileError, create_app

    db = Path(args.db) if args.db else default_db()
    try:
        app = create_app(db, shoe_file=args.shoe)
    except (SaveError, ShoeFileError) as exc:
        print(f"banluck serve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Ban Luck is at http://{host}:{args.port}  (saves in {db}; Ctrl+C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``banluck`` command."""
    sp = sub.add_parser("serve", help="play at the web table in your browser")
    sp.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    sp.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    sp.add_argument("--db", metavar="PATH", help=f"the SQLite save file (default: {default_db()})")
    sp.add_argument(
        "--shoe",
        metavar="FILE",
        help="a JSON list of card codes a new browser's first shoe deals first, then shuffles",
    )
    sp.add_argument(
        "--log-level",
        default="warning",
        choices=["critical", "error", "warning", "info", "debug"],
        help="uvicorn's log level (warning)",
    )
    sp.set_defaults(run=_serve)
