"""A room's provably fair shoe (docs/FAIRNESS.md): the ledger that records it.

Every shoe a room plays from is committed before its first card: the room shuffles a new
shoe between hands whenever the next hand would (T12, K4, I1, C8's reshuffle before a
hand), so its commitment reaches every seat with the result of the hand before, while the
bets for the next hand are made. Only C8's discards shuffled in the middle of a blackjack
hand are committed in the hand itself (and reach the seats with its cards).

A room's hand in play is rebuilt after a restart by dealing it again and replaying its
choices: the ledger, saved with the room, is muted meanwhile, so nothing is recorded twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from banluck.core.cards import Card
from banluck.core.fair import FairLedger, ShoeCommitment, Source


class RoomLedger(FairLedger):
    """A :class:`FairLedger` that can be muted while a saved hand is replayed."""

    def __init__(self, *, salt_source: Callable[[int], bytes]) -> None:
        super().__init__(salt_source=salt_source)
        self.muted = False

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
        """The public history as JSON: what anyone in the room may download."""
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


def salt_from(entropy: Callable[[], int]) -> Callable[[int], bytes]:
    """A salt source drawing on a room's entropy (128 bits a call): secure in play, seeded
    in tests.

    >>> salt_from(lambda: 1)(4).hex()
    '00000000'
    """

    def salt(n: int) -> bytes:
        out = b""
        while len(out) < n:
            out += (entropy() % 2**128).to_bytes(16, "big")
        return out[:n]

    return salt
