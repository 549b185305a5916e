"""The dealer's drawing graph for blackjack (B7), built on the shared ``banluck.draws``: which
partial hands keep drawing and what each next card does, per up card; the kernel
(``banluck.draws.kernel``) evaluates it for thousands of shoes.

Ranks are indexed 0..9: ace, 2..9, ten-value (value ``r + 1``, the ace 1). A dealer state is
the multiset of cards drawn after the up card (the hole card first) while the total is under
``stands_on``.

Outcome codes of a next card: 0..4 stand on 17..21, 5 bust, 6 the dealer's blackjack,
``CONTINUE`` the state goes on drawing, ``EXCLUDED`` impossible (C3 / I5: after the peek the
hole card cannot complete a blackjack).

>>> g = dealer_graph(9, 17, peek=True)     # ten up: the hole card is never an ace
>>> int(g.next_out[0, 0]), int(g.next_out[0, 9]), int(g.next_out[0, 6])
(-2, 3, 0)
"""

from __future__ import annotations

from functools import lru_cache

from banluck.draws.graph import CONTINUE, EXCLUDED, N_RANKS, Counts, DrawGraph, draw_graph
from banluck.games.blackjack.hands import points_total

VALUES = tuple(range(1, 11))
RANKS = range(N_RANKS)
#: Outcome codes (see the module text).
STAND_17, BUST, DEALER_BJ, N_OUTCOMES = 0, 5, 6, 7

__all__ = ["BUST", "CONTINUE", "DEALER_BJ", "EXCLUDED", "N_OUTCOMES", "DrawGraph", "dealer_graph"]


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
def dealer_graph(up: int, stands_on: int, *, peek: bool, hits_soft_17: bool = False) -> DrawGraph:
    """B7 (stand on every total from ``stands_on``, soft ones too, but a soft 17 with
    ``hits_soft_17``); with ``peek`` the blackjack hole card is excluded (C3 / I5), else it
    is outcome ``DEALER_BJ``."""
    if stands_on > 21 or stands_on < 17:
        raise ValueError(f"the solver models a dealer standing on 17 to 21, not {stands_on}")

    def step(state: Counts) -> list[int]:
        points = VALUES[up] + sum(VALUES[c] * n for c, n in enumerate(state))
        aces = (up == 0) + state[0]
        row = [
            _outcome(points + VALUES[r], aces + (r == 0), stands_on, hits_soft_17) for r in RANKS
        ]
        if not any(state) and bj_rank(up) >= 0:
            row[bj_rank(up)] = EXCLUDED if peek else DEALER_BJ
        return row

    return draw_graph(step)
