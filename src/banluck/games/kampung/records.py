"""What a kampung round is made of and gives back: where it stands (``Phase``), a player's
entry, each hand and the bank while the round runs (``PlayerHand``, ``BankHand``), and the
settled outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from banluck.core.cards import Card
from banluck.games.banluck.records import SeatEntry
from banluck.games.kampung.events import (
    Result,
)


class Phase(StrEnum):
    """Where the round is."""

    BANKER_15 = "banker-15"  # K7: void, burn or play
    BURN_REPLY = "burn-reply"  # K7: each player doubles or forfeits
    PLAYERS = "players"  # K9–K13: the players' turns
    BANKER = "banker"  # K14: the banker's turn
    OVER = "over"


#: A player entering the hand: its stack (after T9) and its bet (K3); the same record as a
#: Ban Luck seat's entry (``banluck.games.banluck.round.SeatEntry``).
PlayerEntry = SeatEntry


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """A player's settled hand (REPLAY.md's kampung seat)."""

    name: str
    cards: tuple[Card, ...]
    total: int
    kind: str
    burnt: tuple[Card, ...]
    bet: int
    result: Result
    multiple: int
    net: int
    stack: int
    #: X10: the chips it paid back to the bank
    paid_for_banker: int = 0


@dataclass(frozen=True, slots=True)
class BankResult:
    """The banker's hand and its stack change (REPLAY.md's ``bank``)."""

    name: str
    cards: tuple[Card, ...]
    total: int
    kind: str
    burnt: tuple[Card, ...]
    net: int
    stack: int


@dataclass(frozen=True, slots=True)
class KampungOutcome:
    """The settled hand."""

    void: bool
    bank: BankResult
    seats: tuple[PlayerResult, ...]
    cards_used: int


class PlayerHand:
    """A player's hand while the round runs."""

    __slots__ = (
        "bet",
        "burn_decided",
        "burnt",
        "cards",
        "done",
        "multiple",
        "net",
        "non",
        "paid_for_banker",
        "repaid",
        "result",
        "seat",
        "seven",
        "stack",
        "turned",
    )

    def __init__(self, entry: PlayerEntry) -> None:
        self.seat = entry.name
        self.stack = entry.stack  # K19: the stack the player began the hand with
        self.bet = entry.bet
        self.cards: list[Card] = []
        self.burnt: tuple[Card, ...] = ()
        self.burn_decided = False
        self.done = False  # its turn is over (stood, 21, hidden bust, 7-7-7, settled)
        self.turned = False
        self.seven = False
        self.result: Result | None = None
        self.multiple = 0
        self.net = 0
        self.non = False  # X7: it stood under its licence
        #: X10: its win is one that offenders pay back (not a natural's, not X11's)
        self.repaid = False
        self.paid_for_banker = 0  # X10: what it paid back to the bank

    def result_of(self, total: int, kind: str) -> PlayerResult:
        """The settled hand's record (REPLAY.md's kampung seat), its total and kind given."""
        assert self.result is not None
        return PlayerResult(
            name=self.seat,
            cards=tuple(self.cards),
            total=total,
            kind=kind,
            burnt=self.burnt,
            bet=self.bet,
            result=self.result,
            multiple=self.multiple,
            net=self.net,
            stack=self.stack + self.net,
            paid_for_banker=self.paid_for_banker,
        )


class BankHand:
    """The banker's hand and stack while the round runs."""

    __slots__ = ("burnt", "cards", "non", "seat", "stack", "start_stack", "turned")

    def __init__(self, seat: str, stack: int) -> None:
        self.seat = seat
        self.start_stack = stack
        self.stack = stack
        self.cards: list[Card] = []
        self.burnt: tuple[Card, ...] = ()
        self.turned = False
        self.non = False  # X7: it stood under its licence

    def result(self, total: int, kind: str) -> BankResult:
        """The bank's record after the hand (REPLAY.md's ``bank``), its total and kind given."""
        return BankResult(
            name=self.seat,
            cards=tuple(self.cards),
            total=total,
            kind=kind,
            burnt=self.burnt,
            net=self.stack - self.start_stack,
            stack=self.stack,
        )
