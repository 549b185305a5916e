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
outcome distribution (``kernel.dealer_outcomes``, summed over the allowed dealer hands and
their play-outs from ``n - P - D``) settled by T18 / O7 / O8, divided by ``Z(P)``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from banluck.core.actions import Action
from banluck.core.cards import Card
from banluck.core.hands import HandKind, total_from, win_multiple
from banluck.core.rules import Rules

RANK_LABELS = "A23456789T"
N_RANKS = 10
#: Outcome statistics of a hand: net -3..3 (indices 0..6), then these flags.
I_DRAGON, I_DRAGON21, I_SEAT_BUST, I_FIVE_BUST, N_STATS = 7, 8, 9, 10, 11
MAX_CARDS = 32

MODEL = (
    "One seat against the dealer; a fresh shoe; a deep stack (T20's cap ignored); other "
    "seats' cards are not removed; a decision depends on the seat's own cards as a multiset "
    "of ranks (10/J/Q/K one class) and, one-on-one, on the dealer's up card; the dealer's "
    "hidden cards are integrated out with their exact posterior given what the seat has "
    "seen, conditioned on the seat getting to play (table: the dealer has neither a natural "
    "nor a 15; one-on-one: no natural)."
)

Counts = tuple[int, ...]
FloatArray = npt.NDArray[np.float64]


def rank_index(card: Card) -> int:
    """A card's rank class: 0 ace, 1..8 the 2..9, 9 ten-value (T1)."""
    if card.is_ace:
        return 0
    return 9 if card.is_ten_value else card.points - 1


def counts_of(cards: Sequence[Card]) -> Counts:
    """The multiset of a hand's rank classes."""
    counts = [0] * N_RANKS
    for card in cards:
        counts[rank_index(card)] += 1
    return tuple(counts)


def label(counts: Counts) -> str:
    """A composition as ranks in order, e.g. ``"A5T"``."""
    return "".join(RANK_LABELS[r] * c for r, c in enumerate(counts))


def shoe_counts(decks: int) -> Counts:
    """A fresh shoe by rank class (T11)."""
    return (4 * decks,) * 9 + (16 * decks,)


def total_table(rules: Rules, decks: int) -> npt.NDArray[np.int64]:
    """``tot[n, aces, base]`` = ``total_from`` (the engine's T3) for every small hand."""
    from banluck.strategy.kernel import BASE_CAP

    max_aces = 4 * decks
    tot = np.zeros((MAX_CARDS + 1, max_aces + 1, BASE_CAP + 1), dtype=np.int64)
    for n in range(1, MAX_CARDS + 1):
        values = rules.ace_values(n)
        for aces in range(min(n, max_aces) + 1):
            for base in range(BASE_CAP + 1):
                tot[n, aces, base] = total_from(base, aces, values)
    return tot


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
        """The best legal choice for a composition (and, one-on-one, the up card's rank)."""
        return self.value(counts, up).best

    def best_for(self, cards: Sequence[Card], dealer_up: Card | None = None) -> Action:
        """The best legal choice for a hand of engine cards."""
        up = rank_index(dealer_up) if dealer_up is not None else None
        return self.best_action(counts_of(cards), up)


#: A strategy to evaluate instead of the best one: a hand's values -> the choice, or None.
Override = Callable[[HandValue], Action | None]


def legal_for(rules: Rules, total: int, cards: int) -> frozenset[Action]:
    """T16 / O6: the choices of a seat holding ``cards`` cards of ``total`` (empty: none)."""
    if total > 21 or cards >= rules.seat_card_limit:
        return frozenset()
    if rules.free_hand and cards == 2 and total == 15:
        return frozenset({Action.THROW, Action.HIT})
    if total < rules.seat_must_draw_under:
        return frozenset({Action.HIT})
    return frozenset({Action.HIT, Action.STAND})


def _nets(stats: FloatArray) -> float:
    return float(stats[:7] @ np.arange(-3, 4))


