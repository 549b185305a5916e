"""The Ban Luck dealer's drawing graph, from the rules' grids: which partial dealer hands keep
drawing and what each next card does (the shared ``banluck.draws`` evaluates it for every
composition a seat can hold at once).

A state is the multiset of the dealer's cards drawn after the up card (one-on-one, O4) or of
all its cards (``table``, both hidden). The second card is where the opening is read
(``opening_grid``: a natural, T14 / O5, or a thrown-in 15, T15, ends the round before the seat
plays: ``EXCLUDED``); from there ``dealer_end_grid`` says whether it draws (T17 / O8) or the
outcome class it stands with, the column of the outcome it ends in.

>>> from banluck.games.banluck.rules import TABLE
>>> g = dealer_graph(TABLE, None)
>>> int(g.next_out[0, 3]), int(g.next_out[1, 9]), int(g.next_out[10, 4])   # A: BAN LUCK
(-1, -2, -2)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from banluck.draws.graph import N_RANKS, DrawGraph
from banluck.games.banluck.grids import dealer_end_grid, opening_grid
from banluck.games.banluck.hands import NON_ACE_POINTS
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.strategy.native import kernels
from banluck.games.banluck.strategy.totals import MAX_CARDS, IntArray, total_table

#: What the dealer's draws read from the rules: the opening, the end, the totals (and each
#: card count's table of them).
Dealer = tuple[IntArray, IntArray, IntArray, IntArray]
#: The points of each class without the ace's (the kernels count the aces apart).
POINTS = np.array(NON_ACE_POINTS, dtype=np.int64)


class _Key:
    """The dealer's grids as a key: houses that deal alike share one graph."""

    __slots__ = ("_bytes", "_hash", "dealer")

    def __init__(self, dealer: Dealer) -> None:
        self.dealer = dealer
        self._bytes = tuple((a.shape, a.tobytes()) for a in dealer)
        self._hash = hash(self._bytes)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self._bytes == other._bytes


@lru_cache(maxsize=64)
def _dealer(rules: Rules) -> _Key:
    """The grids the dealer's draws read under ``rules``."""
    totals, ace_of_n = total_table(rules)
    return _Key(
        (
            np.array(opening_grid(rules), dtype=np.int64),
            np.array(dealer_end_grid(rules, MAX_CARDS), dtype=np.int64),
            totals,
            ace_of_n,
        )
    )


def dealer_graph(rules: Rules, up: int | None) -> DrawGraph:
    """The dealer's draws under ``rules`` with up card class ``up`` (None: both hidden)."""
    return _graph(_dealer(rules), up)


@lru_cache(maxsize=256)
def _graph(key: _Key, up: int | None) -> DrawGraph:
    opening, end, totals, ace_of_n = key.dealer
    rows = 1024
    while True:
        counts = np.zeros((rows, N_RANKS), dtype=np.int64)
        size = np.zeros(rows, dtype=np.int64)
        paths = np.zeros(rows)
        next_out = np.zeros((rows, N_RANKS), dtype=np.int64)
        child = np.zeros((rows, N_RANKS), dtype=np.int64)
        keys = np.zeros(4 * rows, dtype=np.int64)
        n = kernels().dealer_graph(
            opening, end, totals, ace_of_n, POINTS, -1 if up is None else up,
            counts, size, paths, next_out, child, keys,
        )  # fmt: skip
        if n >= 0:
            return DrawGraph(
                counts=counts[:n],
                size=size[:n],
                paths=paths[:n],
                next_out=next_out[:n],
                child=child[:n],
            )
        rows *= 4
