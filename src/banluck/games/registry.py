"""Every game the project plays, by preset name, and where each of its parts lives.

A game's parts are named by dotted paths (``module:function``) and imported only when used,
so that ``banluck replay`` of one game never loads another's solver. The replay command, the
odds, strategy and simulate commands and (later) the server look games up here; adding a
game is a new package of rules and flow plus one entry below.

>>> game("classic").family
'blackjack'
>>> sorted(GAMES)
['classic', 'infinite', 'kampung', 'one-on-one', 'table', 'xi-dach']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from banluck.games.driver import GameDriver


@dataclass(frozen=True, kw_only=True, slots=True)
class Game:
    """One preset of the family and where its parts are."""

    name: str
    family: str
    title: str
    #: ``module:function`` playing one REPLAY.md hand: ``(data) -> output dict``.
    replay: str
    #: ``module:Class``, the game's ``games.driver.GameDriver`` (a table of people and bots)
    driver: str
    #: ``module:SCHEMA``, the family's house fields (``games.house``; None: not played yet)
    house: str | None = None
    #: ``module:function`` for ``banluck odds`` / ``strategy`` / ``simulate``: ``(args) -> int``.
    odds: str | None = None
    strategy: str | None = None
    simulate: str | None = None
    #: ``module:function`` for the lobby and the Strategy dialog: ``edge(name) -> float``
    #: (the exact house edge) and ``chart(name, decks) -> dict`` (docs/API.md ``Chart``)
    edge: str | None = None
    chart: str | None = None
    #: ``module:function``: ``house_edge(house) -> float | None``, the exact edge of a house
    #: (H9; None: a house without an exact edge)
    house_edge: str | None = None
    #: ``module:function``: ``sim_edge(house) -> dict``, a house's edge measured by
    #: simulation where it is not solved exactly (``house_edge``, ``ci95``, ``hands``,
    #: ``seed``)
    sim_edge: str | None = None
    #: ``module:function``: ``settle_hand(rules, banker, bets, ends) -> {name: net}``, a
    #: real-card hand of a ledger settled from how each hand ended (docs/LEDGER.md; None:
    #: the ledger does not keep this game yet)
    ledger: str | None = None
    #: ``module:function``: ``settlement_table(rules) -> dict``, the ends a person can tap
    #: and, where each end's settlement against each of the banker's is a multiple of the
    #: bet, those multiples, for a page that keeps a ledger offline (docs/API.md; None
    #: multiples: the page sends each hand to be settled)
    ledger_table: str | None = None
    #: a game played under a named house of its family (``games.named_houses``; a variant
    #: as data, not a class): its table, rooms and history play that house unless another
    #: is chosen; None: the family's preset of the game's own name
    named_house: str | None = None

    def part(self, which: str) -> Callable[..., Any]:
        """The function a part names, imported now."""
        path = getattr(self, which)
        if path is None:
            raise ValueError(f"preset {self.name!r} has no {which} yet")
        return _resolve(path)


@cache
def _resolve(path: str) -> Callable[..., Any]:
    """The function ``module:function`` names, imported the first time only (``banluck
    replay --lines`` asks for it on every hand)."""
    module, _, function = path.partition(":")
    fn: Callable[..., Any] = getattr(import_module(module), function)
    return fn


_BANLUCK_REPLAY = "banluck.replay:replay_banluck"
_BANLUCK_DRIVER = "banluck.games.banluck.driver:BanluckDriver"
_BANLUCK_HOUSE = "banluck.games.banluck.house:SCHEMA"
_BANLUCK_PARTS = {
    "odds": "banluck.games.banluck.strategy.command:odds",
    "strategy": "banluck.games.banluck.strategy.command:strategy",
    "simulate": "banluck.games.banluck.sim.command:simulate",
    "edge": "banluck.games.banluck.catalog:edge",
    "ledger": "banluck.games.banluck.ledger:settle_hand",
    "ledger_table": "banluck.games.banluck.ledger:settlement_table",
    "chart": "banluck.games.banluck.catalog:chart",
    "house_edge": "banluck.games.banluck.catalog:house_edge",
}
_BLACKJACK = "banluck.games.blackjack"
_KAMPUNG = "banluck.games.kampung"
#: kampung's parts, which its named-house games (xi-dach) play too
_KAMPUNG_PARTS = {
    "family": "kampung",
    "replay": f"{_KAMPUNG}.replay:replay_hand",
    "driver": f"{_KAMPUNG}.driver:KampungDriver",
    "house": f"{_KAMPUNG}.house:SCHEMA",
    "sim_edge": f"{_KAMPUNG}.sim.odds_shipped:house_edge",
    "ledger": f"{_KAMPUNG}.ledger:settle_hand",
    "ledger_table": f"{_KAMPUNG}.ledger:settlement_table",
}

GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game(
            name="table",
            family="banluck",
            title="Ban Luck",
            replay=_BANLUCK_REPLAY,
            driver=_BANLUCK_DRIVER,
            house=_BANLUCK_HOUSE,
            **_BANLUCK_PARTS,
        ),
        Game(
            name="one-on-one",
            family="banluck",
            title="One-on-one",
            replay=_BANLUCK_REPLAY,
            driver=_BANLUCK_DRIVER,
            house=_BANLUCK_HOUSE,
            **_BANLUCK_PARTS,
        ),
        Game(
            name="kampung",
            title="Kampung",
            odds=f"{_KAMPUNG}.sim.command:odds",
            simulate=f"{_KAMPUNG}.sim.command:simulate",
            **_KAMPUNG_PARTS,
        ),
        # XI_DACH.md: kampung's table under its named house X13
        Game(
            name="xi-dach",
            title="Xì Dách",
            named_house="xi-dach",
            odds=f"{_KAMPUNG}.sim.command:odds",
            **_KAMPUNG_PARTS,
        ),
        Game(
            name="classic",
            family="blackjack",
            title="Classic Blackjack",
            replay=f"{_BLACKJACK}.replay:replay_hand",
            driver=f"{_BLACKJACK}.driver:BlackjackDriver",
            house=f"{_BLACKJACK}.house:SCHEMA",
            odds=f"{_BLACKJACK}.strategy.command:odds",
            strategy=f"{_BLACKJACK}.strategy.command:strategy",
            simulate=f"{_BLACKJACK}.strategy.command:simulate",
            edge=f"{_BLACKJACK}.catalog:edge",
            chart=f"{_BLACKJACK}.catalog:chart",
            house_edge=f"{_BLACKJACK}.catalog:house_edge",
        ),
        Game(
            name="infinite",
            family="blackjack",
            title="Infinite Blackjack",
            replay=f"{_BLACKJACK}.replay:replay_hand",
            driver=f"{_BLACKJACK}.driver:BlackjackDriver",
            house=f"{_BLACKJACK}.house:SCHEMA",
            odds=f"{_BLACKJACK}.strategy.command:odds",
            strategy=f"{_BLACKJACK}.strategy.command:strategy",
            simulate=f"{_BLACKJACK}.strategy.command:simulate",
            edge=f"{_BLACKJACK}.catalog:edge",
            chart=f"{_BLACKJACK}.catalog:chart",
            house_edge=f"{_BLACKJACK}.catalog:house_edge",
        ),
    )
}


def driver_class(name: str) -> type[GameDriver]:
    """The driver class of a registry game (ValueError for an unknown game)."""
    cls: type[GameDriver] = game(name).part("driver")  # type: ignore[assignment]
    return cls


def game(name: str) -> Game:
    """The game of a preset name, or ValueError naming the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown preset {name!r} (known: {known})") from None
