"""The saves of one browser's ``kampung`` (or ``xi-dach``) game in kampung's own format
(versions 1 and 2), read into the one table record (``web.saves.table_save``, which every
save is written as now): its validation.

The table between hands is its run (``web.saves.run``: the stacks, the shoe with its fair
ledger, the bank, the next hand's number). A hand is saved as its rules (bank, decks), its
entries, the cards it drew and the choices made; the rest of the shoe is the run's.
``start_of`` makes the driver's ``HandStart`` of a saved hand: its shoe deals the hand's
cards again, then the rest, so the hand is played again exactly by kampung's driver.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from banluck.core.cards import Card, parse_card
from banluck.core.errors import BanLuckError
from banluck.core.money import MAX_CHIPS
from banluck.core.seating import seating_for
from banluck.core.shoe_json import shoe_before, shoe_of_dealt
from banluck.games.driver import HandStart
from banluck.games.house import HouseError
from banluck.games.kampung.driver import KampungDriver
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from banluck.web.saves.records import CorruptSave, is_int
from banluck.web.saves.run import (
    SavedRun,
    check_shoe,
    migrated,
    plain_shoe,
    read_run,
    saved_fair,
)
from banluck.web.saves.table_save import TableRecord, need
from banluck.web.solo.fair import SaltSource
from banluck.web.solo.house import (
    HOUSE_DECKS,
    house_key,
    set_aside,
    solo_driver,
    with_set_aside,
)
from banluck.web.solo.stats import Stats

#: 2: the table run in ``table`` (1 kept it at the top level; read and migrated)
VERSION = 2
BANKS = ("house", "rotate")


def driver_of(bank: str, decks: int, house: str | None = None) -> KampungDriver:
    """Kampung's driver with the ``bank`` and ``decks`` settings, of the house ``house``
    (``house_key``'s text; None: kampung's own rules): the solo table's (``solo_driver``)."""
    driver = solo_driver("kampung", house, decks=decks, bank=bank)
    assert isinstance(driver, KampungDriver)
    return driver


def rules_for(bank: str, decks: int, house: str | None = None) -> KampungRules:
    """The rules of these settings (``driver_of``'s)."""
    return driver_of(bank, decks, house).rules


def next_rules(settings: dict[str, Any]) -> KampungRules:
    """The next hand's rules: the settings' bank, decks and house (H3)."""
    return rules_for(settings["bank"], settings["decks"], house_key(settings.get("house")))


@dataclass
class KampungHand:
    """A hand as saved: its rules, entries, the cards it drew and the choices made."""

    number: int
    bank: str
    decks: int
    banker: str
    bank_stack: int
    players: list[PlayerEntry]
    cards: list[Card]
    actions: list[tuple[str, str]]
    time: str
    #: H2: the house object the hand was dealt under (its ``decks`` the hand's; None:
    #: kampung's own rules)
    house: dict[str, Any] | None = None

    def driver(self) -> KampungDriver:
        """The driver that deals this hand again."""
        return driver_of(self.bank, self.decks, house_key(self.house))


@dataclass
class KampungRecord(SavedRun):
    """Everything kept for one browser's kampung game: the table's run (``SavedRun``)
    and what is kampung's own."""

    settings: dict[str, Any] = field(default_factory=dict)  # bank, decks, a house if chosen
    last_bet: int = 100
    notices: list[dict[str, Any]] = field(default_factory=list)
    hand: KampungHand | None = None
    stats: Stats = field(default_factory=Stats)

    @property
    def banker(self) -> str:
        banker = self.table.banker
        assert banker is not None  # K2: a kampung table always has one
        return banker

    @banker.setter
    def banker(self, seat: str) -> None:
        self.table.banker = seat


def _chips(x: Any) -> bool:
    return is_int(x) and 0 <= x <= MAX_CHIPS


