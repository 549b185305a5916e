"""A room's seating: people in any seat, for every game (Ban Luck, blackjack, kampung).

The engines' presets seat a person in the first seat and bots in the others (T8, B5, K2);
in a room the people may sit anywhere. The seats a person holds this hand bet like ``you``
(T8, B5, K3) and get a person's fresh stack (T9); every other seat is a bot. The rules do
not change: who sits where is the table's ``core.seating.Seating``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from banluck.core.seating import SeatedRules, Seating, seating_for


def room_seating(
    rules: SeatedRules, people: Collection[str], seats: tuple[str, ...] | None = None
) -> Seating:
    """The preset's seating with ``people`` seated (and, for ``infinite``, its seats, I2).

    >>> from banluck.games.kampung.rules import KAMPUNG
    >>> s = room_seating(KAMPUNG, ("ben",))
    >>> s.seats, s.is_bot("you"), s.is_bot("ben")
    (('you', 'anna', 'ben', 'dealer'), True, False)
    >>> room_seating(KAMPUNG, ("p1",), ("p1", "p2")).seats
    ('p1', 'p2')
    """
    seating = seating_for(rules).with_people(people)
    if seats is not None and seats != seating.seats:
        seating = dataclasses.replace(seating, seats=seats)
    return seating
