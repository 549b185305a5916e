"""The pieces of the compiled kampung hand (``kernel``): the layout of its parameter
and tally arrays, a hand's running count and total (T3), a natural (T4), the banker's natural
against every player (K6) and an opening (K16), each compiled inline where the hand uses it.
"""

from __future__ import annotations

from typing import Any

from numba import njit

#: Banker policies by code (``policy.BANKER_POLICIES`` order).
B_PROJECT = 0
B_NEVER_OPEN = 1
B_OPEN_FOUR = 2
B_FULL_SHOE = 3
#: ``prm`` slots (ints).
P_DECKS = 0
P_RESHUFFLE_BELOW = 1
P_FRESH = 2
P_BANKER = 3
P_777 = 4
P_BB = 5
P_BL = 6
P_DRAGON = 7
P_DRAGON_21 = 8
P_FIVE_BUST = 9
P_R21 = 10
P_PLAYER_DRAW = 11
P_BANKER_DRAW = 12
P_BURN_TOTAL = 13
#: H18: 1 when the banker wins equal naturals (K6), 0 when they push
P_BANKER_WINS_EQUAL_NATURALS = 14
#: H19: 1 when a three- or four-card bust is shown and loses one bet at once (K11)
P_BUSTS_SHOWN = 15
N_PRM = 16
#: Accumulator slots.
A_HANDS = 0
A_NET = 1  # the bank's net over all hands, in base bets
A_NET2 = 2  # sum over hands of the bank's net squared
A_VOID = 3
A_BANK_NATURAL = 4
A_BANK_BURN = 5
A_PLAYER_BURN = 6
A_FORFEIT = 7
A_777 = 8
A_EARLY_OPEN = 9
A_PLAYER_NATURAL = 10
A_FIVE = 11
A_BANK_BUST = 12
ACC_SIZE = 16
NP = 3  # players
N_KIND = 9  # a seat's kind in a configuration: none, count 2..4 x bet 1/2, 7-7-7 x bet 1/2
N_CONFIGS = N_KIND**NP
SEVEN = 6
TEN = 9


def natural(a: int, b: int) -> int:
    """T4: 3 for a Ban-Ban, 2 for a Ban-Luck (their multiples' order), else 0."""
    if a == 0 and b == 0:
        return 3
    if (a == 0 and b == TEN) or (a == TEN and b == 0):
        return 2
    return 0


def add(k: int, cnt: Any, base: Any, aces: Any, held: Any, i: int) -> None:
    held[i, cnt[i]] = k
    cnt[i] += 1
    if k == 0:
        aces[i] += 1
    else:
        base[i] += k + 1


def total(tot: Any, cnt: Any, base: Any, aces: Any, i: int) -> int:
    """T3: hand ``i``'s total (past 21 the hard count: a bust)."""
    hard = int(base[i] + aces[i])
    if hard > 21:
        return hard
    return int(tot[cnt[i], base[i], aces[i]])


def settle(net: Any, done: Any, i: int, amount: int) -> None:
    net[i] += amount
    done[i] = 1


def banker_natural(
    prm: Any,
    kind: int,
    first: Any,
    second: Any,
    tot: Any,
    cnt: Any,
    base: Any,
    aces: Any,
    bet: Any,
    net: Any,
    done: Any,
) -> None:
    """K6: the banker's natural against every player still in the hand."""
    for i in range(NP):
        if done[i]:
            continue
        mine = natural_j(first[i], second[i])
        if mine == 0 and total_j(tot, cnt, base, aces, i) == prm[P_BURN_TOTAL]:
            settle_j(net, done, i, 0)  # K6: a two-card 15 escapes
        elif mine == kind:  # H18: a push, or the banker's natural wins
            mult = prm[P_BB] if kind == 3 else prm[P_BL]
            settle_j(net, done, i, -mult * bet[i] * prm[P_BANKER_WINS_EQUAL_NATURALS])
        elif mine == 3:
            settle_j(net, done, i, prm[P_BB] * bet[i])
        else:
            mult = prm[P_BB] if kind == 3 else prm[P_BL]
            settle_j(net, done, i, -mult * bet[i])


def open_hand(
    prm: Any,
    tot: Any,
    cnt: Any,
    base: Any,
    aces: Any,
    bet: Any,
    net: Any,
    done: Any,
    i: int,
    b: int,
) -> None:
    """K16: the banker at ``b`` (from its licence, 14 at the lowest, to 21) opens hand ``i``."""
    t = total_j(tot, cnt, base, aces, i)
    lose = prm[P_R21] if b == 21 else 1
    if t > 21 or t < b:
        settle_j(net, done, i, -lose * bet[i])
    elif t == b:
        settle_j(net, done, i, 0)
    else:
        settle_j(net, done, i, (prm[P_R21] if t == 21 else 1) * bet[i])


natural_j = njit(cache=True, inline="always")(natural)
add_j = njit(cache=True, inline="always")(add)
total_j = njit(cache=True, inline="always")(total)
settle_j = njit(cache=True, inline="always")(settle)
banker_natural_j = njit(cache=True)(banker_natural)
open_j = njit(cache=True)(open_hand)
