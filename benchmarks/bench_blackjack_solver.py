"""Benchmark of the blackjack exact solver (issue 19): one core, warm and in a new process.

Run from the repository root::

    .venv/bin/python -m benchmarks.bench_blackjack_solver            # infinite and classic
    .venv/bin/python -m benchmarks.bench_blackjack_solver --parts    # where a warm solve goes

*warm*: in this process after a first solve (Numba's code loaded), the best of several
repeats of a whole solve from a fresh shoe, its dealer tables included (their cache cleared
before each repeat, as for a new shoe or a new house). *new process*: ``banluck odds
--preset NAME`` as a user runs it, interpreter start, imports and the solve included, its
Numba cache warm (``scripts/setup.sh`` warms it); the median of several runs. ``--jit``: the warm
solve on Numba's just-in-time kernels instead of the extension built ahead of time
(``solver_native``). *parts*: one
warm solve timed in its three stages: the dealer's outcome tables for every removal
composition (``solver.dealer_table``), the play of every family (``evaluate`` less the
tables) and the rest.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from typing import TYPE_CHECKING

from benchmarks.common import machine

if TYPE_CHECKING:
    from banluck.games.blackjack.rules import BlackjackRules


def warm(rules: BlackjackRules, repeats: int) -> tuple[float, float]:
    """The best wall and CPU seconds of a whole solve of ``rules`` (see the module text)."""
    from banluck.games.blackjack.strategy import solver

    shoe = solver.shoe_counts(rules.decks)
    solver.evaluate(rules, shoe)
    best_wall = best_cpu = float("inf")
    for _ in range(repeats):
        solver._dealer_cached.cache_clear()
        w, c = time.perf_counter(), time.process_time()
        solver.evaluate(rules, shoe)
        best_wall = min(best_wall, time.perf_counter() - w)
        best_cpu = min(best_cpu, time.process_time() - c)
    return best_wall, best_cpu


def new_process(command: list[str], runs: int) -> float:
    """The median wall seconds of ``command`` run as a new process."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def odds_command(*args: str) -> list[str]:
    """``banluck odds ARGS --json`` as a user runs it."""
    return [sys.executable, "-m", "banluck", "odds", *args, "--json"]


def _parts(name: str) -> str:
    from banluck.games.blackjack.rules import PRESETS
    from banluck.games.blackjack.strategy import solver

    rules = PRESETS[name]
    shoe = solver.shoe_counts(rules.decks)
    solver.evaluate(rules, shoe)
    solver._dealer_cached.cache_clear()
    t0 = time.perf_counter()
    solver._dealer_cached(tuple(shoe), rules.dealer_stands_on, rules.dealer_hits_soft_17)
    t1 = time.perf_counter()
    solver.evaluate(rules, shoe)  # the tables now kept: the families' play and the summary
    t2 = time.perf_counter()
    return f"dealer tables {t1 - t0:.3f} s, the rest of the solve {t2 - t1:.3f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--parts", action="store_true")
    parser.add_argument(
        "--jit",
        action="store_true",
        help="warm: Numba's just-in-time kernels rather than the ahead-of-time extension",
    )
    args = parser.parse_args()
    from banluck.draws import kernel as draws_kernel
    from banluck.draws import native as draws_native
    from banluck.games.blackjack.strategy import kernel as solver_kernel
    from banluck.games.blackjack.strategy import native as solver_native

    if args.jit:
        solver_native.kernels = lambda: solver_kernel
        draws_native.kernels = lambda: draws_kernel
    print(f"# kernels: {solver_native.kernels().__name__}")
    print(f"# bench_blackjack_solver: {machine()}")
    for name in ("infinite", "classic"):
        if args.parts:
            print(f"{name:9} parts: {_parts(name)}")
            continue
        from banluck.games.blackjack.rules import PRESETS

        wall, cpu = warm(PRESETS[name], args.repeats)
        new = new_process(odds_command("--preset", name), args.runs)
        print(
            f"{name:9} warm {wall:.3f} s wall / {cpu:.3f} s CPU (best of {args.repeats}); "
            f"new process {new:.2f} s (median of {args.runs})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
