"""The shoe: one or two decks, shuffled by a random source it is given (T11, T12, O2)."""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from banluck.core.cards import ONE_DECK, Card, parse_card
from banluck.core.errors import BadCard, ShoeExhausted

if TYPE_CHECKING:
    from banluck.core.fair import FairLedger, ShoeCommitment


def check_copies(codes: Sequence[str], decks: int) -> None:
    """No card code (rank + suit, as ``Card.code``) appears more often than ``decks`` decks
    hold it; else ``BadCard`` naming the first such card."""
    if len(codes) > decks:
        counts = Counter(codes)
        if max(counts.values(), default=0) > decks:
            code, count = next((k, n) for k, n in counts.items() if n > decks)
            raise BadCard(f"card {code} appears {count} times; {decks} deck(s) hold {decks}")


class Shoe:
    """Cards to draw from, top first.

    A shuffled shoe takes its random source (``secrets.SystemRandom()`` when none is given,
    so play is never predictable); tests pass a seeded ``random.Random``. A stacked shoe
    holds given cards in a given order and is never reshuffled.

    >>> shoe = Shoe.stacked(["AS", "KH"], decks=1)
    >>> shoe.draw().code, shoe.draw().code
    ('AS', 'KH')
    >>> shoe.draw()
    Traceback (most recent call last):
    ...
    banluck.core.errors.ShoeExhausted: the shoe ran out after 2 cards
    """

    __slots__ = ("_cards", "_rng", "decks", "drawn", "ledger", "stacked_order")

    def __init__(
        self, decks: int = 2, rng: random.Random | None = None, *, ledger: FairLedger | None = None
    ) -> None:
        if decks < 1:
            raise ValueError("a shoe holds at least one deck")
        self.decks = decks
        #: issue 11 #6: hears of every shuffle (a new commitment) and draw, when given
        self.ledger = ledger
        self._rng: random.Random | None = rng if rng is not None else secrets.SystemRandom()
        self._cards: list[Card] = []  # remaining cards, the top at the end
        self.drawn = 0  # cards drawn since the last shuffle
        self.stacked_order = False
        self.shuffle()

    @classmethod
    def stacked(cls, cards: Iterable[Card | str], *, decks: int) -> Shoe:
        """A shoe that deals ``cards`` in order (top first), checked against ``decks``."""
        order = [c if isinstance(c, Card) else parse_card(c) for c in cards]
        if len(order) > decks:  # no card can appear more often than there are cards
            # counted by code, rank + suit (a string keeps its hash; a Card's is worked out
            # in Python at every look-up, and ``code`` interns)
            check_copies([c.rank + c.suit for c in order], decks)
        return cls.of_checked(order, decks=decks)

    @classmethod
    def of_checked(cls, order: list[Card], *, decks: int) -> Shoe:
        """``stacked`` for cards already checked against ``decks`` (``check_copies``),
        ``order`` top first."""
        shoe = cls.__new__(cls)
        shoe.decks = decks
        shoe._rng = None
        shoe.ledger = None
        shoe._cards = order[::-1]
        shoe.drawn = 0
        shoe.stacked_order = True
        return shoe

    @classmethod
    def restore(
        cls,
        remaining: Sequence[Card | str],
        *,
        decks: int,
        drawn: int,
        rng: random.Random | None = None,
    ) -> Shoe:
        """A partly dealt shoe as it was saved: ``remaining`` top first, ``drawn`` cards
        gone since its last shuffle; its next shuffle uses ``rng`` (secure by default).

        >>> shoe = Shoe.restore(["AS", "KH"], decks=2, drawn=102)
        >>> len(shoe), shoe.drawn, shoe.draw().code
        (2, 102, 'AS')
        """
        shoe = cls.stacked(remaining, decks=decks)
        if len(remaining) + drawn != shoe.size:
            raise BadCard(
                f"a saved shoe of {decks} deck(s) cannot hold {len(remaining)} + {drawn} cards"
            )
        shoe._rng = rng if rng is not None else secrets.SystemRandom()
        shoe.stacked_order = False
        shoe.drawn = drawn
        return shoe

    @classmethod
    def stacked_then_shuffled(
        cls, first: Sequence[Card | str], *, decks: int, rng: random.Random | None = None
    ) -> Shoe:
        """A full shoe whose top cards are ``first`` in order and the rest shuffled.

        For demonstrations, bug reports and tests of the web table (``--shoe``); the first
        cards count against the decks like any others.
        """
        top = cls.stacked(first, decks=decks)
        shoe = cls(decks, rng)
        taken = Counter(top._cards)
        remaining = []
        for card in shoe._cards:
            if taken[card] > 0:
                taken[card] -= 1
            else:
                remaining.append(card)
        shoe._cards = remaining + top._cards
        return shoe

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def size(self) -> int:
        """The number of cards in a full shoe."""
        return 52 * self.decks

    def draw(self) -> Card:
        """The top card."""
        try:
            card = self._cards.pop()
        except IndexError:
            raise ShoeExhausted(f"the shoe ran out after {self.drawn} cards") from None
        self.drawn += 1
        if self.ledger is not None:
            self.ledger.drew(card)
        return card

    def peek_order(self) -> tuple[Card, ...]:
        """The remaining cards, top first (for the engine's tests; never sent to a player)."""
        return tuple(reversed(self._cards))

    def shuffle(self) -> None:
        """All cards back, shuffled by the shoe's random source."""
        if self._rng is None:
            raise ValueError("a stacked shoe is never reshuffled")
        cards = list(ONE_DECK * self.decks)
        self._rng.shuffle(cards)
        self._cards = cards
        self.drawn = 0
        if self.ledger is not None:
            self.ledger.committed(self.peek_order(), decks=self.decks)

    def commit_to(self, ledger: FairLedger) -> ShoeCommitment:
        """Issue 11 #6: ``ledger`` hears of this full, undealt shoe's order now (its
        commitment, returned) and of every shuffle and draw from now on."""
        if self.drawn or len(self._cards) != self.size:
            raise ValueError("only a full shoe, before its first card, can be committed")
        self.ledger = ledger
        return ledger.committed(self.peek_order(), decks=self.decks)

    def needs_shuffle(self, below: int) -> bool:
        """T12: fewer than ``below`` cards remain (a stacked shoe never reshuffles)."""
        return not self.stacked_order and len(self._cards) < below