class _Solver:
    def __init__(self, rules: Rules, override: Override | None = None) -> None:
        from banluck.strategy import kernel

        self.override = override
        self.k = kernel
        self.rules = rules
        self.shoe = np.array(shoe_counts(rules.decks), dtype=np.int64)
        self.tot = total_table(rules, rules.decks)
        limit = rules.dealer_card_limit
        self.dealer_args = (
            rules.dealer_stands_on,
            rules.dealer_draws_16_with_four,
            limit if limit is not None else 10**6,
            rules.dealer_five_dragon,
            rules.dealer_voids_15,
        )
        self._settle: dict[tuple[int, int], npt.NDArray[np.int64]] = {}
        self._totals: dict[Counts, tuple[int, int, int]] = {}
        self._no_outcomes = np.zeros(0)  # ``dealer_outcomes``: the probability only
        self.hands: dict[tuple[int | None, Counts], HandValue] = {}

    # -------------------------------------------------------------- pieces

    def total(self, counts: Counts) -> tuple[int, int, int]:
        """(T3 total, cards, total with every ace 1) of a composition, memoised."""
        known = self._totals.get(counts)
        if known is None:
            known = self._totals[counts] = self._total(counts)
        return known

    def _total(self, counts: Counts) -> tuple[int, int, int]:
        n = sum(counts)
        aces = counts[0]
        base = sum((r + 1) * c for r, c in enumerate(counts) if r)
        return int(self.tot[n, aces, min(base, self.k.BASE_CAP)]), n, base + aces

    def settle_vector(self, total: int, cards: int) -> npt.NDArray[np.int64]:
        """T18 / O7 / O8: the seat's net for each dealer outcome class, standing."""
        key = (total, cards)
        vec = self._settle.get(key)
        if vec is not None:
            return vec
        rules = self.rules
        dragon = cards == rules.seat_card_limit
        kind = HandKind.FIVE_DRAGON if dragon else HandKind.PLAIN
        own = win_multiple(kind, total, rules)
        vec = np.zeros(self.k.N_OUTCOMES, dtype=np.int64)
        vec[self.k.BUST] = own
        for t in range(22):
            # dealer plain total t
            if dragon or total > t:
                vec[t] = own
            elif total < t:
                vec[t] = -1
            # dealer five dragon of total t
            d_mult = win_multiple(HandKind.FIVE_DRAGON, t, rules)
            if not dragon or total < t:
                vec[22 + t] = -d_mult
            elif total > t:
                vec[22 + t] = own
        self._settle[key] = vec
        return vec

    def remaining(self, counts: Counts, up: int | None) -> npt.NDArray[np.int64]:
        rem = self.shoe - np.array(counts, dtype=np.int64)
        if up is not None:
            rem[up] -= 1
        return rem

    def mass(self, counts: Counts, up: int | None) -> float:
        """``Z(counts)``, without the dealer's play-outs (for a bust hand)."""
        rem = self.remaining(counts, up)
        up_i = -1 if up is None else up
        return float(
            self.k.dealer_outcomes(rem, up_i, self.tot, *self.dealer_args, self._no_outcomes)
        )

    def stand_stats(
        self, counts: Counts, up: int | None, total: int, n: int
    ) -> tuple[FloatArray, float]:
        """Standing's outcome statistics, and ``Z(counts)`` (the same as ``mass``)."""
        rem = self.remaining(counts, up)
        out = np.zeros(self.k.N_OUTCOMES)
        mass = self.k.dealer_outcomes(
            rem, -1 if up is None else up, self.tot, *self.dealer_args, out
        )
        z = out.sum()
        nets = self.settle_vector(total, n)
        stats = np.zeros(N_STATS)
        stats[:7] = np.bincount(nets + 3, weights=out, minlength=7) / z
        if n == self.rules.seat_card_limit:
            stats[I_DRAGON] = 1.0
            stats[I_DRAGON21] = 1.0 if total == 21 else 0.0
        return stats, float(mass)

    # -------------------------------------------------------------- the recursion

    def hand(self, counts: Counts, up: int | None) -> tuple[FloatArray, float]:
        """The outcome statistics under the best play from ``counts``, and ``Z(counts)``."""
        memo = self._memo
        hit = memo.get(counts)
        if hit is not None:
            return hit
        rules = self.rules
        total, n, _ = self.total(counts)
        legal = legal_for(rules, total, n)
        # Standing is valued even where T16 forbids it (the hint and the chart show it).
        stand, z = self.stand_stats(counts, up, total, n)
        options: dict[Action, FloatArray] = {Action.STAND: stand}
        if n >= rules.seat_card_limit:
            memo[counts] = (options[Action.STAND], z)
            return memo[counts]
        rem = self.remaining(counts, up)
        left = int(rem.sum())
        hit_stats = np.zeros(N_STATS)
        for c in range(N_RANKS):
            if rem[c] == 0:
                continue
            child = (*counts[:c], counts[c] + 1, *counts[c + 1 :])
            ctotal, cn, _ = self.total(child)
            if ctotal > 21:
                cz = self.mass(child, up)
                cstats = np.zeros(N_STATS)
                mult = rules.five_card_bust_multiple if cn >= rules.seat_card_limit else 1
                cstats[3 - mult] = 1.0
                cstats[I_SEAT_BUST] = 1.0
                cstats[I_FIVE_BUST] = 1.0 if cn >= rules.seat_card_limit else 0.0
            else:
                cstats, cz = self.hand(child, up)
            hit_stats += (rem[c] / left) * (cz / z) * cstats
        options[Action.HIT] = hit_stats
        if Action.THROW in legal:
            throw = np.zeros(N_STATS)
            throw[3] = 1.0  # T16: the bet comes back
            options[Action.THROW] = throw
        ev = {a: _nets(s) for a, s in options.items()}
        # ties: stand before throw before hit (the calmer choice)
        order = {Action.STAND: 0, Action.THROW: 1, Action.HIT: 2}
        best = max(legal, key=lambda a: (ev[a], -order[a]))
        soft = counts[0] > 0 and total > self.total(counts)[2]
        hv = HandValue(counts=counts, up=up, total=total, cards=n, soft=soft, ev=ev, best=best)
        if self.override is not None:
            forced = self.override(hv)
            if forced is not None and forced is not best:
                if forced not in legal:
                    raise ValueError(f"override chose {forced} at {label(counts)}: illegal")
                best = forced
                hv = dataclasses.replace(hv, best=best)
        self.hands[(up, counts)] = hv
        result = (options[best], z)
        memo[counts] = result
        return result

    def solve_up(self, up: int | None) -> None:
        self._memo: dict[Counts, tuple[FloatArray, float]] = {}
        for i in range(N_RANKS):
            for j in range(i, N_RANKS):
                counts = [0] * N_RANKS
                counts[i] += 1
                counts[j] += 1
                key = tuple(counts)
                if _natural_counts(key) is None and min(self.remaining(key, up)) >= 0:
                    self.hand(key, up)


