"""The compiled hand: T12–T21 and O4–O8 on the arrays of ``tables``, with Numba.

Every function here takes int64 arrays (or tuples of them) only, so each compiles once
(``cache=True`` keeps the machine code between runs). This module keeps only the flow of a
hand: the rules are read from the tables (``SimTables``, built from the core's rule
functions), the table's facts from ``params``, a strategy from ``decision``.

The shoe is an array of card classes and a position. Drawing in *shuffle* mode is one step of
Fisher–Yates (swap a uniformly chosen remaining card to the position, then take it), so a
shuffle costs only the cards a hand uses: T12's reshuffle, or a fresh shoe before every hand,
is just "position = 0". In *stacked* mode the cards are taken in order (for the tests
against the engine).

The random source is xoshiro256** (Blackman and Vigna), one independent stream per worker,
seeded from ``numpy.random.SeedSequence``; bounded draws use Lemire's unbiased method.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from banluck.games.banluck.grids import (
    BUST_CLASS,
    FIVE_DRAGON_CLASS,
    OPEN_BAN_BAN,
    OPEN_PLAY,
    OPEN_VOID,
    TOTAL_CAP,
)
from banluck.games.banluck.sim.tables import (
    BUST,
    DEALER_END,
    DECISION,
    HIT,
    NATURAL,
    NATURALS,
    NCARDS,
    OPENING,
    OUTCOME,
    P_FRESH_SHOE,
    P_RESHUFFLE_BELOW,
    P_SEATS,
    P_SHOE_SIZE,
    P_UP_CARD,
    PAID,
    SHOWDOWN,
    THROW,
    TOTALS,
    TRANS,
    SimTables,
)
from banluck.sim.rng import draw_j as _draw_j
from banluck.sim.rng import full_shoe, rng_states

#: Seat results in the kernel's records.
R_WIN = 0
R_LOSE = 1
R_PUSH = 2
R_VOID = 3
R_THROWN = 4
_R_WAITING = 5

#: Slots of the accumulator ``acc`` (int64 counts, merged by adding).
A_HANDS = 0
A_NET = 1  # sum over table hands of the seats' summed net (in bets)
A_NET2 = 2  # sum of its square
A_SEAT_NET2 = 3  # sum over seat hands of net squared
A_BAN_BAN = 4
A_BAN_LUCK = 5
A_FIVE_DRAGON = 6
A_DEALER_NATURAL = 7
A_VOID = 8
A_CARDS = 9
A_WIN = 10
A_LOSE = 11
A_PUSH = 12
A_THROWN = 13
A_SEAT_NET = 16  # + seat index: each seat's summed net
ACC_SIZE = 32
MAX_SEATS = ACC_SIZE - A_SEAT_NET

#: Columns of the per-hand ``info`` record.
I_START = 0
I_USED = 1
I_DEALER_CARDS = 2
I_DEALER_NATURAL = 3
I_VOID = 4
N_INFO = 5

MAX_DEALER = 16

#: Positions of the work arrays in ``ws`` (``_scratch``).
W_ST, W_SEAT_STATE, W_SEAT_CARDS, W_SEAT_NET, W_SEAT_RES, W_DEALER_CARDS, W_INFO = range(7)


def _dealer_draw(
    shoe: Any, st: Any, rng: Any, shuffle: int, dealer_cards: Any, dn: int, base: int, aces: int
) -> tuple[int, int, int]:
    """A card to the dealer's ``dn`` cards of non-ace sum ``base`` with ``aces`` aces; the
    new ``(dn, base, aces)``."""
    c = _draw_j(shoe, st, rng, shuffle)
    dealer_cards[dn] = c
    if c == 0:
        return dn + 1, base, aces + 1
    return dn + 1, base + c + 1, aces


def _settle_at_once(code: int, nseats: int, tabs: Any, ws: Any) -> None:
    """T14 / O5 / T15: the dealer's natural (``code``, from ``opening``) settles every seat at
    once by the ``naturals`` grid, or the dealer's thrown-in 15 voids the hand."""
    natural = tabs[NATURAL]
    naturals = tabs[NATURALS]
    seat_state = ws[W_SEAT_STATE]
    seat_net = ws[W_SEAT_NET]
    seat_res = ws[W_SEAT_RES]
    for i in range(nseats):
        if code == OPEN_VOID:
            seat_res[i] = R_VOID
            continue
        v = naturals[natural[seat_state[i]], code]
        seat_net[i] = v
        seat_res[i] = R_WIN if v > 0 else (R_LOSE if v < 0 else R_PUSH)


