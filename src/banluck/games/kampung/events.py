"""What happened in a kampung round: small frozen records, in order (K5–K23).

A round's events are the whole story of the hand; ``views.py`` filters them for one seat
(K17), replacing every card that seat may not see by ``None`` and dropping the choices that
would tell another seat what a hidden hand holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from banluck.core.cards import Card
from banluck.core.money import WagerSettled


class DrawReason(StrEnum):
    """Why a card was dealt."""

    DEAL = "deal"  # K5: the two passes of the deal
    FRESH = "fresh"  # K7 / K10: a fresh pair after a burn
    DRAW = "draw"  # a player's draw, forced or chosen (others cannot tell which)
    BANKER = "banker"  # K14: the banker's draws, face up


class Result(StrEnum):
    """How a player's hand ended, as REPLAY.md names it."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    VOID = "void"
    FORFEIT = "forfeit"
    #: X9: a non or heavy-bust hand loses one bet, whatever the banker holds
    PENALTY = "penalty"


#: REPLAY.md's hand name for a player's 7-7-7 (K13).
SEVEN_SEVEN_SEVEN = "seven-seven-seven"
#: X23: a hand that stood under its licence (X7), and a total of ``heavy_bust_from`` or more
NON = "non"
HEAVY_BUST = "heavy-bust"


@dataclass(frozen=True, slots=True)
class CardDealt:
    """A card went to a hand: face down (only its owner sees it, K5) unless ``face_up``
    (the banker's draws at its turn, K14). In a view, ``card`` is None where the viewer
    may not see it."""

    seat: str
    card: Card | None
    face_up: bool
    reason: DrawReason


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A seat chose: burn, play, hit, stand, double, forfeit, void or ``open:SEAT``."""

    seat: str
    action: str


@dataclass(frozen=True, slots=True)
class CardsBurnt:
    """K7 / K10: a seat put its two-card 15 aside, shown (the burn proves the 15); ``bet``
    is the hand's bet after doubling."""

    seat: str
    cards: tuple[Card, ...]
    bet: int


@dataclass(frozen=True, slots=True)
class BetDoubled:
    """K7: a player doubled its bet against the banker's burn."""

    seat: str
    bet: int


@dataclass(frozen=True, slots=True)
class HandTurned:
    """A hand was turned over (K17): from now on every seat sees its cards. ``kind`` is
    REPLAY.md's hand name (``seven-seven-seven`` included)."""

    seat: str
    cards: tuple[Card, ...]
    total: int
    kind: str


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """A player stopped: it stood, reached 21, or busted with three or four cards (K11 does
    not say which)."""

    seat: str


@dataclass(frozen=True, slots=True)
class Met:
    """A settled hand's total and kind against the bank's, as the round worked them out."""

    total: int
    kind: str
    bank_total: int
    bank_kind: str


@dataclass(frozen=True, slots=True)
class HandSettled:
    """A player's hand was settled (K23): ``wager.net`` is the exact change to its stack;
    ``stack`` its stack now and ``bank_stack`` the banker's; ``owed`` what the rules move
    before K3 / K23's caps (the bank pays what it has, a loss is at most the stack);
    ``met`` the hand and the bank as they met at that moment, when both are turned over
    (a hand opened early met the bank as it was then, not as it ended)."""

    wager: WagerSettled
    multiple: int
    stack: int
    bank_stack: int
    owed: int = 0
    met: Met | None = None


@dataclass(frozen=True, slots=True)
class RoundVoided:
    """K7: the banker voided its 15; every bet still in the hand comes back."""


@dataclass(frozen=True, slots=True)
class RoundOver:
    """Every hand is settled (K21)."""


Event = (
    CardDealt
    | ActionTaken
    | CardsBurnt
    | BetDoubled
    | HandTurned
    | TurnEnded
    | HandSettled
    | RoundVoided
    | RoundOver
)
