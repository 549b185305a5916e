"""The dealer's drawing graph, independent of the shoe: which partial hands keep drawing, how
many orders of drawing reach each, and where each next card leads.

Ranks are indexed 0..9: ace, 2..9, ten-value. A state is the multiset of cards drawn after
the up card (all of the dealer's cards when none is dealt face up), kept while the dealer
goes on drawing. Drawing without replacement, every order of one multiset has the same
probability, so the probability of a state from any shoe ``a`` is
``paths * prod(a_c falling m_c) / (N falling |m|)``: the graph is built once per family's
rules and up card and evaluated for thousands of shoes by ``kernel.graph_outcomes``.

What drawing a rank does is the family's to say (``Step``): an outcome code (0 or more, the
column of ``out`` it ends in), ``CONTINUE`` (the new state goes on drawing) or ``EXCLUDED``
(left out: a hand that ends the round before it is played, or cannot happen).

>>> g = draw_graph(lambda state: [CONTINUE if sum(state) < 1 else r % 2 for r in range(10)])
>>> g.counts.shape, int(g.child[0, 3]), int(g.next_out[1, 4])
((11, 10), 4, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

N_RANKS = 10
#: Codes of a next card that is not an outcome (see the module text).
CONTINUE, EXCLUDED = -1, -2

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
Counts = tuple[int, ...]
#: What drawing each rank does from ``state`` (the cards drawn so far): for ranks 0..9 an
#: outcome code, ``CONTINUE`` or ``EXCLUDED``.
Step = Callable[[Counts], list[int]]


@dataclass(frozen=True, slots=True)
class DrawGraph:
    """The states that go on drawing, in order of size (parents first)."""

    counts: IntArray  # (S, 10): the cards drawn so far
    size: IntArray  # (S,)
    paths: FloatArray  # (S,): orders of drawing that reach the state
    next_out: IntArray  # (S, 10): the code of drawing each rank next
    child: IntArray  # (S, 10): the state drawing each rank leads to (-1: it stops there)


def draw_graph(step: Step) -> DrawGraph:
    """Every state reached from no card drawn, breadth first, by ``step``."""
    start: Counts = (0,) * N_RANKS
    order: list[Counts] = [start]
    paths: dict[Counts, float] = {start: 1.0}
    nexts: list[list[int]] = []
    kids: list[list[Counts | None]] = []
    for state in order:  # grows as states are found: breadth first, parents first
        row = step(state)
        into: list[Counts | None] = [None] * N_RANKS
        for r, code in enumerate(row):
            if code == CONTINUE:
                child = into[r] = (*state[:r], state[r] + 1, *state[r + 1 :])
                if child not in paths:
                    paths[child] = 0.0
                    order.append(child)
                paths[child] += paths[state]
        nexts.append(row)
        kids.append(into)
    index = {state: i for i, state in enumerate(order)}
    return DrawGraph(
        counts=np.array(order, dtype=np.int64),
        size=np.array([sum(s) for s in order], dtype=np.int64),
        paths=np.array([paths[s] for s in order], dtype=np.float64),
        next_out=np.array(nexts, dtype=np.int64),
        child=np.array(
            [[-1 if k is None else index[k] for k in row] for row in kids], dtype=np.int64
        ),
    )
