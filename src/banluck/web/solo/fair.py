"""A solo table's provably fair shoe (docs/FAIRNESS.md), as a room's: every shoe is
committed before its first card and derived from a secret salt, committed before, and the
seed you give for it; its order and salt are shown once it is finished.

The table's ledger (``TableLedger``, with its secrets: the save never leaves the server) is
its table run's (``games.table_run``, saved as ``table``); kept beside it in the save, as
``fair``: whether the shoe in the record was made for the next hand and nothing dealt since
(``fresh``), what the next deal tells of it (``news``: ``reshuffled``, ``decks_changed``)
and the seed you gave for the next shoe.

A new table's first shoe and the salt of the shoe after it come from a key of the server,
the player's id and a random value drawn as the server starts (``START``, shared by its
workers; ``first_salts``), so that the commitment a first visit is shown (while nothing is
stored) is the one its first deal uses, and a table made anew after a save was lost, set
aside as damaged or restored from a backup (always across a start) never deals a shoe whose
salt was revealed before; every later salt is drawn fresh.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from banluck.core.cards import Card
from banluck.core.fair.table import TableLedger
from banluck.web.saves.records import CorruptSave
from banluck.web.workers import START_ENV

#: How many finished shoes a solo table's fair history keeps at least (the oldest go): also
#: every shoe the hands of the player's History (its last 50) were dealt from.
KEEP_SHOES = 10

SaltSource = Callable[[int], bytes]


def _start() -> bytes:
    """The server's start value: a worker's is its supervisor's (``web.workers``)."""
    inherited = os.environ.get(START_ENV)
    if inherited:
        with contextlib.suppress(ValueError):
            value = bytes.fromhex(inherited)
            if len(value) == 16:
                return value
    return secrets.token_bytes(16)


#: Drawn once as the server starts (its workers, started by it, share it): a new table's
#: first salts differ from those of every earlier start (``first_salts``).
START = _start()


def first_salts(key: bytes, game: str, player: str, start: bytes = START) -> SaltSource:
    """The salts of a new table of ``game`` for ``player``: HMAC-SHA256 of the server's
    ``key`` over the server's ``start`` value, the game, the player and a counter, so that
    the same visitor is shown the same first shoe until something is stored; secret while
    the key is; new at every start of the server.

    >>> a, b = first_salts(b"k", "table", "p"), first_salts(b"k", "table", "p")
    >>> a(32) == b(32), a(32) == b(32), len(a(64))
    (True, True, 64)
    >>> first_salts(b"k", "table", "p", b"1")(32) == first_salts(b"k", "table", "p", b"2")(32)
    False
    """
    count = 0

    def salt(n: int) -> bytes:
        nonlocal count
        out = b""
        while len(out) < n:
            text = f"banluck-first-salt\0{start.hex()}\0{game}\0{player}\0{count}".encode()
            out += hmac.new(key, text, hashlib.sha256).digest()
            count += 1
        return out[:n]

    return salt


@dataclass
class SoloFair:
    """The fair part of a solo save."""

    #: the table run's ledger
    ledger: TableLedger
    #: the shoe in the record was made for the next hand, and nothing is dealt since
    fresh: bool = False
    #: the notices the next deal gives of the shoe made for it
    news: list[dict[str, Any]] = field(default_factory=list)
    #: the seed given for the next shoe (None: none)
    seed: str | None = None

    @classmethod
    def new(cls, salts: SaltSource) -> SoloFair:
        """A table's fair part before its first shoe is made."""
        return cls(ledger=TableLedger(salt_source=salts))

    def to_json(self) -> dict[str, Any]:
        return {
            "ledger": self.ledger.to_json(),
            "fresh": self.fresh,
            "news": self.news,
            "seed": self.seed,
        }

    @classmethod
    def with_ledger(cls, data: object, ledger: TableLedger) -> SoloFair:
        """The fair part of a save whose ledger is kept beside it (``CorruptSave`` saying
        what is wrong; None: a save from before the table kept one)."""
        if data is None:
            return cls(ledger=ledger)
        if not isinstance(data, dict):
            raise CorruptSave("bad fair record")
        fresh, news, seed = data.get("fresh"), data.get("news"), data.get("seed")
        if not isinstance(fresh, bool):
            raise CorruptSave("bad fair record: fresh")
        if not (
            isinstance(news, list)
            and len(news) <= 4
            and all(isinstance(n, dict) and isinstance(n.get("code"), str) for n in news)
        ):
            raise CorruptSave("bad fair record: news")
        if seed is not None and not (isinstance(seed, str) and len(seed) <= 64):
            raise CorruptSave("bad fair record: seed")
        return cls(ledger=ledger, fresh=fresh, news=list(news), seed=seed)

    def seat_json(self) -> dict[str, Any] | None:
        """What the page shows: the shoe in use, the next one's salt commitment, your seed
        for it (None before the table's first committed shoe)."""
        view = self.ledger.seat_json(())
        if view is not None:
            view["seed"] = self.seed
        return view


class Salts:
    """Where one game's ledgers draw their salts: in play, a new table's first salts from
    the server's ``key`` and the player's id (``first_salts``) and every later one fresh
    (``secrets.token_bytes``); with a seeded ``rng`` (tests, ``--seed``), all from
    generators seeded by it (taking nothing from ``rng`` itself)."""

    def __init__(self, key: bytes, game: str, rng: random.Random | None) -> None:
        self.key = key
        self.game = game
        self._seed = None if rng is None else str(rng.getstate())
        self._seeded = None if self._seed is None else random.Random(self._seed)

    def first(self, player: str) -> SaltSource:
        """The salts of a new table of ``player``'s (the same at every call; seeded, the
        same for every player, so that a seeded server plays alike whoever comes)."""
        if self._seed is not None:
            return random.Random(f"{self._seed}\0{self.game}").randbytes
        return first_salts(self.key, self.game, player, START)

    def later(self) -> SaltSource:
        """The salts of a stored table."""
        return secrets.token_bytes if self._seeded is None else self._seeded.randbytes


def new_fair(salts: SaltSource, make: Callable[[TableLedger], object]) -> SoloFair:
    """A new table's fair part: its first shoe made by ``make`` (which commits it to the
    ledger it is given), the salt of the shoe after it drawn and committed."""
    fair = SoloFair.new(salts)
    make(fair.ledger)
    fair.fresh = True
    fair.ledger.next_salt_commitment()
    return fair


def committed_fair(order: Sequence[Card], decks: int, drawn: int = 0) -> SoloFair:
    """The fair part of a table whose shoe was made otherwise (``order`` left, top first,
    ``drawn`` gone): a full shoe is committed as made for the next hand; a shoe partly
    dealt cannot be, and the table commits a new one before its next hand."""
    if drawn:
        return SoloFair.new(secrets.token_bytes)
    return new_fair(secrets.token_bytes, lambda ledger: ledger.committed(order, decks=decks))
