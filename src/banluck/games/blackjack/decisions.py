"""What a blackjack seat knows when it must choose for one hand: the input of every policy.

The round builds a :class:`Decision` from its state; the bots (B10), the solver's policy and
auto-play (I8) read only this, so a policy can never see a card its seat may not see (B9).
A policy is ``Callable[[Decision], str]`` returning one of ``Decision.legal``.

>>> from banluck.core.cards import parse_cards
>>> d = Decision(seat="you", hand=HandRef("you"), cards=parse_cards(["TS", "6H"]),
...     up=parse_cards(["9C"])[0], legal=frozenset({"hit", "stand", "surrender"}),
...     from_split=False, splits=0, bet=100, stack=900)
>>> d.total, d.soft, sorted(d.covered)
(16, False, ['hit', 'stand', 'surrender'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from banluck.core.cards import Card
from banluck.core.money import HandRef
from banluck.games.blackjack.hands import total_and_soft

#: Every action a blackjack seat may take (B/C5/I6), and I8's ``auto`` (replay input only).
ACTIONS: tuple[str, ...] = ("hit", "stand", "double", "split", "surrender")


@dataclass(frozen=True, kw_only=True, slots=True)
class Decision:
    """One seat's choice for one of its hands (C5, C6, I6, B12)."""

    #: the seat choosing
    seat: str
    #: which of its hands (index 1 is the second hand of a split)
    hand: HandRef
    #: the hand's cards so far
    cards: tuple[Card, ...]
    #: the dealer's up card
    up: Card
    #: the legal actions, among ACTIONS, by the rules and the cards. A double or split the
    #: stack cannot cover stays legal: the round plays it by I7 (hit at 11 or less, else
    #: stand; B11). ``covered`` leaves those out (what the page offers).
    legal: frozenset[str]
    #: the hand was made by a split (B2: no blackjack; B12: no surrender)
    from_split: bool
    #: how many splits the seat has made this round
    splits: int
    #: the seat's bet on this hand (doubled bets are never asked again)
    bet: int
    #: the seat's stack left uncommitted: what it can still put down (B11)
    stack: int

    @property
    def total(self) -> int:
        """B1: the hand's total."""
        return total_and_soft(self.cards)[0]

    @property
    def soft(self) -> bool:
        """B1: an ace counts 11."""
        return total_and_soft(self.cards)[1]

    @property
    def covered(self) -> frozenset[str]:
        """B11: the legal actions the stack covers (a double or split needs ``bet`` more)."""
        if self.stack >= self.bet:
            return self.legal
        return self.legal - {"double", "split"}


Policy = Callable[[Decision], str]


def auto_play(decision: Decision) -> str:
    """I8 / B14: hit while the total (B1's, an ace 11 where it does not bust) is 11 or less,
    then stand; never double, split or surrender.

    >>> from banluck.core.cards import parse_cards
    >>> def d(*codes: str) -> Decision:
    ...     return Decision(seat="you", hand=HandRef("you"), cards=parse_cards(codes),
    ...         up=parse_cards(["9C"])[0], legal=frozenset({"hit", "stand"}),
    ...         from_split=False, splits=0, bet=10, stack=0)
    >>> auto_play(d("5S", "6H")), auto_play(d("AS", "AH")), auto_play(d("TS", "2H"))
    ('hit', 'stand', 'stand')
    """
    return "hit" if decision.total <= 11 else "stand"
