"""Hand totals and kinds (T1–T6): the ace that changes value with the number of cards.

The examples below are T3's, in the ``table`` preset:

>>> from banluck.core.cards import parse_cards
>>> from banluck.games.banluck.rules import TABLE
>>> def total(*codes: str) -> int:
...     return hand_total(parse_cards(codes), TABLE)
>>> total("AS", "6H")             # two cards: the ace counts 11
17
>>> total("AS", "4H")             # 11 + 4; the dealer throws this 15 in (T15)
15
>>> total("AS", "5H", "2C")       # three cards: the ace counts 10
17
>>> total("AS", "9H", "5C")       # 10 would make 24, so the ace counts 1
15
>>> total("AS", "AH", "9C")       # 10 + 1 + 9
20
>>> total("AS", "AH", "AC")       # 10 + 10 + 1
21
>>> total("AS", "5H", "5C", "2D") # four cards: the ace counts 1
13
>>> total("KS", "9H", "5C")       # bust: no ace can help
24
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import mul

from banluck.core.cards import (
    ACE_CLASS,
    CLASS_POINTS,
    POINTS,
    RANK_CLASS,
    RANKS,
    TEN_CLASS,
    Card,
)
from banluck.games.banluck.rules import Rules


class HandKind(StrEnum):
    """What a hand is, as REPLAY.md names it."""

    BAN_BAN = "ban-ban"
    BAN_LUCK = "ban-luck"
    FIVE_DRAGON = "five-dragon"
    BUST = "bust"
    PLAIN = "plain"
    #: H5: three sevens as a seat's first three cards, where the house pays them
    SEVEN_SEVEN_SEVEN = "seven-seven-seven"


@lru_cache(maxsize=4096)
def total_from(base: int, aces: int, ace_values: tuple[int, ...]) -> int:
    """T3: the best total of a hand whose non-ace cards sum to ``base``, with ``aces`` aces
    that may each count any of ``ace_values``.

    >>> total_from(6, 1, (10, 11))
    17
    >>> total_from(14, 1, (1, 10))
    15
    """
    if aces == 0:
        return base
    totals = {base + sum(pick) for pick in combinations_with_replacement(ace_values, aces)}
    fitting = [t for t in totals if t <= 21]
    return max(fitting) if fitting else min(totals)


def hand_total(cards: Sequence[Card], rules: Rules) -> int:
    """T3: the highest total of 21 or less the aces allow, else the lowest (bust)."""
    base = 0
    aces = 0
    for card in cards:
        if card.rank == "A":
            aces += 1
        else:
            base += POINTS[card.rank]
    if not aces:  # ``total_from``'s answer without an ace, looked up in no cache
        return base
    return total_from(base, aces, rules.ace_values(len(cards)))


def is_natural(cards: Sequence[Card]) -> bool:
    """T4: two aces, or an ace with a ten-value card; only the first two cards make one."""
    return len(cards) == 2 and natural_kind(cards[0], cards[1]) is not None


def natural_kind(first: Card, second: Card) -> HandKind | None:
    """T4: the natural two cards make, if any.

    >>> from banluck.core.cards import parse_card as c
    >>> natural_kind(c("AS"), c("AH"))
    <HandKind.BAN_BAN: 'ban-ban'>
    >>> natural_kind(c("QS"), c("AH"))
    <HandKind.BAN_LUCK: 'ban-luck'>
    >>> natural_kind(c("5S"), c("AH")) is None
    True
    """
    return _NATURALS.get((first.rank, second.rank))


def class_natural(first: int, second: int) -> HandKind | None:
    """T4 on rank classes: two aces are a Ban-Ban, an ace with a ten-value card a Ban-Luck.

    >>> class_natural(0, 0), class_natural(9, 0), class_natural(0, 4)
    (<HandKind.BAN_BAN: 'ban-ban'>, <HandKind.BAN_LUCK: 'ban-luck'>, None)
    """
    if first == ACE_CLASS and second == ACE_CLASS:
        return HandKind.BAN_BAN
    if {first, second} == {ACE_CLASS, TEN_CLASS}:
        return HandKind.BAN_LUCK
    return None


#: T4: the rank pairs that make a natural (``class_natural`` read once per pair of ranks).
_NATURALS: dict[tuple[str, str], HandKind] = {
    (a, b): kind
    for a in RANKS
    for b in RANKS
    if (kind := class_natural(RANK_CLASS[a], RANK_CLASS[b])) is not None
}


#: T1: each class's points, the ace's counted apart (0 here)
NON_ACE_POINTS = tuple(0 if c == ACE_CLASS else p for c, p in enumerate(CLASS_POINTS))


def counts_base(counts: Sequence[int]) -> int:
    """T1: the points of a multiset of classes without its aces.

    >>> counts_base((2, 0, 0, 0, 1, 0, 0, 0, 0, 1))
    15
    """
    return sum(map(mul, NON_ACE_POINTS, counts))


def counts_total(counts: Sequence[int], rules: Rules) -> int:
    """T3: the total of a hand given as a count per rank class (``hand_total``'s figure).

    >>> from banluck.games.banluck.rules import TABLE
    >>> counts_total((1, 0, 0, 0, 0, 0, 0, 0, 0, 1), TABLE)   # A T: the ace 11
    21
    >>> counts_total((1, 0, 0, 0, 0, 0, 0, 0, 0, 2), TABLE)   # A T T: the ace 1
    21
    """
    return total_from(counts_base(counts), counts[ACE_CLASS], rules.ace_values(sum(counts)))


def hand_kind(cards: Sequence[Card], rules: Rules, *, five_card_special: bool = True) -> HandKind:
    """T4–T6: what a hand is. ``five_card_special`` is False for a dealer whose five cards
    are not a special hand (O8).

    >>> from banluck.core.cards import parse_cards
    >>> from banluck.games.banluck.rules import TABLE
    >>> hand_kind(parse_cards(["2S", "3H", "4S", "5H", "7C"]), TABLE)
    <HandKind.FIVE_DRAGON: 'five-dragon'>
    >>> hand_kind(parse_cards(["2S", "3H", "4S", "5H", "KC"]), TABLE)
    <HandKind.BUST: 'bust'>
    """
    if len(cards) == 2:
        natural = natural_kind(cards[0], cards[1])
        if natural is not None:
            return natural
    total = hand_total(cards, rules)
    return kind_with_total(len(cards), total, five_card_special=five_card_special)


def kind_with_total(count: int, total: int, *, five_card_special: bool = True) -> HandKind:
    """T5–T6: the kind of a hand that is not a natural, from its card count and total.

    >>> kind_with_total(5, 21)
    <HandKind.FIVE_DRAGON: 'five-dragon'>
    >>> kind_with_total(3, 22)
    <HandKind.BUST: 'bust'>
    """
    if total > 21:
        return HandKind.BUST
    if five_card_special and count == 5:
        return HandKind.FIVE_DRAGON
    return HandKind.PLAIN


def win_multiple(kind: HandKind, total: int, rules: Rules) -> int:
    """T21: what a hand of this kind wins (or, for the dealer's hand, collects)."""
    if kind is HandKind.BAN_BAN:
        return rules.ban_ban_multiple
    if kind is HandKind.BAN_LUCK:
        return rules.ban_luck_multiple
    if kind is HandKind.FIVE_DRAGON:
        return rules.five_dragon_21_multiple if total == 21 else rules.five_dragon_multiple
    if kind is HandKind.SEVEN_SEVEN_SEVEN:
        return rules.seven_seven_seven
    return 1


def is_seven_seven_seven(cards: Sequence[Card], rules: Rules) -> bool:
    """H5: a seat's first three cards are three sevens, and the house pays them.

    >>> from banluck.core.cards import parse_cards
    >>> from banluck.games.banluck.rules import TABLE
    >>> import dataclasses
    >>> is_seven_seven_seven(parse_cards(["7S", "7H", "7C"]), TABLE)
    False
    >>> is_seven_seven_seven(parse_cards(["7S", "7H", "7C"]),
    ...                      dataclasses.replace(TABLE, seven_seven_seven=7))
    True
    """
    return rules.seven_seven_seven > 0 and len(cards) == 3 and all(c.rank == "7" for c in cards)
