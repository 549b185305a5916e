"""Blackjack hand totals (B1) and naturals (B2).

>>> from banluck.core.cards import parse_cards
>>> def t(*codes: str) -> tuple[int, bool]:
...     return total_and_soft(parse_cards(codes))
>>> t("AS", "6H")          # soft 17
(17, True)
>>> t("AS", "6H", "9C")    # the ace falls back to 1: hard 16
(16, False)
>>> t("AS", "AH")          # soft 12
(12, True)
>>> t("KS", "9H", "5C")    # bust
(24, False)
>>> is_blackjack(parse_cards(["AS", "KH"]))
True
>>> is_blackjack(parse_cards(["AS", "KH"]), from_split=True)   # B2: a split A+K is a plain 21
False
"""

from __future__ import annotations

from collections.abc import Sequence

from banluck.core.cards import POINTS, Card


def points_total(points: int, aces: int) -> tuple[int, bool]:
    """B1 from the sum of the cards (aces as 1) and whether there is an ace: the total, and
    whether an ace counts 11 (soft).

    >>> points_total(7, 1), points_total(17, 1), points_total(12, 0)
    ((17, True), (17, False), (12, False))
    """
    if aces and points + 10 <= 21:
        return points + 10, True
    return points, False


def total_and_soft(cards: Sequence[Card]) -> tuple[int, bool]:
    """B1: the highest total of 21 or less the aces allow, else the lowest; and softness."""
    points = 0
    aces = 0
    for card in cards:
        points += POINTS[card.rank]
        aces += card.rank == "A"
    return points_total(points, aces)


def hand_total(cards: Sequence[Card]) -> int:
    """B1: the hand's total."""
    return total_and_soft(cards)[0]


def is_blackjack(cards: Sequence[Card], *, from_split: bool = False) -> bool:
    """B2: an ace and a ten-value card as a seat's first two cards, not made by a split."""
    if from_split or len(cards) != 2:
        return False
    first, second = POINTS[cards[0].rank], POINTS[cards[1].rank]
    return (first == 1 and second == 10) or (first == 10 and second == 1)


def is_pair(first: Card, second: Card, *, by_value: bool) -> bool:
    """C6 / I6: two cards that may be split: the same rank, or (``by_value``) the same value.

    >>> from banluck.core.cards import parse_card as c
    >>> is_pair(c("JS"), c("QH"), by_value=False), is_pair(c("JS"), c("QH"), by_value=True)
    (False, True)
    """
    if by_value:
        return POINTS[first.rank] == POINTS[second.rank]
    return first.rank == second.rank


def counts_total(counts: Sequence[int]) -> int:
    """B1: the total of a hand given as its count of each rank class (ace, 2..9, ten).

    >>> counts_total((1, 0, 0, 0, 0, 0, 0, 0, 1, 0)), counts_total((0, 0, 0, 0, 0, 0, 0, 1, 0, 1))
    (20, 18)
    """
    return points_total(sum(k * (c + 1) for c, k in enumerate(counts)), counts[0])[0]


def dealer_draws(
    total: int, stands_on: int, soft: bool = False, hits_soft_17: bool = False
) -> bool:
    """B7: the dealer draws under ``stands_on`` and stands on every total from it, soft too
    (a house with ``hits_soft_17`` draws on a soft 17).

    >>> dealer_draws(16, 17), dealer_draws(17, 17), dealer_draws(17, 17, True, True)
    (True, False, True)
    """
    return total < stands_on or (hits_soft_17 and soft and total == 17)
