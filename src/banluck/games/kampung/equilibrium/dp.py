"""K14–K16: the banker's best choice at its turn, by dynamic programming: the tables' layout.

The banker knows its own cards and, for each unopened hand, a distribution over the hand's
outcome (a total from 15 to 21, or a hidden bust: ``posterior.py``). With the hands
independent of the banker's next cards (an infinite shoe of the full shoe's make-up), the
banker's best result from a state — its card count, the non-ace points, its aces — and the
set of still unopened hands is a small recursion: ``stand`` opens them all (K14), ``open:i``
settles one now (K16) and keeps the rest, ``hit`` averages over the next card; under its licence it
must draw, at 21 it opens everything, a bust with two to four cards, a five dragon and a
five-card bust settle every unopened hand (K15). A waiting 7-7-7 adds ``-21`` bets unless the
banker's final total is 21 (K13).

States are indexed ``[count, base, aces]``; the unopened hands are a bit set ``U`` over at
most three hands. The recursion itself is compiled (``kernel``: ``banker_dp``,
``banker_values``); this module keeps the layout, the rules' numbers it reads and the
tables to fill, with NumPy alone.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

import numpy as np

from banluck.core.cards import N_CLASSES
from banluck.games.banluck.hands import total_from
from banluck.games.kampung.rules import KampungRules

#: A player's outcome: totals 15..21 are 0..6, a hidden bust is 7.
N_OUT = 8
O_BUST = 7
LOW_TOTAL = 15
#: How a hand is settled by the banker: opened at a total from LOWEST_OPEN to 21 (K16; 14
#: is the lowest licence a house may give the banker, H19), or a special (K15).
LOWEST_OPEN = 14
E_21 = 21 - LOWEST_OPEN
E_BUST = E_21 + 1
E_DRAGON = E_21 + 2
E_DRAGON_21 = E_21 + 3
E_FIVE_BUST = E_21 + 4
N_EV = E_21 + 5
#: Table sizes: counts 0..5, non-ace points 0..21, aces 0..5; at most three players.
MAXC = 6
MAXB = 22
MAXA = 6
MAX_HANDS = 3
N_SETS = 1 << MAX_HANDS
#: Action codes of the banker's table.
A_NONE = -1
A_STAND = 0
A_HIT = 1
A_OPEN = 2  # + the hand's index
#: Where ``banker_values`` writes each choice's value: hit, stand, then open hand ``i``.
V_HIT = 0
V_STAND = 1
V_OPEN = 2
#: K13 / K14 / K16 numbers the recursion reads (filled from the rules by ``params``).
P_777 = 0
P_MUST_DRAW = 1
#: K14 / H19: 1 when the banker may open hands one by one, 0 when it may only hit or stand
P_SELECTIVE = 2
#: 1 to value the choices already in ``act`` (a given banker strategy) instead of choosing
P_FIXED = 3
N_PARAMS = 4


def totals(rules: KampungRules) -> np.ndarray[Any, np.dtype[np.int64]]:
    """K1: ``tot[count, base, aces]``, the hand's total by T3 (``core.hands.total_from``)."""
    rows = [[[0] * MAXA for _ in range(MAXB)]]  # count 0: no hand
    for c in range(1, MAXC):
        values = rules.totals.ace_values(c)
        rows.append(
            [[total_from(base, aces, values) for aces in range(MAXA)] for base in range(MAXB)]
        )
    return np.array(rows, dtype=np.int64)


@lru_cache(maxsize=8)
def shared_totals(rules: KampungRules) -> np.ndarray[Any, np.dtype[np.int64]]:
    """``totals(rules)`` built once and shared by every caller: read it, never write to it."""
    return totals(rules)


@lru_cache(maxsize=16)
def payoffs(rules: KampungRules) -> np.ndarray[Any, np.dtype[np.float64]]:
    """K15 / K16 (and X4, X5, X11 where a house sets them): ``g[o, e]``, what a player's
    hidden hand of outcome ``o`` wins (per bet) when the banker settles it by event ``e``,
    read from the round's own settlement (``settle.ending``, the one home of each rule).

    The model's hidden hand is a plain total of three cards or an ordinary bust (22; a bust
    shown at once, H19, is never hidden); the banker's events are its total when it opens
    (``LOWEST_OPEN`` to 21), a bust of three cards (22), and five cards of 20, 21 or 22.
    A heavy bust (X8) is not told apart from an ordinary one, nor a hand left *non* (X7).
    Built once per rules and shared by every caller: it cannot be written to."""
    from banluck.games.kampung.events import Result
    from banluck.games.kampung.settle import BankEnd, PlayerEnd, ending, owed

    hidden = dataclasses.replace(rules, busts_shown=False)
    events = [BankEnd(total=b, cards=3) for b in range(LOWEST_OPEN, 22)]
    events += [BankEnd(total=22, cards=3)]  # E_BUST
    events += [BankEnd(total=t, cards=rules.card_limit) for t in (20, 21, 22)]  # five cards
    assert len(events) == N_EV  # E_21 + 1 openings, E_BUST, E_DRAGON, E_DRAGON_21, E_FIVE_BUST
    g = np.zeros((N_OUT, N_EV), dtype=np.float64)
    for o in range(N_OUT):
        hand = PlayerEnd(total=22 if o == O_BUST else LOW_TOTAL + o, cards=3)
        for e, bank in enumerate(events):
            result, multiple, _ = ending(hidden, hand, bank)
            g[o, e] = multiple if result is Result.WIN else -owed(result, multiple, 1)
    g.setflags(write=False)
    return g


def params(rules: KampungRules) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The numbers of the rules the recursion reads."""
    p = np.zeros(N_PARAMS, dtype=np.float64)
    p[P_777] = rules.seven_seven_seven_multiple
    p[P_MUST_DRAW] = rules.banker_must_draw_under
    p[P_SELECTIVE] = 1.0 if rules.selective_open else 0.0
    return p


def class_probs(
    counts: np.ndarray[Any, np.dtype[np.int64]],
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The chance of each card class (0 ace .. 9 ten-value) from their counts."""
    total = float(counts.sum())
    if total <= 0:
        raise ValueError("no cards left to draw")
    return np.asarray(counts, dtype=np.float64) / total


def shoe_probs(decks: int) -> np.ndarray[Any, np.dtype[np.float64]]:
    """K4: the chance of each card class in a full shoe."""
    counts = np.array([4 * decks * (4 if k == N_CLASSES - 1 else 1) for k in range(N_CLASSES)])
    return class_probs(counts.astype(np.int64))


def new_tables(with_r: bool = False) -> tuple[Any, Any, Any, Any]:
    """Empty ``v``, ``act``, ``r``, ``f`` arrays for ``banker_dp``."""
    shape = (MAXC, MAXB, MAXA, N_SETS)
    v = np.zeros(shape, dtype=np.float64)
    act = np.full(shape, A_NONE, dtype=np.int64)
    rshape = (*shape, MAX_HANDS, N_EV) if with_r else (1, 1, 1, 1, 1, 1)
    r = np.zeros(rshape, dtype=np.float64)
    f = np.zeros(shape if with_r else (1, 1, 1, 1), dtype=np.float64)
    return v, act, r, f


def state_of(classes: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    """A hand's ``(count, base, aces)`` from its card classes (0 the ace)."""
    aces = sum(1 for k in classes if k == 0)
    base = sum(k + 1 for k in classes if k != 0)
    return len(classes), base, aces
