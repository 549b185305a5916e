"""Each game's save and its session (issue 10): how a new browser's game starts, how a save
is read back (``CorruptSave`` when it cannot be) and written.

``codec_for(name, first_cards, rng, key)`` gives the codec of a registry game; the service
knows nothing of the families beyond this and the session interface (``Session``). A new
game's first shoe is committed to its fair ledger (``web.solo.fair``) with salts from the
server's ``key`` and the player's id, so that a visitor with nothing stored is shown the
commitment of the shoe their first deal uses.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from banluck.core import Shoe
from banluck.core.cards import Card
from banluck.core.fair.table import TableLedger
from banluck.games.banluck import preset as banluck_preset
from banluck.games.registry import driver_class, game
from banluck.web.saves.banluck_save import PlayerRecord, encode, read
from banluck.web.saves.blackjack_save import read_old as blackjack_old
from banluck.web.saves.kampung_save import read_old as kampung_old
from banluck.web.solo.banluck_game import BanluckSession
from banluck.web.solo.driver_table import DriverCodec
from banluck.web.solo.fair import Salts, new_fair
from banluck.web.solo.stats import Stats


class Session(Protocol):
    """One browser's game during one request (every family's session has these)."""

    family: str

    @property
    def record(self) -> Any: ...

    def table_json(self) -> dict[str, Any] | None: ...
    def limits(self) -> dict[str, Any]: ...
    def player_json(self) -> dict[str, Any]: ...
    def in_progress(self) -> bool: ...
    def deal(self, body: dict[str, Any]) -> dict[str, Any] | None: ...
    def act(self, body: dict[str, Any]) -> dict[str, Any] | None: ...
    def change_settings(self, body: dict[str, Any]) -> None: ...
    def hint(self, number: int, step: int) -> dict[str, Any]: ...
    def house_in_play(self) -> dict[str, Any] | None: ...
    def cell(self, number: int, step: int) -> tuple[str, str] | None: ...
    def chart_setting(self) -> tuple[int | None, dict[str, Any] | None]: ...
    def chosen_house(self) -> dict[str, Any] | None: ...
    def simulated_edge(self) -> dict[str, Any] | None: ...
    def fair_json(self) -> dict[str, Any] | None: ...
    def fair_history(self) -> dict[str, Any]: ...
    def give_seed(self, body: dict[str, Any]) -> None: ...


class Codec(Protocol):
    """How one game's save starts, is read and is written."""

    #: the settings this game keeps itself (the others, speed and language, are shared)
    own_settings: frozenset[str]

    def fresh(self, language: str, player: str) -> Session: ...
    def decode(self, raw: str) -> Session: ...
    def encode(self, session: Session) -> str: ...


def own_settings(name: str) -> frozenset[str]:
    """The settings game ``name``'s table keeps itself (its driver's ``SettingsSpec.table``;
    speed and language are every game's)."""
    return frozenset(driver_class(name).settings_spec(name).table)


def stats_of(session: Session) -> Stats:
    """The session's statistics."""
    stats: Stats = session.record.stats
    return stats


class BanluckCodec:
    """``table`` and ``one-on-one``: ``banluck_save.PlayerRecord`` (the save of issue 3)."""

    def __init__(
        self, name: str, first: list[Card] | None, rng: random.Random | None, salts: Salts
    ) -> None:
        self.rules = banluck_preset(name)
        self.first = first
        self.rng = rng
        self.salts = salts
        self.own_settings = own_settings(name)

    def fresh(self, language: str, player: str) -> Session:
        shoe = None

        def make(ledger: TableLedger) -> None:
            nonlocal shoe
            shoe = _first_shoe(self.first, self.rules.decks, self.rng, ledger)

        fair = new_fair(self.salts.first(player), make)
        assert shoe is not None
        rec = PlayerRecord.fresh(self.rules, shoe, language, fair, stacked=len(self.first or ()))
        return BanluckSession(self.rules.name, rec)

    def decode(self, raw: str) -> Session:
        return BanluckSession(self.rules.name, read(raw, self.rules, self.salts.later()))

    def encode(self, session: Session) -> str:
        return encode(session.record)


def _first_shoe(
    first: list[Card] | None, decks: int, rng: random.Random | None, ledger: TableLedger
) -> Shoe:
    """A new table's shoe committed to ``ledger``: derived by it, or ``first`` stacked on
    top (``--shoe``) and the rest shuffled by ``rng``."""
    if not first:
        return Shoe(decks, ledger.shuffler(), ledger=ledger)
    shoe = Shoe.stacked_then_shuffled(first, decks=decks, rng=rng)
    shoe.commit_to(ledger)
    return shoe


#: Each family's save codec (a family without one is saved as its driver plays it)
CODECS: dict[str, Any] = {
    "banluck": BanluckCodec,
    "blackjack": lambda name, first, rng, salts: DriverCodec(
        name, "blackjack", [c.code for c in first or ()], rng, salts, old=blackjack_old
    ),
    "kampung": lambda name, first, rng, salts: DriverCodec(
        name, "kampung", [c.code for c in first or ()], rng, salts, old=kampung_old
    ),
}


def codec_for(name: str, first: list[Card] | None, rng: random.Random | None, key: bytes) -> Codec:
    """The codec of a registry game (``key``: the server's, for new tables' first salts)."""
    family = game(name).family
    salts = Salts(key, name, rng)
    make = CODECS.get(family)
    if make is None:  # a game saved as its driver plays it (web.solo.driver_table)
        return DriverCodec(name, family, [c.code for c in first or ()], rng, salts)
    codec: Codec = make(name, first, rng, salts)
    return codec


def decks_of(name: str) -> int:
    """The deck count a ``--shoe`` file of this game is checked against (the preset's)."""
    return driver_class(name).settings_spec(name).default_decks
