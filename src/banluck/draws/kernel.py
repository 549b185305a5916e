"""The drawing graph's evaluation (``graph``), compiled with Numba (cached on disk): the one
home of the walk the exact solvers' dealers take."""

from __future__ import annotations

import numpy as np
from numba import njit

N_RANKS = 10

#: Shoes evaluated together by ``graph_outcomes`` (fewer when fewer are asked, in steps of
#: ``STEP``): each state's probability is a row of this many shoes, so every step is one loop
#: over a row that the compiler vectorises.
BLOCK = 256
STEP = 8


@njit(cache=True)
def graph_outcomes(shoe, removals, up, counts, size, child, next_out, out, by, by_code):  # type: ignore[no-untyped-def]
    """``out[i, o]`` += P(the dealer ends in outcome ``o``) from the shoe ``shoe - removals[i]``
    with ``up`` dealt (-1: no card face up); excluded draws are left out, so a row sums to
    the probability of the hands that are played. ``by[i, k]`` (when it has columns) +=
    P(the dealer ends in outcome ``by_code`` holding k cards, the up card included, k capped
    at its last column).

    Forward over the graph (parents first): a state's probability flows to each next card's
    state or outcome times (that rank's cards left) / (cards left), for up to ``BLOCK`` shoes at
    a time. A shoe that cannot hold its removal (a negative count) gets nothing."""
    by_cards = by.shape[1] > 0
    held = 1 if up >= 0 else 0
    n_rem = removals.shape[0]
    n_states = counts.shape[0]
    n_out = out.shape[1]
    max_k = 0
    for s in range(n_states):
        max_k = max(max_k, size[s])
    width = min(BLOCK, max(STEP, (n_rem + STEP - 1) // STEP * STEP))
    prob = np.zeros((n_states, width))
    avail = np.zeros((N_RANKS, width))
    inv = np.zeros((max_k + 1, width))
    pk = np.zeros(width)
    acc = np.zeros((n_out, width))
    acc_by = np.zeros((max(by.shape[1], 1), width))
    for lo in range(0, n_rem, width):
        n = min(width, n_rem - lo)
        prob[:, :] = 0.0
        avail[:, :] = 0.0
        inv[:, :] = 0.0
        acc[:, :] = 0.0
        acc_by[:, :] = 0.0
        for b in range(n):
            total = 0
            ok = True
            for r in range(N_RANKS):
                x = shoe[r] - removals[lo + b, r] - (1 if r == up else 0)
                ok = ok and x >= 0
                avail[r, b] = x
                total += x
            if ok and total > 0:
                prob[0, b] = 1.0
                for k in range(min(max_k + 1, total)):
                    inv[k, b] = 1.0 / (total - k)
        for s in range(n_states):
            k = size[s]
            for b in range(width):
                pk[b] = prob[s, b] * inv[k, b]
            for r in range(N_RANKS):
                o = next_out[s, r]
                if o == -2:  # EXCLUDED
                    continue
                c = counts[s, r]
                if o == -1:  # CONTINUE
                    dst = child[s, r]
                    for b in range(width):
                        prob[dst, b] += pk[b] * (avail[r, b] - c)
                    continue
                for b in range(width):
                    acc[o, b] += pk[b] * (avail[r, b] - c)
                if by_cards and o == by_code:
                    kk = min(k + 1 + held, by.shape[1] - 1)
                    for b in range(width):
                        acc_by[kk, b] += pk[b] * (avail[r, b] - c)
        for b in range(n):
            for o in range(n_out):
                out[lo + b, o] += acc[o, b]
            if by_cards:
                for kk in range(by.shape[1]):
                    by[lo + b, kk] += acc_by[kk, b]
    return 0
