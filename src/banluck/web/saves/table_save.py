"""The one save of a solo table, whatever its game (docs/API.md, Saves): what its driver
reads and writes (``games.driver``) and what the table keeps between hands.

The save is JSON: the table's run between hands (``games.table_run``: the stacks, the
driver's shoe between hands with its fair ledger, the bank where it moves, the next hand's
number), the house in play and the settings (H3: a house chosen plays from the next shoe),
your last bet and side bets, the notices, your statistics, and the hand in play as its
``HandStart``, the choices made (every seat's) and the house it was dealt under. A hand is
dealt again from that and its choices replayed, as a room's is.

A family whose saves had a format of their own reads them into this one
(``blackjack_save``); a save of the driver's first forms is read here.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from banluck.core.money import MAX_CHIPS
from banluck.games.driver import HandStart, SettingsSpec
from banluck.games.house import HouseError, read_house
from banluck.web.saves.records import CorruptSave, is_int
from banluck.web.saves.run import SavedRun, fair_json, migrated, read_run, saved_fair
from banluck.web.solo.fair import SaltSource
from banluck.web.solo.house import HOUSE_DECKS, set_aside, with_set_aside
from banluck.web.solo.stats import Stats

#: 4: every game's one save (2 and 1: the driver's earlier forms, read here)
VERSION = 4
_MAX_ACTIONS = 1000
_MAX_NOTICES = 16


@dataclass
class TableRecord(SavedRun):
    """Everything kept for one browser's game: the table's run (``SavedRun``: its shoe
    between hands, during a hand the shoe before it) and the rest."""

    last_bet: int = 0
    last_side_bets: dict[str, int] = field(default_factory=dict)
    notices: list[dict[str, Any]] = field(default_factory=list)
    #: H2 / H3: the house of the shoe in play (the next hand's; None: the game's own rules)
    #: and the settings, where a house chosen for the next shoe is kept
    house: dict[str, Any] | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    #: the hand in play (or the last): its start, the choices made, when it was dealt and
    #: the house it was dealt under
    start: HandStart | None = None
    actions: list[tuple[str, str]] = field(default_factory=list)
    time: str = ""
    hand_house: dict[str, Any] | None = None
    #: K2: the bank setting the hand was dealt under (None: a game without one)
    hand_bank: str | None = None
    stats: Stats = field(default_factory=Stats)

    def to_json(self) -> dict[str, Any]:
        hand = None
        if self.start is not None:
            hand = {
                **({} if self.hand_house is None else {"house": self.hand_house}),
                **({} if self.hand_bank is None else {"bank": self.hand_bank}),
                "start": self.start.to_json(),
                "actions": [[s, a] for s, a in self.actions],
                "time": self.time,
            }
        return {
            "v": VERSION,
            **({} if self.house is None else {"house": self.house}),
            **({"settings": self.settings} if self.settings else {}),
            "table": self.table.to_json(),
            "last_bet": self.last_bet,
            **({"last_side_bets": self.last_side_bets} if self.last_side_bets else {}),
            "notices": self.notices,
            "hand": hand,
            "stats": self.stats.to_json(),
            "fair": fair_json(self.fair),  # its ledger: the table's
        }


def need(cond: bool, what: str) -> None:
    """``CorruptSave(what)`` unless ``cond``."""
    if not cond:
        raise CorruptSave(what)


def game_house(house: Any, game: str, what: str) -> dict[str, Any] | None:
    """A saved house object of ``game`` that plays (None: the game's own rules)."""
    if house is None:
        return None
    need(isinstance(house, dict), f"bad {what}")
    try:
        need(read_house(house).base == game, f"the {what} is another game's")
    except HouseError:
        raise CorruptSave(f"the {what} cannot be played") from None
    return dict(house)


def _settings(settings: Any, spec: SettingsSpec, base: str) -> tuple[dict[str, Any], bool]:
    """The saved settings, checked against those ``spec`` offers a table (a house that no
    longer passes set aside: H4), and whether one was set aside."""
    takes = set(spec.table)
    need(isinstance(settings, dict) and set(settings) <= takes, "bad settings")
    need({"bank", "decks"} & takes <= set(settings), "bad settings")
    need("bank" not in takes or settings["bank"] in spec.banks, "bad settings")
    settings = dict(settings)
    if "decks" not in takes:
        return settings, set_aside(settings, base)
    aside = set_aside(settings, base, spec.decks, spec.default_decks)
    allowed = spec.decks if settings.get("house") is None else HOUSE_DECKS
    need(settings["decks"] in allowed, "bad settings")
    return settings, aside


def read_record(
    data: Any,
    spec: SettingsSpec,
    base: str,
    seats: tuple[str, ...],
    salts: SaltSource = secrets.token_bytes,
) -> TableRecord:
    """A saved record of any of the driver's versions, every field checked (CorruptSave
    says what is wrong; the hand is played again by the session, which refuses one its
    driver cannot play): its settings are those ``spec`` offers a table, its houses of
    ``base``. A chosen house that no longer passes its checks is set aside with a notice."""
    data = migrated(data, VERSION)
    if isinstance(data, dict) and data.get("v") == 2:
        data = {**data, "v": VERSION}  # the driver's second form: no house, no side bets
    try:
        need(isinstance(data, dict) and data.get("v") == VERSION, "unknown record version")
        settings, aside = _settings(data.get("settings", {}), spec, base)
        table = read_run(data, seats, salts)
        rec = TableRecord(
            table=table,
            last_bet=data["last_bet"],
            last_side_bets=data.get("last_side_bets", {}),
            notices=data["notices"],
            house=game_house(data.get("house"), base, "house in play"),
            settings=settings,
            stats=Stats.from_json(data.get("stats")),
            fair=saved_fair(data, table),
        )
        need(is_int(rec.last_bet) and 0 <= rec.last_bet <= MAX_CHIPS, "bad last bet")
        sides = rec.last_side_bets
        need(
            isinstance(sides, dict)
            and len(sides) <= 8
            and all(isinstance(k, str) and is_int(v) for k, v in sides.items()),
            "bad side bets",
        )
        need(isinstance(rec.notices, list) and len(rec.notices) <= _MAX_NOTICES, "bad notices")
        if aside:
            rec.notices = with_set_aside(rec.notices, _MAX_NOTICES)
        hand = data["hand"]
        if hand is not None:
            need(isinstance(hand, dict), "bad hand")
            rec.start = HandStart.from_json(hand["start"])
            rec.actions = [(str(s), str(a)) for s, a in hand["actions"]]
            rec.time = hand["time"]
            rec.hand_house = game_house(hand.get("house"), base, "hand's house")
            rec.hand_bank = hand.get("bank")
            need(rec.hand_bank in (None, *spec.banks), "bad hand bank")
            need(1 <= rec.start.number < rec.next_hand, "bad hand number")
            need(rec.start.seats == seats, "bad hand seats")
            need(len(rec.actions) <= _MAX_ACTIONS, "too many actions")
            need(isinstance(rec.time, str) and len(rec.time) <= 40, "bad hand time")
        return rec
    except CorruptSave:
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSave(f"{type(exc).__name__}: {exc}") from None
