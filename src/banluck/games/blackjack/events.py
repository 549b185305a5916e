"""What a blackjack round reports as it goes: small frozen records, one per thing that
happened, in order. Wagers are settled by :class:`banluck.core.money.WagerSettled`.

These are the engine's full record (they carry every card); what a seat may see of them is
the view's business (``views.py``, B9), never a browser's.
"""

from __future__ import annotations

from dataclasses import dataclass

from banluck.core.cards import Card
from banluck.core.money import HandRef, WagerSettled


@dataclass(frozen=True, slots=True)
class CardDealt:
    """A card dealt to a seat's hand (``hand``) or, with ``hand`` None, to the dealer. (In a
    shared-cards game a seat betting 0 is still dealt the shared first two cards, as
    ``HandRef(seat, 0)``: its side bets read them; it holds no hand.)

    ``face_up`` says whether the table sees it (C2: classic seat cards go face down; I3:
    infinite seat cards face up; the hole card face down). ``row`` is the card's place in
    the common row (I2) for a drawn card of a shared-cards game, else None.
    """

    hand: HandRef | None
    card: Card
    face_up: bool
    row: int | None = None


@dataclass(frozen=True, slots=True)
class InsuranceDecided:
    """I4: a seat insured (``stake`` chips) or declined (``stake`` 0)."""

    seat: str
    stake: int


@dataclass(frozen=True, slots=True)
class DealerPeeked:
    """C3 / I5: the dealer looked at its hole card; ``blackjack`` says what it found."""

    blackjack: bool


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A seat's choice for one hand; ``played_as`` differs when I7 turned a double or split
    the stack cannot cover into a hit or a stand."""

    hand: HandRef
    action: str
    played_as: str


@dataclass(frozen=True, slots=True)
class HandTurnedOver:
    """A hand's cards shown to the table: a seat's (``hand``) or the dealer's (None)."""

    hand: HandRef | None
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RoundOver:
    """The round is settled; ``cards_used`` cards were taken from the shoe."""

    cards_used: int


#: Any event of a blackjack round.
Event = (
    CardDealt
    | InsuranceDecided
    | DealerPeeked
    | ActionTaken
    | HandTurnedOver
    | WagerSettled
    | RoundOver
)
