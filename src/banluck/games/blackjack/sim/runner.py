"""A blackjack simulation run (issue 8) and what its counts say.

``simulate`` builds the kernel's tables for ``classic`` or ``infinite`` and hands the run to
``banluck.sim.chunks``; ``SimResult`` reads the merged counts (money in the units of
``tables.money_unit``) as the house edge with its intervals, each side bet's return and
how often things happen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from banluck.games.blackjack.decisions import Policy
from banluck.games.blackjack.rules import SIDE_BET_NAMES, BlackjackRules
from banluck.games.blackjack.sim import kernel
from banluck.games.blackjack.sim.kernel import (
    A_BLACKJACK,
    A_CARDS,
    A_DBUST_BY_N,
    A_DEALER_BJ,
    A_DEALER_BUST,
    A_DEALER_PLAYED,
    A_DOUBLE,
    A_ERROR,
    A_FINAL_HANDS,
    A_HANDS,
    A_INSURANCE_OFFERED,
    A_LOSE,
    A_MID_RESHUFFLES,
    A_NET,
    A_NET2,
    A_PUSH,
    A_SB_LINE,
    A_SB_NET,
    A_SB_NET2,
    A_SB_PLACED,
    A_SEAT_NET,
    A_SEAT_NET2,
    A_SHUFFLES,
    A_SPLIT,
    A_SURRENDER,
    A_WIN,
    ACC_SIZE,
    MAX_SEATS,
)
from banluck.games.blackjack.sim.sidebets import MAX_LINES
from banluck.games.blackjack.sim.tables import MAX_CARDS, build_tables, money_unit
from banluck.sim.chunks import (
    Z95,
    TableRun,
    batch_half_width,
    check_run,
    half_width,
    run_kernel,
)

#: Hands per chunk of work: a fraction of a second, so the progress bar moves.
DEFAULT_CHUNK = 1 << 20


@dataclass(frozen=True)
class SimResult(TableRun):
    """The merged counts of a run and what follows from them. Money is per unit bet."""

    HANDS_SLOT: ClassVar[int] = A_HANDS
    CARDS_SLOT: ClassVar[int] = A_CARDS

    rules: BlackjackRules
    line_names: tuple[tuple[str, ...], ...] = field(repr=False, default=())
    #: Each full chunk's (hands, summed net in money units), for the batch-means interval.
    chunks: tuple[tuple[int, int], ...] = field(default=(), repr=False)

    @property
    def unit(self) -> int:
        """The money units the counts hold in a bet (``tables.money_unit``)."""
        return money_unit(self.rules)

    @property
    def house_edge(self) -> float:
        """What the dealer wins per initial seat bet (positive when the dealer is ahead)."""
        return -self.counts[A_NET] / self.unit / self.seat_hands

    @property
    def ci95(self) -> float:
        """The 95 % half-width of ``house_edge``; table hands are the independent units
        (the seats of one hand share the dealer's cards, in ``infinite`` all their cards)."""
        return (
            half_width(self.counts[A_NET], self.counts[A_NET2], self.hands) / self.seats / self.unit
        )

    @property
    def ci95_batches(self) -> float | None:
        """The 95 % half-width from the spread of the chunks' edges (batch means), which
        also holds when the hands of one shoe depend on each other; None with fewer than
        20 full chunks."""
        half = batch_half_width(self.chunks)
        return None if half is None else half / self.seats / self.unit

    @property
    def std(self) -> float:
        """The standard deviation of one seat hand's net, in bets."""
        n = self.seat_hands
        mean = self.counts[A_NET] / n
        return math.sqrt(max(self.counts[A_SEAT_NET2] / n - mean * mean, 0.0)) / self.unit

    @property
    def seat_edges(self) -> dict[str, float]:
        """The house edge against each seat."""
        return {
            name: -self.counts[A_SEAT_NET + i] / self.unit / self.hands
            for i, name in enumerate(self.rules.seats)
        }

    def side_bet(self, b: int) -> dict[str, Any]:
        """I10: side bet ``b``: how often it was placed, its return per unit (RTP) and house
        edge with a 95 % half-width, and each line's frequency per bet placed."""
        c = self.counts
        placed = c[A_SB_PLACED + b]
        if placed == 0:
            return {"placed": 0}
        net = c[A_SB_NET + b]
        # The seats' bets of one table hand read the same dealer (in ``infinite`` the same
        # cards too): the table hands that had the bet are the independent units.
        per_table = placed / self.seats
        mean = net / per_table
        var = max(c[A_SB_NET2 + b] / per_table - mean * mean, 0.0)
        half = Z95 * math.sqrt(var / per_table) / self.seats
        names = self.line_names[b] if self.line_names else ()
        lines = {
            names[k] if k < len(names) else str(k): c[A_SB_LINE + b * MAX_LINES + k] / placed
            for k in range(1, len(names))
        }
        return {
            "placed": placed,
            "rtp": 1 + net / placed,
            "house_edge": -net / placed,
            "ci95": half,
            "lines": lines,
        }

    @property
    def side_bets(self) -> dict[str, dict[str, Any]]:
        """Every side bet (empty when the rules have none)."""
        if not self.rules.side_bets:
            return {}
        return {name: self.side_bet(b) for b, name in enumerate(SIDE_BET_NAMES)}

    @property
    def frequencies(self) -> dict[str, float]:
        """Per seat hand: blackjacks dealt, splits, hands doubled, surrenders, insurance
        offered and not taken (B10); per table hand: the dealer's blackjack (shown by the
        peek), the dealer playing its hand out, the dealer busting."""
        c = self.counts
        sh = self.seat_hands
        return {
            "blackjack": c[A_BLACKJACK] / sh,
            "split": c[A_SPLIT] / sh,
            "double": c[A_DOUBLE] / sh,
            "surrender": c[A_SURRENDER] / sh,
            "insurance-not-taken": c[A_INSURANCE_OFFERED] / sh,
            "dealer-blackjack": c[A_DEALER_BJ] / self.hands,
            "dealer-plays": c[A_DEALER_PLAYED] / self.hands,
            "dealer-bust": c[A_DEALER_BUST] / self.hands,
        }

    @property
    def dealer_busts_by_cards(self) -> dict[str, float]:
        """Per table hand: the dealer busts with 3, 4, … cards (8 or more as one)."""
        c = self.counts
        out: dict[str, float] = {}
        for n in range(3, MAX_CARDS + 1):
            key = str(n) if n < 8 else "8+"
            out[key] = out.get(key, 0.0) + c[A_DBUST_BY_N + n] / self.hands
        return out

    @property
    def results(self) -> dict[str, float]:
        """How final seat hands ended (a split counts two), per final hand."""
        c = self.counts
        n = max(c[A_FINAL_HANDS], 1)
        return {"win": c[A_WIN] / n, "lose": c[A_LOSE] / n, "push": c[A_PUSH] / n}

    def to_json(self) -> dict[str, Any]:
        """The run as JSON."""
        c = self.counts
        return {
            "preset": self.rules.name,
            "decks": self.rules.decks,
            "seats": list(self.rules.seats),
            "hands": self.hands,
            "seat_hands": self.seat_hands,
            "house_edge": self.house_edge,
            "rtp": 1 - self.house_edge,
            "ci95": self.ci95,
            "ci95_batch_means": self.ci95_batches,
            "std": self.std,
            "seat_house_edge": self.seat_edges,
            "side_bets": self.side_bets,
            "frequencies": self.frequencies,
            "dealer_busts_by_cards": self.dealer_busts_by_cards,
            "results": self.results,
            "cards_per_hand": self.cards_per_hand,
            "shuffles": c[A_SHUFFLES],
            "mid_hand_reshuffles": c[A_MID_RESHUFFLES],
            "shoe": "fresh" if self.fresh_shoe else "real",
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "seat_hands_per_second": self.seat_hands_per_second,
        }


def _check(acc: Any) -> None:
    if acc[A_ERROR]:
        raise RuntimeError("the simulator's shoe ran out or a decision was missing")


def simulate(
    rules: BlackjackRules,
    hands: int,
    *,
    policy: Policy | Mapping[str, Policy] | None = None,
    workers: int = 1,
    fresh_shoe: bool = False,
    seed: int | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Callable[[int], None] | None = None,
    dask: str | None = None,
) -> SimResult:
    """Play ``hands`` full table hands of ``rules`` with ``policy`` (the project's strategy,
    ``policy_for(rules)``, by default; or one policy per seat) and return the merged counts.

    ``fresh_shoe`` shuffles before every hand (the solver's model); otherwise the real shoe
    (C8, or I1's burn and cut card). ``progress`` is called with the hands of each chunk.
    """
    check_run(hands, workers, chunk)
    if len(rules.seats) > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats")
    if policy is None:
        from banluck.games.blackjack.strategy.play import policy_for

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
        check=_check,
        progress=progress,
        dask=dask,
    )
    return SimResult(
        rules=rules,
        fresh_shoe=fresh_shoe,
        line_names=tables.line_names,
        chunks=run.chunk_nets(A_NET),
        **run.run_fields(),
    )
