"""The shoe a blackjack table plays from (I1, C8); the replay uses a stacked shoe instead.

Its random source is injected (``secrets.SystemRandom()`` by default, a seeded
``random.Random`` in tests). Between hands the table calls :meth:`BlackjackShoe.begin_hand`
(which shuffles when the rules say so) and :meth:`BlackjackShoe.end_hand` (the cards on the
table become discards).

- I1: after a shuffle the first card is turned and burnt with as many more as its value (an
  ace 1 more, a ten-value card 10 more); a cut card lies ``cut_card_from_end`` cards from the
  end; the hand during which it comes out is the shoe's last; hands are numbered from 1.
- C8: cards are dealt to the bottom; before a hand, fewer than ``reshuffle_below`` cards left
  means every card is gathered and shuffled; if the pack runs out mid-hand, the discards of
  earlier hands are shuffled into a new pack (the cards on the table stay).

>>> import random
>>> from banluck.games.blackjack.rules import INFINITE
>>> shoe = BlackjackShoe(INFINITE, random.Random(1))
>>> len(shoe) + len(shoe.burnt) == 416, len(shoe.burnt) == 1 + shoe.burnt[0].points
(True, True)
>>> shoe.begin_hand()
1
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from banluck.core.cards import ONE_DECK, Card, parse_card
from banluck.core.errors import ShoeExhausted
from banluck.games.blackjack.rules import BlackjackRules

if TYPE_CHECKING:
    from banluck.core.fair import FairLedger

__all__ = ["BlackjackShoe"]


class BlackjackShoe:
    """A shuffled blackjack shoe for play (not for replay)."""

    def __init__(
        self,
        rules: BlackjackRules,
        rng: random.Random | None = None,
        *,
        ledger: FairLedger | None = None,
    ) -> None:
        self.rules = rules
        #: issue 11 #6: hears of every shuffle (a new commitment), burn, hand and draw
        self.ledger = ledger
        self._rng: random.Random = rng if rng is not None else secrets.SystemRandom()
        self._cards: list[Card] = []  # the pack, its top at the end
        self._discards: list[Card] = []
        self._table: list[Card] = []  # drawn during the current hand
        #: I1: the cards burnt after the last shuffle, the turned card first
        self.burnt: tuple[Card, ...] = ()
        #: I1: the number of the current (or last) hand in this shoe; 0 before the first
        self.hand_number = 0
        #: I1: the cut card has come out: the current hand is the shoe's last
        self.cut_card_out = False
        #: how many times the shoe was shuffled (the first shuffle included), and how many
        #: times the discards were shuffled in during a hand (C8)
        self.shuffles = 0
        self.mid_hand_reshuffles = 0
        self.shuffle()

    def __len__(self) -> int:
        """The cards left in the pack."""
        return len(self._cards)

    @property
    def on_table(self) -> tuple[Card, ...]:
        """The cards drawn during the current hand, in order (a hand's replay shoe), until
        ``end_hand`` takes them to the discards."""
        return tuple(self._table)

    def shuffle(self) -> None:
        """Every card gathered and shuffled; I1's burn; hands numbered afresh."""
        cards = list(ONE_DECK * self.rules.decks)
        self._rng.shuffle(cards)
        self._cards = cards
        self._discards = []
        self._table = []
        self.hand_number = 0
        self.cut_card_out = False
        self.shuffles += 1
        self.burnt = ()
        ledger = self.ledger
        if ledger is not None:
            ledger.committed(reversed(self._cards), decks=self.rules.decks)
        if self.rules.burn_after_shuffle:
            if ledger is not None:
                ledger.burning()
            first = self._pop()
            burnt = [first] + [self._pop() for _ in range(first.points)]
            self.burnt = tuple(burnt)
            self._discards.extend(burnt)

    def needs_shuffle(self) -> bool:
        """I1: the cut card came out in the last hand; C8: too few cards remain."""
        if self.rules.cut_card_from_end is not None and self.cut_card_out:
            return True
        below = self.rules.reshuffle_below
        return below is not None and len(self._cards) < below

    def next_hand_number(self) -> int:
        """I1: the number the next hand will have (for the side bets' limits, I10)."""
        return 1 if self.needs_shuffle() else self.hand_number + 1

    def begin_hand(self) -> int:
        """Before a hand: shuffle when the rules say so; the new hand's number."""
        if self._table:
            raise ValueError("the last hand's cards are still on the table (end_hand first)")
        if self.needs_shuffle():
            self.shuffle()
        self.hand_number += 1
        if self.ledger is not None:
            self.ledger.begin_hand()
        return self.hand_number

    def draw(self) -> Card:
        """The top card; C8: an empty pack takes the discards, shuffled, mid-hand."""
        if not self._cards:
            if not (self.rules.reshuffle_discards_mid_hand and self._discards):
                raise ShoeExhausted(f"the shoe ran out after {len(self._table)} cards this hand")
            pack = self._discards
            self._rng.shuffle(pack)
            self._cards = pack
            self._discards = []
            self.mid_hand_reshuffles += 1
            if self.ledger is not None:
                self.ledger.committed(
                    reversed(self._cards), decks=self.rules.decks, source="discards"
                )
        card = self._pop()
        self._table.append(card)
        cut = self.rules.cut_card_from_end
        if cut is not None and len(self._cards) <= cut:
            self.cut_card_out = True
        return card

    def end_hand(self) -> None:
        """After a hand: the cards on the table go to the discards."""
        self._discards.extend(self._table)
        self._table = []
        if self.ledger is not None:
            self.ledger.end_hand()

    def _pop(self) -> Card:
        card = self._cards.pop()
        if self.ledger is not None:
            self.ledger.drew(card)
        return card

    # -- saving (T10: the table survives a restart) ---------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The shoe's state as JSON-ready data (between hands); ``burnt``, the cards its
        last shuffle burnt (I1, the turned card first), only where it burnt some."""
        out: dict[str, Any] = {
            "pack": [c.code for c in reversed(self._cards)],
            "discards": [c.code for c in self._discards],
            "hand_number": self.hand_number,
            "cut_card_out": self.cut_card_out,
        }
        if self.burnt:
            out["burnt"] = [c.code for c in self.burnt]
        return out

    @classmethod
    def stacked(cls, rules: BlackjackRules, cards: Sequence[Card]) -> BlackjackShoe:
        """A full shoe that deals ``cards`` first, then the rest of its decks in their
        order, with no burn (a guided hand's, a test's); ValueError when the decks do not
        hold the cards."""
        rest = list(ONE_DECK * rules.decks)
        for card in cards:
            rest.remove(card)
        pack = [c.code for c in (*cards, *rest)]
        data = {"pack": pack, "discards": [], "hand_number": 0, "cut_card_out": False}
        return cls.from_json(rules, data)

    @classmethod
    def from_json(
        cls,
        rules: BlackjackRules,
        data: dict[str, Any],
        rng: random.Random | None = None,
        *,
        ledger: FairLedger | None = None,
    ) -> BlackjackShoe:
        """A shoe saved by :meth:`to_json` (its next shuffle uses ``rng``; ``ledger``, saved
        apart, goes on recording)."""
        shoe = cls.__new__(cls)
        shoe.rules = rules
        shoe.ledger = ledger
        shoe._rng = rng if rng is not None else secrets.SystemRandom()
        shoe._cards = [parse_card(c) for c in reversed(data["pack"])]
        shoe._discards = [parse_card(c) for c in data["discards"]]
        shoe._table = []
        shoe.burnt = tuple(parse_card(c) for c in data.get("burnt", ()))
        shoe.hand_number = int(data["hand_number"])
        shoe.cut_card_out = bool(data["cut_card_out"])
        shoe.shuffles = 0
        shoe.mid_hand_reshuffles = 0
        if len(shoe._cards) + len(shoe._discards) != rules.shoe_size:
            raise ValueError(f"a saved shoe must hold {rules.shoe_size} cards")
        if len(shoe.burnt) > len(shoe._discards):
            raise ValueError("a saved shoe burnt more cards than it has discarded")
        return shoe