def _seat_turns(nseats: int, up: int, tabs: Any, shoe: Any, rng: Any, shuffle: int, ws: Any) -> int:
    """T16 / O6: each seat in order, by the ``decision`` table (its choices and forced
    draws); a natural or a bust is paid at once (``paid``). Returns how many seats wait."""
    trans = tabs[TRANS]
    ncards = tabs[NCARDS]
    natural = tabs[NATURAL]
    paid = tabs[PAID]
    decision = tabs[DECISION]
    st = ws[W_ST]
    seat_state = ws[W_SEAT_STATE]
    seat_cards = ws[W_SEAT_CARDS]
    seat_net = ws[W_SEAT_NET]
    seat_res = ws[W_SEAT_RES]
    waiting = 0
    for i in range(nseats):
        s = seat_state[i]
        if natural[s] != 0:
            seat_res[i] = R_WIN
            seat_net[i] = paid[s]
            continue
        while True:
            a = decision[s, up]
            if a == HIT:
                c = _draw_j(shoe, st, rng, shuffle)
                seat_cards[i, ncards[s]] = c
                s = trans[s, c]
                continue
            if a == THROW:
                seat_res[i] = R_THROWN
            elif a == BUST:
                seat_res[i] = R_LOSE
                seat_net[i] = paid[s]
            else:  # STAND, or WAIT with five cards
                waiting += 1
            break
        seat_state[i] = s
    return waiting


def _dealer_turn(tabs: Any, shoe: Any, rng: Any, shuffle: int, ws: Any) -> tuple[int, int]:
    """T17 / O8: the dealer draws while ``dealer_end`` says so; its cards and outcome class."""
    totals = tabs[TOTALS]
    dealer_end = tabs[DEALER_END]
    st = ws[W_ST]
    dealer_cards = ws[W_DEALER_CARDS]
    dn = 2
    dbase = 0
    daces = 0
    for k in range(2):
        c = dealer_cards[k]
        if c == 0:
            daces += 1
        else:
            dbase += c + 1  # class c counts c + 1 (T1)
    while True:
        t = totals[dn, daces, dbase]
        o = dealer_end[dn, t if t < TOTAL_CAP else TOTAL_CAP]
        if o >= 0:
            return dn, o
        dn, dbase, daces = _dealer_draw_j(shoe, st, rng, shuffle, dealer_cards, dn, dbase, daces)


def _showdown(nseats: int, dealer: int, tabs: Any, ws: Any) -> None:
    """T18 / O7 / O8: the seats still in the round against the dealer's outcome class."""
    outcome = tabs[OUTCOME]
    showdown = tabs[SHOWDOWN]
    seat_state = ws[W_SEAT_STATE]
    seat_net = ws[W_SEAT_NET]
    seat_res = ws[W_SEAT_RES]
    for i in range(nseats):
        if seat_res[i] != _R_WAITING:
            continue
        v = showdown[outcome[seat_state[i]], dealer]
        seat_net[i] = v
        seat_res[i] = R_WIN if v > 0 else (R_LOSE if v < 0 else R_PUSH)


def _play_hand(P: Any, tabs: Any, shoe: Any, rng: Any, shuffle: int, ws: Any) -> None:
    """One hand from the deal (T13) to the last settlement (T18); results in ``ws``.

    ``tabs`` is ``SimTables.arrays()``; ``ws`` the work arrays of ``_scratch``.
    """
    trans = tabs[TRANS]
    opening = tabs[OPENING]
    st, seat_state, seat_cards, seat_net, seat_res, dealer_cards, info = ws
    nseats = P[P_SEATS]
    for i in range(nseats):
        seat_state[i] = 0
        seat_net[i] = 0
        seat_res[i] = _R_WAITING
    # T13 / O4: two passes, the seats in order and then the dealer.
    for r in range(2):
        for i in range(nseats):
            c = _draw_j(shoe, st, rng, shuffle)
            seat_cards[i, r] = c
            seat_state[i] = trans[seat_state[i], c]
        dealer_cards[r] = _draw_j(shoe, st, rng, shuffle)
    code = opening[dealer_cards[0], dealer_cards[1]]
    info[I_DEALER_NATURAL] = code if code != OPEN_VOID else 0
    info[I_VOID] = 1 if code == OPEN_VOID else 0
    info[I_DEALER_CARDS] = 2
    if code != OPEN_PLAY:
        _settle_at_once_j(code, nseats, tabs, ws)
        return
    up = dealer_cards[0] if P[P_UP_CARD] else 0
    if _seat_turns_j(nseats, up, tabs, shoe, rng, shuffle, ws) > 0:
        dn, dealer = _dealer_turn_j(tabs, shoe, rng, shuffle, ws)
        info[I_DEALER_CARDS] = dn
        _showdown_j(nseats, dealer, tabs, ws)


