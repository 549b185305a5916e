"""The save of one browser's ``table`` or ``one-on-one`` (docs/API.md, Saves): its format
on disk and its validation.

A ``PlayerRecord`` holds the table's run (``web.saves.run``: the stacks, the remaining shoe
with its fair ledger, the next hand's number), the settings and the hand in progress as the
cards it drew and the actions taken (a ``HandRecord``). ``read`` checks every
field of a stored record against the session's rules; ``start_of`` makes the driver's
``HandStart`` of its hand, whose shoe deals the hand's cards again and then the rest, so
that the hand is played again exactly by Ban Luck's driver.
"""

from __future__ import annotations

import json
import random
import secrets
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from banluck.core import BanLuckError, Shoe
from banluck.core.cards import Card, parse_card
from banluck.core.money import MAX_CHIPS
from banluck.core.seating import seating_for
from banluck.core.shoe_json import shoe_before, shoe_of_dealt
from banluck.games.banluck import Action, Round, Rules, SeatEntry
from banluck.games.banluck.driver import BanluckDriver, BanluckHand
from banluck.games.driver import HandDriver, HandStart
from banluck.games.house import HouseError
from banluck.games.table_run import TableRun
from banluck.web.saves.records import LANGUAGES, SPEEDS, CorruptSave, is_int
from banluck.web.saves.run import (
    SavedRun,
    check_shoe,
    fair_json,
    migrated,
    plain_shoe,
    read_run,
    saved_fair,
)
from banluck.web.solo.fair import SaltSource, SoloFair, committed_fair
from banluck.web.solo.house import (
    HOUSE_DECKS,
    house_key,
    set_aside,
    solo_driver,
    with_set_aside,
)
from banluck.web.solo.stats import Stats

#: 2: the table run in ``table`` (1 kept it at the top level; read and migrated)
RECORD_VERSION = 2
_MAX_NOTICES = 16


def driver_of(name: str, decks: int, house: str | None = None) -> BanluckDriver:
    """The driver of preset ``name``, or of the house ``house`` (``house_key``'s text), with
    ``decks`` decks (T11: a house's deck count plays from the next shuffle, so a hand may be
    dealt from a shoe of another count): the solo table's (``solo_driver``)."""
    driver = solo_driver(name, house, decks=decks)
    assert isinstance(driver, BanluckDriver)
    return driver


def next_rules(preset: Rules, settings: dict[str, Any]) -> Rules:
    """The rules of the next hand: the settings' house (H3) or the preset, with the chosen
    deck count."""
    return driver_of(preset.name, settings["decks"], house_key(settings.get("house"))).rules


@dataclass
class HandRecord:
    """A hand as saved: the cards it drew and the choices, enough to play it again."""

    number: int
    decks: int
    seats: list[SeatEntry]
    cards: list[Card]
    actions: list[tuple[str, Action]]
    time: str
    #: H2: the house object the hand was dealt under (its ``decks`` the hand's; None: the
    #: preset)
    house: dict[str, Any] | None = None

    @classmethod
    def of(
        cls, number: int, r: Round, time: str, house: dict[str, Any] | None = None
    ) -> HandRecord:
        """The record of round ``r`` as it stands."""
        return cls(
            number=number,
            decks=r.rules.decks,
            seats=[SeatEntry(n, r.stacks[n], r.bets[n]) for n in r.seats],
            cards=list(r.drawn),
            actions=list(r.actions),
            time=time,
            house=house,
        )

    @classmethod
    def of_hand(
        cls, hand: HandDriver, time: str, house: dict[str, Any] | None = None
    ) -> HandRecord:
        """The record of Ban Luck's ``hand`` as it stands."""
        assert isinstance(hand, BanluckHand)
        return cls.of(hand.number, hand.round, time, house)

    def driver(self, preset: str) -> BanluckDriver:
        """The driver that deals this hand again."""
        return driver_of(preset, self.decks, house_key(self.house))


