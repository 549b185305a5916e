"""The blackjack solver's hot loops, compiled with Numba (cached on disk).

``play_family`` values every hand of one family (the unsplit hands, or the hands of one
split pair) by backward induction. Ranks are 0..9: ace, 2..9, ten-value. Outcome codes:
0..4 the dealer stands on 17..21, 5 bust, 6 blackjack (not reached after a peek).
"""

from __future__ import annotations

import numpy as np
from numba import njit

N_RANKS = 10
N_DEALER = 7  # 17, 18, 19, 20, 21, bust, the dealer's blackjack (no peek only)


@njit(cache=True)
def _pay(total, o):  # type: ignore[no-untyped-def]
    """B8: the seat's result with ``total`` against dealer outcome ``o`` (0..4: 17..21; 5: bust;
    6: a blackjack, which beats every hand but a blackjack, B6, and is not played here)."""
    if o == 5:
        return 1.0
    if o == 6:
        return -1.0
    d = 17 + o
    if total > d:
        return 1.0
    if total < d:
        return -1.0
    return 0.0


@njit(cache=True)
def play_family(  # type: ignore[no-untyped-def]
    shoe,
    rem_counts,
    dealer,
    st_rem,
    st_total,
    st_cards,
    child,
    order,
    one_card,
    double_ok,
    value,
    m2,
    g,
    evs,
    m2s,
    forced,
    want_g,
    peek,
):
    """Backward induction over one family of hands, for every up card.

    For state ``s`` (a hand of ``st_cards[s]`` cards and total ``st_total[s]``, its cards and
    the other removed cards being ``rem_counts[st_rem[s]]``) and up card ``u``: ``stand``,
    ``hit`` and (two cards) ``double`` EVs given no dealer blackjack, per bet on the hand, in
    ``evs[s, u, 0..2]`` and their second moments in ``m2s``;
    ``value`` the best of them (a one-card hand must draw; with ``one_card`` a two-card hand
    stands; a 21 stands, B4); ``m2`` the second moment of the best play and ``g[s, u, o]``
    E[result and dealer outcome o] (for the covariance of split hands). ``forced[s, u]`` >= 0
    imposes a choice (0 stand, 1 hit, 2 double) where it is allowed: a fixed strategy's
    value instead of the best one. ``g`` is filled only ``want_g`` (a split family's, for
    the covariance of its hands); ``evs[s, u, 2]`` only for two-card hands.
    ``double_ok[t]``: a two-card hand of total ``t`` may double here (I6: a split family's
    hands, on the totals the rules allow; the unsplit hands' double is their first
    decision's, valued by the caller). Children first: ``order`` lists states by decreasing
    hard sum.

    With ``peek`` (C3 / I5) every value is given no dealer blackjack: the draws are
    conditioned on the hole card not completing one, and ``dealer`` has six columns. Without
    it (H: ``peek`` false) nothing is conditioned: ``dealer`` has a seventh column, the
    dealer's blackjack, which takes the hand's whole bet, a double included.
    """
    nd = dealer.shape[2]
    a = np.empty(N_RANKS, dtype=np.int64)
    gs = np.empty(N_DEALER, dtype=np.float64)
    gh = np.empty(N_DEALER, dtype=np.float64)
    gd = np.empty(N_DEALER, dtype=np.float64)
    for idx in range(order.shape[0]):
        s = order[idx]
        ri = st_rem[s]
        t = st_total[s]
        for u in range(N_RANKS):
            total = 0
            ok = True
            for r in range(N_RANKS):
                a[r] = shoe[r] - rem_counts[ri, r] - (1 if r == u else 0)
                if a[r] < 0:
                    ok = False
                total += a[r]
            if not ok or total <= 1:
                value[s, u] = 0.0
                continue
            # C3 / I5: P(the hole card does not complete a blackjack), after a peek
            bj = (9 if u == 0 else (0 if u == 9 else -1)) if peek else -1
            z = 1.0 - a[bj] / total if bj >= 0 else 1.0
            if z <= 0.0:
                value[s, u] = 0.0
                continue
            # stand
            ev_s = 0.0
            m2_s = 0.0
            for o in range(nd):
                p = dealer[ri, u, o] / z
                pay = _pay(t, o)
                ev_s += p * pay
                m2_s += p * pay * pay
                gs[o] = p * pay
            evs[s, u, 0] = ev_s
            m2s[s, u, 0] = m2_s
            # hit, and on two cards double (the only hands that may)
            n = st_cards[s]
            two = n == 2
            ev_h = 0.0
            m2_h = 0.0
            ev_d = 0.0
            m2_d = 0.0
            for o in range(nd):
                gh[o] = 0.0
                gd[o] = 0.0
            for c in range(N_RANKS):
                if a[c] <= 0:
                    continue
                zc = 1.0
                if bj >= 0:
                    zc = 1.0 - (a[bj] - (1 if c == bj else 0)) / (total - 1)
                q = a[c] / total * zc / z
                ch = child[s, c]
                if ch < 0:
                    ev_h -= q
                    m2_h += q
                    if want_g:
                        for o in range(nd):
                            gh[o] -= q * dealer[ri, u, o] / z
                    if two:
                        ev_d -= 2.0 * q
                        m2_d += 4.0 * q
                        for o in range(nd):
                            gd[o] -= 2.0 * q * dealer[ri, u, o] / z
                    continue
                ev_h += q * value[ch, u]
                m2_h += q * m2[ch, u]
                if want_g:
                    for o in range(nd):
                        gh[o] += q * g[ch, u, o]
                if two:
                    ev_d += 2.0 * q * evs[ch, u, 0]
                    rc = st_rem[ch]
                    tc = st_total[ch]
                    zz = zc if zc > 0.0 else 1.0
                    for o in range(nd):
                        pc = dealer[rc, u, o] / zz
                        pay = _pay(tc, o)
                        gd[o] += 2.0 * q * pc * pay
                        m2_d += 4.0 * q * pc * pay * pay
            evs[s, u, 1] = ev_h
            evs[s, u, 2] = ev_d
            m2s[s, u, 1] = m2_h
            m2s[s, u, 2] = m2_d
            if n == 1:
                choice = 1
            elif t >= 21 or (n == 2 and one_card):
                choice = 0
            else:
                choice = 1 if ev_h > ev_s else 0
                best = ev_h if ev_h > ev_s else ev_s
                if n == 2 and double_ok[t] and ev_d > best:
                    choice = 2
                f = forced[s, u]
                if f == 0 or f == 1 or (f == 2 and n == 2 and double_ok[t]):
                    choice = f
            if choice == 0:
                value[s, u] = ev_s
                m2[s, u] = m2_s
                for o in range(nd):
                    g[s, u, o] = gs[o]
            elif choice == 1:
                value[s, u] = ev_h
                m2[s, u] = m2_h
                for o in range(nd):
                    g[s, u, o] = gh[o]
            else:
                value[s, u] = ev_d
                m2[s, u] = m2_d
                for o in range(nd):
                    g[s, u, o] = gd[o]
    return 0
