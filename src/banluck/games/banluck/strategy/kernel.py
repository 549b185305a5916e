"""The solver's hot loop: the dealer's play-out from a given shoe, compiled with Numba.

Ranks are indexed 0..9 by the core's rank classes: ace, 2..9, ten-value (10/J/Q/K are one
class). A hand is kept as (base, aces, cards): the sum of its non-ace cards, its number of
aces and its number of cards. Every rule is read from the core's grids
(``banluck.games.banluck.grids``), so this module keeps only the walk: ``tot`` (T2, T3, O3: what an
ace counts), ``opening`` (T14, T15: which dealer two-card hands end the round before the seat
plays) and ``end`` (T17, O8: whether the dealer draws, else the outcome class it stands with).

Dealer outcome classes (the ``out`` arrays): index ``t`` (0..21) is a plain total ``t``,
``22 + t`` a five dragon of total ``t`` (T18), and ``BUST`` a bust.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from banluck.games.banluck.grids import BASE_CAP, BUST_CLASS, N_OUTCOMES, OPEN_PLAY, TOTAL_CAP

BUST = BUST_CLASS

__all__ = ["BASE_CAP", "BUST", "N_OUTCOMES", "dealer_outcomes"]


@njit(cache=True)
def _play(counts, left, base0, aces0, n0, tot, end, p0, out):  # type: ignore[no-untyped-def]
    """The dealer's draws (``end``: T17 / O8): add ``p0`` times its final-outcome
    distribution to ``out``.

    A depth-first walk over the dealer's draws with an explicit stack (Numba's cache does
    not load recursive functions reliably). ``counts`` is restored on return.
    """
    size = 64
    bases = np.empty(size, dtype=np.int64)
    acess = np.empty(size, dtype=np.int64)
    probs = np.empty(size, dtype=np.float64)
    cur = np.empty(size, dtype=np.int64)
    bases[0] = base0
    acess[0] = aces0
    probs[0] = p0
    cur[0] = -1
    d = 0
    while d >= 0:
        if cur[d] == -1:
            n = n0 + d
            b = bases[d] if bases[d] < BASE_CAP else BASE_CAP
            t = tot[n, acess[d], b]
            o = end[n, t if t < TOTAL_CAP else TOTAL_CAP]
            if o >= 0:  # the dealer stands (or busts) with outcome class o
                out[o] += probs[d]
                d -= 1
                continue
            r = 0
        else:
            r = cur[d]
            counts[r] += 1  # back from the child: put its card back
            r += 1
        while r < 10 and counts[r] == 0:
            r += 1
        if r == 10:
            d -= 1
            continue
        cur[d] = r
        c = counts[r]
        probs[d + 1] = probs[d] * c / (left - d)
        counts[r] = c - 1
        if r == 0:
            bases[d + 1] = bases[d]
            acess[d + 1] = acess[d] + 1
        else:
            bases[d + 1] = bases[d] + r + 1
            acess[d + 1] = acess[d]
        cur[d + 1] = -1
        d += 1
    return 0


@njit(cache=True)
def dealer_outcomes(counts, up, tot, opening, end, out):  # type: ignore[no-untyped-def]
    """The probability that the dealer's two cards let the seat play; its outcomes in ``out``.

    The shoe is ``counts`` (the seat's cards removed); ``up`` is the dealer's known up card
    (O4), already removed from ``counts``, or -1 when both dealer cards are hidden. Dealer
    two-card hands that end the round before the seat plays are left out (``opening``:
    naturals, T14 / O5, and a thrown-in 15, T15). The others' probabilities are summed and returned;
    each one's play-out (``_play``) is added to ``out`` unnormalised, so ``out`` sums (up to
    rounding) to the same probability. With an empty ``out`` only the probability is computed.
    """
    play = out.shape[0] > 0
    left = 0
    for r in range(10):
        left += counts[r]
    mass = 0.0
    for i in range(10):
        if up >= 0:
            if i != up:
                continue
            pi = 1.0
            left_i = left
        else:
            ci = counts[i]
            if ci == 0:
                continue
            pi = ci / left
            counts[i] = ci - 1
            left_i = left - 1
        for j in range(10):
            cj = counts[j]
            if cj == 0 or opening[i, j] != OPEN_PLAY:
                continue
            p = pi * cj / left_i
            mass += p
            if play:
                # class c counts c + 1 points (T1); aces are counted apart
                aces = (1 if i == 0 else 0) + (1 if j == 0 else 0)
                base = (0 if i == 0 else i + 1) + (0 if j == 0 else j + 1)
                counts[j] = cj - 1
                _play(counts, left_i - 1, base, aces, 2, tot, end, p, out)
                counts[j] = cj
        if up < 0:
            counts[i] += 1
    return mass
