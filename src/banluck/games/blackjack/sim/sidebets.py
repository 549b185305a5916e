"""I10's side bets as look-up tables for the simulator, made by calling ``side_bets`` itself.

Each bet's lines are numbered in the order of ``side_bets.PAYS`` from 1 (0: the bet lost);
``pays[bet, line]`` is that line's k to 1. The tables are filled by asking the engine's own
line functions about every card combination, so the simulator pays exactly what the round
pays.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from banluck.core.cards import RANKS, SUITS, Card
from banluck.games.blackjack import side_bets
from banluck.games.blackjack.rules import SIDE_BET_NAMES, BlackjackRules

ByteArray = npt.NDArray[np.int8]
IntArray = npt.NDArray[np.int64]

N_CARDS = 52
MAX_DEALER = 24
MAX_LINES = 8


@dataclass(frozen=True)
class SideBetTables:
    """The line of each bet by the cards it reads, and each line's pay."""

    pairs_line: ByteArray
    lucky3_line: ByteArray
    poker3_line: ByteArray
    bust_line: IntArray
    pays: IntArray
    line_names: tuple[tuple[str, ...], ...]


def _card(cid: int) -> Card:
    """The card of a kernel id ``4 * rank + suit``."""
    return Card(RANKS[cid // 4], SUITS[cid % 4])


def _index(name: str, line: str | None) -> int:
    """A line's number for bet ``name`` (0: lost)."""
    if line is None:
        return 0
    return list(side_bets.PAYS[name]).index(line) + 1


@cache
def _full_tables() -> SideBetTables:
    cards = [_card(i) for i in range(N_CARDS)]
    pairs = np.zeros((N_CARDS, N_CARDS), dtype=np.int8)
    lucky3 = np.zeros((N_CARDS, N_CARDS, N_CARDS), dtype=np.int8)
    poker3 = np.zeros((N_CARDS, N_CARDS, N_CARDS), dtype=np.int8)
    for a, ca in enumerate(cards):
        for b, cb in enumerate(cards):
            pairs[a, b] = _index("pairs", side_bets.pairs_line(ca, cb))
            for u, cu in enumerate(cards):
                lucky3[a, b, u] = _index("lucky3", side_bets.lucky3_line(ca, cb, cu))
                poker3[a, b, u] = _index("poker3", side_bets.poker3_line(ca, cb, cu))
    bust = np.zeros(MAX_DEALER + 1, dtype=np.int64)
    ten, two = Card("T", "S"), Card("2", "S")
    for n in range(3, MAX_DEALER + 1):
        # A busting dealer hand of n cards (only the count and the total matter).
        bust[n] = _index("bust", side_bets.bust_line([ten, ten] + [two] * (n - 2)))
    pays = np.zeros((len(SIDE_BET_NAMES), MAX_LINES), dtype=np.int64)
    names: list[tuple[str, ...]] = []
    for b, name in enumerate(SIDE_BET_NAMES):
        lines = side_bets.PAYS[name]
        names.append(("lost", *lines))
        for k, line in enumerate(lines, start=1):
            pays[b, k] = lines[line]
    return SideBetTables(pairs, lucky3, poker3, bust, pays, tuple(names))


def side_bet_tables(rules: BlackjackRules) -> SideBetTables:
    """The tables for ``rules`` (tiny empty ones when the rules have no side bets)."""
    if rules.side_bets:
        return _full_tables()
    return SideBetTables(
        np.zeros((1, 1), dtype=np.int8),
        np.zeros((1, 1, 1), dtype=np.int8),
        np.zeros((1, 1, 1), dtype=np.int8),
        np.zeros(MAX_DEALER + 1, dtype=np.int64),
        np.zeros((len(SIDE_BET_NAMES), MAX_LINES), dtype=np.int64),
        tuple(("lost",) for _ in SIDE_BET_NAMES),
    )
