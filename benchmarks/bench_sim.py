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

from banluck.games.banluck import preset
from banluck.games.banluck.sim import kernel, simulate
from banluck.games.banluck.sim.tables import build_tables
from banluck.games.banluck.strategy import policy_for
from benchmarks.common import sim_main, time_kernel


def bench_core(hands: int, repeats: int) -> None:
    """Seat hands per second of the compiled kernel on one core, JIT excluded."""
    for name, decks in (("table", 2), ("table", 1), ("one-on-one", 1)):
        for fresh in (False, True):
            rules = preset(name, decks)
            if fresh and rules.shuffle_every_hand:
                continue
            tables = build_tables(rules, policy_for(rules), fresh_shoe=fresh)
            best, cpu = time_kernel(kernel.run, tables, hands, repeats)
            seats = len(rules.seats)
            shoe = "fresh" if fresh or rules.shuffle_every_hand else "T12"
            print(
                f"core  {name:10} {decks} deck(s) {shoe:5}: {hands / best:12,.0f} table hands/s "
                f"{hands * seats / best:12,.0f} seat hands/s, {hands * seats / cpu:12,.0f} in "
                f"CPU time  (best of {repeats} x {hands:,})"
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


_SETUP = """
from banluck.games.banluck import preset
from banluck.games.banluck.sim import kernel
from banluck.games.banluck.sim.tables import build_tables
from banluck.games.banluck.strategy import baseline_policy
t = build_tables(preset("table", 2), baseline_policy)
"""


def main() -> None:
    sim_main(__doc__, core=bench_core, workers=bench_workers, setup=_SETUP)


if __name__ == "__main__":
    main()
