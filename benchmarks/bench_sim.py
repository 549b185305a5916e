"""Benchmarks of the simulator (issue 4): seat hands per second on one core and with workers.

Run from the repository root::

    .venv/bin/python -m benchmarks.bench_sim            # all of it
    .venv/bin/python -m benchmarks.bench_sim core       # one core, the compiled kernel alone
    .venv/bin/python -m benchmarks.bench_sim workers    # simulate() with 1 and 2 workers
    .venv/bin/python -m benchmarks.bench_sim compile    # Numba compile / cache-load time

*core*: ``kernel.run`` on one core with the project's strategy, after a warm-up call, so
Numba's compile (or cache load) is excluded; best of several repeats. A seat hand is one
seat's hand in one table hand (``table`` has three seats, ``one-on-one`` one).

*workers*: the whole ``simulate()`` call, wall clock, for 1 and 2 worker processes. With
workers the figure includes starting the processes and loading the compiled code in each
(about a second); the table building and the warm-up in the parent are not included.

*compile*: a fresh process with an empty Numba cache directory times the first call
(compile), and a second fresh process with that cache times it again (cache load).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time

from banluck.core import preset
from banluck.sim import kernel, simulate
from banluck.sim.tables import build_tables
from banluck.strategy import policy_for


def machine() -> str:
    """The CPU model and count."""
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def bench_core(hands: int, repeats: int) -> None:
    """Seat hands per second of the compiled kernel on one core, JIT excluded."""
    for name, decks in (("table", 2), ("table", 1), ("one-on-one", 1)):
        for fresh in (False, True):
            rules = preset(name, decks)
            if fresh and rules.shuffle_every_hand:
                continue
            tables = build_tables(rules, policy_for(rules), fresh_shoe=fresh)
            kernel.run(tables, 1000, kernel.rng_states(0, 1)[0])  # compile / load
            best = float("inf")
            for r in range(repeats):
                state = kernel.rng_states(r, 1)[0]
                t0 = time.perf_counter()
                kernel.run(tables, hands, state)
                best = min(best, time.perf_counter() - t0)
            seats = len(rules.seats)
            shoe = "fresh" if fresh or rules.shuffle_every_hand else "T12"
            print(
                f"core  {name:10} {decks} deck(s) {shoe:5}: {hands / best:12,.0f} table hands/s "
                f"{hands * seats / best:12,.0f} seat hands/s  (best of {repeats} x {hands:,})"
            )


def bench_workers(hands: int) -> None:
    """The whole simulate() call with 1 and 2 workers, wall clock."""
    rules = preset("table", 2)
    for workers in (1, 2):
        res = simulate(rules, hands, workers=workers, seed=1)
        print(
            f"simulate table 2 decks T12, {workers} worker(s): {res.seconds:6.2f} s, "
            f"{res.hands_per_second:12,.0f} table hands/s "
            f"{res.seat_hands_per_second:12,.0f} seat hands/s  ({hands:,} table hands)"
        )


_FIRST_CALL = """
import time
from banluck.core import preset
from banluck.sim import kernel
from banluck.sim.tables import build_tables
from banluck.strategy import baseline_policy
t = build_tables(preset("table", 2), baseline_policy)
t0 = time.perf_counter()
kernel.run(t, 10, kernel.rng_states(0, 1)[0])
print(time.perf_counter() - t0)
"""


def bench_compile() -> None:
    """Compile time with an empty cache, and load time from the cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("compile (empty cache)", "load (warm cache)"):
            out = subprocess.run(
                [sys.executable, "-c", _FIRST_CALL], env=env, capture_output=True, text=True
            )
            out.check_returncode()
            print(f"first call, {label}: {float(out.stdout):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "what", nargs="?", default="all", choices=["all", "core", "workers", "compile"]
    )
    parser.add_argument("--hands", type=int, default=5_000_000, help="table hands per timing")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(machine())
    if args.what in ("all", "compile"):
        bench_compile()
    if args.what in ("all", "core"):
        bench_core(args.hands, args.repeats)
    if args.what in ("all", "workers"):
        bench_workers(4 * args.hands)


if __name__ == "__main__":
    main()
