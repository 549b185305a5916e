"""The table run every solo save keeps (``games.table_run``: the stacks, the shoe between
hands with its fair ledger, the bank, the next hand's number) as one object, ``table``, in
every game's save; and the saves of the first kind, which kept those at their top level and
the ledger inside ``fair``, brought to that form as they are read.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from banluck.core.cards import Card, parse_card
from banluck.core.shoe import Shoe
from banluck.core.shoe_json import shoe_from_json, shoe_json
from banluck.games.table_run import BadRun, OnRun, SaltSource, TableRun
from banluck.web.saves.records import CorruptSave, is_int
from banluck.web.solo.fair import SoloFair
from banluck.web.solo.house import HOUSE_DECKS

#: The fields of a save of the first kind that are its table run's now
RUN_FIELDS = ("stacks", "shoe", "banker", "hands_banked", "next_hand", "fair")


def migrated(d: Any, version: int, shoe: Any = None) -> Any:
    """A save of the first kind (any version below ``version``, every field at its top
    level) in the form of ``version``: its run gathered in ``table`` (its shoe ``shoe``,
    the run's JSON of the saved one; None: the saved shoe as it is), the fair shoe's state
    beside it without the ledger. A save already of ``version`` (or not an object: refused
    later) as it is."""
    if not isinstance(d, dict) or "table" in d or d.get("v") == version:
        return d
    fair = d.get("fair")
    ledger = fair.get("ledger") if isinstance(fair, dict) else None
    flags = {k: v for k, v in fair.items() if k != "ledger"} if isinstance(fair, dict) else None
    run = {
        "stacks": d.get("stacks"),
        "shoe": d.get("shoe") if shoe is None else shoe,
        "fair": ledger,
        "banker": d.get("banker"),
        "hands_banked": d.get("hands_banked", 0),
        "next_hand": d.get("next_hand"),
    }
    rest = {k: v for k, v in d.items() if k not in RUN_FIELDS}
    return {**rest, "v": version, "table": run, "fair": flags}


def plain_shoe(d: Any) -> Any:
    """The run's shoe of plain cards (``core.shoe_json``) of a save of the first kind, whose
    shoe named its cards ``cards``; what is not a shoe object as it is (refused later)."""
    s = d.get("shoe") if isinstance(d, dict) else None
    if not isinstance(s, dict):
        return s
    return {"decks": s.get("decks"), "remaining": s.get("cards"), "drawn": s.get("drawn")}


def read_run(d: dict[str, Any], seats: Collection[str], salts: SaltSource) -> TableRun:
    """The save's table run (``CorruptSave`` saying what does not add up)."""
    try:
        run = TableRun.from_json(d["table"], seats=seats, salts=salts)
    except BadRun as exc:
        raise CorruptSave(f"bad table: {exc}") from None
    if run.hands_banked > 10**6:
        raise CorruptSave("bad hands banked")
    return run


def saved_fair(d: dict[str, Any], run: TableRun) -> SoloFair:
    """The fair shoe's state of a save, over its run's ledger."""
    return SoloFair.with_ledger(d.get("fair"), run.ledger)


def fair_json(fair: SoloFair) -> dict[str, Any]:
    """The fair shoe's state as saved beside the run (its ledger is the run's)."""
    return {k: v for k, v in fair.to_json().items() if k != "ledger"}


def check_shoe(shoe: dict[str, Any]) -> None:
    """A run's shoe of plain cards (``core.shoe_json``) that adds up: a deck count a house
    may have, cards that are cards, no card more often than the decks hold (``CorruptSave``
    otherwise)."""
    if shoe.get("decks") not in HOUSE_DECKS:
        raise CorruptSave(f"bad shoe decks {shoe.get('decks')!r}")
    if not is_int(shoe.get("drawn")):
        raise CorruptSave("bad shoe count")
    cards = shoe.get("remaining")
    if not isinstance(cards, list):
        raise CorruptSave("bad shoe cards")
    Shoe.restore([parse_card(c) for c in cards], decks=shoe["decks"], drawn=shoe["drawn"])


@dataclass
class SavedRun(OnRun):
    """A solo save's table run (``table``) and the fair shoe's state over its ledger
    (``fair``), the run's parts readable as the record's own."""

    table: TableRun
    fair: SoloFair = field(default_factory=lambda: SoloFair.new(secrets.token_bytes))

    def __post_init__(self) -> None:
        self.fair.ledger = self.table.ledger  # one ledger: the run's

    # the shoe between hands (during a hand: after the cards it has drawn), of plain cards

    @property
    def shoe_decks(self) -> int:
        return int(self.table.shoe["decks"])

    @property
    def shoe_drawn(self) -> int:
        return int(self.table.shoe["drawn"])

    @property
    def shoe_cards(self) -> list[Card]:
        """The cards left, top first."""
        return [parse_card(c) for c in self.table.shoe["remaining"]]

    def shoe(self, rng: random.Random | None) -> Shoe:
        """The shoe, shuffled by ``rng`` next time (``secrets.SystemRandom()`` when None)."""
        return shoe_from_json(self.table.shoe, rng or secrets.SystemRandom())

    def store_shoe(self, shoe: Shoe) -> None:
        self.table.shoe = shoe_json(shoe)
