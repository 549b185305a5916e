"""What a blackjack round is made of and gives back: where its cards come from, each seat and
hand while the round runs (``PlaySeat``, ``PlayHand``), and the settled outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from banluck.core.cards import Card
from banluck.core.money import HandRef, WagerSettled
from banluck.games.blackjack.bets import SeatEntry
from banluck.games.blackjack.hands import is_blackjack, total_and_soft


class CardSource(Protocol):
    """Where the round's cards come from, top first."""

    def draw(self) -> Card: ...


def hand_kind(cards: Sequence[Card], *, from_split: bool = False) -> str:
    """REPLAY.md's ``hand``: ``blackjack`` (B2), ``bust`` (B3) or ``plain``."""
    return known_kind(is_blackjack(cards, from_split=from_split), total_and_soft(cards)[0])


def known_kind(blackjack: bool, total: int) -> str:
    """``hand_kind`` from the hand's B2 and B1 as already known."""
    if blackjack:
        return "blackjack"
    return "bust" if total > 21 else "plain"


@dataclass(slots=True)
class PlayHand:
    """One seat hand while the round runs."""

    ref: HandRef
    cards: list[Card]
    bet: int
    from_split: bool = False
    doubled: bool = False
    done: bool = False
    surrendered: bool = False
    turned_over: bool = False
    settled: WagerSettled | None = None
    counted: int = -1
    cached_total: int = 0

    @property
    def total(self) -> int:
        """B1; cached while the hand does not change (cards are only appended, and a split
        clears the cache)."""
        if self.counted != len(self.cards):
            self.cached_total = total_and_soft(self.cards)[0]
            self.counted = len(self.cards)
        return self.cached_total

    @property
    def blackjack(self) -> bool:
        return is_blackjack(self.cards, from_split=self.from_split)


@dataclass(slots=True)
class PlaySeat:
    """One seat while the round runs."""

    entry: SeatEntry
    #: the seat's first two cards (shared in I2 games; none for a seat sitting out)
    first_two: list[Card] = field(default_factory=list)
    hands: list[PlayHand] = field(default_factory=list)
    committed: int = 0
    #: I2: how many row cards this seat has drawn
    drawn: int = 0
    splits: int = 0
    #: B12: the seat has made a choice this round (surrender only as its first)
    acted: bool = False
    insurance: int = 0
    insurance_decided: bool = False
    settlements: list[WagerSettled] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def uncovered(self) -> int:
        """B11: what the stack can still put down."""
        return self.entry.stack - self.committed


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One settled seat hand (REPLAY.md ``hands[]``)."""

    ref: HandRef
    cards: tuple[Card, ...]
    total: int
    kind: str
    bet: int
    doubled: bool
    result: str
    net: int


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """One seat's hand settled: its hands, insurance, side bets, net and stack after."""

    name: str
    hands: tuple[HandOutcome, ...]
    insurance: WagerSettled | None
    side_bets: tuple[WagerSettled, ...]
    net: int
    stack_before: int
    stack: int


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """The settled round: the dealer's final hand, every seat, and every wager record."""

    dealer_cards: tuple[Card, ...]
    dealer_total: int
    dealer_kind: str
    seats: tuple[SeatOutcome, ...]
    settlements: tuple[WagerSettled, ...]
    cards_used: int

    @property
    def bank_net(self) -> int:
        """The bank's stack change: the seats' nets with the sign turned (chips conserved)."""
        return -sum(s.net for s in self.seats)