@dataclass
class PlayerRecord(SavedRun):
    """Everything the server keeps for one browser id: the table's run (``SavedRun``) and
    what is Ban Luck's own."""

    settings: dict[str, Any] = field(default_factory=dict)
    #: ``--shoe``: the shoe's first cards (while ``shoe_drawn`` is below this) are stacked
    #: and deal before any shuffle, O2's included; 0 once they are dealt or shuffled away
    stacked: int = 0
    last_bet: int = 100
    pending_decks: int | None = None
    notices: list[dict[str, Any]] = field(default_factory=list)
    hand: HandRecord | None = None
    stats: Stats = field(default_factory=Stats)

    @classmethod
    def fresh(
        cls,
        rules: Rules,
        shoe: Shoe,
        language: str,
        fair: SoloFair | None = None,
        stacked: int = 0,
    ) -> PlayerRecord:
        """A new player: fresh stacks (T9), the default settings, a shuffled shoe (its first
        ``stacked`` cards stacked by ``--shoe``) committed to ``fair``'s ledger (None: to a
        new one)."""
        if fair is None:
            fair = committed_fair(shoe.peek_order(), shoe.decks, shoe.drawn)
        run = TableRun(
            stacks=dict.fromkeys(rules.seats, rules.fresh_stack), shoe={}, ledger=fair.ledger
        )
        rec = cls(
            table=run,
            fair=fair,
            stacked=stacked,
            settings={"decks": shoe.decks, "speed": "normal", "language": language},
            last_bet=min(max(100, rules.bet_min), rules.bet_max),
        )
        rec.store_shoe(shoe)
        return rec

    def shoe(self, rng: random.Random | None) -> Shoe:
        """The saved shoe, shuffled by ``rng`` (``secrets.SystemRandom()`` when None) next time.

        While stacked cards remain the shoe deals as it is stacked: no shuffle before the
        hand (T12 / O2), so ``--shoe`` deals its cards first in every preset.
        """
        shoe = super().shoe(rng)
        shoe.stacked_order = self.shoe_drawn < self.stacked
        return shoe

    def store_shoe(self, shoe: Shoe) -> None:
        """The shoe kept, ``stacked`` while its stacked cards last."""
        super().store_shoe(shoe)
        self.table.shoe.pop("stacked", None)
        if self.shoe_drawn < self.stacked:
            self.table.shoe["stacked"] = True

    def keep_hand(self, hand: HandDriver) -> None:
        """Ban Luck's ``hand`` as it stands: the cards it drew, the choices, the rest of the
        shoe (stacked while its stacked cards last)."""
        saved = self.hand
        assert saved is not None and isinstance(hand, BanluckHand)
        self.hand = HandRecord.of(hand.number, hand.round, saved.time, saved.house)
        self.keep_shoe(hand)

    def keep_shoe(self, hand: HandDriver) -> None:
        """The shoe of Ban Luck's ``hand`` kept as it stands (``store_shoe``)."""
        assert isinstance(hand, BanluckHand)
        self.store_shoe(hand.round.shoe)

    def to_json(self) -> dict[str, Any]:
        """The record as stored."""
        hand = self.hand
        return {
            "v": RECORD_VERSION,
            "table": self.table.to_json(),
            "stacked": self.stacked,
            "settings": self.settings,
            "last_bet": self.last_bet,
            "pending_decks": self.pending_decks,
            "notices": self.notices,
            "stats": self.stats.to_json(),
            "fair": fair_json(self.fair),  # its ledger: the table's
            "hand": None
            if hand is None
            else {
                "number": hand.number,
                "decks": hand.decks,
                "seats": [[s.name, s.stack, s.bet] for s in hand.seats],
                "cards": [c.code for c in hand.cards],
                "actions": [[seat, a.value] for seat, a in hand.actions],
                "time": hand.time,
                **({} if hand.house is None else {"house": hand.house}),
            },
        }


def encode(rec: PlayerRecord) -> str:
    """The record as the store keeps it: compact JSON text."""
    return json.dumps(rec.to_json(), separators=(",", ":"))


