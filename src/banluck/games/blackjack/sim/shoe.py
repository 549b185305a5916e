"""The compiled blackjack shoe (``kernel``'s): card ids with a position and an end, drawn
by Fisher–Yates steps (or, stacked, in order), its discards kept before the pack between hands
(C8), and its state array ``st``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from banluck.games.blackjack.sim.tables import P_MID_RESHUFFLE, P_SHOE_SIZE, TEN, SimTables
from banluck.sim.rng import below as _below

#: The shoe state ``st``.
S_P = 0
S_END = 1
S_HSTART = 2
S_HAND_NO = 3
S_ERROR = 4
S_ROW_N = 5
S_MIDS = 7
S_SHUFFLES = 8
S_DRAWN = 9
S_MID_OK = 10
S_SHUFFLE = 11  # 1: draw by Fisher–Yates steps; 0: take the stacked cards in order
N_ST = 12

#: Errors (``st[S_ERROR]``).
E_RUN_OUT = 1  # the pack ran out and no discards could be shuffled
E_NO_DECISION = 2  # the table has no action where a seat must choose

#: Errors (``st[S_ERROR]``).
E_RUN_OUT = 1  # the pack ran out and no discards could be shuffled
E_NO_DECISION = 2  # the table has no action where a seat must choose


def _cls(cid: int) -> int:
    """A card id's class (ace 0, 2–9 as 1–8, ten-value 9)."""
    return min(cid >> 2, TEN)


def _draw(shoe: Any, st: Any, rng: Any) -> int:
    """The next card of the pack: a Fisher–Yates step, or (stacked, ``st[S_SHUFFLE]`` 0) the
    next card in order.

    C8: when the pack ``[p, end)`` runs out mid-hand with ``end`` at the array's end, the
    discards are ``[0, hand_start)`` (``_compact`` keeps them there), so they become the new
    pack by moving two indexes; the hand's own cards stay at ``[hand_start, size)``.

    Kept free of calls, loops and branches around the bounded draw: either made every draw
    about 15 times slower (measured), so the stacked mode swaps the card with itself."""
    p = st[S_P]
    if p >= st[S_END]:
        if st[S_MID_OK] and st[S_SHUFFLE] and st[S_END] == shoe.shape[0] and st[S_HSTART] > 0:
            st[S_END] = st[S_HSTART]
            st[S_HSTART] = 0
            st[S_MID_OK] = 0  # the discards are used up until the next compaction
            st[S_MIDS] += 1
            p = 0
        else:
            st[S_ERROR] = E_RUN_OUT
            st[S_END] = p + 1  # deal a dummy card so the hand can end; the run stops
    j = p + st[S_SHUFFLE] * _below_j(rng, st[S_END] - p)
    c = shoe[j]
    shoe[j] = shoe[p]
    shoe[p] = c
    st[S_P] = p + 1
    st[S_DRAWN] += 1
    return c  # type: ignore[no-any-return]


def _compact(shoe: Any, st: Any, tmp: Any) -> None:
    """Between hands: move the pack ``[p, end)`` to the array's end and every other card
    (discards) before it, so that ``_draw`` finds the discards at ``[0, p)`` (C8)."""
    n = shoe.shape[0]
    p = st[S_P]
    end = st[S_END]
    if end < n:
        r = end - p
        for k in range(r):
            tmp[k] = shoe[p + k]
        for k in range(n - end):
            shoe[p + k] = shoe[end + k]
        for k in range(r):
            shoe[n - r + k] = tmp[k]
        st[S_P] = n - r
        st[S_END] = n


def _new_state(P: Any, shoe: Any) -> Any:
    """A shoe state before the first hand (which starts with a shuffle)."""
    st = np.zeros(N_ST, dtype=np.int64)
    st[S_P] = shoe.shape[0]
    st[S_END] = shoe.shape[0]
    st[S_MID_OK] = P[P_MID_RESHUFFLE]
    st[S_SHUFFLE] = 1
    return st


_below_j = njit(cache=True, inline="always")(_below)
cls_j = njit(cache=True, inline="always")(_cls)
draw_j = njit(cache=True, inline="always")(_draw)
compact_j = njit(cache=True)(_compact)
new_state_j = njit(cache=True)(_new_state)


def full_shoe(decks: int) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The card ids of a full shoe of ``decks`` decks."""
    return np.tile(np.arange(52, dtype=np.int64), decks)


def new_state(tables: SimTables, *, shuffle: bool = True) -> Any:
    """A shoe state before the first hand (which, shuffling, starts with a shuffle)."""
    st = new_state_j(tables.params, full_shoe(1))
    st[S_P] = st[S_END] = int(tables.params[P_SHOE_SIZE])
    st[S_SHUFFLE] = int(shuffle)
    return st
