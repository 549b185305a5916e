"""Recording play (issue 11 #6): a ledger that a shoe tells of every shuffle and draw, and
the random source of a shoe whose orders come from a salt and a client seed."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Mapping, MutableSequence
from dataclasses import dataclass, field
from typing import Any

from banluck.core.cards import Card, parse_card
from banluck.core.fair.history import (
    Deal,
    FairFormatError,
    History,
    ShoeCommitment,
    ShoeRecord,
    ShoeReveal,
    Source,
    hex_text,
    need,
    optional_int,
    parse_history,
)
from banluck.core.fair.scheme import (
    SALT_BYTES,
    check_client_seed,
    commitment_of,
    derive_order,
    salt_commitment_of,
)


@dataclass(slots=True)
class _Open:
    """The deal being recorded: its shoe, hand and cards so far."""

    shoe: int
    hand: int | None
    cards: list[str] = field(default_factory=list)


class FairLedger:
    """Records a table's shoes and deals: a shoe given this ledger reports each shuffle
    (:meth:`committed`) and draw (:meth:`drew`); the table marks its hands.

    :meth:`public_history` is safe to send to any seat: the commitments, and the reveals
    and deals of shoes finished before the hand in play. :meth:`to_json` holds the secrets
    (for saving only).

    >>> import random
    >>> from banluck.core.cards import ONE_DECK
    >>> from banluck.core.fair.check import verify_history
    >>> ledger = FairLedger(salt_source=random.Random(1).randbytes)
    >>> c = ledger.committed(ONE_DECK, decks=1)  # a shoe shuffled into this order
    >>> ledger.begin_hand(); ledger.drew(ONE_DECK[0]); ledger.end_hand()
    1
    >>> ledger.public_history().shoes[0].reveal is None  # the shoe is not finished
    True
    >>> ledger.finish(); verify_history(ledger.public_history()).summary()
    'verified: 1 shoes, 1 hands, 1 cards'
    """

    def __init__(self, *, salt_source: Callable[[int], bytes] = secrets.token_bytes) -> None:
        self._salt_source = salt_source
        self._shoes: list[tuple[ShoeCommitment, ShoeReveal]] = []
        self._base = 0  # shoes forgotten (:meth:`forget`): the first kept is number base + 1
        self._deals: list[Deal] = []
        self._open: _Open | None = None
        self._hand: int | None = None  # the hand in play (None between hands)
        self._hands = 0
        self._burning = False
        #: the first shoe a hand in play has drawn from (its reveal must wait)
        self._hand_first_shoe: int | None = None
        #: the shoe the last hand begun drew its first card from (None before its first)
        self._last_hand_shoe: int | None = None
        self._finished = False
        # with client seeds: the next shoe's salt, drawn in advance; the seed given for it;
        # the salt and seed the last shuffle used, for committed() to record
        self._next_salt: str | None = None
        self._client_seed: str | None = None
        self._derived: tuple[str, str, tuple[str, ...]] | None = None

    # -- with client seeds (docs/FAIRNESS.md)

    def shuffler(self) -> SeededShuffle:
        """A random source for a shoe of this ledger: each shuffle derives its order from
        the next salt and the client seed given (:func:`derive_order`)."""
        return SeededShuffle(self)

    def next_salt_commitment(self) -> str:
        """The SHA-256 of the salt the next seeded shuffle will use: show it to every seat
        before asking for their seed."""
        if self._next_salt is None:
            self._next_salt = self._salt_source(SALT_BYTES).hex()
        return salt_commitment_of(self._next_salt)

    def pending_salt_commitment(self) -> str | None:
        """The commitment of the next seeded shuffle's salt when it is drawn, else None
        (reading it draws nothing)."""
        return None if self._next_salt is None else salt_commitment_of(self._next_salt)

    def set_client_seed(self, seed: str) -> None:
        """The players' seed for the next seeded shuffle (ValueError if unusable)."""
        self.next_salt_commitment()  # the salt is fixed before the seed is known
        self._client_seed = check_client_seed(seed)

    def derive(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """The next seeded shuffle: ``cards`` in the order the next salt and the client seed
        give, top first; an empty seed when none was given (no protection then)."""
        self.next_salt_commitment()
        assert self._next_salt is not None
        salt, seed = self._next_salt, self._client_seed or ""
        order = derive_order(salt, seed, (card.code for card in cards))
        self._derived = (salt, seed, order)
        return tuple(parse_card(c) for c in order)

    # -- what the shoes call

    def committed(
        self, order: Iterable[Card], *, decks: int, source: Source = "shuffle"
    ) -> ShoeCommitment:
        """A shoe was shuffled into ``order`` (top first): commit to it with a fresh salt,
        or, when the order is the one :meth:`derive` just gave, with that salt and seed."""
        self._close()
        codes = tuple(c.code for c in order)
        seeded: dict[str, str] = {}
        derived, self._derived = self._derived, None
        if derived is not None and derived[2] == codes:
            salt, seed, _ = derived
            seeded = {"salt_commitment": salt_commitment_of(salt), "client_seed": seed}
            self._next_salt = self._client_seed = None  # a seed serves one shoe only
        else:  # an order made otherwise (e.g. stacked after the shuffle): a fresh salt
            salt = self._salt_source(SALT_BYTES).hex()
        commitment = ShoeCommitment(
            shoe=self._base + len(self._shoes) + 1,
            decks=decks,
            cards=len(codes),
            source=source,
            commitment=commitment_of(salt, codes),
            **seeded,
        )
        self._shoes.append((commitment, ShoeReveal(order=codes, salt=salt)))
        self._finished = False
        return commitment

    def burning(self) -> None:
        """I1: the next draws, until a hand begins, are the burn after a shuffle."""
        self._close()
        self._burning = True

    def drew(self, card: Card) -> None:
        """A card left the top of the current shoe."""
        if not self._shoes:
            raise ValueError("a card was drawn before any shoe was committed")
        shoe = self._base + len(self._shoes)
        if self._hand is None and not self._burning:
            self.begin_hand()  # a table that does not mark its hands: one hand per run
        hand = None if self._burning else self._hand
        if self._open is None or self._open.shoe != shoe or self._open.hand != hand:
            self._close()
            self._open = _Open(shoe, hand)
        if hand is not None and self._hand_first_shoe is None:
            self._hand_first_shoe = shoe
            if self._last_hand_shoe is None:
                self._last_hand_shoe = shoe
        self._open.cards.append(card.code)

    # -- what the table calls

    def begin_hand(self) -> int:
        """A hand begins: its number (1, 2, …)."""
        self._close()
        self._burning = False
        self._hands += 1
        self._hand = self._hands
        self._hand_first_shoe = None
        self._last_hand_shoe = None
        return self._hands

    def end_hand(self) -> None:
        """The hand is over: its cards may be revealed with their shoe."""
        self._close()
        self._hand = None
        self._hand_first_shoe = None

    def finish(self) -> None:
        """The table closes (or its shoe is retired): the last shoe may be revealed."""
        self.end_hand()
        self._finished = True

    # -- what anyone may see

    @property
    def current(self) -> ShoeCommitment | None:
        """The commitment of the shoe now in use (show it to every seat), or None."""
        return self._shoes[-1][0] if self._shoes else None

    def revealable(self) -> int:
        """How many shoes (the first ones) may be revealed now: those finished before the
        hand in play began drawing from them."""
        done = len(self._shoes) if self._finished else len(self._shoes) - 1
        if self._hand_first_shoe is not None:
            done = min(done, self._hand_first_shoe - 1 - self._base)
        return max(done, 0)

    def public_history(self) -> History:
        """Commitments of every shoe; reveals and deals of the revealable ones only."""
        n = self.revealable()
        shoes = tuple(
            ShoeRecord(commitment=c, reveal=r if i < n else None)
            for i, (c, r) in enumerate(self._shoes)
        )
        last = self._base + n
        return History(shoes=shoes, deals=tuple(d for d in self._all_deals() if d.shoe <= last))

    def forget(self, keep: int) -> int:
        """Drop the oldest revealed shoes and their deals, keeping the last ``keep`` revealed
        ones (and every shoe not revealed): a long-lived table's record stays bounded; its
        history then starts at a later shoe and still verifies. How many were dropped.
        (A shoe of C8's discards is kept with the shoe before it.)"""
        drop = max(0, min(self.revealable() - keep, len(self._shoes) - 1))
        while drop and self._shoes[drop][0].source == "discards":
            drop -= 1
        if drop:
            self._base += drop
            del self._shoes[:drop]
            self._deals = [d for d in self._deals if d.shoe > self._base]
        return drop

    def shoes_of_last_hands(self, hands: int) -> int:
        """How many of the revealed shoes, the newest counted back, the last ``hands``
        hands dealt were dealt from (what a player checking their recent hands needs).

        >>> FairLedger().shoes_of_last_hands(50)
        0
        """
        numbers = sorted({d.hand for d in self._deals if d.hand is not None})[-hands:]
        if not numbers:
            return 0
        oldest = min(d.shoe for d in self._deals if d.hand is not None and d.hand >= numbers[0])
        revealed = self._base + self.revealable()
        return max(0, revealed - oldest + 1)

    def full_history(self) -> History:
        """Everything, the shoe in use and its secret order included (never for a seat)."""
        shoes = tuple(ShoeRecord(commitment=c, reveal=r) for c, r in self._shoes)
        return History(shoes=shoes, deals=self._all_deals())

    def _all_deals(self) -> tuple[Deal, ...]:
        o = self._open
        if o is None or not o.cards:
            return tuple(self._deals)
        return (*self._deals, Deal(shoe=o.shoe, hand=o.hand, cards=tuple(o.cards)))

    # -- saving (T10)

    def to_json(self) -> dict[str, Any]:
        """The ledger's whole state, secrets included: for the table's own store only."""
        return {
            **self.full_history().to_json(),
            "hand": self._hand,
            "hands": self._hands,
            "burning": self._burning,
            "hand_first_shoe": self._hand_first_shoe,
            "finished": self._finished,
            "forgotten": self._base,
            "next_salt": self._next_salt,
            "client_seed": self._client_seed,
        }

    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], *, salt_source: Callable[[int], bytes] = secrets.token_bytes
    ) -> FairLedger:
        """A ledger saved by :meth:`to_json`."""
        history = parse_history(data)
        ledger = cls(salt_source=salt_source)
        ledger._base = optional_int(data, "forgotten") or 0
        for i, rec in enumerate(history.shoes):
            if rec.commitment.shoe != ledger._base + i + 1:
                raise FairFormatError("a saved ledger's shoes must be numbered in order")
            if rec.reveal is None:
                raise FairFormatError(f"a saved ledger lacks shoe {rec.commitment.shoe}'s order")
            ledger._shoes.append((rec.commitment, rec.reveal))
        ledger._deals = list(history.deals)
        ledger._hand = optional_int(data, "hand")
        ledger._hands = need(data, "hands", int, "the saved ledger")
        ledger._burning = data.get("burning") is True
        ledger._hand_first_shoe = optional_int(data, "hand_first_shoe")
        ledger._finished = data.get("finished") is True
        next_salt, seed = data.get("next_salt"), data.get("client_seed")
        if next_salt is not None:
            ledger._next_salt = hex_text(str(next_salt), 2 * SALT_BYTES, "the saved next salt")
        if seed is not None:
            ledger._client_seed = check_client_seed(str(seed))
        ledger._last_hand_shoe = next(
            (d.shoe for d in ledger._deals if d.hand == ledger._hands and d.hand is not None),
            None,
        )
        ledger._reopen_last_deal()
        return ledger

    def _reopen_last_deal(self) -> None:
        """A ledger saved in the middle of a hand (or a burn) wrote its open deal as the
        last one: open it again, so the rest of the hand's cards join it and a resumed hand
        is recorded once (docs/FAIRNESS.md)."""
        if not self._deals or not self._shoes:
            return
        last = self._deals[-1]
        hand = None if self._burning else self._hand
        current = self._base + len(self._shoes)
        if last.shoe == current and last.hand == hand and (hand is not None or self._burning):
            self._deals.pop()
            self._open = _Open(last.shoe, last.hand)
            self._open.cards.extend(last.cards)

    def last_hand(self) -> dict[str, int] | None:
        """The hand in play or the last one dealt, and the shoe it was dealt from (its
        first card's); None before its first card."""
        shoe = self._last_hand_shoe
        return None if shoe is None else {"hand": self._hands, "shoe": shoe}

    def remaining(self) -> tuple[str, ...]:
        """The current shoe's undealt cards, top first, by the record (to check a restored
        shoe against; secret)."""
        if not self._shoes:
            return ()
        shoe = self._base + len(self._shoes)
        dealt = sum(len(d.cards) for d in self._all_deals() if d.shoe == shoe)
        return self._shoes[-1][1].order[dealt:]

    def _close(self) -> None:
        if self._open is not None and self._open.cards:
            o = self._open
            self._deals.append(Deal(shoe=o.shoe, hand=o.hand, cards=tuple(o.cards)))
        self._open = None


class SeededShuffle(random.Random):
    """The random source of a shoe whose orders come from a salt and a client seed: its
    :meth:`shuffle` puts the cards in :meth:`FairLedger.derive`'s order.

    The project's shoes keep their top card at the end of the list they shuffle, so the
    derived order (top first) is written back reversed. Only ``shuffle`` is seeded; the
    other methods are ``random.Random``'s own and are not used by the shoes.
    """

    def __init__(self, ledger: FairLedger) -> None:
        super().__init__()
        self.ledger = ledger

    def shuffle(self, x: MutableSequence[Any]) -> None:
        x[:] = self.ledger.derive(x)[::-1]