def read(raw: str, rules: Rules, salts: SaltSource = secrets.token_bytes) -> PlayerRecord:
    """A stored record, every field checked against ``rules`` (CorruptSave says what is
    wrong; its hand is played again by the session)."""
    try:
        data = json.loads(raw)
    except RecursionError:
        raise CorruptSave("not JSON: nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, or an integer of thousands of digits
        raise CorruptSave(f"not JSON: {exc}") from None
    return read_json(data, rules, salts)


def read_json(data: Any, rules: Rules, salts: SaltSource = secrets.token_bytes) -> PlayerRecord:
    """``read`` of a record already parsed (``salts``: the ledger's salt source)."""
    try:
        data = _migrated(data)
        rec = _read_record(data, rules, salts)
        rec.hand = _read_hand(data["hand"], rec, rules.name)
        return rec
    except CorruptSave:
        raise
    except (BanLuckError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSave(f"{type(exc).__name__}: {exc}") from None


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CorruptSave(what)


def _chips(x: Any) -> bool:
    return is_int(x) and 0 <= x <= MAX_CHIPS


def _migrated(d: Any) -> Any:
    """A record of the first kind in this version's form: its shoe's cards the run's
    ``remaining``, its count of stacked cards the record's own."""
    if not isinstance(d, dict) or "table" in d:
        return d
    shoe = plain_shoe(d)
    if not isinstance(shoe, dict):
        return migrated(d, RECORD_VERSION)
    stacked = d["shoe"].get("stacked", 0)  # absent in saves made before stacked shoes
    if is_int(stacked) and is_int(shoe["drawn"]) and shoe["drawn"] < stacked:
        shoe["stacked"] = True
    return {**migrated(d, RECORD_VERSION, shoe), "stacked": stacked}


def _read_record(d: Any, rules: Rules, salts: SaltSource) -> PlayerRecord:
    _need(isinstance(d, dict), "the record is not an object")
    _need(d.get("v") == RECORD_VERSION, f"unknown record version {d.get('v')!r}")
    run = read_run(d, rules.seats, salts)
    check_shoe(run.shoe)
    decks, drawn = run.shoe["decks"], run.shoe["drawn"]
    stacked = d.get("stacked", 0)
    _need(
        is_int(stacked) and 0 <= stacked <= len(run.shoe["remaining"]) + drawn,
        "bad stacked count",
    )
    settings = d["settings"]
    _need(
        isinstance(settings, dict)
        and settings.get("speed") in SPEEDS
        and settings.get("language") in LANGUAGES
        and set(settings) - {"house"} == {"decks", "speed", "language"},
        "bad settings",
    )
    settings = dict(settings)
    aside = set_aside(settings, rules.name, rules.allowed_decks, rules.decks)
    house = settings.get("house")
    _need(
        settings["decks"] in (rules.allowed_decks if house is None else HOUSE_DECKS),
        "bad settings",
    )
    pending = d["pending_decks"]
    _need(pending is None or pending in HOUSE_DECKS, "bad pending decks")
    if aside and settings["decks"] != decks:  # the preset's count, from the next shuffle
        pending = settings["decks"]
    following = next_rules(rules, settings)
    last_bet = d["last_bet"]
    _need(is_int(last_bet), f"bad last bet {last_bet!r}")
    if aside:
        last_bet = min(max(last_bet, following.bet_min), following.bet_max)
    _need(
        following.bet_min <= last_bet <= following.bet_max,
        f"bad last bet {last_bet!r}",
    )
    notices = d["notices"]
    _need(
        isinstance(notices, list)
        and len(notices) <= _MAX_NOTICES
        and all(
            isinstance(n, dict) and isinstance(n.get("code"), str) and set(n) == {"code", "params"}
            for n in notices
        ),
        "bad notices",
    )
    if aside:
        notices = with_set_aside(notices, _MAX_NOTICES)
    rec = PlayerRecord(
        table=run,
        fair=saved_fair(d, run),
        settings=settings,
        stacked=stacked,
        last_bet=last_bet,
        pending_decks=pending,
        notices=notices,
        stats=Stats.from_json(d.get("stats")),  # absent in saves made before statistics
    )
    if run.shoe.get("stacked", False) != (drawn < stacked):
        rec.store_shoe(rec.shoe(None))  # the flag as the count says
    return rec


def _read_hand(h: Any, rec: PlayerRecord, preset: str) -> HandRecord | None:
    """The saved hand, checked (None if none): a hand of a house is checked by its rules."""
    if h is None:
        return None
    played = h.get("house")
    _need(played is None or isinstance(played, dict), "bad hand house")
    _need(is_int(h["decks"]) and h["decks"] in HOUSE_DECKS, "bad hand decks")
    try:
        rules = driver_of(preset, h["decks"], house_key(played)).rules
    except (HouseError, BanLuckError, ValueError):
        raise CorruptSave("the hand's house cannot be played") from None
    seats = [SeatEntry(str(n), st, b) for n, st, b in h["seats"]]
    seating = seating_for(rules)
    _need([x.name for x in seats] == list(seating.seats), "bad seats")
    for x in seats:
        _need(_chips(x.stack), "bad seat stack")
        seating.check_bet(rules, x.name, x.bet, x.stack)  # BadBet: a bet the table never takes
    hand = HandRecord(
        number=h["number"],
        decks=h["decks"],
        seats=seats,
        cards=[parse_card(c) for c in h["cards"]],
        actions=[(str(seat), Action(a)) for seat, a in h["actions"]],
        time=h["time"],
        house=played,
    )
    _need(is_int(hand.number) and 1 <= hand.number < rec.next_hand, "bad hand number")
    _need(isinstance(hand.time, str) and len(hand.time) <= 40, "bad hand time")
    if rec.fair.fresh:  # a finished hand: the shoe is the next hand's
        _need(all(n <= hand.decks for n in Counter(hand.cards).values()), "bad hand cards")
        return hand
    _need(hand.decks == rec.shoe_decks, "the hand and the shoe differ in decks")
    _need(rec.shoe_drawn >= len(hand.cards), "bad shoe count")
    counts = Counter(hand.cards) + Counter(rec.shoe_cards)
    _need(all(n <= hand.decks for n in counts.values()), "a card is in the hand and the shoe")
    return hand


def start_of(rec: PlayerRecord) -> HandStart:
    """The driver's start of the record's saved hand: its shoe deals the cards the hand
    drew, then the rest of the saved shoe (as stacked when the hand was dealt from
    ``--shoe``'s stacked cards); the stacks are its entries' (after T9, which leaves them
    as they are)."""
    hand = rec.hand
    assert hand is not None
    if rec.fair.fresh:  # the hand is over and its shoe gone: its own cards deal it again
        shoe = shoe_of_dealt(hand.decks, hand.cards)
    else:
        stacked = rec.shoe_drawn - len(hand.cards) < rec.stacked  # dealt from --shoe's cards
        shoe = shoe_before(hand.decks, hand.cards, rec.shoe_cards, rec.shoe_drawn, stacked=stacked)
    you = hand.seats[0].name
    return HandStart(
        number=hand.number,
        seed=0,  # the solo table shuffles between hands (with its own source), never in one
        shoe=shoe,
        seats=tuple(s.name for s in hand.seats),
        people=(you,),
        stacks={s.name: s.stack for s in hand.seats},
        bets={you: hand.seats[0].bet},
    )
