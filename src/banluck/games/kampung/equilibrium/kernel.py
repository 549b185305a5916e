"""Kampung's compiled kernels (Numba), their one home: the banker's recursion (K14–K16) and
the chance of each hand type a player's table leads to (K9–K13, K17).

``dp`` keeps the recursion's layout and the rules' numbers it reads, ``posterior`` the
hand types' layout; the solvers and the simulator call these kernels just in time. The
table's bots and the Hint call them through ``native.kernels()``: compiled ahead of time
(``banluck warm``) so that a new process (a replay, the solo table) needs no Numba.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from banluck.core.cards import N_CLASSES
from banluck.games.kampung.equilibrium.dp import (
    A_HIT,
    A_NONE,
    A_OPEN,
    A_STAND,
    E_21,
    E_BUST,
    E_DRAGON,
    E_DRAGON_21,
    E_FIVE_BUST,
    LOWEST_OPEN,
    MAXA,
    MAXB,
    MAXC,
    N_EV,
    N_OUT,
    O_BUST,
    P_777,
    P_FIXED,
    P_MUST_DRAW,
    P_SELECTIVE,
    V_HIT,
    V_OPEN,
    V_STAND,
)
from banluck.games.kampung.equilibrium.posterior import ACE, SEVEN, T_777, T_FIRST, T_NONE, TEN

__all__ = ["bank_gain", "banker_dp", "banker_dp_from", "banker_values", "hand_types"]

#: a choice must beat another by more than this (rounding) to be preferred
_EPS = 1e-12


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
    with ``with_r``, ``r[c, base, aces, U, 0, e]`` (how the first hand ends up settled: the
    callers put the hand whose resolution they want first) and ``f[...]`` (the chance that
    the banker's final total is 21)."""
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
    rn = min(n, 1)  # ``r`` is kept for the first hand only (the one its callers read)
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
                        for i in range(rn):
                            for e in range(N_EV):
                                r[c, base, aces, u, i, e] = 0.0
                        f[c, base, aces, u] = 0.0
                    if c == 5:  # K15 / K22: five cards settle everything
                        e = E_DRAGON_21 if t == 21 else E_DRAGON
                        v[c, base, aces, u] = _settle_all_j(h, n, u, e) - (0.0 if t == 21 else pen7)
                        act[c, base, aces, u] = A_NONE
                        if with_r:
                            for i in range(rn):
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
                            for i in range(rn):
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
                                for i in range(rn):
                                    if u & (1 << i):
                                        r[c, base, aces, u, i, e] += p[k]
                        else:
                            hit += p[k] * v[c + 1, nb, na, u]
                            if with_r:
                                for i in range(rn):
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
                        for i in range(rn):
                            for e in range(N_EV):
                                r[c, base, aces, u, i, e] = 0.0
                        f[c, base, aces, u] = 0.0
                        if choice == A_STAND:
                            for i in range(rn):
                                if u & (1 << i):
                                    r[c, base, aces, u, i, e_open] = 1.0
                        else:
                            j = choice - A_OPEN
                            rest = u ^ (1 << j)
                            for i in range(rn):
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


def _is_natural(a: int, b: int) -> bool:
    return (a == ACE and (b in (ACE, TEN))) or (b == ACE and a == TEN)


def _hand_types(
    tot: Any, p: Any, hit: Any, burn: Any, allow_burn: bool, low: int, shown: bool, out: Any
) -> float:
    """``out[type]``: the chance that a player's hand is of each type at the banker's turn
    (``shown``: H19's busts_shown, a three- or four-card bust is settled before it).
    Returns the chance that the hand burns its first two cards (K10)."""
    for i in range(out.shape[0]):
        out[i] = 0.0
    burnt = 0.0
    d = np.zeros((MAXC, MAXB, MAXA))
    d77 = 0.0
    for k1 in range(N_CLASSES):
        for k2 in range(N_CLASSES):
            pr = p[k1] * p[k2]
            if _is_natural_j(k1, k2):
                out[T_NONE] += pr  # K8: paid before the banker's turn
                continue
            base = (0 if k1 == ACE else k1 + 1) + (0 if k2 == ACE else k2 + 1)
            aces = (1 if k1 == ACE else 0) + (1 if k2 == ACE else 0)
            if allow_burn and tot[2, base, aces] == 15 and burn[base, aces] == 1:
                burnt += pr
                for k3 in range(N_CLASSES):  # K10: two fresh cards, a new hand
                    for k4 in range(N_CLASSES):
                        pr2 = pr * p[k3] * p[k4]
                        if _is_natural_j(k3, k4):
                            out[T_NONE] += pr2
                        elif k3 == SEVEN and k4 == SEVEN:
                            d77 += pr2
                        else:
                            b2 = (0 if k3 == ACE else k3 + 1) + (0 if k4 == ACE else k4 + 1)
                            a2 = (1 if k3 == ACE else 0) + (1 if k4 == ACE else 0)
                            d[2, b2, a2] += pr2
            elif k1 == SEVEN and k2 == SEVEN:
                d77 += pr
            else:
                d[2, base, aces] += pr
    # K13: a pair of sevens (14) must draw; a third seven is 7-7-7
    for k in range(N_CLASSES):
        if k == SEVEN:
            out[T_777] += d77 * p[k]
        elif k == ACE:
            d[3, 14, 1] += d77 * p[k]
        elif 14 + k + 1 > 21:
            out[T_FIRST + N_OUT + O_BUST] += d77 * p[k]
        else:
            d[3, 14 + k + 1, 0] += d77 * p[k]
    for c in range(2, 5):
        for base in range(MAXB):
            for aces in range(min(c, MAXA - 1) + 1):
                m = d[c, base, aces]
                if m == 0.0 or base + aces > 21:
                    continue
                t = tot[c, base, aces]
                if t > 21:
                    continue
                if t < low or (t < 21 and hit[c, base, aces] == 1):
                    for k in range(N_CLASSES):
                        nb = base if k == ACE else base + k + 1
                        na = aces + 1 if k == ACE else aces
                        if nb + na > 21:  # K11 / K12: a bust (H19: shown at once)
                            if c + 1 == 5 or shown:
                                out[T_NONE] += m * p[k]
                            else:
                                out[T_FIRST + (c - 1) * N_OUT + O_BUST] += m * p[k]
                        elif c + 1 == 5:  # K12: five cards settle at once
                            out[T_NONE] += m * p[k]
                        else:
                            d[c + 1, nb, na] += m * p[k]
                else:
                    out[T_FIRST + (c - 2) * N_OUT + (t - 15)] += m
    return burnt


_settle_all_j = njit(cache=True, inline="always")(_settle_all)
_is_natural_j = njit(cache=True, inline="always")(_is_natural)
banker_dp_from = njit(cache=True)(_banker_dp_from)
banker_dp = njit(cache=True)(_banker_dp)
banker_values = njit(cache=True)(_banker_values)
bank_gain = njit(cache=True)(_bank_gain)
hand_types = njit(cache=True)(_hand_types)
