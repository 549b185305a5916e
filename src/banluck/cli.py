"""The ``banluck`` command: replay, and the commands the other parts add."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

EXIT_BAD_INPUT = 2


def _open_input(path: str) -> TextIO:
    # Bytes that are not UTF-8 reach the JSON reader as lone surrogates and are reported
    # there as malformed JSON, one line at a time with --lines, never as a traceback.
    if path == "-":
        if isinstance(sys.stdin, io.TextIOWrapper):
            sys.stdin.reconfigure(errors="surrogateescape")
        return sys.stdin
    try:
        return open(path, encoding="utf-8", errors="surrogateescape")
    except OSError as exc:
        from banluck.replay import ReplayError

        raise ReplayError(f"cannot read {path!r}: {exc.strerror}") from None


def _replay(args: argparse.Namespace) -> int:
    from banluck.replay import ReplayError, replay_lines, replay_text  # only this command's

    try:
        source = _open_input(args.file)
        if args.lines:
            for line in replay_lines(source):
                sys.stdout.write(line + "\n")
            sys.stdout.flush()
            return 0
        result = replay_text(source.read())
        json.dump(result, sys.stdout, indent=2)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except ReplayError as exc:
        print(f"banluck replay: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return _output_gone()  # the reader went away (``| head``): stop quietly, as Unix tools do
    except OSError as exc:  # e.g. a full disk: say so in one line
        print(f"banluck replay: cannot write the output: {exc.strerror}", file=sys.stderr)
        return _output_gone()
    return 0


def _output_gone() -> int:
    """Standard output cannot be written: point it at /dev/null so that Python's own flush
    at exit raises nothing more, and fail with status 1."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass
    return 1


def build_parser(*, replay_only: bool = False) -> argparse.ArgumentParser:
    """The command's parser; ``replay_only`` leaves the other commands (and their imports:
    the web, NumPy) out, for a ``banluck replay`` that needs none of them."""
    parser = argparse.ArgumentParser(
        prog="banluck", description="Ban Luck, the twenty-one of Singapore and Malaysia."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="settle a hand from a stacked shoe (REPLAY.md)")
    rp.add_argument("file", help="a hand as JSON, or '-' for standard input")
    rp.add_argument(
        "--lines", action="store_true", help="one hand per line in, one result per line out"
    )
    rp.set_defaults(run=_replay)
    if replay_only:
        return parser
    from banluck.games.banluck.strategy import command as strategy_command

    strategy_command.register(sub)
    # Each further command registers itself here, one line each:
    # (serve: banluck.web.command; odds, strategy: banluck.games.banluck.strategy.command;
    #  simulate: banluck.games.banluck.sim.command)
    from banluck.web import command as web_command

    web_command.register(sub)
    from banluck.games.banluck.sim import command as sim_command

    sim_command.register(sub)
    from banluck import verify as verify_command

    verify_command.register(sub)
    from banluck.ledger import command as ledger_command

    ledger_command.register(sub)
    from banluck.store import command as store_command

    store_command.register(sub)
    from banluck import warm as warm_command

    warm_command.register(sub, build_parser)
    return parser


def _parse_replay(argv: list[str]) -> argparse.Namespace | None:
    """``banluck replay …`` parsed without importing the other commands' modules (the web,
    NumPy), or None when something is left over: the full parser then reports it with the
    usage naming every command."""
    args, rest = build_parser(replay_only=True).parse_known_args(argv)
    return None if rest else args


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parse_replay(argv) if argv[:1] == ["replay"] else None
    if args is None:
        args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except BrokenPipeError:
        return _output_gone()  # any command's reader went away: no traceback
    return code