def _before_hand(P: Any, st: Any, shuffle: int) -> None:
    """T12 / O2: back to a full shoe before a hand when it is fresh or runs low."""
    if shuffle and (P[P_FRESH_SHOE] or P[P_SHOE_SIZE] - st[0] < P[P_RESHUFFLE_BELOW]):
        st[0] = 0


def _scratch(nseats: int, pos: int) -> Any:
    """The arrays a hand works in, the shoe position ``st`` at ``pos``: ``(st, seat_state,
    seat_cards, seat_net, seat_res, dealer_cards, info)``."""
    st = np.zeros(1, dtype=np.int64)
    st[0] = pos
    return (
        st,
        np.zeros(nseats, dtype=np.int64),
        np.zeros((nseats, 8), dtype=np.int64),
        np.zeros(nseats, dtype=np.int64),
        np.zeros(nseats, dtype=np.int64),
        np.zeros(MAX_DEALER + 1, dtype=np.int64),
        np.zeros(N_INFO, dtype=np.int64),
    )


def _run_hands(P: Any, tabs: Any, shoe: Any, rng: Any, n_hands: int, acc: Any) -> None:
    """Play ``n_hands`` table hands from a freshly shuffled shoe; add the counts to ``acc``.

    ``tabs`` is ``SimTables.arrays()``.
    """
    ncards = tabs[NCARDS]
    natural = tabs[NATURAL]
    outcome = tabs[OUTCOME]
    nseats = P[P_SEATS]
    ws = _scratch_j(nseats, shoe.shape[0])  # the first hand starts with a shuffle
    st, seat_state, _seat_cards, seat_net, seat_res, _dealer_cards, info = ws
    # Counts in local variables (registers), written to ``acc`` once at the end.
    hands = 0
    cards = 0
    dealer_naturals = 0
    voids = 0
    net = 0
    net2 = 0
    seat_net2 = 0
    ban_ban = 0
    ban_luck = 0
    five_dragon = 0
    wins = 0
    losses = 0
    pushes = 0
    thrown = 0
    per_seat = np.zeros(nseats, dtype=np.int64)
    for _ in range(n_hands):
        _before_hand_j(P, st, 1)
        start = st[0]
        _play_hand_j(P, tabs, shoe, rng, 1, ws)
        hands += 1
        cards += st[0] - start
        if info[I_DEALER_NATURAL] != 0:
            dealer_naturals += 1
        if info[I_VOID] != 0:
            voids += 1
        x = 0
        for i in range(nseats):
            v = seat_net[i]
            x += v
            per_seat[i] += v
            seat_net2 += v * v
            s = seat_state[i]
            n = ncards[s]
            if n == 2:
                nat = natural[s]
                if nat == OPEN_BAN_BAN:
                    ban_ban += 1
                elif nat != 0:
                    ban_luck += 1
            elif FIVE_DRAGON_CLASS <= outcome[s] < BUST_CLASS:
                five_dragon += 1
            r = seat_res[i]
            if r == R_WIN:
                wins += 1
            elif r == R_LOSE:
                losses += 1
            elif r == R_PUSH:
                pushes += 1
            elif r == R_THROWN:
                thrown += 1
        net += x
        net2 += x * x
    acc[A_HANDS] += hands
    acc[A_CARDS] += cards
    acc[A_DEALER_NATURAL] += dealer_naturals
    acc[A_VOID] += voids
    acc[A_NET] += net
    acc[A_NET2] += net2
    acc[A_SEAT_NET2] += seat_net2
    acc[A_BAN_BAN] += ban_ban
    acc[A_BAN_LUCK] += ban_luck
    acc[A_FIVE_DRAGON] += five_dragon
    acc[A_WIN] += wins
    acc[A_LOSE] += losses
    acc[A_PUSH] += pushes
    acc[A_THROWN] += thrown
    for i in range(nseats):
        acc[A_SEAT_NET + i] += per_seat[i]


