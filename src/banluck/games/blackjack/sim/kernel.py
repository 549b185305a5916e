"""The compiled blackjack hand (B, C, I rules) on the arrays of ``tables``, with Numba.

The shoe is an array of card ids (``4 * rank + suit``, each id ``decks`` times) with a
position ``p`` and an end: the pack is ``shoe[p:end]``, every other card is on the table or
among the discards, so the array always holds the full shoe. Drawing in *shuffle* mode is one
Fisher–Yates step (a uniformly chosen card of the pack is swapped to ``p`` and taken), so a
shuffle is just ``p = 0, end = size`` and costs only the cards the hands use. In *stacked*
mode the cards are taken in order (for the tests against the engine).

- C8: before a hand, fewer than ``reshuffle_below`` cards left: shuffle. Between hands the
  pack is kept at the array's end (``_compact``), so when it runs out during a hand the
  cards of earlier hands are ``shoe[:hand_start]``: they become the new pack, the hand's own
  cards (``shoe[hand_start:]``) stay where they are, and the deal goes on.
- I1: after a shuffle the first card is burnt with as many more as its value; the hand during
  which the cut card (``cut`` cards from the end) comes out is the shoe's last; hands are
  numbered from 1 (I10's limits read the number). ``--fresh-shoe`` shuffles before every hand
  and burns nothing (burnt cards are unseen: the dealt cards' distribution is the same).
- I2: the n-th card a seat draws is the n-th card of one common row, drawn from the shoe the
  first time any seat needs it; the dealer draws after the row.

Money is counted in units, ``P_UNIT`` to a bet (``tables.money_unit``: 2, half bets, at 3 to
2; 10 at 6 to 5), so a blackjack's pay and a surrender's half are whole numbers.
The random source is the Ban Luck simulator's xoshiro256** (``banluck.games.banluck.sim.kernel``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from banluck.games.blackjack.rules import SIDE_BET_NAMES
from banluck.games.blackjack.sim.shoe import (
    E_NO_DECISION,
    S_DRAWN,
    S_END,
    S_ERROR,
    S_HAND_NO,
    S_HSTART,
    S_MID_OK,
    S_MIDS,
    S_P,
    S_ROW_N,
    S_SHUFFLE,
    S_SHUFFLES,
    cls_j,
    compact_j,
    draw_j,
    full_shoe,
    new_state,
)
from banluck.games.blackjack.sim.sidebets import MAX_LINES
from banluck.games.blackjack.sim.tables import (
    ACE,
    CTX_FIRST,
    CTX_FIRST_PAIR,
    CTX_MORE,
    CTX_SPLIT,
    DOUBLE,
    HIT,
    MAX_CARDS,
    P_ALWAYS_PLAYS,
    P_BJ_AT_ONCE,
    P_BJ_PAY,
    P_BURN,
    P_CUT,
    P_FRESH,
    P_LIMIT,
    P_MID_RESHUFFLE,
    P_RESHUFFLE_BELOW,
    P_SEATS,
    P_SHARED,
    P_SHOE_SIZE,
    P_SIDE_BETS,
    P_SPLIT_ACES_ONE,
    P_SURRENDER_LOSS,
    P_UNIT,
    SB_LUCKY3,
    SB_PAIRS,
    SB_POKER3,
    SPLIT,
    STAND,
    SURRENDER,
    SimTables,
)
from banluck.sim.rng import rng_states

N_SIDE = len(SIDE_BET_NAMES)

#: A seat hand's status (``hres``).
H_STAND = 0  # still in: settled against the dealer
H_BUST = 1
H_BLACKJACK = 2
H_SURRENDER = 3

#: Columns of the per-hand ``info`` record.
I_START = 0
I_USED = 1
I_DEALER_BJ = 2
I_DEALER_N = 3
I_DEALER_PLAYED = 4
I_HAND_NO = 5
I_ROW_N = 6
I_DEALER_TOTAL = 7
N_INFO = 8

#: Slots of the accumulator ``acc`` (int64 counts, merged by adding).
A_HANDS = 0
A_NET = 1  # sum over table hands of the seats' summed net, in money units
A_NET2 = 2  # sum of its square
A_SEAT_NET2 = 3  # sum over seats and table hands of a seat's net squared
A_CARDS = 4
A_BLACKJACK = 5  # seats dealt a blackjack
A_DEALER_BJ = 6  # table hands with a dealer's blackjack (C3 / I5)
A_SPLIT = 7  # seats that split
A_DOUBLE = 8  # hands doubled
A_SURRENDER = 9
A_INSURANCE_OFFERED = 10  # seat hands offered insurance (I4), never taken (B10)
A_WIN = 11  # per final hand (a blackjack paid counts as a win)
A_LOSE = 12
A_PUSH = 13
A_FINAL_HANDS = 14
A_DEALER_PLAYED = 15
A_DEALER_BUST = 16
A_SHUFFLES = 17
A_MID_RESHUFFLES = 18
A_ERROR = 19
A_DBUST_BY_N = 20  # + the dealer's card count
A_SEAT_NET = A_DBUST_BY_N + MAX_CARDS + 1  # + seat index
MAX_SEATS = 8
A_SB_PLACED = A_SEAT_NET + MAX_SEATS  # + bet
A_SB_NET = A_SB_PLACED + N_SIDE  # in units of the side bet
A_SB_NET2 = A_SB_NET + N_SIDE  # per table hand, the seats' summed net squared
A_SB_LINE = A_SB_NET2 + N_SIDE  # + bet * MAX_LINES + line
ACC_SIZE = A_SB_LINE + N_SIDE * MAX_LINES


def _scratch(nseats: int) -> Any:
    """The arrays a hand works in: ``(row, first, hstate, hbet, hres, hnet, hcards, hn, nh,
    sk, seat_net, side_line, dcards, info)``."""
    return (
        np.zeros(4 * MAX_CARDS, dtype=np.int64),
        np.zeros((nseats, 2), dtype=np.int64),
        np.zeros((nseats, 2), dtype=np.int64),
        np.zeros((nseats, 2), dtype=np.int64),
        np.zeros((nseats, 2), dtype=np.int64),
        np.zeros((nseats, 2), dtype=np.int64),
        np.zeros((nseats, 2, MAX_CARDS), dtype=np.int64),
        np.zeros((nseats, 2), dtype=np.int64),
        np.zeros(nseats, dtype=np.int64),
        np.zeros(nseats, dtype=np.int64),
        np.zeros(nseats, dtype=np.int64),
        np.zeros((nseats, N_SIDE), dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(N_INFO, dtype=np.int64),
    )


def _hands(
    P: Any, tabs: Any, shoe: Any, st: Any, rng: Any, tmp: Any, n_hands: int, record: int,
    hand_len: int, hand_nos: Any, outs: Any, acc: Any,
) -> None:  # fmt: skip
    """Play ``n_hands`` table hands; add the counts to ``acc`` and, when ``record``, write
    each hand to ``outs`` (for the tests against the engine).

    Shuffled (``st[S_SHUFFLE]`` 1): the hands follow each other in one shoe from the state
    ``st`` (kept between calls): C8's or I1's shuffles, or a fresh shoe. Stacked: hand ``h``
    takes its cards in order from ``shoe[h * hand_len:(h + 1) * hand_len]`` as hand number
    ``hand_nos[h]`` of its shoe.

    One function on purpose: an array passed to a Numba function that is not inlined, or
    to one inlined at Numba's level that calls another, costs an atomic reference-count
    increment and decrement per call; measured, that was 80 % of the time. So the hand, the
    shuffle and the counting are written out here, and only ``_draw`` is inlined.
    """
    (trans, total, natural, dealer_hits, pairable, peek_up, insurance_up, burn_more, decision,
     pairs_line, lucky3_line, poker3_line, bust_line, pays) = tabs  # fmt: skip
    (o_net, o_hnet, o_hbet, o_hres, o_nh, o_hcards, o_side, o_dealer, o_info, o_err) = outs
    (row, first, hstate, hbet, hres, hnet, hcards, hn, nh, sk, seat_net, side_line, dcards,
     info) = _scratch_j(P[P_SEATS])  # fmt: skip
    local = np.zeros(ACC_SIZE, dtype=np.int64)
    ns = P[P_SEATS]
    shared = P[P_SHARED]
    bust = trans.shape[0] - 1
    n = P[P_SHOE_SIZE]
    fresh = P[P_FRESH]
    cut = P[P_CUT]
    below = P[P_RESHUFFLE_BELOW]
    shuffle = st[S_SHUFFLE]
    for hand in range(n_hands):
        # C8 / I1: shuffle when the rules say so (and burn after it); number the hand.
        if shuffle:
            if (
                fresh
                or st[S_HAND_NO] == 0
                or (below > 0 and st[S_END] - st[S_P] < below)
                or (cut > 0 and st[S_P] >= n - cut)
            ):
                st[S_P] = 0
                st[S_END] = n
                st[S_HAND_NO] = 0
                st[S_SHUFFLES] += 1
                if P[P_BURN] and not fresh:
                    st[S_MID_OK] = 0
                    k = 0
                    left = 1
                    while k < left:  # the turned card, then as many more as its value
                        burnt = draw_j(shoe, st, rng)
                        if k == 0:
                            left = 1 + burn_more[cls_j(burnt)]
                        k += 1
            elif st[S_END] < n:
                compact_j(shoe, st, tmp)
            st[S_MID_OK] = P[P_MID_RESHUFFLE]
            st[S_HAND_NO] += 1
        else:
            st[S_P] = hand * hand_len
            st[S_END] = (hand + 1) * hand_len
            st[S_HAND_NO] = hand_nos[hand]
            st[S_MID_OK] = 0
            st[S_ERROR] = 0
        st[S_ROW_N] = 0
        st[S_DRAWN] = 0
        st[S_HSTART] = st[S_P]
        info[I_START] = st[S_P]
        info[I_HAND_NO] = st[S_HAND_NO]
        # C2 / I3: the deal, one draw site: a pass over the seats (one shared card in I2),
        # the up card, a second pass, the hole card.
        m = 1 if shared else ns
        up = 0
        hole = 0
        for pos in range(2 * m + 2):
            c = draw_j(shoe, st, rng)
            if pos == m:
                up = c
            elif pos == 2 * m + 1:
                hole = c
            else:
                r = 0 if pos < m else 1
                j = pos if pos < m else pos - m - 1
                if shared:
                    for i in range(ns):
                        first[i, r] = c
                else:
                    first[j, r] = c
        u = cls_j(up)
        dcards[0] = up
        dcards[1] = hole
        dn = 2
        dstate = trans[trans[0, u], cls_j(hole)]
        dbj = natural[dstate]
        for i in range(ns):
            a0 = first[i, 0]
            a1 = first[i, 1]
            nh[i] = 1
            sk[i] = 0
            hbet[i, 0] = 1
            hres[i, 0] = H_STAND
            hn[i, 0] = 2
            hcards[i, 0, 0] = a0
            hcards[i, 0, 1] = a1
            hstate[i, 0] = trans[trans[0, cls_j(a0)], cls_j(a1)]
            if natural[hstate[i, 0]]:
                hres[i, 0] = H_BLACKJACK  # C4 / I6: it stands (pushes a dealer's blackjack)
        # C3 / I5: the peek ends the hand at once with a dealer's blackjack.
        ended = dbj != 0 and peek_up[u] != 0
        if not ended:
            for i in range(ns):
                s = hstate[i, 0]
                if hres[i, 0] == H_BLACKJACK:
                    continue
                a0 = first[i, 0]
                k = cls_j(a0)
                ctx = CTX_FIRST_PAIR if pairable[a0, first[i, 1]] else CTX_FIRST
                a = decision[i, ctx, s, u]
                if a == SURRENDER:
                    hres[i, 0] = H_SURRENDER  # I6: half the bet back, the hand ends
                    continue
                later = CTX_MORE
                one_card = False
                if a == SPLIT:
                    # C6 / I6: two hands, each gets its second card as it starts.
                    nh[i] = 2
                    a1 = first[i, 1]
                    hstate[i, 0] = trans[0, k]
                    hstate[i, 1] = trans[0, cls_j(a1)]
                    hn[i, 0] = 1
                    hn[i, 1] = 1
                    hcards[i, 1, 0] = a1
                    hbet[i, 1] = 1
                    hres[i, 1] = H_STAND
                    a = -1
                    ctx = CTX_SPLIT + 2 * k
                    later = ctx + 1
                    one_card = k == ACE and P[P_SPLIT_ACES_ONE] != 0
                # C5 / I6 / B3 / B4: each hand to its end; ``a`` is the action already chosen.
                for h in range(nh[i]):
                    hctx = ctx
                    while True:
                        s = hstate[i, h]
                        if hn[i, h] >= 2:
                            if total[s] >= 21 or one_card:
                                break  # B4: 21 stands; I6: split aces take one card
                            if a < 0:
                                a = decision[i, hctx, s, u]
                            if a == STAND:
                                break
                            if a != HIT and a != DOUBLE:
                                st[S_ERROR] = E_NO_DECISION
                                break
                            if a == DOUBLE:
                                hbet[i, h] = 2
                        # I2: the seat's next card is the row's next (drawn when first needed).
                        r = sk[i]
                        if shared and r < st[S_ROW_N]:
                            c = row[r]
                        else:
                            c = draw_j(shoe, st, rng)
                            if shared:
                                row[r] = c
                                st[S_ROW_N] = r + 1
                        sk[i] = r + 1
                        hcards[i, h, hn[i, h]] = c
                        hn[i, h] += 1
                        s = trans[s, cls_j(c)]
                        hstate[i, h] = s
                        if s == bust:
                            hres[i, h] = H_BUST  # B3: a bust loses at once
                            break
                        if a == DOUBLE:
                            break  # I6: exactly one more card
                        if a == HIT:
                            hctx = later
                        a = -1
                    a = -1
        # C7 / I9 / B7: the dealer plays out, in `classic` only for a hand still standing (a
        # blackjack paid at once, C4, is not).
        standing = False
        for i in range(ns):
            for h in range(nh[i]):
                r = hres[i, h]
                if r == H_STAND or (r == H_BLACKJACK and not P[P_BJ_AT_ONCE]):
                    standing = True
        played = 0
        if not ended and (P[P_ALWAYS_PLAYS] or standing):
            played = 1
            while dealer_hits[dstate]:
                c = draw_j(shoe, st, rng)
                dcards[dn] = c
                dn += 1
                dstate = trans[dstate, cls_j(c)]
        info[I_DEALER_BJ] = dbj
        info[I_DEALER_N] = dn
        info[I_DEALER_PLAYED] = played
        info[I_ROW_N] = st[S_ROW_N]
        info[I_USED] = st[S_DRAWN]
        dbust = dstate == bust
        dt = total[dstate]
        info[I_DEALER_TOTAL] = dt
        # B6 / B8: settle every hand, in money units (``P_UNIT`` a bet).
        bj_pay = P[P_BJ_PAY]
        unit = P[P_UNIT]
        for i in range(ns):
            x = 0
            for h in range(nh[i]):
                r = hres[i, h]
                b2 = unit * hbet[i, h]
                if r == H_BLACKJACK:
                    v = 0 if dbj else bj_pay
                elif r == H_SURRENDER:
                    v = -P[P_SURRENDER_LOSS]
                elif r == H_BUST or dbj:
                    v = -b2  # a dealer's blackjack beats every hand but a blackjack
                elif dbust:
                    v = b2
                else:
                    t = total[hstate[i, h]]
                    v = b2 if t > dt else (-b2 if t < dt else 0)
                hnet[i, h] = v
                x += v
            seat_net[i] = x
        # I10: the side bets, each seat one unit on each bet its hand number allows: the line
        # (0: lost), or -1 when the bet could not be placed.
        for i in range(ns):
            a0 = first[i, 0]
            a1 = first[i, 1]
            for b in range(N_SIDE):
                if not P[P_SIDE_BETS] or st[S_HAND_NO] > P[P_LIMIT + b]:
                    side_line[i, b] = -1
                elif b == SB_PAIRS:
                    side_line[i, b] = pairs_line[a0, a1]
                elif b == SB_LUCKY3:
                    side_line[i, b] = lucky3_line[a0, a1, up]
                elif b == SB_POKER3:
                    side_line[i, b] = poker3_line[a0, a1, up]
                else:
                    side_line[i, b] = bust_line[dn] if dbust else 0
        if st[S_ERROR]:
            local[A_ERROR] += st[S_ERROR]
            if not record:
                break
        if record:
            o_err[hand] = st[S_ERROR]
            for i in range(ns):
                o_net[hand, i] = seat_net[i]
                o_nh[hand, i] = nh[i]
                for k in range(2):
                    o_hnet[hand, i, k] = hnet[i, k] if k < nh[i] else 0
                    o_hbet[hand, i, k] = hbet[i, k] if k < nh[i] else 0
                    o_hres[hand, i, k] = hres[i, k] if k < nh[i] else -1
                    for j in range(MAX_CARDS):
                        inside = k < nh[i] and j < hn[i, k]
                        o_hcards[hand, i, k, j] = hcards[i, k, j] if inside else -1
                for b in range(N_SIDE):
                    o_side[hand, i, b] = side_line[i, b]
            for j in range(MAX_CARDS):
                o_dealer[hand, j] = dcards[j] if j < dn else -1
            for k in range(N_INFO):
                o_info[hand, k] = info[k]
        local[A_HANDS] += 1
        local[A_CARDS] += info[I_USED]
        x = 0
        for i in range(ns):
            v = seat_net[i]
            x += v
            local[A_SEAT_NET + i] += v
            local[A_SEAT_NET2] += v * v
            if nh[i] == 2:
                local[A_SPLIT] += 1
            for h in range(nh[i]):
                r = hres[i, h]
                if r == H_BLACKJACK:
                    local[A_BLACKJACK] += 1
                if r == H_SURRENDER:
                    local[A_SURRENDER] += 1
                    continue
                if hbet[i, h] == 2:
                    local[A_DOUBLE] += 1
                local[A_FINAL_HANDS] += 1
                w = hnet[i, h]
                if w > 0:
                    local[A_WIN] += 1
                elif w < 0:
                    local[A_LOSE] += 1
                else:
                    local[A_PUSH] += 1
        local[A_NET] += x
        local[A_NET2] += x * x
        if insurance_up[cls_j(up)]:
            local[A_INSURANCE_OFFERED] += ns
        if info[I_DEALER_BJ]:
            local[A_DEALER_BJ] += 1
        if info[I_DEALER_PLAYED]:
            local[A_DEALER_PLAYED] += 1
            if info[I_DEALER_TOTAL] > 21:
                local[A_DEALER_BUST] += 1
                local[A_DBUST_BY_N + info[I_DEALER_N]] += 1
        if P[P_SIDE_BETS]:
            for b in range(N_SIDE):
                y = 0
                for i in range(ns):
                    line = side_line[i, b]
                    if line < 0:
                        continue
                    local[A_SB_PLACED + b] += 1
                    local[A_SB_LINE + b * MAX_LINES + line] += 1
                    y += pays[b, line] if line > 0 else -1
                local[A_SB_NET + b] += y
                local[A_SB_NET2 + b] += y * y

    local[A_SHUFFLES] += st[S_SHUFFLES]
    local[A_MID_RESHUFFLES] += st[S_MIDS]
    st[S_SHUFFLES] = 0
    st[S_MIDS] = 0
    for k in range(ACC_SIZE):
        acc[k] += local[k]


# Compiled once per signature (cache=True keeps the machine code between runs). Only the
# draw and its random numbers are inlined at Numba's level (see ``_hands``).
_scratch_j = njit(cache=True)(_scratch)
hands = njit(cache=True)(_hands)

Outs = tuple[Any, ...]


def empty_outs(nseats: int, n_hands: int) -> Outs:
    """The record arrays ``_hands`` fills: per hand and seat its net (money units), each
    hand's net, bet (1 or 2) and status, the number of hands, the cards, the side bets'
    lines; per hand the dealer's cards, ``info`` and the error code."""
    z = np.zeros
    return (
        z((n_hands, nseats), dtype=np.int64),
        z((n_hands, nseats, 2), dtype=np.int64),
        z((n_hands, nseats, 2), dtype=np.int64),
        z((n_hands, nseats, 2), dtype=np.int64),
        z((n_hands, nseats), dtype=np.int64),
        z((n_hands, nseats, 2, MAX_CARDS), dtype=np.int64),
        z((n_hands, nseats, N_SIDE), dtype=np.int64),
        z((n_hands, MAX_CARDS), dtype=np.int64),
        z((n_hands, N_INFO), dtype=np.int64),
        z(n_hands, dtype=np.int64),
    )


