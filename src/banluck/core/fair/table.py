"""The ledger a table keeps (a room's, a solo table's): a :class:`FairLedger` that is muted
while a saved hand is dealt again and its choices replayed (so that nothing is recorded
twice), and what every seat is shown of it.

A table shuffles a new shoe between hands, whenever the next hand would, so its commitment
reaches every seat before the bets for the hand it deals (only C8's discards shuffled in
the middle of a blackjack hand are committed in that hand, and reach the seats with its
cards). The next shoe's salt is drawn and committed as soon as the shoe before it is made,
so a seed given for it is always chosen after the salt was fixed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from banluck.core.cards import RANKS, SUITS, Card
from banluck.core.fair.history import ShoeCommitment, Source
from banluck.core.fair.ledger import FairLedger

#: the derivation sorts the cards by rank, then suit, in these orders (for a page's Verify)
SORT_ORDERS = {"ranks": RANKS, "suits": SUITS}


class TableLedger(FairLedger):
    """A :class:`FairLedger` that can be muted while a saved hand is replayed."""

    muted = False

    def committed(
        self, order: Iterable[Card], *, decks: int, source: Source = "shuffle"
    ) -> ShoeCommitment:
        if self.muted:
            current = self.current
            assert current is not None, "a replayed shuffle was recorded when first made"
            return current
        return super().committed(order, decks=decks, source=source)

    def burning(self) -> None:
        if not self.muted:
            super().burning()

    def drew(self, card: Card) -> None:
        if not self.muted:
            super().drew(card)

    def begin_hand(self) -> int:
        if self.muted:
            return self._hands
        return super().begin_hand()

    def end_hand(self) -> None:
        if not self.muted:
            super().end_hand()

    def public_json(self) -> dict[str, Any]:
        """The public history as JSON: what anyone at the table may download."""
        return self.public_history().to_json()

    def current_json(self) -> dict[str, Any] | None:
        """The commitment of the shoe in use, and how many shoes are revealed (for every
        seat's view); None before any shoe."""
        c = self.current
        if c is None:
            return None
        return {
            "shoe": c.shoe,
            "decks": c.decks,
            "cards": c.cards,
            "commitment": c.commitment,
            "revealed": self.revealable(),
            # derived from a salt committed before and the seeds given (None: shuffled)
            "salt_commitment": c.salt_commitment,
            "client_seed": c.client_seed,
        }

    def seat_json(self, seeds: Iterable[str]) -> dict[str, Any] | None:
        """What every seat is shown: the shoe in use (its commitment, the seed it was
        derived with), the next shoe's salt commitment and who gave a seed for it (``seeds``,
        names), and the card orders the derivation sorts by; None before any shoe."""
        current = self.current_json()
        if current is None:
            return None
        salt = self.pending_salt_commitment()
        return {
            **current,
            "next": {"salt_commitment": salt, "seeds": sorted(seeds)},
            "sort": SORT_ORDERS,
            # said to every seat as it is dealt, so that a page can hold the history to it
            # (a hand that ends at its deal is never seen in play)
            "last_hand": self.last_hand(),
        }