def _record_hands(
    P: Any,
    tabs: Any,
    shoe: Any,
    rng: Any,
    shuffle: int,
    hand_len: int,
    start_pos: int,
    out_res: Any,
    out_net: Any,
    out_cards: Any,
    out_dealer: Any,
    out_info: Any,
) -> None:
    """Play hands one by one and record each (for the tests against the engine).

    Stacked (``shuffle`` 0): hand ``h`` takes its cards in order from
    ``shoe[h * hand_len:]``. Shuffled: the hands follow each other in one shoe as in
    ``_run_hands`` (T12 or a fresh shoe), from position ``start_pos`` of ``shoe`` (its
    size: start with a shuffle).
    """
    nseats = P[P_SEATS]
    ws = _scratch_j(nseats, start_pos)
    st, _seat_state, seat_cards, seat_net, seat_res, dealer_cards, info = ws
    for h in range(out_res.shape[0]):
        if shuffle:
            _before_hand_j(P, st, 1)
        else:
            st[0] = h * hand_len
        start = st[0]
        seat_cards[:, :] = -1
        dealer_cards[:] = -1
        _play_hand_j(P, tabs, shoe, rng, shuffle, ws)
        info[I_START] = start
        info[I_USED] = st[0] - start
        for i in range(nseats):
            out_res[h, i] = seat_res[i]
            out_net[h, i] = seat_net[i]
            for k in range(out_cards.shape[2]):
                out_cards[h, i, k] = seat_cards[i, k]
        for k in range(out_dealer.shape[1]):
            out_dealer[h, k] = dealer_cards[k]
        for k in range(N_INFO):
            out_info[h, k] = info[k]


# Compiled once per signature (every argument an int64 array, a tuple of them, or an int),
# cached on disk. A hand allocates nothing, so ``_play_hand`` and everything it calls are
# compiled without Numba's reference counting (``_nrt=False``): measured, the counting of the
# arrays handed from step to step cost more than half the time of a one-on-one hand. The
# steps are inlined into ``_play_hand``; the two loops call it.
_HAND: dict[str, Any] = {"cache": True, "_nrt": False}
_dealer_draw_j = njit(**_HAND)(_dealer_draw)
_settle_at_once_j = njit(inline="always", **_HAND)(_settle_at_once)
_seat_turns_j = njit(inline="always", **_HAND)(_seat_turns)
_dealer_turn_j = njit(inline="always", **_HAND)(_dealer_turn)
_showdown_j = njit(inline="always", **_HAND)(_showdown)
_play_hand_j = njit(**_HAND)(_play_hand)
_before_hand_j = njit(cache=True)(_before_hand)
_scratch_j = njit(cache=True, inline="always")(_scratch)
run_hands = njit(cache=True)(_run_hands)
_record_hands_j = njit(cache=True)(_record_hands)


def record_hands(
    tables: SimTables,
    shoe: Any,
    rng: Any,
    shuffle: int,
    hand_len: int,
    start_pos: int,
    records: tuple[Any, Any, Any, Any, Any],
) -> None:
    """``_record_hands`` for ``tables``; ``records`` are the output arrays ``(out_res, out_net,
    out_cards, out_dealer, out_info)``."""
    _record_hands_j(
        tables.params, tables.arrays(), shoe, rng, shuffle, hand_len, start_pos, *records
    )


def run(tables: SimTables, n_hands: int, rng: np.ndarray[Any, np.dtype[np.uint64]]) -> Any:
    """Play ``n_hands`` hands with these tables; return the accumulator (int64[ACC_SIZE])."""
    if tables.params[P_SEATS] > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats")
    acc = np.zeros(ACC_SIZE, dtype=np.int64)
    shoe = full_shoe(int(tables.params[P_SHOE_SIZE]) // 52)
    run_hands(tables.params, tables.arrays(), shoe, rng, n_hands, acc)
    return acc


__all__ = ["full_shoe", "record_hands", "rng_states", "run", "run_hands"]
