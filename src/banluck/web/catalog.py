"""What the lobby and the Strategy dialog show of each game: its exact house edge and its
solved chart, asked of the game's own parts (the registry's ``edge`` and ``chart``), computed
on first use and kept for the server's life. A game without them (kampung: its bots are
measured by simulation) has None. Nothing is solved at start-up.
"""

from __future__ import annotations

import json
import threading
from functools import lru_cache
from typing import Any

from banluck.games.house import House, read_house
from banluck.games.registry import game

_lock = threading.Lock()


@lru_cache(maxsize=8)
def _edge(name: str) -> float | None:
    g = game(name)
    return None if g.edge is None else float(g.part("edge")(name))


def house_edge(name: str) -> float | None:
    """The exact house edge of a game per initial bet with best play (None: not solved)."""
    with _lock:  # one solve at a time, once
        return _edge(name)


@lru_cache(maxsize=64)
def _house_edge(key: str) -> float | None:
    house = read_house(json.loads(key))
    g = game(house.base)
    if g.house_edge is None:
        return None
    edge = g.part("house_edge")(house)
    return None if edge is None else float(edge)


def edge_of_house(house: House) -> float | None:
    """H9: the exact house edge of ``house`` (None: its family's edge is not solved exactly;
    kampung's bots are measured by simulation), each house solved once."""
    key = json.dumps({"base": house.base, "rules": house.rules}, sort_keys=True)
    with _lock:
        return _house_edge(key)


@lru_cache(maxsize=32)
def _chart(name: str, decks: int | None, house: str | None) -> dict[str, Any] | None:
    g = game(name)
    if g.chart is None:
        return None
    if house is None:
        out: dict[str, Any] = g.part("chart")(name, decks)
        return out
    played = read_house(json.loads(house))
    if decks is not None:
        played = played.with_field("decks", decks)
    try:
        data = g.part("chart")(name, decks, played)
    except ValueError:  # a house its family cannot chart: no chart
        return None
    return {**data, "house": played.to_object()}


def chart(
    name: str, decks: int | None = None, house: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """The solved chart of a game as data (None: the game has none), for ``decks`` decks
    where the game's chart depends on them (the preset's when None), of the house object
    ``house`` when one is played (H9; the answer names it)."""
    key = None if house is None else json.dumps(house, sort_keys=True)
    with _lock:
        return _chart(name, decks, key)


_sim_lock = threading.Lock()


@lru_cache(maxsize=32)
def _sim_edge(key: str) -> dict[str, Any] | None:
    house = read_house(json.loads(key))
    g = game(house.base)
    if g.sim_edge is None:
        return None
    out: dict[str, Any] = g.part("sim_edge")(house)
    return out


def simulated_edge_of_house(house: House) -> dict[str, Any] | None:
    """H9: the edge of ``house`` measured by simulation where its family's is not solved
    exactly (``house_edge``, ``ci95``, ``hands``, ``seed``; None: a family with neither), each house
    measured once, one at a time (the exact edges do not wait for it)."""
    key = json.dumps({"base": house.base, "rules": house.rules}, sort_keys=True)
    with _sim_lock:
        return _sim_edge(key)
