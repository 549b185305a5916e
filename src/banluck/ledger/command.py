"""``banluck ledger settle FILE [--json]``: a ledger file (docs/LEDGER.md) settled on the
command line: each person's total, biggest win and hands, and who pays whom with the fewest
transfers. Bad input exits 2 with one line naming what is wrong."""

from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal
from typing import Any

from banluck.command_kit import EXIT_BAD_INPUT

#: said once wherever the ledger is shown: it records, it never moves money
RECORDS_ONLY = "The ledger records what a real table owes; it moves no money."


def register(sub: Any) -> None:
    ledger = sub.add_parser("ledger", help="a real-card table's ledger (docs/LEDGER.md)")
    what = ledger.add_subparsers(dest="ledger_command", required=True)
    settle = what.add_parser(
        "settle", help="settle a ledger file: each person's total and who pays whom"
    )
    settle.add_argument("file", help="a ledger as JSON, or '-' for standard input")
    settle.add_argument("--json", action="store_true", help="print the settle-up as JSON")
    settle.set_defaults(run=_settle)


def _settle(args: argparse.Namespace) -> int:
    from banluck.core.errors import LedgerError
    from banluck.ledger.book import read_book, settle_book, settled_json

    try:
        text = sys.stdin.read() if args.file == "-" else _read(args.file)
        try:
            data = json.loads(text, parse_float=Decimal)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise LedgerError(f"not JSON: {exc}") from None
        book = read_book(data)
        settled = settle_book(book)
    except LedgerError as exc:
        print(f"banluck ledger: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    unit = book.unit
    if args.json:
        out = settled_json(book, settled)
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    width = max([len(n) for n in settled.totals] + [6])
    house = book.house.name or book.house.base
    print(f"{len(book.hands)} hands of {house}, in {unit.name}")
    print(f"{'person':<{width}}  {'net':>10}  {'biggest win':>11}  {'hands':>5}")
    for name, t in settled.totals.items():
        net, big = unit.amount(t.net), unit.amount(t.biggest_win)
        shown = f"{net:+,}" if net else "0"
        print(f"{name:<{width}}  {shown:>10}  {big:>11,}  {t.hands:>5}")
    print()
    if not settled.transfers:
        print("Everyone is even: no one pays.")
    for pay in settled.transfers:
        print(f"{pay.giver} pays {pay.taker} {unit.amount(pay.amount):,} {unit.name}")
    print()
    print(RECORDS_ONLY)
    return 0


def _read(path: str) -> str:
    from banluck.core.errors import LedgerError

    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise LedgerError(f"cannot read {path!r}: {exc}") from None
