"""The exact solver: the EV of every choice for every hand a seat can hold (issue 4).

For the simulator engineer: ``solve(rules) -> Solution`` gives ``.player_ev``,
``.house_edge``, ``.frequencies`` (keys ``ban-ban``, ``ban-luck``, ``five-dragon``,
``dealer-natural``, ``void``), ``.std``, and the best action of a composition with
``Solution.best_action(counts, up)`` (``counts``: 10 ints, ranks A,2..9,T; ``up``: a rank
index 0..9 one-on-one, else None) or ``Solution.best_for(cards, dealer_up)``.

The model (also ``MODEL`` below, printed by ``banluck odds``): one seat against the dealer;
a fresh shoe; a deep stack (T20's cap ignored); other seats' cards are not removed; a
decision depends on the seat's own cards as a multiset of ranks (10/J/Q/K one class) and,
one-on-one, on the dealer's up card. The dealer's hidden cards are integrated out with
their exact posterior given what the seat has seen, conditioned on the seat getting to play:
``table``, the dealer has neither a natural (T14) nor a 15 (T15); one-on-one, no natural (O5).

The maths. Draws are exchangeable, so with the seat holding the multiset P and the shoe
``n - P``: ``Z(P)`` = P(dealer's two cards let the seat play | P); a hit draws rank c with
probability ``(n_c - p_c) / |n - P| * Z(P + c) / Z(P)``; standing is worth the dealer's
outcome distribution (``Solver.dealer_outcomes``: the dealer's drawing graph, which leaves
out the dealer hands that end the round first, evaluated from ``n - P`` for every composition
of one up card at once by the shared ``banluck.draws`` kernel) settled by T18 / O7 / O8,
divided by ``Z(P)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from banluck.core.cards import (
    ACE_CLASS,
    CLASS_LABELS,
    N_CLASSES,
    RANK_CLASS,
    TEN_CLASS,
    Card,
    class_counts,
    class_label,
    rank_class,
)
from banluck.games.banluck.actions import Action
from banluck.games.banluck.choices import seat_choices
from banluck.games.banluck.grids import (
    BUST_CLASS,
    N_OUTCOMES,
    TOTAL_CAP,
    outcome_class,
    seven_seven_seven_row,
    showdown_row,
)
from banluck.games.banluck.hands import (
    class_natural,
    counts_base,
    kind_with_total,
    total_from,
)
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.settle import bust
from banluck.games.banluck.strategy.dealer_graph import POINTS, dealer_graph
from banluck.games.banluck.strategy.native import HIT, STAND, THROW, kernels
from banluck.games.banluck.strategy.tally import (
    I_DRAGON,
    I_DRAGON21,
    I_FIVE_BUST,
    I_SEAT_BUST,
    NETS,
    Tally,
    deals,
    grown,
    net_bound,
)
from banluck.games.banluck.strategy.ties import CALM_ORDER
from banluck.games.banluck.strategy.totals import MAX_CARDS, total_table

MODEL = (
    "One seat against the dealer; a fresh shoe; a deep stack (T20's cap ignored); other "
    "seats' cards are not removed; a decision depends on the seat's own cards as a multiset "
    "of ranks (10/J/Q/K one class) and, one-on-one, on the dealer's up card; the dealer's "
    "hidden cards are integrated out with their exact posterior given what the seat has "
    "seen, conditioned on the seat getting to play (table: the dealer has neither a natural "
    "nor a 15; one-on-one: no natural)."
)

Counts = tuple[int, ...]
#: H5: the composition of three sevens
SEVENS: Counts = tuple(3 if c == RANK_CLASS["7"] else 0 for c in range(N_CLASSES))
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def shoe_counts(decks: int) -> Counts:
    """A fresh shoe by rank class (T11)."""
    return tuple(4 * decks * (4 if c == TEN_CLASS else 1) for c in range(N_CLASSES))


#: ``graph_outcomes`` asked for no count of cards by outcome
_NO_COLUMNS = np.zeros((0, 0))


@dataclass(frozen=True, slots=True)
class HandValue:
    """A seat's composition: its total, the EV of each legal choice, the best one."""

    counts: Counts
    up: int | None
    total: int
    cards: int
    soft: bool
    ev: dict[Action, float]
    best: Action


