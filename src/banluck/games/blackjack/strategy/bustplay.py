"""I10 ``bust`` when a seat plays before the dealer draws: the edge conditioned on the cards
one seat takes by the solved strategy (I2: with shared cards every seat that plays alike
takes the same ones), against ``sidebets``' figure that removes nothing. The two
agree (to rounding): the seat's draws are a stopping time of the shuffled shoe, and what
follows a stopping time is distributed as the shoe's start.

The seat's final cards are followed forward through the solved strategy (hit, stand,
double, surrender; a split is followed as one split hand plus the other pair card, the
solver's own approximation); for each final composition the dealer's busts by card count
are exact, after the peek (a dealer blackjack ends the hand and loses the bet).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from banluck.draws import native as draws_native
from banluck.games.blackjack.rules import BlackjackRules
from banluck.games.blackjack.side_bets import PAYS
from banluck.games.blackjack.strategy.dealer_graph import BUST, N_OUTCOMES, bj_rank, dealer_graph
from banluck.games.blackjack.strategy.solver import (
    N_RANKS,
    Counts,
    Family,
    FamilyValues,
    Solution,
    shoe_counts,
    solve,
    ten_pair_same_rank,
)

MAX_CARDS = 16


def _add(counts: Counts, r: int) -> Counts:
    return (*counts[:r], counts[r] + 1, *counts[r + 1 :])


class _Forward:
    """Final removals and their probabilities for one up card."""

    def __init__(self, sol: Solution, shoe: Counts, up: int) -> None:
        self.sol = sol
        self.shoe = shoe
        self.up = up
        self.final: dict[Counts, float] = {}
        rules = sol.rules
        self._das = rules.double_after_split

    def _draws(self, removed: Counts) -> list[float]:
        """P(the next card is r | the seat's removed cards, no dealer blackjack)."""
        a = [self.shoe[r] - removed[r] - (r == self.up) for r in range(N_RANKS)]
        n = sum(a)
        bj = bj_rank(self.up)
        z = 1.0 - a[bj] / n if bj >= 0 else 1.0
        out = []
        for c in range(N_RANKS):
            if a[c] <= 0:
                out.append(0.0)
                continue
            zc = 1.0 - (a[bj] - (c == bj)) / (n - 1) if bj >= 0 else 1.0
            out.append(a[c] / n * zc / z)
        return out

    def _end(self, removed: Counts, mass: float) -> None:
        self.final[removed] = self.final.get(removed, 0.0) + mass

    def run(self, fv: FamilyValues, start: dict[int, float], first: dict[int, str]) -> None:
        """Push ``start`` masses through family ``fv``; ``first`` gives two-card choices."""
        fam: Family = fv.family
        mass = dict(start)
        extra = (0,) * N_RANKS if fam.pair < 0 else tuple(int(r == fam.pair) for r in range(10))
        for s in fam.order[::-1]:
            m = mass.pop(int(s), 0.0)
            if m == 0.0:
                continue
            key = fam.keys[int(s)]
            removed = tuple(k + e for k, e in zip(key, extra, strict=True))
            total = int(fam.total[s])
            n = sum(key)
            if n == 1:
                action = "hit"
            elif int(s) in first:
                action = first[int(s)]
            elif total >= 21 or (n == 2 and fam.pair == 0 and self.sol.rules.split_aces_one_card):
                action = "stand"
            else:
                ev = fv.ev[s, self.up]
                action = "hit" if ev[1] > ev[0] else "stand"
                das = self._das and self.sol.rules.may_double(total)
                if n == 2 and fam.pair >= 0 and das and ev[2] > max(ev[0], ev[1]):
                    action = "double"
            if action in ("stand", "surrender"):
                self._end(removed, m)
                continue
            q = self._draws(removed)
            for c in range(N_RANKS):
                if q[c] == 0.0:
                    continue
                ch = int(fam.child[s, c])
                if action == "double" or ch < 0:
                    self._end(_add(removed, c), m * q[c])
                else:
                    mass[ch] = mass.get(ch, 0.0) + m * q[c]


def _bust_pay(rules: BlackjackRules, removals: list[Counts], up: int) -> npt.NDArray[np.float64]:
    """E[bust bet | removed cards, up, no dealer blackjack] for each removal."""
    k = draws_native.kernels()

    shoe = np.array(shoe_counts(rules.decks), dtype=np.int64)
    g = dealer_graph(up, rules.dealer_stands_on, peek=True, hits_soft_17=rules.dealer_hits_soft_17)
    rem = np.array(removals, dtype=np.int64)
    out = np.zeros((len(removals), N_OUTCOMES))
    by = np.zeros((len(removals), MAX_CARDS))
    k.graph_outcomes(shoe, rem, up, g.counts, g.size, g.child, g.next_out, out, by, BUST)
    pays = np.array(
        [0, 0, 0] + [PAYS["bust"][str(c)] for c in range(3, 8)] + [PAYS["bust"]["8+"]] * 8
    )[:MAX_CARDS]
    z = out.sum(axis=1)
    busts = by.sum(axis=1)
    value = (by @ pays - (z - busts)) / np.where(z > 0, z, 1.0)
    result: npt.NDArray[np.float64] = np.asarray(value, dtype=np.float64)
    return result


def bust_edge_after_play(rules: BlackjackRules) -> float:
    """The ``bust`` bet's house edge when one seat plays the solved strategy first."""
    sol = solve(rules)
    shoe = shoe_counts(rules.decks)
    n_total = sum(shoe)
    ev = 0.0
    fam = sol.regular.family
    for up in range(N_RANKS):
        p_up = shoe[up] / n_total
        fwd = _Forward(sol, shoe, up)
        start: dict[int, float] = {}
        first: dict[int, str] = {}
        split_start: dict[int, float] = {}
        bj = bj_rank(up)
        for (u, counts), acts in sol.initial.items():
            if u != up:
                continue
            m = [shoe[r] - (r == up) for r in range(N_RANKS)]
            a, b = [r for r in range(N_RANKS) for _ in range(counts[r])]
            ways = m[a] * (m[a] - 1) if a == b else 2 * m[a] * m[b]
            p = p_up * ways / ((n_total - 1) * (n_total - 2))
            left = [m[r] - counts[r] for r in range(N_RANKS)]
            z = 1.0 - left[bj] / (n_total - 3) if bj >= 0 else 1.0
            ev -= p * (1 - z)  # a dealer blackjack loses the bet (I10)
            best = max(acts, key=lambda x: acts[x])
            share = 1.0
            if best == "split" and a == 9 and not rules.split_by_value:
                share = ten_pair_same_rank(rules.decks, up)
            i = fam.index[counts]
            if best == "split":
                split_start[a] = split_start.get(a, 0.0) + p * z * share
                rest = {k: v for k, v in acts.items() if k != "split"}
                best = max(rest, key=lambda x: rest[x])
                if share < 1.0:
                    start[i] = p * z * (1 - share)
            else:
                start[i] = p * z
            first[i] = best
        # the seat's blackjack stands on its two cards
        m = [shoe[r] - (r == up) for r in range(N_RANKS)]
        p_bj = p_up * 2 * m[0] * m[9] / ((n_total - 1) * (n_total - 2))
        left = [m[r] - (r in (0, 9)) for r in range(N_RANKS)]
        z = 1.0 - left[bj] / (n_total - 3) if bj >= 0 else 1.0
        ev -= p_bj * (1 - z)
        blackjack = tuple(int(r in (0, 9)) for r in range(N_RANKS))
        fwd._end(blackjack, p_bj * z)
        fwd.run(sol.regular, start, first)
        for x, mass in split_start.items():
            fv = sol.splits[x]
            assert fv is not None
            root = fv.family.index[tuple(int(r == x) for r in range(N_RANKS))]
            fwd.run(fv, {root: mass}, {})
        removals = list(fwd.final)
        masses = np.array([fwd.final[r] for r in removals])
        ev += float(masses @ _bust_pay(rules, removals, up))
    return -ev
