"""Benchmarks of the blackjack simulator (issue 8): seat hands per second on one core.

Run from the repository root::

    .venv/bin/python -m benchmarks.bench_blackjack_sim            # all of it
    .venv/bin/python -m benchmarks.bench_blackjack_sim core       # one core, the kernel alone
    .venv/bin/python -m benchmarks.bench_blackjack_sim workers    # simulate() with 1 and 2 workers
    .venv/bin/python -m benchmarks.bench_blackjack_sim compile    # Numba compile / cache load

*core*: ``sim_kernel.run`` on one core with the project's strategy for every seat, after a
warm-up call, so Numba's compile (or cache load) is excluded; best of several repeats. Both
the wall clock and the process's CPU time are shown (on a shared machine the CPU time is the
fairer "per core" figure). A seat hand is one seat's hand in one table hand (three seats).

*workers*: the whole ``simulate()`` call, wall clock, for 1 and 2 worker processes (with
workers: starting the processes and loading the compiled code in each included).

*compile*: a fresh process with an empty Numba cache directory times the first call
(compile), and a second fresh process with that cache times it again (cache load).
"""

from __future__ import annotations

from banluck.games.blackjack.rules import PRESETS
from banluck.games.blackjack.sim import kernel
from banluck.games.blackjack.sim.runner import simulate
from banluck.games.blackjack.sim.tables import build_tables
from banluck.games.blackjack.strategy.play import policy_for
from benchmarks.common import load, sim_main, time_kernel


def bench_core(hands: int, repeats: int) -> None:
    """Seat hands per second of the compiled kernel on one core, JIT excluded."""
    for name in ("infinite", "classic"):
        rules = PRESETS[name]
        for fresh in (False, True):
            tables = build_tables(rules, policy_for(rules), fresh_shoe=fresh)
            best_wall, best_cpu = time_kernel(kernel.run, tables, hands, repeats)
            seats = len(rules.seats)
            shoe = "fresh" if fresh else "real"
            print(
                f"core  {name:8} {shoe:5}: {hands * seats / best_wall:12,.0f} seat hands/s wall, "
                f"{hands * seats / best_cpu:12,.0f} per CPU second "
                f"(best of {repeats} x {hands:,} table hands; {load()})"
            )


def bench_workers(hands: int) -> None:
    """The whole simulate() call with 1 and 2 workers, wall clock."""
    for name in ("infinite", "classic"):
        for workers in (1, 2):
            res = simulate(PRESETS[name], hands, workers=workers, seed=1)
            print(
                f"simulate {name:8} real shoe, {workers} worker(s): {res.seconds:6.2f} s, "
                f"{res.seat_hands_per_second:12,.0f} seat hands/s  ({hands:,} table hands; "
                f"{load()})"
            )


_SETUP = """
from banluck.games.blackjack.sim import kernel
from banluck.games.blackjack.rules import INFINITE
from banluck.games.blackjack.sim.tables import build_tables
from banluck.games.blackjack.strategy.play import policy_for
t = build_tables(INFINITE, policy_for(INFINITE))
"""


def main() -> None:
    sim_main(__doc__, core=bench_core, workers=bench_workers, setup=_SETUP)


if __name__ == "__main__":
    main()