@dataclass(frozen=True)
class Solution:
    """The solved preset: the edge, the frequencies and every decision's values."""

    rules: Rules
    player_ev: float
    frequencies: dict[str, float]
    std: float
    outcome: dict[int, float]
    extra: dict[str, float]
    hands: dict[tuple[int | None, Counts], HandValue] = field(repr=False)

    @property
    def house_edge(self) -> float:
        """The dealer's advantage per initial bet: minus the player's EV."""
        return -self.player_ev

    def value(self, counts: Counts, up: int | None = None) -> HandValue:
        """The solved values of a composition (a KeyError for one no seat can hold)."""
        return self.hands[(up if self.rules.dealer_up_card else None, tuple(counts))]

    def best_action(self, counts: Counts, up: int | None = None) -> Action:
        """The best legal choice for a composition (and, one-on-one, the up card's class)."""
        return self.value(counts, up).best

    def best_for(self, cards: Sequence[Card], dealer_up: Card | None = None) -> Action:
        """The best legal choice for a hand of engine cards."""
        up = rank_class(dealer_up) if dealer_up is not None else None
        return self.best_action(class_counts(cards), up)


@dataclass(frozen=True, slots=True)
class SeatHand:
    """A seat's composition, before its values (what an ``Override`` reads)."""

    counts: Counts
    up: int | None
    total: int
    cards: int
    soft: bool


#: A fixed strategy to evaluate instead of the best one: a hand -> the choice, or None (the
#: best).
Override = Callable[[SeatHand], Action | None]

