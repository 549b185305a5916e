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

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

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
from banluck.games.banluck.choices import TURN_OVER, seat_choices
from banluck.games.banluck.grids import (
    BUST_CLASS,
    N_OUTCOMES,
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
from banluck.games.banluck.strategy.dealer_graph import dealer_graph
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
from banluck.games.banluck.strategy.ties import best_choice

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


#: A strategy to evaluate instead of the best one: a hand's values -> the choice, or None.
Override = Callable[[HandValue], Action | None]


def _nets(stats: FloatArray, values: FloatArray) -> float:
    return float(stats[NETS:] @ values)


def _less(counts: Counts, c: int) -> Counts:
    """The composition with one card of class ``c`` less."""
    return (*counts[:c], counts[c] - 1, *counts[c + 1 :])


class Solver:
    """The exact solve of one rules record, hand by hand: ``value_at`` solves only the hands
    one composition can lead to (a house's Hint, a bot, a replayed seat), ``solve`` every
    hand (a whole strategy table)."""

    def __init__(self, rules: Rules, override: Override | None = None) -> None:
        from banluck.draws.native import kernels

        self.override = override
        self.k = kernels()
        self.rules = rules
        self.m = net_bound(rules)
        self.n_stats = NETS + 2 * self.m + 1
        self.net_values = np.arange(-self.m, self.m + 1, dtype=np.float64)
        #: the shoe by class as plain numbers (and as the kernel's array), and with each up
        #: card taken out
        self.shoe_left = shoe_counts(rules.decks)
        self.shoe = np.array(self.shoe_left, dtype=np.int64)
        self.shoe_left_up = [_less(self.shoe_left, up) for up in range(N_CLASSES)]
        #: ``showdown_row`` of each seat class a seat stands with, as it is first met
        self._showdown: dict[int, IntArray] = {}
        #: H5: three sevens stand at once and settle by their own row (None: not paid)
        self.sevens = (
            np.array(seven_seven_seven_row(rules), dtype=np.int64)
            if rules.seven_seven_seven
            else None
        )
        self._totals: dict[Counts, tuple[int, int, int]] = {}
        self._by_points: dict[tuple[int, int, int], int] = {}
        #: the dealer's outcomes from each composition of the up card being solved
        self._outcomes: dict[Counts, FloatArray] = {}
        self._z: dict[Counts, float] = {}
        #: each composition's outcome statistics under the best play, and its ``Z``
        self._memo: dict[Counts, tuple[FloatArray, float]] = {}
        #: the up card the caches above hold (``_prepare``'s); -2: none yet
        self._up: int | None = -2
        #: the other up cards' caches, kept for when they are asked again
        self._by_up: dict[int | None, tuple[dict[Counts, Any], ...]] = {}
        self._draws: dict[Counts, list[tuple[float, Counts, bool]]] = {}
        self._bust_stats: dict[int, FloatArray] = {}
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

    def settle_vector(self, total: int, cards: int, counts: Counts | None = None) -> IntArray:
        """T18 / O7 / O8: the seat's net for each dealer outcome class, standing (H5: a
        7-7-7's own row)."""
        if self.sevens is not None and counts == SEVENS:
            return self.sevens
        seat = outcome_class(kind_with_total(cards, total), total)
        row = self._showdown.get(seat)
        if row is None:
            row = self._showdown[seat] = np.array(showdown_row(self.rules, seat), dtype=np.int64)
        return row

    def remaining(self, counts: Counts, up: int | None) -> IntArray:
        rem = self.shoe - np.array(counts, dtype=np.int64)
        if up is not None:
            rem[up] -= 1
        return rem

    def legal(self, counts: Counts, total: int, n: int) -> frozenset[Action]:
        """The seat's choices with ``counts`` (H5: a 7-7-7 is turned over at once)."""
        if self.sevens is not None and counts == SEVENS:
            return TURN_OVER
        return seat_choices(self.rules, total, n)

    def dealer_outcomes(self, compositions: Sequence[Counts], up: int | None) -> FloatArray:
        """``[i, o]``: P(the dealer's two cards let the seat play and it ends in outcome
        class ``o``) from the shoe without composition ``i`` (and ``up``); a row sums to
        ``Z``. One pass of the shared kernel over the dealer's drawing graph."""
        graph = dealer_graph(self.rules, up)
        removals = np.array(compositions, dtype=np.int64).reshape(-1, N_CLASSES)
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

    def outcome_row(self, counts: Counts, up: int | None) -> FloatArray:
        """The dealer's outcomes from ``counts`` (``dealer_outcomes``), of the compositions
        reached in the up card being solved, else computed alone."""
        row = self._outcomes.get(counts) if up == self._up else None
        return row if row is not None else self.dealer_outcomes([counts], up)[0]

    def mass(self, counts: Counts, up: int | None) -> float:
        """``Z(counts)``: P(the dealer's two cards let the seat play)."""
        z = self._z.get(counts) if up == self._up else None
        return z if z is not None else float(self.outcome_row(counts, up).sum())

    def stand_stats(
        self, counts: Counts, up: int | None, total: int, n: int
    ) -> tuple[FloatArray, float]:
        """Standing's outcome statistics, and ``Z(counts)`` (the same as ``mass``)."""
        out = self.outcome_row(counts, up)
        z = self.mass(counts, up)
        nets = self.settle_vector(total, n, counts)
        stats = np.zeros(self.n_stats)
        stats[NETS:] = np.bincount(nets + self.m, weights=out, minlength=2 * self.m + 1) / z
        if n == self.rules.seat_card_limit:
            stats[I_DRAGON] = 1.0
            stats[I_DRAGON21] = 1.0 if total == 21 else 0.0
        return stats, z

    def bust_stats(self, cards: int) -> FloatArray:
        """A bust's outcome statistics (T16 / O6: more with five cards)."""
        known = self._bust_stats.get(cards)
        if known is not None:
            return known
        _result, multiple = bust(self.rules, cards)
        stats = np.zeros(self.n_stats)
        stats[NETS + self.m - multiple] = 1.0
        stats[I_SEAT_BUST] = 1.0
        stats[I_FIVE_BUST] = 1.0 if cards >= self.rules.seat_card_limit else 0.0
        self._bust_stats[cards] = stats
        return stats

    def draws(self, counts: Counts, up: int | None) -> list[tuple[float, Counts, bool]]:
        """A hit from ``counts``: each card's chance from the shoe left, the composition it
        makes and whether that is a bust (memoised for the up card being solved)."""
        known = self._draws.get(counts) if up == self._up else None
        if known is None:
            shoe = self.shoe_left if up is None else self.shoe_left_up[up]
            left = sum(shoe) - sum(counts)
            known = []
            for c in range(N_CLASSES):
                n_c = shoe[c] - counts[c]
                if n_c > 0:
                    grown = list(counts)
                    grown[c] += 1
                    child = tuple(grown)
                    known.append((n_c / left, child, self.total(child)[0] > 21))
            if up == self._up:
                self._draws[counts] = known
        return known

    def hit_stats(self, counts: Counts, up: int | None, z: float) -> FloatArray:
        """Hitting's outcome statistics: each card by its posterior, then the best play."""
        stats = np.zeros(self.n_stats)
        bust_mass = 0.0  # every bust child holds one card more: one bust's statistics
        for p, child, busts in self.draws(counts, up):
            if busts:
                bust_mass += p * self.mass(child, up)
            else:
                cstats, cz = self.hand(child, up)
                stats += (p * cz / z) * cstats
        if bust_mass:
            stats += (bust_mass / z) * self.bust_stats(sum(counts) + 1)
        return stats

    # -------------------------------------------------------------- the recursion

    def hand(self, counts: Counts, up: int | None) -> tuple[FloatArray, float]:
        """The outcome statistics under the best play from ``counts``, and ``Z(counts)``."""
        memo = self._memo
        hit = memo.get(counts)
        if hit is not None:
            return hit
        total, n, hard = self.total(counts)
        legal = self.legal(counts, total, n)
        # Standing is valued even where T16 forbids it (the hint and the chart show it).
        stand, z = self.stand_stats(counts, up, total, n)
        if legal is TURN_OVER:  # five cards (T6), or a 7-7-7: the hand stands
            memo[counts] = (stand, z)
            return memo[counts]
        options: dict[Action, FloatArray] = {Action.STAND: stand}
        options[Action.HIT] = self.hit_stats(counts, up, z)
        if Action.THROW in legal:
            throw = np.zeros(self.n_stats)
            throw[NETS + self.m] = 1.0  # T16: the bet comes back
            options[Action.THROW] = throw
        ev = {a: _nets(s, self.net_values) for a, s in options.items()}
        best = best_choice(ev, legal)
        soft = counts[ACE_CLASS] > 0 and total > hard
        hv = HandValue(counts=counts, up=up, total=total, cards=n, soft=soft, ev=ev, best=best)
        hv = self._overridden(hv, legal)
        self.hands[(up, counts)] = hv
        result = (options[hv.best], z)
        memo[counts] = result
        return result

    def _overridden(self, hv: HandValue, legal: frozenset[Action]) -> HandValue:
        """``hv`` with the override's choice, where it makes one."""
        if self.override is None:
            return hv
        forced = self.override(hv)
        if forced is None or forced is hv.best:
            return hv
        if forced not in legal:
            raise ValueError(f"override chose {forced} at {class_label(hv.counts)}: illegal")
        return dataclasses.replace(hv, best=forced)

    def reached(self, starts: Sequence[Counts], up: int | None) -> list[Counts]:
        """Every composition the seat can hold from ``starts``: the hands it may hit from,
        the hands it stands with and the busts (whose ``Z`` a hit's value weighs)."""
        seen: set[Counts] = set(starts)
        stack = list(starts)
        while stack:
            counts = stack.pop()
            if counts in self._memo:  # solved before: what it leads to is known
                continue
            total, n, _ = self.total(counts)
            if total > 21 or self.legal(counts, total, n) is TURN_OVER:
                continue
            for _p, child, _busts in self.draws(counts, up):
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        return list(seen)

    def solve_up(self, up: int | None) -> None:
        starts = [
            key
            for i in range(N_CLASSES)
            for j in range(i, N_CLASSES)
            if class_natural(i, j) is None
            and min(self.remaining(key := grown(grown((0,) * N_CLASSES, i), j), up)) >= 0
        ]
        self._prepare(starts, up)
        for key in starts:
            self.hand(key, up)

    def value_at(self, counts: Counts, up: int | None) -> HandValue:
        """The solved values of one composition, solving only the hands it can lead to (a
        KeyError for one no seat decides: a natural, a bust, five cards)."""
        hv = self.hands.get((up, counts))
        if hv is None:
            total, n, _ = self.total(counts)
            pair = [c for c in range(N_CLASSES) for _ in range(counts[c])] if n == 2 else ()
            if (
                total > 21
                or self.legal(counts, total, n) is TURN_OVER
                or (pair and class_natural(*pair) is not None)
                or min(self.remaining(counts, up)) < 0
            ):
                raise KeyError(f"no decision at {class_label(counts)}")
            self._prepare([counts], up)
            self.hand(counts, up)
            hv = self.hands.get((up, counts))
            if hv is None:
                raise KeyError(f"no decision at {class_label(counts)}")
        return hv

    def _prepare(self, starts: Sequence[Counts], up: int | None) -> None:
        """Ready the caches for ``up`` (each up card keeps its own) and the dealer's outcomes
        of every composition reached from ``starts`` not known yet, in one kernel pass."""
        if up != self._up:
            self._by_up[self._up] = (self._memo, self._draws, self._outcomes, self._z)
            self._memo, self._draws, self._outcomes, self._z = self._by_up.pop(up, ({}, {}, {}, {}))
            self._up = up
        new = [c for c in self.reached(starts, up) if c not in self._z]
        if new:
            outcomes = self.dealer_outcomes(new, up)
            self._outcomes.update(zip(new, outcomes, strict=True))
            self._z.update(zip(new, outcomes.sum(axis=1).tolist(), strict=True))


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
            stats, z2 = solver._memo[deal.seat]
            assert math.isclose(z, z2, rel_tol=1e-9, abs_tol=1e-15)
            tally.played(stats, wz)
    return Solution(rules=rules, **tally.figures(), hands=solver.hands)


__all__ = [
    "CLASS_LABELS",
    "MODEL",
    "HandValue",
    "Override",
    "Solution",
    "Solver",
    "shoe_counts",
    "solve",
]
