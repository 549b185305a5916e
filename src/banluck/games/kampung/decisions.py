"""What a kampung seat knows when it must choose (K17): the input of every policy.

The round (``round.py``) builds these from its state; the bots and the hint
(``policy.py``) read only these, so a policy can never see a card its seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from banluck.core.cards import Card

if TYPE_CHECKING:
    from banluck.games.kampung.records import PlayerHand


@dataclass(frozen=True, slots=True)
class HandSeen:
    """Another player's hand as the deciding seat sees it (K17)."""

    seat: str
    #: how many cards the hand holds now
    card_count: int
    #: the cards, once the hand is turned over (a natural, five cards, 7-7-7, an opening)
    cards: tuple[Card, ...] | None
    #: settled already (opened, paid a natural, forfeited, five cards, …)
    settled: bool
    #: the player has stood (or stopped drawing: K11 hides whether it busted)
    stood: bool
    #: the hand's bet (after a burn or a double)
    bet: int


@dataclass(frozen=True, slots=True)
class PlayerDecision:
    """A player's choice: ``legal`` among burn, play, hit, stand, double, forfeit."""

    seat: str
    banker: str
    cards: tuple[Card, ...]
    total: int
    bet: int
    stack: int
    legal: frozenset[str]
    #: the cards this player put aside by a burn (K10), or ()
    burnt: tuple[Card, ...]
    #: the banker's burnt two cards, when the banker burnt (K7), or ()
    banker_burnt: tuple[Card, ...]
    others: tuple[HandSeen, ...]


@dataclass(frozen=True, slots=True)
class BankerDecision:
    """The banker's choice: ``legal`` among void, burn, play (a two-card 15, K7) or hit,
    stand and ``open:SEAT`` for each unopened hand (K14)."""

    seat: str
    cards: tuple[Card, ...]
    total: int
    stack: int
    legal: frozenset[str]
    #: every player's hand as the banker sees it, in seat order
    hands: tuple[HandSeen, ...]
    #: True once the banker burnt this hand (K7: a second 15 cannot be burnt)
    burnt: bool


class SeenHands:
    """K17: each player's hand as any other seat sees it; a hand's record is reused while
    every field stays the same (it is immutable), so a round asks cheaply at every choice."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: dict[str, tuple[tuple[object, ...], HandSeen]] = {}

    def of(self, h: PlayerHand) -> HandSeen:
        """The hand ``h`` as another seat sees it now."""
        fields = (
            len(h.cards),
            tuple(h.cards) if h.turned else None,
            h.result is not None,
            h.done,
            h.bet,
        )
        last = self._last.get(h.seat)
        if last is not None and last[0] == fields:
            return last[1]
        count, cards, settled, stood, bet = fields
        seen = HandSeen(
            seat=h.seat, card_count=count, cards=cards, settled=settled, stood=stood, bet=bet
        )
        self._last[h.seat] = (fields, seen)
        return seen
