"""Each game's save and its session (issue 10): how a new browser's game starts, how a save
is read back (``CorruptSave`` when it cannot be) and written.

``codec_for(name, first_cards, rng)`` gives the codec of a registry game; the service knows
nothing of the families beyond this and the session interface (``Session``).
"""

from __future__ import annotations

import json
import random
from typing import Any, Protocol

from banluck.core import BanLuckError, Shoe
from banluck.core.cards import Card
from banluck.games.banluck import preset as banluck_preset
from banluck.games.kampung.rules import KAMPUNG
from banluck.games.registry import driver_class, game
from banluck.web import blackjack_save as bj_save
from banluck.web import kampung_save as kp_save
from banluck.web.banluck_game import BanluckSession, decode
from banluck.web.banluck_save import PlayerRecord, encode
from banluck.web.blackjack_game import BlackjackSession
from banluck.web.driver_table import DriverCodec
from banluck.web.kampung_game import KampungSession
from banluck.web.records import CorruptSave
from banluck.web.stats import Stats


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
    def cell(self, number: int, step: int) -> tuple[str, str] | None: ...
    def chart_setting(self) -> tuple[int | None, dict[str, Any] | None]: ...
    def chosen_house(self) -> dict[str, Any] | None: ...


class Codec(Protocol):
    """How one game's save starts, is read and is written."""

    #: the settings this game keeps itself (the others, speed and language, are shared)
    own_settings: frozenset[str]

    def fresh(self, language: str) -> Session: ...
    def decode(self, raw: str) -> Session: ...
    def encode(self, session: Session) -> str: ...


def stats_of(session: Session) -> Stats:
    """The session's statistics."""
    stats: Stats = session.record.stats
    return stats


def _json(raw: str) -> Any:
    try:
        return json.loads(raw)
    except RecursionError:
        raise CorruptSave("not JSON: nested too deeply") from None
    except ValueError as exc:
        raise CorruptSave(f"not JSON: {exc}") from None


class BanluckCodec:
    """``table`` and ``one-on-one``: ``banluck_save.PlayerRecord`` (the save of issue 3)."""

    def __init__(self, name: str, first: list[Card] | None, rng: random.Random | None) -> None:
        self.rules = banluck_preset(name)
        self.first = first
        self.rng = rng
        self.own_settings = frozenset({"decks", "house"})

    def fresh(self, language: str) -> Session:
        if self.first:
            shoe = Shoe.stacked_then_shuffled(self.first, decks=self.rules.decks, rng=self.rng)
        else:
            shoe = Shoe(self.rules.decks, self.rng)
        rec = PlayerRecord.fresh(self.rules, shoe, language, stacked=len(self.first or ()))
        return BanluckSession(self.rules, rec, self.rng)

    def decode(self, raw: str) -> Session:
        return decode(raw, self.rules, self.rng)

    def encode(self, session: Session) -> str:
        return encode(session.record)


class BlackjackCodec:
    """``classic`` and ``infinite``: ``blackjack_save.BlackjackRecord``."""

    def __init__(self, name: str, first: list[Card] | None, rng: random.Random | None) -> None:
        from banluck.games.blackjack.rules import PRESETS

        self.rules = PRESETS[name]
        self.first = first
        self.rng = rng
        self.own_settings = frozenset({"house"})

    def fresh(self, language: str) -> Session:
        if self.first:
            shoe, burnt = bj_save.stacked_shoe(self.rules, self.first, self.rng), list[str]()
        else:
            shoe, burnt = bj_save.new_shoe(self.rules, self.rng)
        rec = bj_save.fresh_record(self.rules, shoe)
        rec.burnt = burnt
        return BlackjackSession(self.rules, rec, self.rng)

    def decode(self, raw: str) -> Session:
        rec = bj_save.read_record(_json(raw), self.rules)
        try:
            return BlackjackSession(self.rules, rec, self.rng)
        except CorruptSave:
            raise
        except (BanLuckError, ValueError, TypeError, KeyError) as exc:
            raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None

    def encode(self, session: Session) -> str:
        return json.dumps(session.record.to_json(), separators=(",", ":"))


class KampungCodec:
    """``kampung``: ``kampung_save.KampungRecord``."""

    def __init__(self, first: list[Card] | None, rng: random.Random | None) -> None:
        self.first = first
        self.rng = rng
        self.own_settings = frozenset({"bank", "decks", "house"})

    def fresh(self, language: str) -> Session:
        decks = KAMPUNG.decks
        if self.first:
            shoe = Shoe.stacked_then_shuffled(self.first, decks=decks, rng=self.rng)
        else:
            shoe = Shoe(decks, self.rng)
        return KampungSession(kp_save.fresh_record(shoe), self.rng)

    def decode(self, raw: str) -> Session:
        return KampungSession(kp_save.read_record(_json(raw)), self.rng)

    def encode(self, session: Session) -> str:
        return json.dumps(session.record.to_json(), separators=(",", ":"))


#: Each family's save codec (a family without one is saved as its driver plays it)
CODECS: dict[str, Any] = {
    "banluck": BanluckCodec,
    "blackjack": BlackjackCodec,
    "kampung": lambda name, first, rng: KampungCodec(first, rng),
}


def codec_for(name: str, first: list[Card] | None, rng: random.Random | None) -> Codec:
    """The codec of a registry game."""
    family = game(name).family
    make = CODECS.get(family)
    if make is None:  # a game with no save of its own: its driver's (web.driver_table)
        if first:
            raise ValueError(f"{name!r} takes no --shoe: it has no stacked shoe of its own")
        return DriverCodec(name, family, rng)
    codec: Codec = make(name, first, rng)
    return codec


def decks_of(name: str) -> int:
    """The deck count a ``--shoe`` file of this game is checked against (the preset's)."""
    return driver_class(name).settings_spec(name).default_decks
