"""A game's driver with its options, and the house a game plays when none is chosen (a
registry entry's ``named_house``, ``games.named_houses``).

Apart from the registry, which names each game's parts and imports none of them, so that
reading a house (``games.house``, which asks the registry for its family's schema) never
comes back round to the named houses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from banluck.games.named_houses import named_house
from banluck.games.registry import driver_class, game

if TYPE_CHECKING:
    from banluck.games.driver import GameDriver
    from banluck.games.house import House


def own_house(name: str) -> House | None:
    """The house game ``name`` plays when none is chosen (its ``named_house``; None: its
    preset's own rules)."""
    g = game(name)
    return None if g.named_house is None else named_house(g.named_house)


def house_base(name: str) -> str:
    """The base of the houses game ``name`` plays (H1): its own house's, else its name.

    >>> house_base("xi-dach"), house_base("table")
    ('kampung', 'table')
    """
    own = own_house(name)
    return name if own is None else own.base


def driver_for(
    name: str, *, decks: int, bank: str = "house", house: House | None = None
) -> GameDriver:
    """Game ``name``'s driver with its options (``house``: the house it plays, H3; None:
    the game's own house, if it has one).

    >>> d = driver_for("kampung", decks=1, bank="rotate")
    >>> d.layout, d.rules.decks, d.first_banker()
    (('you', 'anna', 'ben', 'dealer'), 1, 'dealer')
    """
    if house is None:
        house = own_house(name)
    return driver_class(name)(name, decks=decks, bank=bank, house=house)