def read_record(d: Any, salts: SaltSource = secrets.token_bytes) -> KampungRecord:
    """A saved record, every field checked (CorruptSave says what is wrong; its hand is
    played again by the session); ``salts``: its ledger's salt source."""
    try:
        return _read(d, salts)
    except CorruptSave:
        raise
    except (BanLuckError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSave(f"{type(exc).__name__}: {exc}") from None


def _read(d: Any, salts: SaltSource) -> KampungRecord:
    rules = KAMPUNG
    d = migrated(d, VERSION, plain_shoe(d))
    need(isinstance(d, dict) and d.get("v") == VERSION, "unknown record version")
    run = read_run(d, rules.seats, salts)
    check_shoe(run.shoe)
    settings = d["settings"]
    need(
        isinstance(settings, dict)
        and set(settings) - {"house"} == {"bank", "decks"}
        and settings["bank"] in BANKS,
        "bad settings",
    )
    settings = dict(settings)
    aside = set_aside(settings, rules.name, rules.allowed_decks, rules.decks)
    allowed = rules.allowed_decks if settings.get("house") is None else HOUSE_DECKS
    need(settings["decks"] in allowed, "bad settings")
    following = next_rules(settings)
    need(run.banker is not None, "bad banker")
    rec = KampungRecord(
        table=run,
        settings=settings,
        last_bet=d["last_bet"],
        notices=d["notices"],
        stats=Stats.from_json(d.get("stats")),
        fair=saved_fair(d, run),
    )
    need(is_int(rec.last_bet), "bad bet")
    need(isinstance(rec.notices, list) and len(rec.notices) <= 16, "bad notices")
    if aside:
        rec.last_bet = min(max(rec.last_bet, following.bet_min), following.bet_max)
        rec.notices = with_set_aside(rec.notices)
    need(following.bet_min <= rec.last_bet <= following.bet_max, "bad bet")
    h = d["hand"]
    if h is None:
        return rec
    hand = KampungHand(
        number=h["number"],
        bank=h["bank"],
        decks=h["decks"],
        banker=h["banker"],
        bank_stack=h["bank_stack"],
        players=[PlayerEntry(str(n), st, b) for n, st, b in h["players"]],
        cards=[parse_card(c) for c in h["cards"]],
        actions=[(str(x), str(a)) for x, a in h["actions"]],
        time=h["time"],
        house=h.get("house"),
    )
    need(is_int(hand.number) and 1 <= hand.number < rec.next_hand, "bad hand number")
    need(hand.bank in BANKS and hand.decks in HOUSE_DECKS, "bad hand rules")
    need(hand.house is None or isinstance(hand.house, dict), "bad hand house")
    need(isinstance(hand.time, str) and len(hand.time) <= 40, "bad hand time")
    need(_chips(hand.bank_stack) and all(_chips(p.stack) for p in hand.players), "bad stacks")
    try:
        hrules = hand.driver().rules
    except (HouseError, BanLuckError, ValueError):
        raise CorruptSave("the hand's house cannot be played") from None
    seating = seating_for(hrules)
    for p in hand.players:
        seating.check_bet(hrules, p.name, p.bet, p.stack, bot_covered=True)
    if rec.fair.fresh:  # a finished hand: the shoe is the next hand's
        need(all(n <= hand.decks for n in Counter(hand.cards).values()), "bad hand cards")
    else:
        need(hand.decks == rec.shoe_decks, "the hand and the shoe differ in decks")
        need(is_int(rec.shoe_drawn) and rec.shoe_drawn >= len(hand.cards), "bad shoe")
        counts = Counter(hand.cards) + Counter(rec.shoe_cards)
        need(all(n <= hand.decks for n in counts.values()), "a card is in the hand and the shoe")
    rec.hand = hand
    return rec


def start_of(rec: KampungRecord) -> HandStart:
    """The driver's start of the record's saved hand: its shoe deals the cards the hand
    drew, then the rest of the saved shoe; the stacks and bets are its entries' (after T9,
    which leaves them as they are)."""
    hand = rec.hand
    assert hand is not None
    you = KAMPUNG.seats[0]
    stacks = {p.name: p.stack for p in hand.players}
    stacks[hand.banker] = hand.bank_stack
    return HandStart(
        number=hand.number,
        seed=0,  # the solo table shuffles between hands (with its own source), never in one
        # the hand is over and its shoe gone (``fair.fresh``): its own cards deal it again
        shoe=shoe_of_dealt(hand.decks, hand.cards)
        if rec.fair.fresh
        else shoe_before(hand.decks, hand.cards, rec.shoe_cards, rec.shoe_drawn),
        seats=KAMPUNG.seats,
        people=(you,),
        stacks={s: stacks[s] for s in KAMPUNG.seats},
        bets={p.name: p.bet for p in hand.players if p.name == you},
        banker=hand.banker,
        hands_banked=rec.hands_banked,
    )


def read_old(d: Any, game: str, salts: SaltSource = secrets.token_bytes) -> TableRecord:
    """A save of kampung's own format (versions 1 and 2) as the one table record (its
    settings as saved: the game's own house is the codec's to add)."""
    rec = read_record(d, salts)
    out = TableRecord(
        table=rec.table,
        fair=rec.fair,
        last_bet=rec.last_bet,
        notices=rec.notices,
        settings=rec.settings,
        stats=rec.stats,
    )
    if rec.hand is not None:
        out.start = start_of(rec)
        out.actions, out.time = rec.hand.actions, rec.hand.time
        out.hand_house, out.hand_bank = rec.hand.house, rec.hand.bank
    return out
