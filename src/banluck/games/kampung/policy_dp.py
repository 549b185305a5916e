"""K14–K16: the banker's best choice at its turn, by dynamic programming (Numba).

The banker knows its own cards and, for each unopened hand, a distribution over the hand's
outcome (a total from 15 to 21, or a hidden bust: ``posterior.py``). With the hands
independent of the banker's next cards (an infinite shoe of the full shoe's make-up), the
banker's best result from a state — its card count, the non-ace points, its aces — and the
set of still unopened hands is a small recursion: ``stand`` opens them all (K14), ``open:i``
settles one now (K16) and keeps the rest, ``hit`` averages over the next card; under its licence it
must draw, at 21 it opens everything, a bust with two to four cards, a five dragon and a
five-card bust settle every unopened hand (K15). A waiting 7-7-7 adds ``-21`` bets unless the
banker's final total is 21 (K13).

States are indexed ``[count, base, aces]``; the unopened hands are a bit set ``U`` over at
most three hands. Every array is plain NumPy so the functions compile once (``cache=True``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from numba import njit

from banluck.core.cards import N_CLASSES
from banluck.games.banluck.hands import total_from
from banluck.games.kampung.rules import KampungRules

#: A player's outcome: totals 15..21 are 0..6, a hidden bust is 7.
N_OUT = 8
O_BUST = 7
LOW_TOTAL = 15
#: How a hand is settled by the banker: opened at a total from LOWEST_OPEN to 21 (K16; 14
#: is the lowest licence a house may give the banker, H19), or a special (K15).
LOWEST_OPEN = 14
E_21 = 21 - LOWEST_OPEN
E_BUST = E_21 + 1
E_DRAGON = E_21 + 2
E_DRAGON_21 = E_21 + 3
E_FIVE_BUST = E_21 + 4
N_EV = E_21 + 5
#: Table sizes: counts 0..5, non-ace points 0..21, aces 0..5; at most three players.
MAXC = 6
MAXB = 22
MAXA = 6
MAX_HANDS = 3
N_SETS = 1 << MAX_HANDS
#: Action codes of the banker's table.
A_NONE = -1
A_STAND = 0
A_HIT = 1
A_OPEN = 2  # + the hand's index
#: Where ``banker_values`` writes each choice's value: hit, stand, then open hand ``i``.
V_HIT = 0
V_STAND = 1
V_OPEN = 2
#: K13 / K14 / K16 numbers the recursion reads (filled from the rules by ``params``).
P_777 = 0
P_MUST_DRAW = 1
#: K14 / H19: 1 when the banker may open hands one by one, 0 when it may only hit or stand
P_SELECTIVE = 2
#: 1 to value the choices already in ``act`` (a given banker strategy) instead of choosing
P_FIXED = 3
N_PARAMS = 4
_EPS = 1e-12


def totals(rules: KampungRules) -> np.ndarray[Any, np.dtype[np.int64]]:
    """K1: ``tot[count, base, aces]``, the hand's total by T3 (``core.hands.total_from``)."""
    rows = [[[0] * MAXA for _ in range(MAXB)]]  # count 0: no hand
    for c in range(1, MAXC):
        values = rules.totals.ace_values(c)
        rows.append(
            [[total_from(base, aces, values) for aces in range(MAXA)] for base in range(MAXB)]
        )
    return np.array(rows, dtype=np.int64)


@lru_cache(maxsize=8)
def shared_totals(rules: KampungRules) -> np.ndarray[Any, np.dtype[np.int64]]:
    """``totals(rules)`` built once and shared by every caller: read it, never write to it."""
    return totals(rules)


def payoffs(rules: KampungRules) -> np.ndarray[Any, np.dtype[np.float64]]:
    """K15 / K16: ``g[o, e]``, what a player's hand of outcome ``o`` wins (per bet) when the
    banker settles it by event ``e``."""
    r21 = rules.twenty_one_multiple
    t = rules.totals
    g = np.zeros((N_OUT, N_EV), dtype=np.float64)
    for o in range(N_OUT):
        total = LOW_TOTAL + o
        win = r21 if total == 21 else 1
        for b in range(LOWEST_OPEN, 22):
            lose = r21 if b == 21 else 1
            if o == O_BUST or total < b:
                g[o, b - LOWEST_OPEN] = -lose
            elif total > b:
                g[o, b - LOWEST_OPEN] = win
        g[o, E_BUST] = -1 if o == O_BUST else win
        g[o, E_DRAGON] = -t.five_dragon_multiple
        g[o, E_DRAGON_21] = -t.five_dragon_21_multiple
        g[o, E_FIVE_BUST] = t.five_card_bust_multiple
    return g


def params(rules: KampungRules) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The numbers of the rules the recursion reads."""
    p = np.zeros(N_PARAMS, dtype=np.float64)
    p[P_777] = rules.seven_seven_seven_multiple
    p[P_MUST_DRAW] = rules.banker_must_draw_under
    p[P_SELECTIVE] = 1.0 if rules.selective_open else 0.0
    return p


def class_probs(
    counts: np.ndarray[Any, np.dtype[np.int64]],
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The chance of each card class (0 ace .. 9 ten-value) from their counts."""
    total = float(counts.sum())
    if total <= 0:
        raise ValueError("no cards left to draw")
    return np.asarray(counts, dtype=np.float64) / total


