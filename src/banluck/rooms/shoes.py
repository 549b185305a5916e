"""A room's shoe between hands as JSON, and the random source of each hand.

Every hand has its own seed (128 bits from the room's secure source, kept with the hand):
every shuffle the hand causes (T12's reshuffle before the deal, I1's new shoe, C8's
discards shuffled in mid-hand) uses ``random.Random(seed)``. The shoe before the hand, the
seed, the stakes and the choices made so far then rebuild the hand exactly after a
restart: the store never holds a live object.
"""

from __future__ import annotations

import random
from typing import Any

from banluck.core.fair import FairLedger
from banluck.core.shoe import Shoe


def core_shoe_json(shoe: Shoe) -> dict[str, Any]:
    """A Ban Luck / kampung shoe between hands (the cards left, top first)."""
    return {
        "decks": shoe.decks,
        "remaining": [c.code for c in shoe.peek_order()],
        "drawn": shoe.drawn,
    }


def core_shoe(data: dict[str, Any], rng: random.Random, ledger: FairLedger | None = None) -> Shoe:
    """The shoe saved by ``core_shoe_json``; its next shuffle uses ``rng``; ``ledger`` (the
    room's, issue 11 #6) hears of its shuffles and draws.

    >>> s = Shoe(1, random.Random(3)); _ = s.draw()
    >>> t = core_shoe(core_shoe_json(s), random.Random(4))
    >>> (len(t), t.drawn, t.peek_order() == s.peek_order())
    (51, 1, True)
    """
    shoe = Shoe.restore(
        data["remaining"], decks=int(data["decks"]), drawn=int(data["drawn"]), rng=rng
    )
    shoe.ledger = ledger
    return shoe


def hand_rng(seed: int) -> random.Random:
    """The random source of one hand's shuffles."""
    return random.Random(seed)
