"""The Ban Luck solver's hot loops, compiled with Numba (cached on disk, and ahead of time by
``native``): the dealer's drawing graph and the seat's recursion over its hands.

Ranks are 0..9: ace, 2..9, ten-value. The kernels keep only the flow: every rule comes in as
a grid the rules' own functions filled (``grids``, ``choices.seat_choices``, ``settle.bust``,
``ties.CALM_ORDER``), so nothing here restates one. Compositions are found again through a
small open-addressing table keyed by their counts (``_slot``); a kernel that runs out of room
returns -1 and is called again with more.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from banluck.games.banluck.strategy.native import HIT, STAND, THROW

N_RANKS = 10
#: the drawing graph's codes (``banluck.draws.graph``) and the opening's "plays on"
CONTINUE, EXCLUDED, OPEN_PLAY = -1, -2, 0


@njit(cache=True)
def _key(counts):  # type: ignore[no-untyped-def]
    """One number for a composition (every count under 64)."""
    k = 0
    for r in range(N_RANKS):
        k = k * 64 + counts[r]
    return k


@njit(cache=True)
def _slot(keys, k):  # type: ignore[no-untyped-def]
    """Where ``k`` is in the table ``keys`` (a power of two long, -1 empty), or the empty
    slot where it goes."""
    mask = keys.shape[0] - 1
    h = (k * 2654435761) & mask
    while keys[h] != -1 and keys[h] != k:
        h = (h + 1) & mask
    return h


@njit(cache=True)
def _grow(rows, n_rows, s, r, keys, index):  # type: ignore[no-untyped-def]
    """The row holding ``rows[s]`` with one more card of class ``r``, added as row ``n_rows``
    when it is new: (its row, the rows now), or (-1, n_rows) when ``rows`` is full."""
    rows[s, r] += 1
    k = _key(rows[s])
    rows[s, r] -= 1
    h = _slot(keys, k)
    if keys[h] == -1:
        if n_rows == rows.shape[0]:
            return -1, n_rows
        keys[h] = k
        index[h] = n_rows
        rows[n_rows, :] = rows[s, :]
        rows[n_rows, r] += 1
        n_rows += 1
    return index[h], n_rows


@njit(cache=True)
def _total(totals, ace_of_n, points, counts, extra):  # type: ignore[no-untyped-def]
    """T3's total of ``counts`` with one more card of class ``extra`` (-1: none), from the
    rules' total table ``totals[ace_of_n[cards], aces, base]`` (bases capped: all bust)."""
    n = 0
    base = 0
    for r in range(N_RANKS):
        c = counts[r] + (1 if r == extra else 0)
        n += c
        base += points[r] * c
    aces = counts[0] + (1 if extra == 0 else 0)
    return totals[ace_of_n[n], min(aces, totals.shape[1] - 1), min(base, totals.shape[2] - 1)], n


@njit(cache=True)
def dealer_graph(  # type: ignore[no-untyped-def]
    opening, end, totals, ace_of_n, points, up, counts, size, paths, next_out, child, keys
):
    """The dealer's drawing graph (``banluck.draws.graph.DrawGraph``'s arrays), breadth first
    from no card drawn, as ``dealer_graph.dealer_graph`` describes it: ``opening[first,
    second]`` reads the two-card opening, ``end[cards, min(total, cap)]`` whether it draws
    (negative) or the outcome class it stands with. ``up`` is the up card's class (-1: none
    face up). The number of states, or -1 when ``counts`` has too few rows."""
    keys[:] = -1
    held = np.zeros(N_RANKS, dtype=np.int64)
    counts[0, :] = 0
    size[0] = 0
    paths[0] = 1.0
    keys[_slot(keys, 0)] = 0
    index = np.full(keys.shape[0], -1, dtype=np.int64)
    index[_slot(keys, 0)] = 0
    n_states = 1
    s = 0
    while s < n_states:
        for r in range(N_RANKS):
            held[r] = counts[s, r] + (1 if r == up else 0)
        n = size[s] + 1 + (1 if up >= 0 else 0)
        first = up
        if first < 0:
            for r in range(N_RANKS):
                if counts[s, r] > 0:
                    first = r
                    break
        for r in range(N_RANKS):
            child[s, r] = -1
            if n < 2:
                code = CONTINUE
            elif n == 2 and opening[first, r] != OPEN_PLAY:
                code = EXCLUDED
            else:
                total, _n = _total(totals, ace_of_n, points, held, r)
                code = end[n, min(total, end.shape[1] - 1)]
                if code < 0:
                    code = CONTINUE
            next_out[s, r] = code
            if code != CONTINUE:
                continue
            before = n_states
            j, n_states = _grow(counts, n_states, s, r, keys, index)
            if j < 0:
                return -1
            if j == before:  # a new state
                size[j] = size[s] + 1
                paths[j] = 0.0
            paths[j] += paths[s]
            child[s, r] = j
        s += 1
    return n_states


