"""The compiled hand: T12–T21 and O4–O8 on the arrays of ``tables``, with Numba.

Every function here takes int64 arrays only, so each compiles once (``cache=True`` keeps the
machine code between runs). The rules are read from ``params`` (the ``Rules`` fields); a
strategy from ``decision``.

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

from banluck.sim.tables import (
    BAN_BAN,
    BAN_LUCK,
    HIT,
    N_CLASSES,
    P_BAN_BAN,
    P_BAN_LUCK,
    P_DEALER_16_FOUR,
    P_DEALER_FIVE_DRAGON,
    P_DEALER_LIMIT,
    P_DEALER_STANDS_ON,
    P_FIVE_CARD_BUST,
    P_FIVE_DRAGON,
    P_FIVE_DRAGON_21,
    P_FREE_HAND,
    P_FRESH_SHOE,
    P_MUST_DRAW_UNDER,
    P_RESHUFFLE_BELOW,
    P_SEAT_LIMIT,
    P_SEATS,
    P_SHOE_SIZE,
    P_UP_CARD,
    P_VOIDS_15,
    STAND,
    TEN,
    THROW,
    SimTables,
)

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

_U32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(0x100000000)


def _rotl(x: Any, k: int) -> Any:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


def _next(s: Any) -> Any:
    """xoshiro256**: the next 64 random bits; ``s`` is the uint64[4] state."""
    result = _rotl_j(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl_j(s[3], 45)
    return result


def _below(s: Any, n: int) -> int:
    """A uniform integer in [0, n), n < 2**32 (Lemire's multiply-and-reject)."""
    un = np.uint64(n)
    m = (_next_j(s) >> np.uint64(32)) * un
    low = m & _U32
    if low < un:
        t = (_TWO32 - un) % un
        while low < t:
            m = (_next_j(s) >> np.uint64(32)) * un
            low = m & _U32
    return int(m >> np.uint64(32))


def _draw(shoe: Any, st: Any, rng: Any, shuffle: int) -> int:
    """The next card: in shuffle mode a Fisher–Yates step, else the next stacked card."""
    p = st[0]
    if shuffle:
        j = p + _below_j(rng, shoe.shape[0] - p)
        c = shoe[j]
        shoe[j] = shoe[p]
        shoe[p] = c
    else:
        c = shoe[p]
    st[0] = p + 1
    return c  # type: ignore[no-any-return]


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


def _play_hand(
    P: Any,
    trans: Any,
    ncards: Any,
    total: Any,
    natural: Any,
    totals: Any,
    decision: Any,
    shoe: Any,
    st: Any,
    rng: Any,
    shuffle: int,
    seat_state: Any,
    seat_cards: Any,
    seat_net: Any,
    seat_res: Any,
    dealer_cards: Any,
    info: Any,
) -> None:
    """One hand from the deal (T13) to the last settlement (T18); results in the outputs."""
    nseats = P[P_SEATS]
    for i in range(nseats):
        seat_state[i] = 0
        seat_net[i] = 0
        seat_res[i] = _R_WAITING
    # T13 / O4: two passes, the seats in order and then the dealer.
    dn = 0
    dbase = 0
    daces = 0
    for r in range(2):
        for i in range(nseats):
            c = _draw_j(shoe, st, rng, shuffle)
            seat_cards[i, r] = c
            seat_state[i] = trans[seat_state[i], c]
        dn, dbase, daces = _dealer_draw_j(shoe, st, rng, shuffle, dealer_cards, dn, dbase, daces)
    info[I_DEALER_NATURAL] = 0
    info[I_VOID] = 0
    d0 = dealer_cards[0]
    d1 = dealer_cards[1]
    dnat = 0
    if d0 == 0 and d1 == 0:
        dnat = BAN_BAN
    elif (d0 == 0 and d1 == TEN) or (d0 == TEN and d1 == 0):
        dnat = BAN_LUCK
    if dnat != 0:
        # T14 / O5: the dealer's natural settles every seat at once.
        info[I_DEALER_NATURAL] = dnat
        dmult = P[P_BAN_BAN] if dnat == BAN_BAN else P[P_BAN_LUCK]
        for i in range(nseats):
            mine = natural[seat_state[i]]
            if mine == dnat:
                seat_res[i] = R_PUSH
            elif mine == BAN_BAN:
                seat_res[i] = R_WIN
                seat_net[i] = P[P_BAN_BAN]
            else:
                seat_res[i] = R_LOSE
                seat_net[i] = -dmult
        info[I_DEALER_CARDS] = dn
        return
    if P[P_VOIDS_15] and totals[2, dbase, daces] == 15:
        # T15: the dealer throws in its two-card 15; the hand is void.
        info[I_VOID] = 1
        for i in range(nseats):
            seat_res[i] = R_VOID
        info[I_DEALER_CARDS] = dn
        return
    up = dealer_cards[0] if P[P_UP_CARD] else 0
    must = P[P_MUST_DRAW_UNDER]
    free = P[P_FREE_HAND]
    limit = P[P_SEAT_LIMIT]
    waiting = 0
    for i in range(nseats):
        s = seat_state[i]
        nat = natural[s]
        if nat != 0:
            # T16: a seat's natural is paid at once.
            seat_res[i] = R_WIN
            seat_net[i] = P[P_BAN_BAN] if nat == BAN_BAN else P[P_BAN_LUCK]
            continue
        while True:
            t = total[s]
            n = ncards[s]
            if free and n == 2 and t == 15:
                a = decision[s, up]  # T16: the free hand, throw in or play on
            elif t < must:
                a = HIT  # T16 / O6: must draw
            else:
                a = decision[s, up]
            if a == THROW:
                seat_res[i] = R_THROWN
                break
            if a == STAND:
                waiting += 1
                break
            c = _draw_j(shoe, st, rng, shuffle)
            seat_cards[i, n] = c
            s = trans[s, c]
            if total[s] > 21:
                # T16 / O6: a bust loses at once, more with five cards.
                seat_res[i] = R_LOSE
                seat_net[i] = -P[P_FIVE_CARD_BUST] if ncards[s] >= 5 else -1
                break
            if ncards[s] >= limit:
                waiting += 1  # T16: five cards stop and wait for the dealer
                break
        seat_state[i] = s
    if waiting > 0:
        # T17 / O8: the dealer draws by its rule.
        dlimit = P[P_DEALER_LIMIT]
        stands = P[P_DEALER_STANDS_ON]
        d16 = P[P_DEALER_16_FOUR]
        while dn < dlimit:
            dt = totals[dn, dbase, daces]
            if dt < stands or (d16 and dt == 16 and dn == 4):
                dn, dbase, daces = _dealer_draw_j(
                    shoe, st, rng, shuffle, dealer_cards, dn, dbase, daces
                )
            else:
                break
        # T18 / O7 / O8: open the hands still in the round.
        dt = totals[dn, dbase, daces]
        dbust = dt > 21
        dfive = (not dbust) and P[P_DEALER_FIVE_DRAGON] != 0 and dn == 5
        dmult = 1
        if dfive:
            dmult = P[P_FIVE_DRAGON_21] if dt == 21 else P[P_FIVE_DRAGON]
        for i in range(nseats):
            if seat_res[i] != _R_WAITING:
                continue
            s = seat_state[i]
            t = total[s]
            sfive = ncards[s] == 5
            own = 1
            if sfive:
                own = P[P_FIVE_DRAGON_21] if t == 21 else P[P_FIVE_DRAGON]
            if dbust:
                res = R_WIN
            elif dfive and not sfive:
                res = R_LOSE
            elif (sfive and not dfive) or t > dt:
                res = R_WIN  # T18 / O7: a five dragon beats a plain total
            elif t < dt:
                res = R_LOSE
            else:
                res = R_PUSH
            seat_res[i] = res
            if res == R_WIN:
                seat_net[i] = own
            elif res == R_LOSE:
                seat_net[i] = -dmult
    info[I_DEALER_CARDS] = dn


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

    ``tabs`` is ``tables_of(tables)``.
    """
    trans, ncards, total, natural, totals, decision = tabs
    nseats = P[P_SEATS]
    ws = _scratch_j(nseats, shoe.shape[0])  # the first hand starts with a shuffle
    st, seat_state, seat_cards, seat_net, seat_res, dealer_cards, info = ws
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
        _play_hand_j(
            P, trans, ncards, total, natural, totals, decision, shoe, st, rng, 1,
            seat_state, seat_cards, seat_net, seat_res, dealer_cards, info,
        )  # fmt: skip
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
                if nat == BAN_BAN:
                    ban_ban += 1
                elif nat != 0:
                    ban_luck += 1
            elif n == 5 and total[s] <= 21:
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
    trans, ncards, total, natural, totals, decision = tabs
    nseats = P[P_SEATS]
    ws = _scratch_j(nseats, start_pos)
    st, seat_state, seat_cards, seat_net, seat_res, dealer_cards, info = ws
    for h in range(out_res.shape[0]):
        if shuffle:
            _before_hand_j(P, st, 1)
        else:
            st[0] = h * hand_len
        start = st[0]
        seat_cards[:, :] = -1
        dealer_cards[:] = -1
        _play_hand_j(
            P, trans, ncards, total, natural, totals, decision, shoe, st, rng, shuffle,
            seat_state, seat_cards, seat_net, seat_res, dealer_cards, info,
        )  # fmt: skip
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
# cached on disk. The hand (``_play_hand``, ``_scratch``) is inlined into its two loops
# (measured: about 10 % faster than a call); LLVM inlines the small helpers by itself. The
# loops unpack ``tabs`` and the scratch tuple once, before their first hand; two variants
# measured slower in CPU time: a second inlined per-hand helper wrapped around
# ``_play_hand`` (11 - 12 %), and ``_play_hand`` taking the tuples and doing the T12 check
# and the ``info`` span itself (3 - 5 %).
_rotl_j = njit(cache=True, inline="always")(_rotl)
_next_j = njit(cache=True, inline="always")(_next)
_below_j = njit(cache=True)(_below)
_draw_j = njit(cache=True)(_draw)
_dealer_draw_j = njit(cache=True)(_dealer_draw)
_play_hand_j = njit(cache=True, inline="always")(_play_hand)
_before_hand_j = njit(cache=True)(_before_hand)
_scratch_j = njit(cache=True, inline="always")(_scratch)
run_hands = njit(cache=True)(_run_hands)
_record_hands_j = njit(cache=True)(_record_hands)


def tables_of(tables: SimTables) -> tuple[Any, ...]:
    """The kernels' ``tabs``: the arrays of ``tables`` that a hand reads, in this order."""
    t = tables
    return (t.trans, t.ncards, t.total, t.natural, t.totals, t.decision)


def record_hands(P: Any, *args: Any) -> None:
    """``_record_hands`` called with the six table arrays of ``tabs`` one by one: ``(P, trans,
    ncards, total, natural, totals, decision, shoe, rng, shuffle, hand_len, start_pos,
    out_res, out_net, out_cards, out_dealer, out_info)``."""
    _record_hands_j(P, args[:6], *args[6:])


def full_shoe(decks: int) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The card classes of a full shoe of ``decks`` decks."""
    counts = [4 * decks * (4 if c == TEN else 1) for c in range(N_CLASSES)]
    return np.repeat(np.arange(N_CLASSES, dtype=np.int64), counts)


def rng_states(seed: int | None, streams: int) -> list[np.ndarray[Any, np.dtype[np.uint64]]]:
    """Independent xoshiro256** states, one per stream, from one seed."""
    children = np.random.SeedSequence(seed).spawn(streams)
    out: list[np.ndarray[Any, np.dtype[np.uint64]]] = []
    for child in children:
        state = np.asarray(child.generate_state(4, dtype=np.uint64), dtype=np.uint64)
        if not state.any():  # the one state xoshiro cannot leave
            state[0] = 1
        out.append(state)
    return out


def run(tables: SimTables, n_hands: int, rng: np.ndarray[Any, np.dtype[np.uint64]]) -> Any:
    """Play ``n_hands`` hands with these tables; return the accumulator (int64[ACC_SIZE])."""
    if tables.params[P_SEATS] > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats")
    acc = np.zeros(ACC_SIZE, dtype=np.int64)
    shoe = full_shoe(int(tables.params[P_SHOE_SIZE]) // 52)
    run_hands(tables.params, tables_of(tables), shoe, rng, n_hands, acc)
    return acc


__all__ = ["full_shoe", "record_hands", "rng_states", "run", "run_hands", "tables_of"]
