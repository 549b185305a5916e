"""The exact distribution of a hand's net, summed deal by deal: every two cards a seat can be
dealt (and, one-on-one, the dealer's up card) with the dealer's opening (T14 / T15: its
naturals and its void), a seat's natural paid (T16), and each hand played to the end under the
solved strategy (the solver's outcome statistics, laid out as ``I_*`` and ``NETS`` say).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from banluck.core.cards import N_CLASSES
from banluck.games.banluck.grids import (
    NATURAL_CODE,
    OPEN_PLAY,
    OPEN_VOID,
    natural_grid,
    opening_grid,
)
from banluck.games.banluck.hands import HandKind, class_natural
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.settle import natural_paid

Counts = tuple[int, ...]
FloatArray = npt.NDArray[np.float64]

#: Outcome statistics of a hand: these flags, then the net -m..m from index ``NETS`` on
#: (``net_bound``: m is 3 for the presets, up to a house's largest multiple).
I_DRAGON, I_DRAGON21, I_SEAT_BUST, I_FIVE_BUST, NETS = 0, 1, 2, 3, 4


def net_bound(rules: Rules) -> int:
    """The largest number of bets one hand can win or lose under ``rules`` (at least 3).

    >>> from banluck.games.banluck.rules import TABLE
    >>> net_bound(TABLE)
    3
    """
    return max(
        3,
        rules.ban_ban_multiple,
        rules.ban_luck_multiple,
        rules.five_dragon_multiple,
        rules.five_dragon_21_multiple,
        rules.five_card_bust_multiple,
        rules.seven_seven_seven,
    )


def grown(counts: Counts, c: int) -> Counts:
    """The composition with one more card of class ``c``."""
    return (*counts[:c], counts[c] + 1, *counts[c + 1 :])


def pair_probs(shoe: Sequence[int]) -> dict[tuple[int, int], float]:
    """Ordered two-card draws from a shoe and their probabilities."""
    left = sum(shoe)
    probs = {}
    for i in range(N_CLASSES):
        if shoe[i] == 0:
            continue
        for j in range(N_CLASSES):
            cj = shoe[j] - (1 if i == j else 0)
            if cj <= 0:
                continue
            probs[(i, j)] = shoe[i] / left * cj / (left - 1)
    return probs


@dataclass(frozen=True, slots=True)
class Deal:
    """A seat's two cards with their weight (the up card's included, one-on-one) and the
    dealer's two-card draws given them."""

    seat: Counts
    natural: HandKind | None
    weight: float
    dealer_pairs: dict[tuple[int, int], float]


def deals(shoe: Sequence[int], up: int | None) -> Iterator[Deal]:
    """Every deal a seat can get, with the dealer's up card ``up`` (None: both hidden)."""
    for (a, b), p_seat in pair_probs(shoe).items():
        seat = grown(grown((0,) * N_CLASSES, a), b)
        rem = [s - c for s, c in zip(shoe, seat, strict=True)]
        if up is None:
            dealer_pairs = pair_probs(rem)
            p_up = 1.0
        else:
            if rem[up] == 0:
                continue
            p_up = rem[up] / sum(rem)
            rem2 = list(rem)
            rem2[up] -= 1
            dealer_pairs = {(up, h): rem2[h] / sum(rem2) for h in range(N_CLASSES) if rem2[h] > 0}
        yield Deal(seat, class_natural(a, b), p_seat * p_up, dealer_pairs)


class Tally:
    """The exact distribution of a hand's net and the frequencies, summed deal by deal."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.open_grid = opening_grid(rules)
        self.naturals = natural_grid(rules)
        self.m = net_bound(rules)
        self.net = np.zeros(2 * self.m + 1)  # P(net = -m..m)
        self.freq = dict.fromkeys(
            ("ban-ban", "ban-luck", "five-dragon", "dealer-natural", "void"), 0.0
        )
        self.extra = dict.fromkeys(
            (
                "ban-ban-paid",
                "ban-luck-paid",
                "five-dragon-21",
                "five-card-bust",
                "seat-bust",
                "played",
            ),
            0.0,
        )

    def dealer_opening(self, deal: Deal) -> float:
        """T14 / T15: count the dealer's naturals and voids; the probability that the seat
        plays (the dealer's two cards let it)."""
        w = deal.weight
        if deal.natural is HandKind.BAN_BAN:
            self.freq["ban-ban"] += w
        elif deal.natural is HandKind.BAN_LUCK:
            self.freq["ban-luck"] += w
        mine = NATURAL_CODE[deal.natural]
        z = 0.0
        for (i, j), pd in deal.dealer_pairs.items():
            code = self.open_grid[i][j]
            if code == OPEN_PLAY:
                z += pd
            elif code == OPEN_VOID:
                self.freq["void"] += w * pd
                self.net[self.m] += w * pd
            else:
                self.freq["dealer-natural"] += w * pd
                self.net[self.naturals[mine][code] + self.m] += w * pd
        return z

    def seat_natural(self, natural: HandKind, wz: float) -> None:
        """T16: the seat's natural is paid."""
        self.net[natural_paid(self.rules, natural)[1] + self.m] += wz
        self.extra["ban-ban-paid" if natural is HandKind.BAN_BAN else "ban-luck-paid"] += wz

    def played(self, stats: FloatArray, wz: float) -> None:
        """A hand played to the end under the solved strategy."""
        self.net += wz * stats[NETS:]
        self.freq["five-dragon"] += wz * stats[I_DRAGON]
        self.extra["five-dragon-21"] += wz * stats[I_DRAGON21]
        self.extra["seat-bust"] += wz * stats[I_SEAT_BUST]
        self.extra["five-card-bust"] += wz * stats[I_FIVE_BUST]
        self.extra["played"] += wz

    def figures(self) -> dict[str, Any]:
        """The solution's figures: the player's EV, the frequencies, the deviation, the
        distribution of the net and the extra counts."""
        values = np.arange(-self.m, self.m + 1)
        mean = float(self.net @ values)
        var = float(self.net @ (values**2)) - mean * mean
        return {
            "player_ev": mean,
            "frequencies": {k: float(v) for k, v in self.freq.items()},
            "std": math.sqrt(var),
            "outcome": {int(v): float(p) for v, p in zip(values, self.net, strict=True)},
            "extra": {k: float(v) for k, v in self.extra.items()},
        }
