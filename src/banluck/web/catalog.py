"""What the lobby and the Strategy dialog show of each game: its exact house edge and its
solved chart, asked of the game's own parts (the registry's ``edge`` and ``chart``), computed
on first use and kept for the server's life. A game without them (kampung: its bots are
measured by simulation) has None. Nothing is solved at start-up.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
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


class Memo:
    """Answers by key, the ``size`` most recent kept (an LRU whose content can be asked
    without computing: ``known``)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def known(self, key: str) -> bool:
        with self._lock:
            return key in self._data

    def peek(self, key: str) -> Any:
        """The answer kept under ``key`` (None: none), computing nothing."""
        with self._lock:
            return self._data.get(key)

    def get(self, key: str, compute: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]
        value = compute()
        with self._lock:
            self._data[key] = value
            while len(self._data) > self.size:
                self._data.popitem(last=False)
        return value


_HOUSE_EDGES = Memo(256)


def _house_edge(house: House) -> float | None:
    g = game(house.base)
    if g.house_edge is None:
        return None
    edge = g.part("house_edge")(house)
    return None if edge is None else float(edge)


def edge_of_house(house: House) -> float | None:
    """H9: the exact house edge of ``house`` (None: its family's edge is not solved exactly;
    kampung's bots are measured by simulation), each house solved once (by what its edge
    depends on: ``House.edge_key``)."""
    key = house.edge_key()

    def solve() -> float | None:
        with _lock:  # one solve at a time; a house solved meanwhile is not solved again
            return _HOUSE_EDGES.get(key, lambda: _house_edge(house))  # type: ignore[no-any-return]

    return _HOUSE_EDGES.get(key, solve)  # type: ignore[no-any-return]


#: ``house_odds`` answers made in another process (the heavy lane's), by ``edge_key``
_ODDS = Memo(1024)


def odds_known(house: House) -> dict[str, Any] | None:
    """``house``'s odds (``house_odds``) when known without computing anything, else None."""
    g, key = game(house.base), house.edge_key()
    kept: dict[str, Any] | None = _ODDS.peek(key)
    if kept is not None:
        return kept
    if g.house_edge is not None and _HOUSE_EDGES.known(key):
        return house_odds(house)
    if g.house_edge is None and g.sim_edge is None:
        return {"house_edge": None, "edge_source": "none"}
    return None


def keep_odds(house: House, odds: dict[str, Any]) -> None:
    """``house_odds`` of ``house`` made elsewhere, kept (``odds_known``)."""
    _ODDS.get(house.edge_key(), lambda: odds)


def odds_of_object(data: dict[str, Any]) -> dict[str, Any]:
    """``house_odds`` of a house object (a job for another process: its arguments and its
    answer are plain data)."""
    return house_odds(read_house(data))


def house_odds(house: House) -> dict[str, Any]:
    """H9: ``house_edge`` and ``edge_source`` of ``house``: ``exact`` (its solve),
    ``simulated`` (kampung: the table's bots of the house's own solve on 200,000 hands, with
    ``ci95``, ``hands`` and ``seed``) or ``none``."""
    edge = edge_of_house(house)
    if edge is not None:
        return {"house_edge": edge, "edge_source": "exact"}
    sim = simulated_edge_of_house(house)
    if sim is None:
        return {"house_edge": None, "edge_source": "none"}
    return {"house_edge": sim["house_edge"], "edge_source": "simulated", **sim}


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


_SIM_EDGES = Memo(64)


def _sim_edge(house: House) -> dict[str, Any] | None:
    g = game(house.base)
    if g.sim_edge is None:
        return None
    out: dict[str, Any] = g.part("sim_edge")(house)
    return out


def simulated_edge_of_house(house: House) -> dict[str, Any] | None:
    """H9: the edge of ``house`` measured by simulation where its family's is not solved
    exactly (``house_edge``, ``ci95``, ``hands``, ``seed``; None: a family with neither), each house
    measured once, one at a time (the exact edges do not wait for it)."""
    key = house.edge_key()

    def measure() -> dict[str, Any] | None:
        with _sim_lock:  # a house measured meanwhile is not measured again
            return _SIM_EDGES.get(key, lambda: _sim_edge(house))  # type: ignore[no-any-return]

    return _SIM_EDGES.get(key, measure)  # type: ignore[no-any-return]