def shoe_probs(decks: int) -> np.ndarray[Any, np.dtype[np.float64]]:
    """K4: the chance of each card class in a full shoe."""
    counts = np.array([4 * decks * (4 if k == N_CLASSES - 1 else 1) for k in range(N_CLASSES)])
    return class_probs(counts.astype(np.int64))


def _settle_all(h: Any, n: int, u: int, e: int) -> float:
    s = 0.0
    for i in range(n):
        if u & (1 << i):
            s += h[i, e]
    return s


def _banker_dp(
    tot: Any,
    p: Any,
    h: Any,
    n: int,
    w7: float,
    prm: Any,
    v: Any,
    act: Any,
    r: Any,
    f: Any,
    with_r: bool,
) -> None:
    """Fill ``v[c, base, aces, U]`` (the bank's expected gain), ``act`` (its best action; with
    ``prm[P_FIXED]``, the actions already in ``act`` are valued instead) and,
    with ``with_r``, ``r[c, base, aces, U, i, e]`` (how hand ``i`` ends up settled) and
    ``f[...]`` (the chance that the banker's final total is 21)."""
    banker_dp_from(tot, p, h, n, w7, prm, v, act, r, f, with_r, 2, 0, 0)


def _banker_dp_from(
    tot: Any,
    p: Any,
    h: Any,
    n: int,
    w7: float,
    prm: Any,
    v: Any,
    act: Any,
    r: Any,
    f: Any,
    with_r: bool,
    c0: int,
    base0: int,
    aces0: int,
) -> None:
    """``_banker_dp`` over only the states a hand of ``c0`` cards, ``base0`` non-ace points
    and ``aces0`` aces can reach (more cards, no fewer points or aces): each state's values
    are those of the full table, and the other entries are left as they were."""
    sets = 1 << n
    pen7 = prm[P_777] * w7
    must = prm[P_MUST_DRAW]
    fixed = prm[P_FIXED] > 0.0
    opens = n if prm[P_SELECTIVE] > 0.0 else 0
    for c in range(5, c0 - 1, -1):
        for base in range(base0, MAXB):
            for aces in range(aces0, min(c, MAXA - 1) + 1):
                if base + aces > 21:
                    continue
                t = tot[c, base, aces]
                if t > 21:  # two aces beside other cards in two cards: never dealt
                    continue
                for u in range(sets):
                    if with_r:
                        for i in range(n):
                            for e in range(N_EV):
                                r[c, base, aces, u, i, e] = 0.0
                        f[c, base, aces, u] = 0.0
                    if c == 5:  # K15 / K22: five cards settle everything
                        e = E_DRAGON_21 if t == 21 else E_DRAGON
                        v[c, base, aces, u] = _settle_all_j(h, n, u, e) - (0.0 if t == 21 else pen7)
                        act[c, base, aces, u] = A_NONE
                        if with_r:
                            for i in range(n):
                                if u & (1 << i):
                                    r[c, base, aces, u, i, e] = 1.0
                            f[c, base, aces, u] = 1.0 if t == 21 else 0.0
                        continue
                    if u == 0 and w7 == 0.0:  # K21: nothing left to settle
                        v[c, base, aces, u] = 0.0
                        act[c, base, aces, u] = A_NONE
                        if with_r:
                            f[c, base, aces, u] = 1.0 if t == 21 else 0.0
                        continue
                    if t == 21:  # K14: 21 opens everything, a 7-7-7 pushes
                        v[c, base, aces, u] = _settle_all_j(h, n, u, E_21)
                        act[c, base, aces, u] = A_NONE
                        if with_r:
                            for i in range(n):
                                if u & (1 << i):
                                    r[c, base, aces, u, i, E_21] = 1.0
                            f[c, base, aces, u] = 1.0
                        continue
                    # hit: the average over the next card
                    hit = 0.0
                    for k in range(N_CLASSES):
                        nb = base if k == 0 else base + k + 1
                        na = aces + 1 if k == 0 else aces
                        if nb + na > 21:
                            e = E_FIVE_BUST if c + 1 == 5 else E_BUST
                            hit += p[k] * (_settle_all_j(h, n, u, e) - pen7)
                            if with_r:
                                for i in range(n):
                                    if u & (1 << i):
                                        r[c, base, aces, u, i, e] += p[k]
                        else:
                            hit += p[k] * v[c + 1, nb, na, u]
                            if with_r:
                                for i in range(n):
                                    for e in range(N_EV):
                                        r[c, base, aces, u, i, e] += (
                                            p[k] * r[c + 1, nb, na, u, i, e]
                                        )
                                f[c, base, aces, u] += p[k] * f[c + 1, nb, na, u]
                    if t < must:  # K14: under 16 the banker must draw
                        v[c, base, aces, u] = hit
                        act[c, base, aces, u] = A_HIT
                        continue
                    e_open = t - LOWEST_OPEN
                    best = _settle_all_j(h, n, u, e_open) - pen7
                    choice = A_STAND
                    if fixed:  # the given strategy's choice, valued
                        choice = act[c, base, aces, u]
                        if choice == A_HIT:
                            best = hit
                        elif choice >= A_OPEN:
                            j = choice - A_OPEN
                            best = h[j, e_open] + v[c, base, aces, u ^ (1 << j)]
                    else:
                        for i in range(opens):
                            if u & (1 << i):
                                val = h[i, e_open] + v[c, base, aces, u ^ (1 << i)]
                                if val > best + _EPS:
                                    best = val
                                    choice = A_OPEN + i
                        if hit > best + _EPS:
                            best = hit
                            choice = A_HIT
                    v[c, base, aces, u] = best
                    act[c, base, aces, u] = choice
                    if with_r and choice != A_HIT:
                        for i in range(n):
                            for e in range(N_EV):
                                r[c, base, aces, u, i, e] = 0.0
                        f[c, base, aces, u] = 0.0
                        if choice == A_STAND:
                            for i in range(n):
                                if u & (1 << i):
                                    r[c, base, aces, u, i, e_open] = 1.0
                        else:
                            j = choice - A_OPEN
                            rest = u ^ (1 << j)
                            for i in range(n):
                                if i == j:
                                    r[c, base, aces, u, i, e_open] = 1.0
                                elif rest & (1 << i):
                                    for e in range(N_EV):
                                        r[c, base, aces, u, i, e] = r[c, base, aces, rest, i, e]
                            f[c, base, aces, u] = f[c, base, aces, rest]


