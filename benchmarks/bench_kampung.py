"""Benchmarks of the kampung bots (issue 9): the time of one decision of the bot banker
(its recursion over the posterior of the players' hands, target under 5 ms: the table's
bots' banker under each of the equilibrium's strategies, and the pure solve's) and of a bot
player (a table look-up, target under 1 ms), one core.

Run from the repository root::

    .venv/bin/python -m benchmarks.bench_kampung            # both, 2,000 engine hands
    .venv/bin/python -m benchmarks.bench_kampung --hands 500

The decisions are those real hands ask: the engine (``round.py``) plays random shuffled
shoes with the bots deciding, and every decision record is kept; then each policy is timed
over all of them (after a short warm-up, which loads the compiled code: ``WARM_UP``). Figures
are the mean and the 99th percentile per decision, wall clock and process CPU time.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from banluck.core.cards import RANKS, SUITS
from banluck.core.shoe import Shoe
from banluck.games.kampung.bots.policy import (
    banker_hint,
    banker_policy,
    player_hint,
    player_policy,
    table_bots,
)
from banluck.games.kampung.decisions import BankerDecision, PlayerDecision
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG


def collect(hands: int, seed: int = 1) -> tuple[list[PlayerDecision], list[BankerDecision]]:
    """The decisions of ``hands`` engine hands played by the project's bots."""
    rng = random.Random(seed)
    pp = player_policy(KAMPUNG)
    bp = banker_policy(KAMPUNG)
    players: list[PlayerDecision] = []
    bankers: list[BankerDecision] = []
    for _ in range(hands):
        deck = [r + s for r in RANKS for s in SUITS] * 2
        rng.shuffle(deck)
        r = KampungRound.start(
            KAMPUNG,
            Shoe.stacked(deck, decks=2),
            banker="dealer",
            bank_stack=10**6,
            players=[PlayerEntry(s, 10_000, 50) for s in ("you", "anna", "ben")],
        )
        while not r.is_over:
            d = r.decision()
            if isinstance(d, BankerDecision):
                bankers.append(d)
                r.apply(bp(d))
            else:
                players.append(d)
                r.apply(pp(d))
    return players, bankers


#: Decisions played before timing, to load the compiled code. Only a few: the banker keeps
#: the posterior of each shoe it has seen (``policy._BankerModel``), and a warm-up over every
#: decision would time those look-ups instead of the decisions as the replay meets them.
WARM_UP = 20


def timed(
    fn: Callable[[Any], str] | Callable[[Any], dict[str, float]], items: list[Any]
) -> dict[str, float]:
    """Mean and 99th percentile in microseconds per call (wall), and mean CPU."""
    for d in items[:WARM_UP]:  # warm-up: compiled code loaded
        fn(d)
    walls = []
    cpu0 = time.process_time()
    for d in items:
        t = time.perf_counter()
        fn(d)
        walls.append(time.perf_counter() - t)
    cpu = time.process_time() - cpu0
    walls.sort()
    return {
        "decisions": len(items),
        "mean_us": 1e6 * statistics.fmean(walls),
        "p99_us": 1e6 * walls[int(0.99 * (len(walls) - 1))],
        "cpu_mean_us": 1e6 * cpu / len(items),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    args = ap.parse_args(argv)
    players, bankers = collect(args.hands)
    print(f"python {platform.python_version()}, {platform.machine()}; {args.hands} hands")
    bots = table_bots(KAMPUNG)
    rows: list[tuple[str, Callable[[Any], Any], list[Any], int | None]] = [
        *(
            (f"table banker strategy {j}", bots.bankers[j], bankers, 5000)
            for j, q in enumerate(bots.play.strategy_weights)
            if q > 0.0
        ),
        ("bot banker (project)", banker_policy(KAMPUNG), bankers, 5000),
        ("banker hint", lambda d: banker_hint(KAMPUNG, d), bankers, None),
        ("bot banker (full-shoe)", banker_policy(KAMPUNG, "full-shoe"), bankers, 5000),
        ("bot player (project)", player_policy(KAMPUNG), players, 1000),
        ("player hint", lambda d: player_hint(KAMPUNG, d), players, None),
    ]
    for name, fn, items, target in rows:
        r = timed(fn, items)
        goal = f" (target < {target} us)" if target else ""
        print(
            f"{name:24s} {r['decisions']:6d} decisions: mean {r['mean_us']:8.1f} us, "
            f"p99 {r['p99_us']:8.1f} us, CPU mean {r['cpu_mean_us']:8.1f} us{goal}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
