"""The solo table of a game that has no save format of its own: everything it keeps is what
its driver reads and writes (``games.driver``), so a new game is played at the solo table
with no code in ``web/``.

The save is JSON: the table's run between hands (``games.table_run``: the stacks, the
driver's shoe between hands with its fair ledger, the bank where it moves, the next hand's
number), your last bet, the notices, your statistics, and the hand in play as its
``HandStart`` and the choices made (every seat's). A hand is dealt again from that and
its choices replayed, as a room's is. Only the seat's view leaves (``HandDriver.view``).
A finished hand's history entry carries the hand the same way (``start`` and ``actions``):
a game of this kind has no REPLAY.md input of its own.
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from banluck.core.money import MAX_CHIPS
from banluck.core.refusal import Refusal
from banluck.games.driver import HandDriver, HandStart
from banluck.games.registry import driver_class
from banluck.games.table_run import TableRun
from banluck.web.saves.records import CorruptSave, is_int, now_iso
from banluck.web.saves.run import SavedRun, fair_json, migrated, read_run, saved_fair
from banluck.web.solo.fair import Salts, SaltSource, SoloFair
from banluck.web.solo.session import CorruptHand, SoloSession, replayed
from banluck.web.solo.stats import Stats

VERSION = 2
_MAX_ACTIONS = 1000


@dataclass
class DriverRecord(SavedRun):
    """Everything kept for one browser's game of this kind: the table's run (``SavedRun``:
    its shoe between hands, during a hand the shoe before it) and the rest."""

    last_bet: int = 0
    notices: list[dict[str, Any]] = field(default_factory=list)
    #: the hand in play (or the last): its start, the choices made and when it was dealt
    start: HandStart | None = None
    actions: list[tuple[str, str]] = field(default_factory=list)
    time: str = ""
    stats: Stats = field(default_factory=Stats)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "table": self.table.to_json(),
            "last_bet": self.last_bet,
            "notices": self.notices,
            "hand": None
            if self.start is None
            else {
                "start": self.start.to_json(),
                "actions": [[s, a] for s, a in self.actions],
                "time": self.time,
            },
            "stats": self.stats.to_json(),
            "fair": fair_json(self.fair),  # its ledger: the table's
        }


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CorruptSave(what)


def read_record(
    data: Any, seats: tuple[str, ...], salts: SaltSource = secrets.token_bytes
) -> DriverRecord:
    """A saved record of any version, every field checked (CorruptSave says what is wrong;
    the hand is played again by the session, which refuses one its driver cannot play)."""
    data = migrated(data, VERSION)
    try:
        _need(isinstance(data, dict) and data.get("v") == VERSION, "unknown record version")
        table = read_run(data, seats, salts)
        rec = DriverRecord(
            table=table,
            last_bet=data["last_bet"],
            notices=data["notices"],
            stats=Stats.from_json(data.get("stats")),
            fair=saved_fair(data, table),
        )
        _need(is_int(rec.last_bet) and 0 <= rec.last_bet <= MAX_CHIPS, "bad last bet")
        _need(isinstance(rec.notices, list) and len(rec.notices) <= 16, "bad notices")
        hand = data["hand"]
        if hand is not None:
            rec.start = HandStart.from_json(hand["start"])
            rec.actions = [(str(s), str(a)) for s, a in hand["actions"]]
            rec.time = hand["time"]
            _need(1 <= rec.start.number < rec.next_hand, "bad hand number")
            _need(rec.start.seats == seats, "bad hand seats")
            _need(len(rec.actions) <= _MAX_ACTIONS, "too many actions")
            _need(isinstance(rec.time, str) and len(rec.time) <= 40, "bad hand time")
        return rec
    except CorruptSave:
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSave(f"{type(exc).__name__}: {exc}") from None


class DriverSession(SoloSession):
    """One browser's game of this kind during one request: you in the table's first seat,
    bots in the others."""

    def __init__(
        self, name: str, family: str, record: DriverRecord, rng: random.Random | None
    ) -> None:
        spec = driver_class(name).settings_spec(name)
        driver = driver_class(name)(name, decks=spec.default_decks)
        hand = None
        if record.start is not None:
            try:
                hand = replayed(driver, record.start, record.actions, record.fair.ledger)
            except CorruptHand as exc:
                raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None
        super().__init__(driver, driver.layout[0], hand)
        if hand is not None and hand.to_act() not in (None, self.you):
            raise CorruptSave("a saved hand waits for a bot")
        self.name = name
        self.family = family
        self._record = record
        self.rng = rng

    @property
    def banker(self) -> str | None:
        return self.record.table.banker

    @property
    def record(self) -> DriverRecord:
        return self._record

    def unknown(self, name: object) -> Refusal | None:
        """The driver lists the choices a hand offers now: any short name is looked up
        among them."""
        if isinstance(name, str) and len(name) <= 40:
            return None
        return Refusal("bad_action", f"unknown action {name!r}", {"action": name})

    # ------------------------------------------------------------------ answers

    def table_json(self) -> dict[str, Any] | None:
        return None if self.hand is None else self.hand.view(self.you)

    def player_json(self) -> dict[str, Any]:
        rec = self.record
        return {
            "stacks": dict(rec.stacks),
            "last_bet": rec.last_bet,
            "banker": rec.table.banker,
            "settings": {},
            "notices": list(rec.notices),
        }

    def bad_bet(self, message: str) -> Refusal:
        driver = self.driver
        return Refusal(
            "bad_bet",
            message,
            {"min": driver.min_bet, "max": driver.max_bet, "stack": self.record.stacks[self.you]},
        )

    # ------------------------------------------------------------------ the deal

    def stakes(self, body: dict[str, Any]) -> Any:
        """Your bet, by the driver's check (none where you hold the bank)."""
        rec, you = self.record, self.you
        if rec.table.banker == you:
            if "bet" in body:
                raise self.bad_bet("you hold the bank: the banker places no bet")
            return None
        if "bet" not in body:
            raise self.bad_bet("a bet is required")
        return self.driver.check_bet(you, (you,), body["bet"], rec.stacks[you])

    def start(self, number: int, stakes: Any) -> HandStart:
        return self.start_with(seed=self._seed(), seats=self.driver.layout, bet=stakes)

    def _seed(self) -> int:
        return (self.rng or secrets.SystemRandom()).getrandbits(63)

    def shoe_due(self) -> bool:
        return not self.fair.fresh and self.record.table.shoe_due(self.driver)

    def make_shoe(self) -> list[dict[str, Any]]:
        self.record.table.new_shoe(self.driver, self._seed())
        return [{"code": "reshuffled", "params": {"decks": self.driver.decks}}]

    def dealt(self, hand: HandDriver, stakes: Any) -> None:
        rec = self.record
        rec.notices = list(self.fair.news)
        if stakes is not None:
            rec.last_bet = stakes
        rec.start, rec.actions, rec.time = hand.start, [], now_iso()

    def played(self, hand: HandDriver) -> None:
        self.record.actions = list(hand.actions)

    def finished(self, hand: HandDriver) -> dict[str, Any]:
        rec, start, you = self.record, hand.start, self.you
        settled = hand.settle()
        rec.table.settle(settled)
        line = hand.seat_line(you, settled)
        rec.stats.add(line)
        net, bet = line.net, line.wagered
        item = {
            "hand": hand.number,
            "time": now_iso(),
            "bet": bet,
            "net": net,
            "result": "win" if net > 0 else "lose" if net < 0 else "push",
        }
        replay = {
            "game": self.name,
            "start": start.to_json(),
            "actions": [[s, a] for s, a in hand.actions],
        }
        return {"item": item, "replay": replay, "result": {"summary": settled.summary}}

    # ------------------------------------------------------------------ settings, hint

    def apply_settings(self, body: dict[str, Any]) -> None:
        if body:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {sorted(body)}: {self.name} has no settings of its own",
                {"fields": sorted(body)},
            )

    def hint(self, number: int, step: int) -> dict[str, Any]:
        self.at(number, step, "hint")
        raise Refusal("hint_unavailable", f"{self.name} has no hint")


class DriverCodec:
    """How a game of this kind starts, is read and is written."""

    #: a game of this kind takes no settings of its own (its table keeps none)
    own_settings: frozenset[str] = frozenset()

    def __init__(self, name: str, family: str, rng: random.Random | None, salts: Salts) -> None:
        self.name = name
        self.family = family
        self.rng = rng
        self.salts = salts
        cls = driver_class(name)
        self.driver = cls(name, decks=cls.settings_spec(name).default_decks)

    def fresh(self, language: str, player: str) -> DriverSession:
        driver = self.driver
        seed = (self.rng or secrets.SystemRandom()).getrandbits(63)
        table = TableRun.fresh(driver, seed, self.salts.first(player))
        fair = SoloFair(ledger=table.ledger, fresh=True)
        record = DriverRecord(table=table, last_bet=driver.min_bet, fair=fair)
        return DriverSession(self.name, self.family, record, self.rng)

    def decode(self, raw: str) -> DriverSession:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise CorruptSave(f"not JSON: {exc}") from None
        record = read_record(data, self.driver.layout, self.salts.later())
        return DriverSession(self.name, self.family, record, self.rng)

    def encode(self, session: Any) -> str:
        return json.dumps(session.record.to_json(), separators=(",", ":"))