#: the kernels' codes of the seat's choices, and the tie-break (``ties.CALM_ORDER``) in them
_CODES = {Action.STAND: STAND, Action.HIT: HIT, Action.THROW: THROW}
_ACTIONS = {code: a for a, code in _CODES.items()}
_CALM = np.array([_CODES[a] for a in CALM_ORDER], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class _Run:
    """One pass of the kernels from some starting compositions: ``seat_reach``'s arrays and
    ``seat_values``' (see ``kernel``)."""

    comps: IntArray
    cards: IntArray
    total: IntArray
    mask: IntArray
    z: FloatArray
    stats: FloatArray
    ev: FloatArray
    best: IntArray


@cache
def _legal_mask(legal: frozenset[Action]) -> int:
    return sum(1 << _CODES[a] for a in legal)


@lru_cache(maxsize=64)
def _seat_grids(rules: Rules) -> tuple[IntArray, IntArray, IntArray]:
    """The totals (``totals.total_table``) and T16 / O6's legal choices by cards and total,
    as the kernels read them."""
    totals, ace_of_n = total_table(rules)
    legal = np.array(
        [
            [_legal_mask(seat_choices(rules, t, n)) for t in range(TOTAL_CAP + 1)]
            for n in range(rules.seat_card_limit + 1)
        ],
        dtype=np.int64,
    )
    return totals, ace_of_n, legal


class Solver:
    """The exact solve of one rules record: ``value_at`` solves only the hands one
    composition can lead to (a house's Hint, a bot, a replayed seat), ``solve_up`` every hand
    against one up card (a whole strategy table). The recursion runs in ``kernel``."""

    def __init__(self, rules: Rules, override: Override | None = None) -> None:
        from banluck.draws.native import kernels as draws

        self.override = override
        self.k = draws()
        self.seat = kernels()
        self.rules = rules
        self.m = net_bound(rules)
        self.n_stats = NETS + 2 * self.m + 1
        #: the shoe by class (the kernels' array), and with each up card taken out
        self.shoe = np.array(shoe_counts(rules.decks), dtype=np.int64)
        self._shoe_up: dict[int | None, IntArray] = {}
        self.totals, self.ace_of_n, self.legal_grid = _seat_grids(rules)
        #: the settle rows (T18 / O7 / O8) as they are first met, by seat outcome class and
        #: the dealer classes the up card's graph reaches; row 0 is H5's (three sevens stand
        #: at once and settle by their own row) or, without it, nothing (a bust's row)
        self.sevens = np.array(SEVENS if rules.seven_seven_seven else (-1,) * N_CLASSES)
        self._rows = [np.zeros(N_OUTCOMES, dtype=np.int64)]
        self._sevens_known = False
        self._row_of: dict[tuple[int, bytes], int] = {}
        #: each up card's dealer classes, and the row of each seat's cards and total
        self._columns: dict[int | None, IntArray] = {}
        self._row_grid: dict[int | None, IntArray] = {}
        self._bust = np.array(
            [self.bust_stats(n) for n in range(rules.seat_card_limit + 2)], dtype=np.float64
        )
        self._layout = np.array(
            [NETS, self.m, I_DRAGON, I_DRAGON21, rules.seat_card_limit], dtype=np.int64
        )
        self._totals: dict[Counts, tuple[int, int, int]] = {}
        self._by_points: dict[tuple[int, int, int], int] = {}
        #: the statistics and ``Z`` of each start ``solve_up`` solved, by up card
        self.starts: dict[tuple[int | None, Counts], tuple[FloatArray, float]] = {}
        self.hands: dict[tuple[int | None, Counts], HandValue] = {}

    # -------------------------------------------------------------- pieces

    def total(self, counts: Counts) -> tuple[int, int, int]:
        """(T3 total, cards, total with every ace 1) of a composition, memoised."""
        known = self._totals.get(counts)
        if known is None:
            base, aces, n = counts_base(counts), counts[ACE_CLASS], sum(counts)
            total = self._by_points.get((base, aces, n))
            if total is None:  # T3, once for each points, aces and cards
                total = total_from(base, aces, self.rules.ace_values(n))
                self._by_points[(base, aces, n)] = total
            known = self._totals[counts] = (total, n, base + aces)
        return known

    def remaining(self, counts: Counts, up: int | None) -> IntArray:
        rem = self.shoe - np.array(counts, dtype=np.int64)
        if up is not None:
            rem[up] -= 1
        return rem

    def dealer_outcomes(
        self, compositions: Sequence[Counts] | IntArray, up: int | None
    ) -> FloatArray:
        """``[i, o]``: P(the dealer's two cards let the seat play and it ends in outcome
        class ``o``) from the shoe without composition ``i`` (and ``up``); a row sums to
        ``Z``. One pass of the shared kernel over the dealer's drawing graph."""
        graph = dealer_graph(self.rules, up)
        removals = np.ascontiguousarray(
            np.array(compositions, dtype=np.int64).reshape(-1, N_CLASSES)
        )
        out = np.zeros((removals.shape[0], N_OUTCOMES))
        self.k.graph_outcomes(
            self.shoe,
            removals,
            -1 if up is None else up,
            graph.counts,
            graph.size,
            graph.child,
            graph.next_out,
            out,
            _NO_COLUMNS,
            BUST_CLASS,
        )
        return out

    def mass(self, counts: Counts, up: int | None) -> float:
        """``Z(counts)``: P(the dealer's two cards let the seat play)."""
        return float(self.dealer_outcomes([counts], up)[0].sum())

    def bust_stats(self, cards: int) -> FloatArray:
        """A bust's outcome statistics (T16 / O6: more with five cards)."""
        _result, multiple = bust(self.rules, cards)
        stats = np.zeros(self.n_stats)
        stats[NETS + self.m - multiple] = 1.0
        stats[I_SEAT_BUST] = 1.0
        stats[I_FIVE_BUST] = 1.0 if cards >= self.rules.seat_card_limit else 0.0
        return stats

    def _net_rows(
        self, cards: IntArray, total: IntArray, sevens: IntArray, up: int | None
    ) -> IntArray:
        """Each hand's settle row against ``up``: T18's by its outcome class (a bust's is
        never read), H5's for three sevens."""
        grid = self._row_grid.get(up)
        if grid is None:
            grid = self._row_grid[up] = np.full((MAX_CARDS + 1, TOTAL_CAP + 1), -1)
            graph = dealer_graph(self.rules, up)
            self._columns[up] = np.unique(graph.next_out[graph.next_out >= 0])
        capped = np.minimum(total, TOTAL_CAP)
        rows = grid[cards, capped]
        missing = rows < 0
        if missing.any():
            pairs = np.unique(cards[missing] * (TOTAL_CAP + 1) + capped[missing])
            for pair in pairs.tolist():
                n, t = divmod(pair, TOTAL_CAP + 1)
                grid[n, t] = 0 if t > 21 else self._row(outcome_class(kind_with_total(n, t), t), up)
            rows = grid[cards, capped]
        if sevens.any():
            if not self._sevens_known:
                self._rows[0] = np.array(seven_seven_seven_row(self.rules), dtype=np.int64)
                self._sevens_known = True
            rows[sevens] = 0
        return rows

    def _row(self, seat: int, up: int | None) -> int:
        """The index of the settle row of seat outcome class ``seat`` against the dealer
        classes ``up``'s graph reaches (the others never weigh)."""
        columns = self._columns[up]
        key = (seat, columns.tobytes())
        row = self._row_of.get(key)
        if row is None:
            row = self._row_of[key] = len(self._rows)
            self._rows.append(
                np.array(showdown_row(self.rules, seat, columns.tolist()), dtype=np.int64)
            )
        return row

    # -------------------------------------------------------------- the recursion

    def _run(self, starts: Sequence[Counts], up: int | None) -> _Run:
        """Every hand ``starts`` lead to against ``up``, solved in one pass of the kernels."""
        shoe = self._shoe_up.get(up)
        if shoe is None:
            shoe = self._shoe_up[up] = self.remaining((0,) * N_CLASSES, up)
        begin = np.array(starts, dtype=np.int64).reshape(-1, N_CLASSES)
        rows = 512
        while True:
            comps = np.zeros((rows, N_CLASSES), dtype=np.int64)
            child = np.zeros((rows, N_CLASSES), dtype=np.int64)
            cards, total, mask = (np.zeros(rows, dtype=np.int64) for _ in range(3))
            n = self.seat.seat_reach(
                shoe, begin, self.totals, self.ace_of_n, POINTS, self.legal_grid, self.sevens,
                comps, child, cards, total, mask, np.zeros(4 * rows, dtype=np.int64),
            )  # fmt: skip
            if n >= 0:
                break
            rows *= 4
        comps, child, cards, total, mask = comps[:n], child[:n], cards[:n], total[:n], mask[:n]
        outcomes = self.dealer_outcomes(comps, up)
        z = outcomes.sum(axis=1)
        sevens = (comps == self.sevens).all(axis=1)
        net_row = self._net_rows(cards, total, sevens, up)
        forced = self._forced(comps, up, cards, total, mask)
        stats = np.zeros((n, self.n_stats))
        ev = np.zeros((n, 3))
        best = np.full(n, -1, dtype=np.int64)
        failed = self.seat.seat_values(
            shoe, comps, child, cards, total, mask, outcomes, z, np.array(self._rows),
            net_row, self._bust, _CALM, forced, self._layout, stats, ev, best,
        )  # fmt: skip
        if failed < 0:
            i = -failed - 2
            raise ValueError(
                f"override chose {_ACTIONS[int(forced[i])]} at "
                f"{class_label(tuple(comps[i].tolist()))}: illegal"
            )
        return _Run(comps, cards, total, mask, z, stats, ev, best)

    def _forced(
        self, comps: IntArray, up: int | None, cards: IntArray, total: IntArray, mask: IntArray
    ) -> IntArray:
        """The override's choice of each hand (-1: the best)."""
        forced = np.full(comps.shape[0], -1, dtype=np.int64)
        if self.override is None:
            return forced
        for i in np.flatnonzero(mask).tolist():
            hand = self._seat_hand(tuple(comps[i].tolist()), up, int(total[i]), int(cards[i]))
            choice = self.override(hand)
            if choice is not None:
                forced[i] = _CODES[choice]
        return forced

    def _seat_hand(self, counts: Counts, up: int | None, total: int, cards: int) -> SeatHand:
        soft = counts[ACE_CLASS] > 0 and total > counts_base(counts) + counts[ACE_CLASS]
        return SeatHand(counts=counts, up=up, total=total, cards=cards, soft=soft)

    def _value(self, run: _Run, i: int, up: int | None) -> HandValue:
        """The ``HandValue`` of ``run``'s hand ``i`` (one the seat decides)."""
        counts = tuple(run.comps[i].tolist())
        hand = self._seat_hand(counts, up, int(run.total[i]), int(run.cards[i]))
        ev = {Action.STAND: float(run.ev[i, STAND]), Action.HIT: float(run.ev[i, HIT])}
        if run.mask[i] & (1 << THROW):
            ev[Action.THROW] = float(run.ev[i, THROW])
        return HandValue(
            counts=counts,
            up=up,
            total=hand.total,
            cards=hand.cards,
            soft=hand.soft,
            ev=ev,
            best=_ACTIONS[int(run.best[i])],
        )

    def solve_up(self, up: int | None) -> None:
        """Every hand against ``up``: ``hands``, and ``starts`` for the two-card hands."""
        starts = [
            key
            for i in range(N_CLASSES)
            for j in range(i, N_CLASSES)
            if class_natural(i, j) is None
            and min(self.remaining(key := grown(grown((0,) * N_CLASSES, i), j), up)) >= 0
        ]
        run = self._run(starts, up)
        for i in np.flatnonzero(run.best >= 0).tolist():
            hv = self._value(run, i, up)
            self.hands[(up, hv.counts)] = hv
        for i, key in enumerate(starts):
            self.starts[(up, key)] = (run.stats[i], float(run.z[i]))

    def value_at(self, counts: Counts, up: int | None) -> HandValue:
        """The solved values of one composition, solving only the hands it can lead to (a
        KeyError for one no seat decides: a natural, a bust, five cards)."""
        hv = self.hands.get((up, counts))
        if hv is None:
            total, n, _ = self.total(counts)
            pair = [c for c in range(N_CLASSES) for _ in range(counts[c])] if n == 2 else ()
            if (
                total > 21
                or (pair and class_natural(*pair) is not None)
                or min(self.remaining(counts, up)) < 0
            ):
                raise KeyError(f"no decision at {class_label(counts)}")
            run = self._run([counts], up)
            if run.best[0] < 0:
                raise KeyError(f"no decision at {class_label(counts)}")
            hv = self.hands[(up, counts)] = self._value(run, 0, up)
        return hv


@lru_cache(maxsize=8)
def solve(rules: Rules, override: Override | None = None) -> Solution:
    """Solve a preset exactly (see the module docstring for the model).

    ``override`` turns the solve into the exact evaluation of another strategy: called with
    each hand's solved values, it may return the choice to play there instead (a legal one);
    the EVs of the hands before it then follow that strategy.
    """
    solver = Solver(rules, override)
    tally = Tally(rules)
    ups: list[int | None] = list(range(N_CLASSES)) if rules.dealer_up_card else [None]
    shoe = shoe_counts(rules.decks)
    for up in ups:
        solver.solve_up(up)
        for deal in deals(shoe, up):
            z = tally.dealer_opening(deal)
            wz = deal.weight * z
            if deal.natural is not None:
                tally.seat_natural(deal.natural, wz)
                continue
            stats, z2 = solver.starts[(up, deal.seat)]
            assert math.isclose(z, z2, rel_tol=1e-9, abs_tol=1e-15)
            tally.played(stats, wz)
    return Solution(rules=rules, **tally.figures(), hands=solver.hands)


__all__ = [
    "CLASS_LABELS",
    "MODEL",
    "HandValue",
    "Override",
    "SeatHand",
    "Solution",
    "Solver",
    "shoe_counts",
    "solve",
]
