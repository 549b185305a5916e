"""Benchmark of the exact solver (issue 4): the whole ``table`` 2-deck solve.

Run from the repository root::

    .venv/bin/python -m benchmarks.bench_solver            # table, 2 decks
    .venv/bin/python -m benchmarks.bench_solver --all      # also table 1 deck, one-on-one
    .venv/bin/python -m benchmarks.bench_solver --profile  # cProfile of one warm solve

Three figures per preset, each the wall time of ``solve(rules)`` (every hand's EVs, the
edge, the frequencies and the outcome distribution):

* *compile*: a fresh process with an empty Numba cache (``NUMBA_CACHE_DIR`` set to a new
  directory), so the kernel's JIT compile is included;
* *cold*: a fresh process with the Numba cache filled, so the compiled kernel is loaded
  from disk (what a second ``banluck odds`` costs, minus Python's start-up);
* *warm*: in this process after a first solve, the best of several repeats (the solve
  alone, no compile).

The CPU time of the warm solve is printed too: the figure to quote when other work shares
the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import subprocess
import sys
import tempfile
import time

from banluck.games.banluck.rules import preset

_CHILD = """
import time
t = time.perf_counter()
from banluck.games.banluck.rules import preset
from banluck.games.banluck.strategy.solver import solve
solve(preset({name!r}, {decks}))
print(time.perf_counter() - t)
"""


def _child(name: str, decks: int, cache_dir: str) -> float:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    out = subprocess.run(
        [sys.executable, "-c", _CHILD.format(name=name, decks=decks)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip())


def _warm(name: str, decks: int, repeats: int) -> tuple[float, float]:
    from banluck.games.banluck.strategy.solver import solve

    rules = preset(name, decks)
    solve(rules)
    best_wall = best_cpu = float("inf")
    for _ in range(repeats):
        solve.cache_clear()
        w, c = time.perf_counter(), time.process_time()
        solve(rules)
        best_wall = min(best_wall, time.perf_counter() - w)
        best_cpu = min(best_cpu, time.process_time() - c)
    return best_wall, best_cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="every preset, not only table 2")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    if args.profile:
        from banluck.games.banluck.strategy.solver import solve

        rules = preset("table", 2)
        solve(rules)
        solve.cache_clear()
        prof = cProfile.Profile()
        prof.enable()
        solve(rules)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(15)
        return 0
    cases = [("table", 2)] + ([("table", 1), ("one-on-one", 1)] if args.all else [])
    for name, decks in cases:
        with tempfile.TemporaryDirectory() as cache:
            compile_s = _child(name, decks, cache)
            cold_s = _child(name, decks, cache)
        wall, cpu = _warm(name, decks, args.repeats)
        print(
            f"{name} {decks} deck(s): compile {compile_s:.2f} s, cold {cold_s:.2f} s, "
            f"warm {wall:.3f} s wall / {cpu:.3f} s CPU (best of {args.repeats})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