def _natural_counts(counts: Counts) -> HandKind | None:
    """T4 on a two-card multiset."""
    if sum(counts) != 2:
        return None
    if counts[0] == 2:
        return HandKind.BAN_BAN
    if counts[0] == 1 and counts[9] == 1:
        return HandKind.BAN_LUCK
    return None


def _pair_probs(shoe: Sequence[int]) -> dict[tuple[int, int], float]:
    """Ordered two-card draws from a shoe and their probabilities."""
    left = sum(shoe)
    probs = {}
    for i in range(N_RANKS):
        if shoe[i] == 0:
            continue
        for j in range(N_RANKS):
            cj = shoe[j] - (1 if i == j else 0)
            if cj <= 0:
                continue
            probs[(i, j)] = shoe[i] / left * cj / (left - 1)
    return probs


def _t14(seat: HandKind | None, dealer: HandKind, rules: Rules) -> int:
    """T14: a seat's net against a dealer's natural."""
    dealer_multiple = win_multiple(dealer, 21, rules)
    if seat is None:
        return -dealer_multiple
    if seat is dealer:
        return 0
    if seat is HandKind.BAN_BAN:
        return win_multiple(seat, 21, rules)
    return -dealer_multiple


@lru_cache(maxsize=8)
def solve(rules: Rules, override: Override | None = None) -> Solution:
    """Solve a preset exactly (see the module docstring for the model).

    ``override`` turns the solve into the exact evaluation of another strategy: called with
    each hand's solved values, it may return the choice to play there instead (a legal one);
    the EVs of the hands before it then follow that strategy.
    """
    solver = _Solver(rules, override)
    ups: list[int | None] = list(range(N_RANKS)) if rules.dealer_up_card else [None]
    shoe = list(shoe_counts(rules.decks))
    net = np.zeros(7)  # P(net = -3..3)
    freq = dict.fromkeys(("ban-ban", "ban-luck", "five-dragon", "dealer-natural", "void"), 0.0)
    extra = dict.fromkeys(
        (
            "ban-ban-paid",
            "ban-luck-paid",
            "five-dragon-21",
            "five-card-bust",
            "seat-bust",
            "played",
        ),
        0.0,
    )
    for up in ups:
        solver.solve_up(up)
        for (a, b), p_seat in _pair_probs(shoe).items():
            seat = [0] * N_RANKS
            seat[a] += 1
            seat[b] += 1
            rem = [s - c for s, c in zip(shoe, seat, strict=True)]
            mine = _natural_counts(tuple(seat))
            if up is None:
                dealer_pairs = _pair_probs(rem)
                p_up = 1.0
            else:
                if rem[up] == 0:
                    continue
                p_up = rem[up] / sum(rem)
                rem2 = list(rem)
                rem2[up] -= 1
                dealer_pairs = {(up, h): rem2[h] / sum(rem2) for h in range(N_RANKS) if rem2[h] > 0}
            w = p_seat * p_up
            if mine is HandKind.BAN_BAN:
                freq["ban-ban"] += w
            elif mine is HandKind.BAN_LUCK:
                freq["ban-luck"] += w
            z = 0.0
            for (i, j), pd in dealer_pairs.items():
                d = [0] * N_RANKS
                d[i] += 1
                d[j] += 1
                dn = _natural_counts(tuple(d))
                if dn is not None:
                    freq["dealer-natural"] += w * pd
                    net[_t14(mine, dn, rules) + 3] += w * pd
                elif rules.dealer_voids_15 and solver.total(tuple(d))[0] == 15:
                    freq["void"] += w * pd
                    net[3] += w * pd
                else:
                    z += pd
            if mine is not None:
                net[win_multiple(mine, 21, rules) + 3] += w * z
                extra["ban-ban-paid" if mine is HandKind.BAN_BAN else "ban-luck-paid"] += w * z
                continue
            stats, z2 = solver._memo[tuple(seat)]
            assert math.isclose(z, z2, rel_tol=1e-9, abs_tol=1e-15)
            net += w * z * stats[:7]
            freq["five-dragon"] += w * z * stats[I_DRAGON]
            extra["five-dragon-21"] += w * z * stats[I_DRAGON21]
            extra["seat-bust"] += w * z * stats[I_SEAT_BUST]
            extra["five-card-bust"] += w * z * stats[I_FIVE_BUST]
            extra["played"] += w * z
    values = np.arange(-3, 4)
    mean = float(net @ values)
    var = float(net @ (values**2)) - mean * mean
    return Solution(
        rules=rules,
        player_ev=mean,
        frequencies={k: float(v) for k, v in freq.items()},
        std=math.sqrt(var),
        outcome={int(v): float(p) for v, p in zip(values, net, strict=True)},
        extra={k: float(v) for k, v in extra.items()},
        hands=solver.hands,
    )
