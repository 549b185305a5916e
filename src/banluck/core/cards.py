"""Cards and their codes (``"TS"``, ``"10S"``, ``"AH"``) as REPLAY.md writes them."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from banluck.core.errors import BadCard

RANKS = "A23456789TJQK"
SUITS = "SHDC"
TEN_VALUE = frozenset("TJQK")


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: a rank from ``RANKS`` and a suit from ``SUITS``.

    >>> Card("T", "S").code
    'TS'
    >>> Card("Q", "H").points
    10
    """

    rank: str
    suit: str

    @property
    def code(self) -> str:
        """The two-letter code, e.g. ``"TS"`` (one shared string per code)."""
        return sys.intern(self.rank + self.suit)

    @property
    def points(self) -> int:
        """T1: the card's count, with an ace as 1 (hands.py gives the ace its other values)."""
        return POINTS[self.rank]

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"

    @property
    def is_ten_value(self) -> bool:
        return self.rank in TEN_VALUE

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


#: T1: each rank's count, an ace as 1.
POINTS: dict[str, int] = {r: (1 if r == "A" else 10 if r in TEN_VALUE else int(r)) for r in RANKS}

#: T1: the rank classes of the solver and the simulator: 0 the ace, 1–8 the 2–9, 9 the
#: ten-value cards (10, J, Q, K count alike and make alike a Ban-Luck with an ace, T4).
CLASS_LABELS = "A23456789T"
N_CLASSES = len(CLASS_LABELS)
ACE_CLASS = 0
TEN_CLASS = N_CLASSES - 1
#: T1: each class's count, an ace as 1 (the class index plus one).
CLASS_POINTS: tuple[int, ...] = tuple(range(1, N_CLASSES + 1))
#: rank -> its class.
RANK_CLASS: dict[str, int] = {r: POINTS[r] - 1 for r in RANKS}


def rank_class(card: Card) -> int:
    """A card's rank class: 0 ace, 1–8 for 2–9, 9 for 10/J/Q/K (T1).

    >>> [rank_class(parse_card(c)) for c in ("AS", "2H", "9D", "TC", "KS")]
    [0, 1, 8, 9, 9]
    """
    return RANK_CLASS[card.rank]


def class_counts(cards: Iterable[Card]) -> tuple[int, ...]:
    """The multiset of a hand's rank classes, as a count per class.

    >>> class_counts(parse_cards(["AS", "KH", "TC"]))
    (1, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    """
    counts = [0] * N_CLASSES
    for card in cards:
        counts[RANK_CLASS[card.rank]] += 1
    return tuple(counts)


def class_label(counts: Sequence[int]) -> str:
    """A multiset of classes as its labels in class order, e.g. ``"A5T"``.

    >>> class_label((1, 0, 0, 0, 1, 0, 0, 0, 0, 1))
    'A5T'
    """
    return "".join(CLASS_LABELS[c] * k for c, k in enumerate(counts))


# Every card exists once; parse_card returns these shared instances.
_BY_CODE = {r + s: Card(r, s) for r in RANKS for s in SUITS}
ONE_DECK: tuple[Card, ...] = tuple(_BY_CODE.values())


def parse_card(code: str) -> Card:
    """Read a card code; ``10`` is accepted for ``T``, case does not matter.

    >>> parse_card("10s")
    Card(TS)
    >>> parse_card("ZZ")
    Traceback (most recent call last):
    ...
    banluck.core.errors.BadCard: unknown card 'ZZ': a rank (A 2-9 T J Q K) and a suit (S H D C)
    """
    card = _BY_CODE.get(code) if type(code) is str else None
    if card is not None:  # a canonical code: the common case
        return card
    if not isinstance(code, str):
        raise BadCard(f"unknown card {code!r}: a card is a string such as 'TS'")
    text = code.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    card = _BY_CODE.get(text)
    if card is None:
        raise BadCard(f"unknown card {code!r}: a rank (A 2-9 T J Q K) and a suit (S H D C)")
    return card


def parse_cards(codes: list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Read a list of card codes."""
    return tuple(parse_card(c) for c in codes)
