"""The dealer's drawing graph (B7), independent of the shoe: which partial hands keep drawing,
how many orders of drawing reach each, and where each next card leads.

Ranks are indexed 0..9: ace, 2..9, ten-value (value ``r + 1``, the ace 1). A dealer state is
the multiset of cards drawn after the up card (the hole card first) while the total is under
``stands_on``. Drawing without replacement, every order of one multiset has the same
probability, so the probability of a state from any shoe ``a`` is
``paths * prod(a_c falling m_c) / (N falling |m|)``: the graph is built once per up card
and evaluated for thousands of shoes by the kernel (``solver_kernel``).

Outcome codes of a next card: 0..4 stand on 17..21, 5 bust, 6 the dealer's blackjack,
``CONTINUE`` the state goes on drawing, ``EXCLUDED`` impossible (C3 / I5: after the peek the
hole card cannot complete a blackjack).

>>> g = dealer_graph(9, 17, peek=True)     # ten up: the hole card is never an ace
>>> int(g.next_out[0, 0]), int(g.next_out[0, 9]), int(g.next_out[0, 6])
(-2, 3, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from banluck.games.blackjack.hands import points_total

N_RANKS = 10
VALUES = tuple(range(1, 11))
#: Outcome codes (see the module text).
STAND_17, BUST, DEALER_BJ, N_OUTCOMES = 0, 5, 6, 7
CONTINUE, EXCLUDED = -1, -2

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class DealerGraph:
    """The non-stopped dealer states of one up card, in order of size (parents first)."""

    up: int
    counts: IntArray  # (S, 10): the cards drawn so far
    size: IntArray  # (S,)
    paths: FloatArray  # (S,): orders of drawing that reach the state
    next_out: IntArray  # (S, 10): outcome code of drawing each rank next
    child: IntArray  # (S, 10): the state drawing each rank leads to (-1: it stops there)


def bj_rank(up: int) -> int:
    """B2: the hole card that completes a blackjack with up card ``up`` (-1: none)."""
    return 9 if up == 0 else 0 if up == 9 else -1


def _outcome(points: int, aces: int, stands_on: int, hits_soft_17: bool) -> int:
    total, soft = points_total(points, aces)
    if total > 21:
        return BUST
    if total >= stands_on and not (hits_soft_17 and soft and total == 17):
        return STAND_17 + total - 17
    return CONTINUE


@lru_cache(maxsize=64)
def dealer_graph(up: int, stands_on: int, *, peek: bool, hits_soft_17: bool = False) -> DealerGraph:
    """B7 (stand on every total from ``stands_on``, soft ones too, but a soft 17 with
    ``hits_soft_17``); with ``peek`` the blackjack hole card is excluded (C3 / I5), else it
    is outcome ``DEALER_BJ``."""
    if stands_on > 21 or stands_on < 17:
        raise ValueError(f"the solver models a dealer standing on 17 to 21, not {stands_on}")
    start = (0,) * N_RANKS
    order: list[tuple[int, ...]] = [start]
    paths: dict[tuple[int, ...], float] = {start: 1.0}
    layer = [start]
    nexts: dict[tuple[int, ...], list[int]] = {}
    while layer:
        following: list[tuple[int, ...]] = []
        for state in layer:
            points = VALUES[up] + sum(VALUES[r] * c for r, c in enumerate(state))
            aces = (up == 0) + state[0]
            row = []
            for r in range(N_RANKS):
                if not any(state) and r == bj_rank(up):
                    row.append(EXCLUDED if peek else DEALER_BJ)
                    continue
                code = _outcome(points + VALUES[r], aces + (r == 0), stands_on, hits_soft_17)
                row.append(code)
                if code == CONTINUE:
                    child = (*state[:r], state[r] + 1, *state[r + 1 :])
                    if child not in paths:
                        paths[child] = 0.0
                        following.append(child)
                        order.append(child)
                    paths[child] += paths[state]
            nexts[state] = row
        layer = following
    index = {state: i for i, state in enumerate(order)}
    children = [
        [index.get((*s[:r], s[r] + 1, *s[r + 1 :]), -1) if nexts[s][r] == CONTINUE else -1
         for r in range(N_RANKS)]
        for s in order
    ]  # fmt: skip
    return DealerGraph(
        up=up,
        counts=np.array(order, dtype=np.int64),
        size=np.array([sum(s) for s in order], dtype=np.int64),
        paths=np.array([paths[s] for s in order], dtype=np.float64),
        next_out=np.array([nexts[s] for s in order], dtype=np.int64),
        child=np.array(children, dtype=np.int64),
    )
