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

from banluck.core.cards import CLASS_POINTS, N_CLASSES
from banluck.draws.graph import CONTINUE, EXCLUDED, Counts, DrawGraph, draw_graph
from banluck.games.banluck.grids import (
    OPEN_PLAY,
    TOTAL_CAP,
    dealer_end_grid,
    opening_grid,
)
from banluck.games.banluck.hands import counts_base, total_from
from banluck.games.banluck.rules import Rules

#: The dealer's most cards the graph follows (it stands there whatever its rule).
MAX_CARDS = 32


#: what the dealer's draws read from the rules: the opening, the end, the aces' values
Dealer = tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]
]


@lru_cache(maxsize=64)
def _dealer(rules: Rules) -> Dealer:
    """The grids the dealer's draws read under ``rules``, as a key: houses that deal alike
    share one graph."""
    return (
        tuple(map(tuple, opening_grid(rules))),
        tuple(map(tuple, dealer_end_grid(rules, MAX_CARDS))),
        tuple(rules.ace_values(n) for n in range(MAX_CARDS + 1)),
    )


def dealer_graph(rules: Rules, up: int | None) -> DrawGraph:
    """The dealer's draws under ``rules`` with up card class ``up`` (None: both hidden)."""
    return _graph(_dealer(rules), up)


@lru_cache(maxsize=256)
def _graph(dealer: Dealer, up: int | None) -> DrawGraph:
    opening, end, ace_values = dealer
    totals: dict[tuple[int, int, int], int] = {}

    def step(state: Counts) -> list[int]:
        n = sum(state) + 1 + (up is not None)  # the cards held once one more is drawn
        if n < 2:
            return [CONTINUE] * N_CLASSES
        first = up if up is not None else next(c for c in range(N_CLASSES) if state[c])
        held = state if up is None else (*state[:up], state[up] + 1, *state[up + 1 :])
        base, aces = counts_base(held), held[0]
        ends = end[n]
        row = []
        for r in range(N_CLASSES):
            if n == 2 and opening[first][r] != OPEN_PLAY:
                row.append(EXCLUDED)
                continue
            key = (base + CLASS_POINTS[r], aces, n) if r else (base, aces + 1, n)
            total = totals.get(key)
            if total is None:  # T3, once for each points, aces and cards
                total = totals[key] = total_from(key[0], key[1], ace_values[n])
            code = ends[min(total, TOTAL_CAP)]
            row.append(CONTINUE if code < 0 else code)
        return row

    return draw_graph(step)
