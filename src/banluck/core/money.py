"""Hands and wagers, addressed one by one: the vocabulary every game of the family shares.

A seat may hold several hands (a split) and several wagers (the main bet, a double,
insurance, side bets). Each wager is settled by one record with an exact net; payouts at
fractional odds round by the rules' rule, which is written here once.

>>> HandRef("you", 1)
HandRef(seat='you', index=1)
>>> win_amount(15, 3, 2)          # B6: a blackjack of 15 at 3 to 2 wins 22 (the half rounds down)
22
>>> half_rounded_up(395)          # I6: a surrender of 395 loses 198
198
"""

from __future__ import annotations

from dataclasses import dataclass

#: the most chips a saved stack or bet may hold (a save with more is damaged)
MAX_CHIPS = 10**12


@dataclass(frozen=True, slots=True, order=True)
class HandRef:
    """One hand of a seat: ``index`` 0 is the seat's first hand, 1 the second after a split."""

    seat: str
    index: int = 0


@dataclass(frozen=True, slots=True)
class WagerSettled:
    """One wager settled: ``net`` is the exact change to the seat's stack for this wager.

    ``wager`` names it (``main``, ``insurance``, or a side bet such as ``pairs``); ``line``
    is the paying line of a side bet, or None.
    """

    hand: HandRef
    wager: str
    stake: int
    result: str
    net: int
    line: str | None = None


def win_amount(stake: int, numerator: int, denominator: int = 1) -> int:
    """What a winning ``stake`` gains at ``numerator`` to ``denominator``, rounded down.

    >>> win_amount(100, 1), win_amount(10, 3, 2), win_amount(7, 3, 2)
    (100, 15, 10)
    """
    return stake * numerator // denominator


def half_rounded_up(stake: int) -> int:
    """Half a stake, a half chip rounded up (what a surrender loses).

    >>> half_rounded_up(100), half_rounded_up(15)
    (50, 8)
    """
    return -(-stake // 2)
