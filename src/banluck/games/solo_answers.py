"""What a solo table asks a game's driver beyond a hand (``games.driver.GameDriver`` has
these): its seats, the first bet it offers, the player block it shows, the choices the
family knows, whether a hand shuffles, how a house takes effect, and ``--shoe``'s first
shoe. A new game keeps the defaults or sets them as data."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from banluck.core.cards import ONE_DECK, parse_card
from banluck.core.fair import FairLedger


class SoloAnswers:
    """The solo table's part of a driver (see the module)."""

    # the driver's own, which these read
    layout: tuple[str, ...]
    min_bet: int
    max_bet: int
    decks: int

    def stacked_shoe(self, cards: Sequence[str]) -> dict[str, Any]:
        raise NotImplementedError

    #: every choice the family knows (another is refused naming them; empty: any short name
    #: is looked up among the hand's)
    known_choices: tuple[str, ...] = ()
    #: the solo table's player block, in order: ``stacks``, ``last_bet``, ``settings`` and
    #: ``notices`` and the game's own (``banker``, ``last_side_bets``, ``house_in_play``,
    #: ``next_shoe_hand``, ``decks_in_play``)
    player_fields: tuple[str, ...] = ("stacks", "last_bet", "banker", "settings", "notices")
    #: whether a hand shuffles in its middle (C8, I1: its start carries a seed for it)
    hand_shuffles: bool = True
    #: H3: whether a house chosen takes a new shoe at once (else it plays from the next deal,
    #: on the shoe in play)
    house_takes_new_shoe: bool = False

    @property
    def solo_seats(self) -> tuple[str, ...]:
        """The seats of a solo table, the person's first (its layout)."""
        return self.layout

    @property
    def first_bet(self) -> int:
        """The bet a new solo table offers first: 100 within the range."""
        return min(max(100, self.min_bet), self.max_bet)

    def shoe_decks(self, shoe: dict[str, Any]) -> int:
        """The deck count of ``shoe`` (a shoe of plain cards, ``core.shoe_json``)."""
        return int(shoe["decks"])

    def first_shoe(
        self, cards: Sequence[str], rng: random.Random, ledger: FairLedger
    ) -> dict[str, Any]:
        """A new table's first shoe (``--shoe``) dealing ``cards`` first, the rest of its
        decks shuffled by ``rng``, committed to ``ledger`` as it is."""
        first = [parse_card(c) for c in cards]
        rest = list(ONE_DECK * self.decks)
        for card in first:
            rest.remove(card)
        rng.shuffle(rest)
        ledger.committed([*first, *rest], decks=self.decks)
        return self.stacked_shoe([c.code for c in (*first, *rest)])
