"""K18: a player policy as tables over the player's own hand (the bots' and the simulator's).

``hit[count, base, aces]`` (1 hit, 0 stand) for totals 15..20 under five cards (K9; under 15
the player must hit, at 21 it stands); ``burn[base, aces]`` for a two-card 15 (K10);
``double[base, aces]`` for a two-card hand after the banker's burn (K7). In ``burn`` and
``double`` the row ``PAIR_77`` stands for a pair of sevens (K13 makes it unlike 6-8 or 5-9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from banluck.games.kampung.equilibrium.dp import MAXA, MAXB, MAXC, totals
from banluck.games.kampung.rules import KAMPUNG, KampungRules

Table = np.ndarray[Any, np.dtype[np.int64]]
#: The row of ``burn`` and ``double`` for a pair of sevens.
PAIR_77 = MAXB


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerTables:
    """A player policy over the player's own hand (count, non-ace points, aces)."""

    name: str
    hit: Table
    burn: Table
    double: Table

    def same_as(self, other: PlayerTables) -> bool:
        """True when both tables choose alike everywhere."""
        return bool(
            np.array_equal(self.hit, other.hit)
            and np.array_equal(self.burn, other.burn)
            and np.array_equal(self.double, other.double)
        )


def simple_player(rules: KampungRules = KAMPUNG, stand_on: int = 17) -> PlayerTables:
    """The simple player: stands from ``stand_on`` (hits below it), never burns, always
    doubles after a banker's burn.

    >>> int(simple_player().hit[3, 16, 0]), int(simple_player().hit[3, 17, 0])
    (1, 0)
    """
    tot = totals(rules)
    hit = (tot < stand_on).astype(np.int64)
    hit[5:] = 0
    return PlayerTables(
        name="simple",
        hit=hit,
        burn=np.zeros((MAXB + 1, MAXA), dtype=np.int64),
        double=np.ones((MAXB + 1, MAXA), dtype=np.int64),
    )


def empty_tables(name: str) -> PlayerTables:
    """All-zero tables to fill."""
    return PlayerTables(
        name=name,
        hit=np.zeros((MAXC, MAXB, MAXA), dtype=np.int64),
        burn=np.zeros((MAXB + 1, MAXA), dtype=np.int64),
        double=np.zeros((MAXB + 1, MAXA), dtype=np.int64),
    )
