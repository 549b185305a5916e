"""A house at the solo table (HOUSE_RULES.md H2, H3): the ``house`` and ``decks`` settings
of a game that plays houses, checked and merged into the saved settings, and a saved house
that no longer passes its checks set aside (H4's last line). The families' sessions keep
their own records; what a house setting is, is said here once.

A house is kept in the settings as its house object (every field after defaults); its
``decks`` field is the table's deck count. The hand in play keeps the house it was dealt
under (H3): a change plays from the next hand.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from banluck.core.refusal import Refusal
from banluck.core.whole import is_whole
from banluck.games.driver import GameDriver
from banluck.games.house import House, HouseError, decks_field, read_house
from banluck.games.registry import driver_class
from banluck.rooms.settings import house_setting

#: H1: the deck counts a house plays (a saved shoe may hold any of them)
_DECKS = decks_field()
HOUSE_DECKS = range(_DECKS.lo, _DECKS.hi + 1)


def house_key(house: dict[str, Any] | None) -> str | None:
    """A house object as one text (a driver's cache key), None for the preset."""
    return None if house is None else json.dumps(house, sort_keys=True)


def played_house(house: str | None, decks: int) -> House | None:
    """The house of ``house_key``'s text with ``decks`` decks (T11: a house's deck count
    plays from the next shuffle, so a hand may be dealt from a shoe of another count)."""
    return None if house is None else read_house(json.loads(house)).with_field("decks", decks)


@lru_cache(maxsize=256)
def solo_driver(
    name: str, house: str | None = None, *, decks: int | None = None, bank: str = "house"
) -> GameDriver:
    """Game ``name``'s driver at a solo table: of the house ``house`` (``house_key``'s text;
    None: the preset) with ``decks`` decks (None: the house's own count, or the game's
    default) and the ``bank`` setting (K2). A solo table's drivers keep no state."""
    if decks is None:
        decks = (
            driver_class(name).settings_spec(name).default_decks
            if house is None
            else int(read_house(json.loads(house)).rules["decks"])
        )
    return driver_class(name)(name, decks=decks, bank=bank, house=played_house(house, decks))


def chosen_house(data: object, game: str) -> House | None:
    """H1 / H3: a house chosen in the settings, checked, of this table's game (None: the
    game's own rules); ``bad_settings`` naming the house's field otherwise."""
    if data is None:
        return None
    house = house_setting(data)
    if house.base != game:
        raise Refusal(
            "bad_settings",
            f"the house's base is {house.base!r}, not this table's {game!r}",
            {"field": "house", "house_field": "base"},
        )
    return house


def with_house_settings(
    settings: dict[str, Any],
    body: dict[str, Any],
    *,
    game: str,
    decks: tuple[int, ...],
    default: int,
) -> dict[str, Any]:
    """The settings after ``body``'s ``house`` and ``decks``: a house brings its deck count;
    without a house the deck count is one of the game's ``decks`` (``default`` when the
    house's is not); with one, ``decks`` is the house's own field. ``bad_settings`` says
    which is wrong; nothing is changed then (a new dict is returned)."""
    out = dict(settings)
    if "house" in body:
        house = chosen_house(body["house"], game)
        out.pop("house", None)
        if house is not None:
            out["house"] = house.to_object()
            out["decks"] = house.rules["decks"]
        elif out["decks"] not in decks:
            out["decks"] = default
    if "decks" not in body:
        return out
    played, value = out.get("house"), body["decks"]
    allowed = decks if played is None else HOUSE_DECKS
    if "house" in body and value != out["decks"]:
        words = f"the house's {out['decks']}"
    elif not (is_whole(value) and value in allowed):
        words = " or ".join(map(str, decks)) if played is None else _DECKS.allowed()
    else:
        out["decks"] = int(value)
        if played is not None:
            out["house"] = read_house(played).with_field("decks", out["decks"]).to_object()
        return out
    raise Refusal("bad_settings", f"decks must be {words}, not {value!r}", {"field": "decks"})


def with_own_house(settings: dict[str, Any], own: House | None) -> dict[str, Any]:
    """The settings of a table whose game plays the house ``own`` unless another is chosen
    (``drivers.own_house``): ``own`` and its deck count where no house is kept."""
    if own is None or settings.get("house") is not None:
        return settings
    return {**settings, "house": own.to_object(), "decks": own.rules["decks"]}


def set_aside(
    settings: dict[str, Any], game: str, decks: tuple[int, ...] = (), default: int | None = None
) -> bool:
    """H4's last line: a saved house that no longer passes its checks (a house of an older
    version) is set aside, never half-applied: the table plays its own rules from the next
    hand, with its ``default`` deck count if the settings keep one and the house's is not
    one of its own ``decks``. Whether it was."""
    house = settings.get("house")
    if house is None:
        return False
    try:
        if read_house(house).base == game:
            return False
    except HouseError:
        pass
    del settings["house"]
    if default is not None and settings["decks"] not in decks:
        settings["decks"] = default
    return True


def with_set_aside(notices: list[dict[str, Any]], limit: int = 16) -> list[dict[str, Any]]:
    """The notices with the one of a house set aside last (at most ``limit`` in all)."""
    return [*notices[-(limit - 1) :], {"code": "house_set_aside", "params": {}}]