def _bank_gain(post: Any, g: Any, bet: float, out: Any) -> None:
    """``out[e]``: the bank's expected gain from a hand of outcome distribution ``post``."""
    for e in range(N_EV):
        s = 0.0
        for o in range(N_OUT):
            s += post[o] * g[o, e]
        out[e] = -bet * s


def _banker_values(
    tot: Any,
    p: Any,
    h: Any,
    n: int,
    w7: float,
    prm: Any,
    v: Any,
    act: Any,
    r: Any,
    f: Any,
    c: int,
    base: int,
    aces: int,
    t: int,
    with_hit: bool,
    out: Any,
) -> None:
    """K14: what each choice of a banker holding ``c`` cards (``base`` non-ace points,
    ``aces`` aces, total ``t``) brings the bank with every hand of ``h`` unopened:
    ``out[V_HIT]`` (with ``with_hit``; fewer than five cards), and at a total of 21 or less
    ``out[V_STAND]`` and ``out[V_OPEN + i]`` (a lower total priced as LOWEST_OPEN). Runs
    ``banker_dp_from`` over the states the hand can reach first."""
    banker_dp_from(tot, p, h, n, w7, prm, v, act, r, f, False, c, base, aces)
    u = (1 << n) - 1
    pen7 = prm[P_777] * w7
    if with_hit:
        hit = 0.0
        for k in range(N_CLASSES):
            nb = base if k == 0 else base + k + 1
            na = aces + 1 if k == 0 else aces
            if nb + na > 21:
                e = E_FIVE_BUST if c + 1 == 5 else E_BUST
                s = 0.0
                for i in range(n):
                    s += h[i, e]
                hit += p[k] * (s - pen7)
            else:
                hit += p[k] * v[c + 1, nb, na, u]
        out[V_HIT] = hit
    if t <= 21:
        e_open = max(t, LOWEST_OPEN) - LOWEST_OPEN
        s = 0.0
        for i in range(n):
            s += h[i, e_open]
        out[V_STAND] = s - pen7
        for i in range(n):
            out[V_OPEN + i] = h[i, e_open] + v[c, base, aces, u ^ (1 << i)]


_settle_all_j = njit(cache=True, inline="always")(_settle_all)
banker_dp_from = njit(cache=True)(_banker_dp_from)
banker_dp = njit(cache=True)(_banker_dp)
banker_values = njit(cache=True)(_banker_values)
bank_gain = njit(cache=True)(_bank_gain)


def new_tables(with_r: bool = False) -> tuple[Any, Any, Any, Any]:
    """Empty ``v``, ``act``, ``r``, ``f`` arrays for ``banker_dp``."""
    shape = (MAXC, MAXB, MAXA, N_SETS)
    v = np.zeros(shape, dtype=np.float64)
    act = np.full(shape, A_NONE, dtype=np.int64)
    rshape = (*shape, MAX_HANDS, N_EV) if with_r else (1, 1, 1, 1, 1, 1)
    r = np.zeros(rshape, dtype=np.float64)
    f = np.zeros(shape if with_r else (1, 1, 1, 1), dtype=np.float64)
    return v, act, r, f


def state_of(classes: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    """A hand's ``(count, base, aces)`` from its card classes (0 the ace)."""
    aces = sum(1 for k in classes if k == 0)
    base = sum(k + 1 for k in classes if k != 0)
    return len(classes), base, aces
