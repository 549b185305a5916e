"""Cards and their codes (``"TS"``, ``"10S"``, ``"AH"``) as REPLAY.md writes them."""

from __future__ import annotations

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
        """The two-letter code, e.g. ``"TS"``."""
        return self.rank + self.suit

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
