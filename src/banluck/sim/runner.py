"""A simulation run: chunks of hands over worker processes, the counts merged exactly.

A run of ``hands`` table hands is cut into chunks of ``chunk`` hands; chunk ``i`` plays with
random stream ``i`` of ``SeedSequence(seed)`` from a freshly shuffled shoe. Each chunk returns
integer counts, which are added: the result depends on the seed and the chunk size only,
never on the number of workers or the order in which chunks finish.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from banluck.core.rules import Rules
from banluck.sim import DEFAULT_CHUNK, kernel
from banluck.sim.kernel import (
    A_BAN_BAN,
    A_BAN_LUCK,
    A_CARDS,
    A_DEALER_NATURAL,
    A_FIVE_DRAGON,
    A_HANDS,
    A_LOSE,
    A_NET,
    A_NET2,
    A_PUSH,
    A_SEAT_NET,
    A_SEAT_NET2,
    A_THROWN,
    A_VOID,
    A_WIN,
    ACC_SIZE,
)
from banluck.sim.tables import Policy, SimTables, build_tables

Z95 = 1.959963984540054

#: Which frequencies count per seat hand and which per table hand.
PER_SEAT_HAND = ("ban-ban", "ban-luck", "five-dragon")
PER_TABLE_HAND = ("dealer-natural", "void")


@dataclass(frozen=True)
class SimResult:
    """The merged counts of a run and what follows from them."""

    rules: Rules
    fresh_shoe: bool
    seed: int
    workers: int
    seconds: float
    counts: tuple[int, ...] = field(repr=False)
    #: Each full chunk's (hands, summed net), for the batch-means interval.
    chunks: tuple[tuple[int, int], ...] = field(default=(), repr=False)

    @property
    def hands(self) -> int:
        """Table hands played (each deals every seat and the dealer)."""
        return self.counts[A_HANDS]

    @property
    def seats(self) -> int:
        return len(self.rules.seats)

    @property
    def seat_hands(self) -> int:
        return self.hands * self.seats

    @property
    def house_edge(self) -> float:
        """What the dealer wins per initial seat bet (positive when the dealer is ahead)."""
        return -self.counts[A_NET] / self.seat_hands

    @property
    def ci95(self) -> float:
        """The 95 % half-width of ``house_edge``; table hands are the independent units
        (the seats of one hand share the dealer's cards)."""
        n = self.hands
        mean = self.counts[A_NET] / n
        var = max(self.counts[A_NET2] / n - mean * mean, 0.0) * n / max(n - 1, 1)
        return Z95 * math.sqrt(var / n) / self.seats

    @property
    def ci95_batches(self) -> float | None:
        """The 95 % half-width from the spread of the chunks' edges (batch means), which
        also holds when hands of one shoe depend on each other (T12); None with fewer than
        20 full chunks."""
        if not self.chunks:
            return None
        size = max(n for n, _ in self.chunks)
        full = [net / n for n, net in self.chunks if n == size]
        if len(full) < 20:
            return None
        k = len(full)
        mean = sum(full) / k
        var = sum((x - mean) ** 2 for x in full) / (k - 1)
        return Z95 * math.sqrt(var / k) / self.seats

    @property
    def std(self) -> float:
        """The standard deviation of one seat hand's net, in bets."""
        n = self.seat_hands
        mean = self.counts[A_NET] / n
        return math.sqrt(max(self.counts[A_SEAT_NET2] / n - mean * mean, 0.0))

    @property
    def seat_edges(self) -> dict[str, float]:
        """The house edge against each seat."""
        return {
            name: -self.counts[A_SEAT_NET + i] / self.hands
            for i, name in enumerate(self.rules.seats)
        }

    @property
    def frequencies(self) -> dict[str, float]:
        """Ban-Ban, Ban-Luck (dealt), five dragon (made) per seat hand; the dealer's natural
        and the void hand (T15) per table hand."""
        c = self.counts
        return {
            "ban-ban": c[A_BAN_BAN] / self.seat_hands,
            "ban-luck": c[A_BAN_LUCK] / self.seat_hands,
            "five-dragon": c[A_FIVE_DRAGON] / self.seat_hands,
            "dealer-natural": c[A_DEALER_NATURAL] / self.hands,
            "void": c[A_VOID] / self.hands,
        }

    @property
    def results(self) -> dict[str, float]:
        """How seat hands ended, per seat hand (a void hand counts as none of these)."""
        c = self.counts
        return {
            "win": c[A_WIN] / self.seat_hands,
            "lose": c[A_LOSE] / self.seat_hands,
            "push": c[A_PUSH] / self.seat_hands,
            "thrown-in": c[A_THROWN] / self.seat_hands,
        }

    @property
    def cards_per_hand(self) -> float:
        return self.counts[A_CARDS] / self.hands

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    @property
    def seat_hands_per_second(self) -> float:
        return self.seat_hands / self.seconds if self.seconds > 0 else math.inf

    def to_json(self) -> dict[str, Any]:
        """The run as JSON: the issue's keys first, then the details."""
        return {
            "hands": self.hands,
            "house_edge": self.house_edge,
            "ci95": self.ci95,
            "frequencies": self.frequencies,
            "hands_per_second": self.hands_per_second,
            "ci95_batch_means": self.ci95_batches,
            "preset": self.rules.name,
            "decks": self.rules.decks,
            "seats": list(self.rules.seats),
            "seat_hands": self.seat_hands,
            "seat_hands_per_second": self.seat_hands_per_second,
            "shoe": "fresh" if self.fresh_shoe or self.rules.shuffle_every_hand else "T12",
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "std": self.std,
            "seat_house_edge": self.seat_edges,
            "results": self.results,
            "cards_per_hand": self.cards_per_hand,
            "frequency_units": {
                **{k: "per seat hand" for k in PER_SEAT_HAND},
                **{k: "per table hand" for k in PER_TABLE_HAND},
            },
        }


_WORKER_TABLES: SimTables | None = None


def _init_worker(tables: SimTables) -> None:
    global _WORKER_TABLES
    _WORKER_TABLES = tables
    kernel.run(tables, 1, kernel.rng_states(0, 1)[0])  # load the compiled code now


def _run_chunk(n: int, state: np.ndarray[Any, np.dtype[np.uint64]]) -> list[int]:
    assert _WORKER_TABLES is not None
    return [int(v) for v in kernel.run(_WORKER_TABLES, n, state)]


def simulate(
    rules: Rules,
    hands: int,
    *,
    policy: Policy | None = None,
    workers: int = 1,
    fresh_shoe: bool = False,
    seed: int | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Callable[[int], None] | None = None,
) -> SimResult:
    """Play ``hands`` full table hands of ``rules`` with ``policy`` (the project's strategy,
    ``policy_for(rules)``, by default) and return the merged counts.

    ``fresh_shoe`` shuffles before every hand; otherwise T12 reshuffles (or O2, when the
    rules shuffle every hand). ``progress`` is called with the hands of each finished chunk.
    """
    if hands < 1:
        raise ValueError("hands must be at least 1")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if policy is None:
        from banluck.strategy import policy_for

        policy = policy_for(rules)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy) % (1 << 63)  # type: ignore[arg-type]
    tables = build_tables(rules, policy, fresh_shoe=fresh_shoe)
    sizes = [chunk] * (hands // chunk) + ([hands % chunk] if hands % chunk else [])
    states = kernel.rng_states(seed, len(sizes))
    total = np.zeros(ACC_SIZE, dtype=np.int64)
    chunks: list[tuple[int, int]] = []
    kernel.run(tables, 1, kernel.rng_states(0, 1)[0])  # compile or load before the clock
    start = time.perf_counter()
    if workers == 1 or len(sizes) == 1:
        for n, state in zip(sizes, states, strict=True):
            acc = kernel.run(tables, n, state)
            total += acc
            chunks.append((n, int(acc[A_NET])))
            if progress is not None:
                progress(n)
        used = 1
    else:
        used = min(workers, len(sizes))
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(
            used, mp_context=ctx, initializer=_init_worker, initargs=(tables,)
        ) as pool:
            futures = {
                pool.submit(_run_chunk, n, state): n for n, state in zip(sizes, states, strict=True)
            }
            for fut in as_completed(futures):
                acc = np.asarray(fut.result(), dtype=np.int64)
                total += acc
                chunks.append((futures[fut], int(acc[A_NET])))
                if progress is not None:
                    progress(futures[fut])
    seconds = time.perf_counter() - start
    return SimResult(
        rules=rules,
        fresh_shoe=fresh_shoe,
        seed=seed,
        workers=used,
        seconds=seconds,
        counts=tuple(int(v) for v in total),
        chunks=tuple(sorted(chunks)),
    )
