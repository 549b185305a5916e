"""T3's totals as the solver's kernels read them: ``totals[ace_of_n[cards], aces, base]``,
one table for each set of values the aces may take (``Rules.ace_values``), shared by every
house that counts its aces alike.

>>> from banluck.games.banluck.rules import TABLE
>>> totals, ace_of_n = total_table(TABLE)
>>> int(totals[ace_of_n[2], 1, 6]), int(totals[ace_of_n[3], 2, 9])   # A 6; A A 9: 10 + 1
(17, 20)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from banluck.games.banluck.grids import BASE_CAP
from banluck.games.banluck.hands import total_from
from banluck.games.banluck.rules import Rules

IntArray = npt.NDArray[np.int64]
#: The most cards a hand the kernels follow holds (the dealer stands there whatever its rule):
#: every card counts at least 1, so a hand of more cards is a bust.
MAX_CARDS = 22
#: More aces than this are a bust whatever they count (each counts at least 1).
MAX_ACES = 22


@lru_cache(maxsize=16)
def _by_values(ace_values: tuple[int, ...]) -> IntArray:
    """``[aces, base]``: T3's total with aces that may count ``ace_values`` (bases above
    ``BASE_CAP`` are bust whatever the aces: the table stops there)."""
    table = np.array(
        [[total_from(b, a, ace_values) for b in range(BASE_CAP + 1)] for a in range(MAX_ACES + 1)],
        dtype=np.int64,
    )
    table.setflags(write=False)
    return table


def total_table(rules: Rules) -> tuple[IntArray, IntArray]:
    """The totals of ``rules`` for hands of up to ``MAX_CARDS`` cards, and each card count's
    table."""
    return _table_of(tuple(rules.ace_values(n) for n in range(MAX_CARDS + 1)))


@lru_cache(maxsize=16)
def _table_of(values: tuple[tuple[int, ...], ...]) -> tuple[IntArray, IntArray]:
    distinct = list(dict.fromkeys(values))
    totals = np.ascontiguousarray(np.stack([_by_values(v) for v in distinct]))
    return totals, np.array([distinct.index(v) for v in values], dtype=np.int64)
