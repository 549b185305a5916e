"""What happened in a round: small frozen records, in order.

A round's events are the whole story of the hand; a view (views.py) filters them for one
seat, replacing every card that seat may not see by ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from banluck.core.cards import Card
from banluck.core.seating import DEALER as DEALER  # the events name the dealer's seat
from banluck.games.banluck.actions import Action
from banluck.games.banluck.hands import HandKind


class DrawReason(StrEnum):
    """Why a card was dealt."""

    DEAL = "deal"  # T13: the two passes of the deal
    FORCED = "forced"  # T16: under 16 a seat must draw
    HIT = "hit"  # the seat chose to draw
    DEALER = "dealer"  # T17: the dealer's own draws


class Result(StrEnum):
    """How a seat's hand ended, as REPLAY.md names it."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    VOID = "void"
    THROWN_IN = "thrown-in"


@dataclass(frozen=True, slots=True)
class CardDealt:
    """A card went to a hand. ``face_up``: every seat sees it now (O4's up card, one-on-one
    seat cards); otherwise only the hand's owner sees it until the hand is turned over.
    In a view, ``card`` is None where the viewer may not see it."""

    seat: str
    card: Card | None
    face_up: bool
    reason: DrawReason


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A seat chose hit, stand or throw."""

    seat: str
    action: Action


@dataclass(frozen=True, slots=True)
class HandRevealed:
    """A hand was turned over (T22): from now on every seat sees its cards."""

    seat: str
    cards: tuple[Card, ...]
    total: int
    kind: HandKind


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """A seat's turn began (T16), or the dealer's (T17)."""

    seat: str


@dataclass(frozen=True, slots=True)
class RoundVoided:
    """T15: the dealer threw in a two-card 15; every bet comes back."""


@dataclass(frozen=True, slots=True)
class HandSettled:
    """A seat's hand was settled: ``net`` is the change to its stack, ``stack`` the new one;
    ``owed`` what the rules move before T20 caps a loss at the stack (``net`` is less then)."""

    seat: str
    result: Result
    multiple: int
    net: int
    stack: int
    owed: int = 0


@dataclass(frozen=True, slots=True)
class RoundOver:
    """Every hand is settled."""


Event = CardDealt | ActionTaken | HandRevealed | TurnStarted | RoundVoided | HandSettled | RoundOver