def run(tables: SimTables, n_hands: int, rng: np.ndarray[Any, np.dtype[np.uint64]]) -> Any:
    """Play ``n_hands`` hands from a freshly shuffled shoe; the counts (int64[ACC_SIZE])."""
    nseats = int(tables.params[P_SEATS])
    if nseats > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats")
    acc = np.zeros(ACC_SIZE, dtype=np.int64)
    shoe = full_shoe(int(tables.params[P_SHOE_SIZE]) // 52)
    st = new_state(tables)
    tmp = np.zeros(shoe.shape[0], dtype=np.int64)
    nos = np.zeros(1, dtype=np.int64)
    outs = empty_outs(nseats, 0)
    hands(tables.params, tables.kernel_tables(), shoe, st, rng, tmp, n_hands, 0, 0, nos, outs, acc)
    return acc


def record(
    tables: SimTables,
    shoe: np.ndarray[Any, np.dtype[np.int64]],
    n_hands: int,
    *,
    rng: np.ndarray[Any, np.dtype[np.uint64]] | None = None,
    st: Any = None,
    hand_len: int = 0,
    hand_nos: np.ndarray[Any, np.dtype[np.int64]] | None = None,
) -> tuple[Outs, Any]:
    """Play and record ``n_hands`` hands: stacked (``hand_len`` > 0: hand ``h`` from
    ``shoe[h * hand_len:]``, as hand ``hand_nos[h]`` of its shoe), or shuffled from the
    state ``st`` (``new_state``; kept between calls) with ``rng``. The records and counts."""
    nseats = int(tables.params[P_SEATS])
    outs = empty_outs(nseats, n_hands)
    acc = np.zeros(ACC_SIZE, dtype=np.int64)
    if rng is None:
        rng = rng_states(0, 1)[0]
    if hand_len > 0:
        st = new_state(tables, shuffle=False)
        if hand_nos is None:
            hand_nos = np.ones(n_hands, dtype=np.int64)
    elif st is None:
        st = new_state(tables)
    nos = hand_nos if hand_nos is not None else np.zeros(1, dtype=np.int64)
    tmp = np.zeros(shoe.shape[0], dtype=np.int64)
    hands(
        tables.params, tables.kernel_tables(), shoe, st, rng, tmp, n_hands, 1, hand_len, nos,
        outs, acc,
    )  # fmt: skip
    return outs, acc


__all__ = ["empty_outs", "full_shoe", "hands", "new_state", "record", "rng_states", "run"]
