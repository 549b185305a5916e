"""A ``Shoe`` between hands as JSON (the cards left, top first), and back.

Every hand a room or a driver starts is built from JSON-ready data, so that a hand saved
in the middle is rebuilt by dealing it again from the same shoe and seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from banluck.core.cards import ONE_DECK, Card
from banluck.core.fair import FairLedger
from banluck.core.shoe import Shoe


def shoe_json(shoe: Shoe) -> dict[str, Any]:
    """A shoe of plain cards between hands (the cards left, top first; ``stacked`` only
    for a shoe that deals as it is stacked and is never shuffled before a hand)."""
    out: dict[str, Any] = {
        "decks": shoe.decks,
        "remaining": [c.code for c in shoe.peek_order()],
        "drawn": shoe.drawn,
    }
    if shoe.stacked_order:
        out["stacked"] = True
    return out


def shoe_from_json(
    data: dict[str, Any], rng: random.Random, ledger: FairLedger | None = None
) -> Shoe:
    """The shoe saved by ``shoe_json``; its next shuffle uses ``rng``; ``ledger`` hears of
    its shuffles and draws.

    >>> s = Shoe(1, random.Random(3)); _ = s.draw()
    >>> t = shoe_from_json(shoe_json(s), random.Random(4))
    >>> (len(t), t.drawn, t.peek_order() == s.peek_order())
    (51, 1, True)
    """
    shoe = Shoe.restore(
        data["remaining"], decks=int(data["decks"]), drawn=int(data["drawn"]), rng=rng
    )
    shoe.ledger = ledger
    shoe.stacked_order = data.get("stacked") is True
    return shoe


def shoe_before(
    decks: int, dealt: Sequence[Card], rest: Sequence[Card], drawn: int, *, stacked: bool = False
) -> dict[str, Any]:
    """The JSON of a shoe as it stood before a hand that dealt ``dealt`` from it, knowing
    the shoe after the hand (``rest`` left, ``drawn`` gone since its shuffle): a saved hand
    is played again from it.

    >>> from banluck.core.cards import parse_card
    >>> shoe_before(1, [parse_card("AS")], [parse_card("KD")], 51)["drawn"]
    50
    """
    out: dict[str, Any] = {
        "decks": decks,
        "remaining": [c.code for c in (*dealt, *rest)],
        "drawn": drawn - len(dealt),
    }
    if stacked:
        out["stacked"] = True
    return out


def shoe_of_dealt(decks: int, dealt: Sequence[Card]) -> dict[str, Any]:
    """The JSON of a full shoe that deals ``dealt`` first, the rest of the decks after them
    in the decks' order, stacked: a finished hand played again once its shoe is gone (the
    table has made the next hand's shoe), for it draws nothing past its own cards.

    >>> from banluck.core.cards import parse_card
    >>> s = shoe_of_dealt(1, [parse_card("KD")])
    >>> s["remaining"][:2], len(s["remaining"]), s["drawn"]
    (['KD', 'AS'], 52, 0)
    """
    order = list(dealt)
    taken = Counter(dealt)
    for card in ONE_DECK * decks:
        if taken[card] > 0:
            taken[card] -= 1
        else:
            order.append(card)
    if len(order) != 52 * decks:
        raise ValueError(f"a hand of {decks} deck(s) cannot hold these cards")
    return {"decks": decks, "remaining": [c.code for c in order], "drawn": 0, "stacked": True}