@njit(cache=True)
def seat_reach(  # type: ignore[no-untyped-def]
    shoe, starts, totals, ace_of_n, points, legal, sevens, comps, child, cards, total, mask, keys
):
    """Every composition a seat can hold from ``starts`` with ``shoe`` left (the up card
    taken out): the hands it may draw to, those it stands with and the busts, breadth first.
    For each: its cards, T3 total, legal choices (``legal[cards, min(total, cap)]``, 0: the
    turn is over; ``sevens``, when its first count is not -1, is a composition whose turn is
    over at once) and the composition each next class makes (-1: none left). The number of
    compositions, or -1 when ``comps`` has too few rows."""
    cap = comps.shape[0]
    keys[:] = -1
    index = np.full(keys.shape[0], -1, dtype=np.int64)
    n_comps = 0
    for i in range(starts.shape[0]):
        h = _slot(keys, _key(starts[i]))
        if keys[h] != -1:
            continue
        if n_comps == cap:
            return -1
        keys[h] = _key(starts[i])
        index[h] = n_comps
        comps[n_comps, :] = starts[i, :]
        n_comps += 1
    s = 0
    while s < n_comps:
        t, n = _total(totals, ace_of_n, points, comps[s], -1)
        cards[s] = n
        total[s] = t
        m = legal[min(n, legal.shape[0] - 1), min(t, legal.shape[1] - 1)]
        if sevens[0] >= 0:
            same = True
            for r in range(N_RANKS):
                same = same and comps[s, r] == sevens[r]
            if same:
                m = 0
        mask[s] = m
        for r in range(N_RANKS):
            child[s, r] = -1
            if m == 0 or shoe[r] - comps[s, r] <= 0:
                continue
            j, n_comps = _grow(comps, n_comps, s, r, keys, index)
            if j < 0:
                return -1
            child[s, r] = j
        s += 1
    return n_comps


@njit(cache=True)
def seat_values(  # type: ignore[no-untyped-def]
    shoe,
    comps,
    child,
    cards,
    total,
    mask,
    outcomes,
    z,
    nets,
    net_row,
    bust,
    calm,
    forced,
    layout,
    stats,
    ev,
    best,
):
    """The seat's recursion over ``seat_reach``'s compositions, the largest first: for each
    hand that is not a bust, its outcome statistics under the best play (``stats``, laid out
    as ``layout`` = (nets' first index, m, dragon flag, dragon-21 flag, card limit) says),
    the EV of standing, hitting and throwing in (``ev``; NaN where there is no such choice)
    and the best choice (``best``; -1 where the turn is over).

    Standing: the dealer's outcomes from the shoe without the hand (``outcomes``, a row
    summing to ``z``) settled by the hand's row of ``nets``. Hitting: each next card by its
    posterior ``(left of it) / (cards left) * z[child] / z``, a bust settled as ``bust[cards]``.
    The best is the legal choice of highest EV, equal EVs going to the earlier in ``calm``,
    unless ``forced`` names one (-2 when that one is not legal: the index of the hand is
    returned as -(index + 2))."""
    at, m, i_dragon, i_dragon21, limit = layout[0], layout[1], layout[2], layout[3], layout[4]
    n_stats = stats.shape[1]
    left_all = 0
    for r in range(N_RANKS):
        left_all += shoe[r]
    hit = np.zeros(n_stats)
    values = np.zeros(n_stats - at)
    for k in range(n_stats - at):
        values[k] = k - m
    biggest = 0
    for i in range(comps.shape[0]):
        biggest = max(biggest, cards[i])
    for size in range(biggest, -1, -1):
        for i in range(comps.shape[0]):
            if cards[i] != size or total[i] > 21:
                continue
            st = stats[i]
            st[:] = 0.0
            row = net_row[i]
            for o in range(outcomes.shape[1]):
                st[at + nets[row, o] + m] += outcomes[i, o]
            for k in range(at, n_stats):
                st[k] = st[k] / z[i]
            if size == limit:
                st[i_dragon] = 1.0
                st[i_dragon21] = 1.0 if total[i] == 21 else 0.0
            ev[i, :] = np.nan
            best[i] = -1
            if mask[i] == 0:
                continue
            hit[:] = 0.0
            bust_mass = 0.0
            left = left_all - size
            for r in range(N_RANKS):
                j = child[i, r]
                if j < 0:
                    continue
                p = (shoe[r] - comps[i, r]) / left
                if total[j] > 21:
                    bust_mass += p * z[j]
                else:
                    coef = p * z[j] / z[i]
                    for k in range(n_stats):
                        hit[k] += coef * stats[j, k]
            if bust_mass != 0.0:
                coef = bust_mass / z[i]
                for k in range(n_stats):
                    hit[k] += coef * bust[size + 1, k]
            ev_stand = 0.0
            ev_hit = 0.0
            for k in range(n_stats - at):
                ev_stand += st[at + k] * values[k]
                ev_hit += hit[at + k] * values[k]
            ev[i, STAND] = ev_stand
            ev[i, HIT] = ev_hit
            if mask[i] & (1 << THROW):
                ev[i, THROW] = 0.0  # T16: the bet comes back
            choice = -1
            for a in calm:
                if mask[i] & (1 << a) and (choice < 0 or ev[i, a] > ev[i, choice]):
                    choice = a
            if forced[i] >= 0:
                if not mask[i] & (1 << forced[i]):
                    return -(i + 2)
                choice = forced[i]
            best[i] = choice
            if choice == HIT:
                st[:] = hit
            elif choice == THROW:
                st[:] = 0.0
                st[at + m] = 1.0
    return 0
