"""A Ban Luck simulation run (issue 4) and what its counts say.

``simulate`` builds the kernel's tables for a preset and a policy and hands the run to
``banluck.sim.chunks`` (chunks, random streams, workers, exact merging); ``SimResult`` turns
the merged counts into the house edge, its 95 % intervals and the special hands' frequencies.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from banluck.games.banluck.records import Policy
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.sim import kernel
from banluck.games.banluck.sim.kernel import (
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
from banluck.games.banluck.sim.tables import build_tables
from banluck.sim import DEFAULT_CHUNK
from banluck.sim.chunks import (
    TableRun,
    batch_half_width,
    check_run,
    half_width,
    run_kernel,
)

#: Which frequencies count per seat hand and which per table hand.
PER_SEAT_HAND = ("ban-ban", "ban-luck", "five-dragon")
PER_TABLE_HAND = ("dealer-natural", "void")


@dataclass(frozen=True)
class SimResult(TableRun):
    """The merged counts of a run and what follows from them."""

    HANDS_SLOT: ClassVar[int] = A_HANDS
    CARDS_SLOT: ClassVar[int] = A_CARDS

    rules: Rules
    #: Each full chunk's (hands, summed net), for the batch-means interval.
    chunks: tuple[tuple[int, int], ...] = field(default=(), repr=False)

    @property
    def house_edge(self) -> float:
        """What the dealer wins per initial seat bet (positive when the dealer is ahead)."""
        return -self.counts[A_NET] / self.seat_hands

    @property
    def ci95(self) -> float:
        """The 95 % half-width of ``house_edge``; table hands are the independent units
        (the seats of one hand share the dealer's cards)."""
        return half_width(self.counts[A_NET], self.counts[A_NET2], self.hands) / self.seats

    @property
    def ci95_batches(self) -> float | None:
        """The 95 % half-width from the spread of the chunks' edges (batch means), which
        also holds when hands of one shoe depend on each other (T12); None with fewer than
        20 full chunks."""
        half = batch_half_width(self.chunks)
        return None if half is None else half / self.seats

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
    dask: str | None = None,
) -> SimResult:
    """Play ``hands`` full table hands of ``rules`` with ``policy`` (the project's strategy,
    ``policy_for(rules)``, by default) and return the merged counts.

    ``fresh_shoe`` shuffles before every hand; otherwise T12 reshuffles (or O2, when the
    rules shuffle every hand). ``progress`` is called with the hands of each finished chunk.
    """
    check_run(hands, workers, chunk)
    if policy is None:
        from banluck.games.banluck.strategy import policy_for

        policy = policy_for(rules)
    tables = build_tables(rules, policy, fresh_shoe=fresh_shoe)
    run = run_kernel(
        kernel.run,
        tables,
        hands,
        size=ACC_SIZE,
        seed=seed,
        chunk=chunk,
        workers=workers,
        progress=progress,
        dask=dask,
    )
    return SimResult(
        rules=rules,
        fresh_shoe=fresh_shoe,
        chunks=run.chunk_nets(A_NET),
        **run.run_fields(),
    )
