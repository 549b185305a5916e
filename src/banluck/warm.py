"""``banluck warm``: compile the fast kernels once, so that no player waits for it.

The solver, the simulators and the kampung bots run Numba kernels that keep their machine
code between runs (``cache=True``, next to the sources). On a fresh checkout that cache is
empty, and the first kampung hand at the table, the first Hint or the first ``simulate``
would stop for several seconds (up to a minute on a busy machine) while the kernels compile.
``scripts/setup.sh`` runs this command, so the compiling happens while setting up.

The exact solvers' kernels (Ban Luck's and blackjack's) and the kampung table's (the banker's
recursion, the hand types) are also compiled ahead of time into extension modules
(``banluck.native``), so that ``banluck odds``, ``strategy`` and a kampung replay start
without Numba. Each further step runs a small real workload through the same code the table and the
commands use: the exact odds of every game that has them, a short simulation of every game,
and a few kampung hands where the project's bots play every seat, banker included, and ask
for hints.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from banluck.games import GAMES


def _kampung_hands(hands: int = 12) -> set[str]:
    """K2: the bank rotates, so the bots both bank and play; every choice asks for a hint.
    Who held the bank."""
    from banluck.games.kampung.bots.policy import banker_hint, player_hint, table_bots
    from banluck.games.kampung.decisions import BankerDecision
    from banluck.games.kampung.rules import KAMPUNG
    from banluck.games.kampung.table import KampungTable

    rules = KAMPUNG.with_bank("rotate")
    table = KampungTable(rules, rng=random.Random(1))
    bots = table_bots(rules)
    bankers: set[str] = set()
    for _ in range(hands):
        bankers.add(table.banker)
        r = table.start_round(None if table.banker == "you" else 10)
        while r.to_act is not None:
            d = r.decision()
            if isinstance(d, BankerDecision):
                banker_hint(rules, d)
            else:
                player_hint(rules, d)
            r.apply(bots.choose(r.deal_key, d))
        table.finish_round(r)
    return bankers


#: the ``banluck`` command's parser builder (``cli.build_parser``, handed to ``register``)
Parser = Callable[[], argparse.ArgumentParser]


def steps(*, simulate: bool, build: Parser | None = None) -> list[tuple[str, Callable[[], object]]]:
    """What ``warm`` runs, by name: the solvers' extensions, what the table uses (the
    odds behind every game's Hint, kampung hands with the bots) and, with ``simulate``, a short
    simulation of every game; the commands are parsed by ``build``'s parser."""
    from banluck.draws.native import DRAWS
    from banluck.games.banluck.strategy.native import SEAT
    from banluck.games.blackjack.strategy.native import SOLVER
    from banluck.games.kampung.equilibrium.native import KERNEL as KAMPUNG_KERNEL

    out: list[tuple[str, Callable[[], object]]] = [
        (
            "the solvers' and kampung's kernels ahead of time",
            lambda: (DRAWS.build(), SEAT.build(), SOLVER.build(), KAMPUNG_KERNEL.build()),
        )
    ]
    for name, g in sorted(GAMES.items()):
        if g.odds is not None:
            out.append((f"odds {name}", _runner(["odds", "--preset", name, "--json"], build)))
    out.append(("kampung bots and hints", _kampung_hands))
    for name, g in sorted(GAMES.items()) if simulate else ():
        if g.simulate is not None:
            sim = ["simulate", "--preset", name, "--hands", "200", "--workers", "1"]
            out.append((f"simulate {name}", _runner([*sim, "--no-progress", "--json"], build)))
    return out


def _runner(argv: list[str], build: Parser | None) -> Callable[[], None]:
    """A ``banluck`` command as a step: its printing thrown away, a failure raised."""

    def run() -> None:
        if build is None:
            raise RuntimeError("no parser to run the command with")
        args = build().parse_args(argv)
        with contextlib.redirect_stdout(io.StringIO()):
            code = args.run(args)
        if code:
            raise RuntimeError(f"exit code {code}")

    return run


def register(sub: Any, build: Parser) -> None:
    """Add ``warm`` to the ``banluck`` subcommands (``build``: the command's parser, whose
    commands the steps run)."""
    p = sub.add_parser("warm", help="compile the fast kernels once (setup.sh runs it)")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")
    p.add_argument(
        "--simulate", action="store_true", help="also the simulators' kernels (banluck simulate)"
    )
    p.set_defaults(run=run, build=build)


def run(args: argparse.Namespace) -> int:
    """Every step in turn, each timed; the first failure stops with exit code 1."""
    start = time.perf_counter()
    for name, step in steps(simulate=args.simulate, build=getattr(args, "build", None)):
        t = time.perf_counter()
        try:
            step()
        except Exception as exc:  # a broken kernel must not pass unnoticed
            print(f"warm: {name} failed: {exc}", file=sys.stderr)
            return 1
        if not args.quiet:
            print(f"warm: {name} {time.perf_counter() - t:.1f} s", flush=True)
    if not args.quiet:
        print(f"warm: all kernels ready in {time.perf_counter() - start:.1f} s")
    return 0
