"""What a Ban Luck round is made of and gives back: a seat's entry (its stack and bet),
a hand while the round runs (HandState), a decision point, the settled outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from banluck.core.cards import Card
from banluck.core.money import HandRef, WagerSettled
from banluck.games.banluck.actions import Action
from banluck.games.banluck.events import (
    HandSettled,
    Result,
)
from banluck.games.banluck.hands import (
    HandKind,
)


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """A seat joining a hand: its name, its stack before the hand (after T9) and its bet."""

    name: str
    stack: int
    bet: int


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A hand at the end of the round. The dealer's has no bet, result or net."""

    name: str
    cards: tuple[Card, ...]
    total: int
    kind: HandKind
    bet: int = 0
    result: Result | None = None
    multiple: int = 0
    net: int = 0
    stack: int = 0
    #: the hand this is (a Ban Luck seat holds one)
    hand: HandRef | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """The settled hand: every seat's result and the dealer's cards; ``settlements`` has one
    record per wager (a seat's ``net`` is the sum of its wagers' nets)."""

    void: bool
    dealer: SeatResult
    seats: tuple[SeatResult, ...]
    cards_used: int

    @property
    def settlements(self) -> tuple[WagerSettled, ...]:
        """One record per wager, in seat order (a Ban Luck hand has one, its ``main`` bet)."""
        return tuple(
            main_wager(s.hand or first_hand(s.name), s.bet, s.result, s.net)
            for s in self.seats
            if s.result is not None
        )

    @property
    def bank_net(self) -> int:
        """What the dealer (the bank) won: minus what the seats won together."""
        return -sum(s.net for s in self.seats)


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """What a seat knows when it must choose: its own cards and the dealer's up card."""

    seat: str
    cards: tuple[Card, ...]
    total: int
    legal: frozenset[Action]
    dealer_up: Card | None
    #: the hand the choice is for (a Ban Luck seat has one, index 0)
    hand: HandRef | None = None


#: A strategy: the choice a seat makes at a decision point (the bots, the solved tables).
Policy = Callable[[DecisionPoint], Action]


@cache
def first_hand(seat: str) -> HandRef:
    """``HandRef(seat, 0)``, made once per seat name (a round makes one for every seat)."""
    return HandRef(seat)


def main_wager(hand: HandRef, bet: int, result: Result, net: int) -> WagerSettled:
    """The ``WagerSettled`` record of a hand's main bet (Ban Luck's one wager per hand)."""
    return WagerSettled(hand, "main", bet, result.value, net)


class HandState:
    """One hand while the round runs: its cards, T3's running total, its bet and settlement.

    The round owns it; callers read it (``Round.hand``) and never change it.
    """

    __slots__ = (
        "aces",
        "base",
        "bet",
        "cards",
        "kind",
        "ref",
        "revealed",
        "seat",
        "settled",
        "seven",
        "started",
        "total",
        "waiting",
    )

    def __init__(self, ref: HandRef, bet: int) -> None:
        self.ref = ref
        self.seat = ref.seat
        self.bet = bet
        self.cards: list[Card] = []
        # T3 kept up to date card by card (see Round._draw): non-ace points, aces, the total.
        self.base = 0
        self.aces = 0
        self.total = 0
        self.kind: HandKind | None = None  # asked for since the hand's last card
        self.revealed = False
        self.started = False  # its turn has begun (T16)
        self.waiting = False  # still in the round for the dealer to open (T18)
        self.seven = False  # H5: a 7-7-7 waiting for the dealer, settled after the others
        self.settled: HandSettled | None = None

    def copy(self) -> HandState:
        twin = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.cards = list(self.cards)
        return twin
