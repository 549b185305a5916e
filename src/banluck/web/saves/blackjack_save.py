"""The save of one browser's ``classic`` or ``infinite`` game (docs/API.md, Saves): its
format on disk and its validation.

A hand is saved as the shoe before its deal, a seed for the shoe's shuffles during the hand
(C8's mid-hand reshuffle, I1's shuffle at the cut card), the stakes and every choice made
(bots' included): ``start_of`` makes the driver's ``HandStart`` of it, so that the hand is
dealt again and its choices replayed exactly, a split hand included.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from banluck.core.cards import Card
from banluck.core.errors import BanLuckError
from banluck.core.fair import FairLedger
from banluck.core.money import MAX_CHIPS
from banluck.games.blackjack.rules import SIDE_BET_NAMES, BlackjackRules
from banluck.games.blackjack.shoe import BlackjackShoe
from banluck.games.driver import HandStart
from banluck.games.house import HouseError, read_house
from banluck.games.table_run import TableRun
from banluck.web.saves.records import CorruptSave, is_int
from banluck.web.saves.run import SavedRun, fair_json, migrated, read_run, saved_fair
from banluck.web.solo.fair import SaltSource, SoloFair
from banluck.web.solo.house import set_aside, with_set_aside
from banluck.web.solo.stats import Stats

#: 3: the shoe keeps the cards it burnt (I1); 2: the table run in ``table`` (1 kept it at
#: the top level); earlier versions are read and migrated
VERSION = 3


def stacked_shoe(
    rules: BlackjackRules, first: list[Card], rng: random.Random | None
) -> dict[str, Any]:
    """A new shoe (as saved) dealing ``first`` first, then the rest shuffled (``--shoe``);
    no burn, so that the cards come exactly as written."""
    rest = _full(rules)
    for c in first:
        rest.remove(c)
    (rng or secrets.SystemRandom()).shuffle(rest)
    pack = [c.code for c in first] + [c.code for c in rest]
    return {"pack": pack, "discards": [], "hand_number": 0, "cut_card_out": False}


def _full(rules: BlackjackRules) -> list[Card]:
    from banluck.core.cards import ONE_DECK

    return list(ONE_DECK * rules.decks)


@dataclass
class BlackjackHand:
    """A hand as saved: enough to deal and play it again."""

    number: int
    seed: int
    shoe_before: dict[str, Any]
    stacks_before: dict[str, int]
    bet: int
    side_bets: dict[str, int]
    actions: list[tuple[str, str]]
    time: str
    #: H2: the house the hand was dealt under (the record's house is the next hand's once
    #: a shoe of another house is made; None: the preset)
    house: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "house": self.house,
            "number": self.number,
            "seed": self.seed,
            "shoe_before": self.shoe_before,
            "stacks_before": self.stacks_before,
            "bet": self.bet,
            "side_bets": self.side_bets,
            "actions": [[s, a] for s, a in self.actions],
            "time": self.time,
        }


@dataclass
class BlackjackRecord(SavedRun):
    """Everything kept for one browser's blackjack game: the table's run (``SavedRun``:
    its shoe between hands, during a hand the shoe before it) and what is blackjack's."""

    last_bet: int = 100
    last_side_bets: dict[str, int] = field(default_factory=dict)
    notices: list[dict[str, Any]] = field(default_factory=list)
    hand: BlackjackHand | None = None
    stats: Stats = field(default_factory=Stats)
    #: H2 / H3: the house in play (the shoe's: the next hand's; None: the preset) and the
    #: settings, where a house chosen for the next hand is kept
    house: dict[str, Any] | None = None
    settings: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            **({} if self.house is None else {"house": self.house}),
            **({"settings": self.settings} if self.settings else {}),
            "table": self.table.to_json(),
            "last_bet": self.last_bet,
            "last_side_bets": self.last_side_bets,
            "notices": self.notices,
            "hand": None if self.hand is None else self.hand.to_json(),
            "stats": self.stats.to_json(),
            "fair": fair_json(self.fair),  # its ledger: the table's
        }


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CorruptSave(what)


def _stacks(d: Any, rules: BlackjackRules) -> dict[str, int]:
    _need(
        isinstance(d, dict)
        and set(d) == set(rules.seats)
        and all(is_int(v) and 0 <= v <= MAX_CHIPS for v in d.values()),
        "bad stacks",
    )
    return {k: int(v) for k, v in d.items()}


def _sides(d: Any) -> dict[str, int]:
    _need(
        isinstance(d, dict) and all(k in SIDE_BET_NAMES and is_int(v) for k, v in d.items()),
        "bad side bets",
    )
    return dict(d)


def rules_in_play(preset: BlackjackRules, house: dict[str, Any] | None) -> BlackjackRules:
    """The rules of a house object of this preset (None: the preset's own)."""
    if house is None:
        return preset
    played = read_house(house)
    _need(played.base == preset.name, "the house is another game's")
    rules: BlackjackRules = played.record()
    return rules


def _with_burn(d: Any) -> Any:
    """A save that kept its shoe's burnt cards (I1) beside the shoe (before version 3) with
    them in the shoe, and in the shoe its hand was dealt from while that is the same shoe
    (no new one made since: ``fair.fresh`` false)."""
    if not isinstance(d, dict) or "burnt" not in d:
        return d
    burnt = d["burnt"]
    out = {k: v for k, v in d.items() if k != "burnt"}
    if d.get("v") == 2:
        out["v"] = VERSION
    table, hand, fair = d.get("table"), d.get("hand"), d.get("fair")
    if not (burnt and isinstance(table, dict) and isinstance(table.get("shoe"), dict)):
        return out
    out["table"] = {**table, "shoe": {**table["shoe"], "burnt": burnt}}
    fresh = isinstance(fair, dict) and fair.get("fresh") is True
    if isinstance(hand, dict) and isinstance(hand.get("shoe_before"), dict) and not fresh:
        out["hand"] = {**hand, "shoe_before": {**hand["shoe_before"], "burnt": burnt}}
    return out


def read_record(
    d: Any, preset: BlackjackRules, salts: SaltSource = secrets.token_bytes
) -> BlackjackRecord:
    """A saved record, every field checked against the rules in play (CorruptSave says what
    is wrong); a chosen house that no longer passes its checks is set aside with a notice.
    ``salts``: its ledger's salt source."""
    try:
        d = _with_burn(migrated(d, VERSION))
        _need(isinstance(d, dict) and d.get("v") == VERSION, "unknown record version")
        house = d.get("house")
        _need(house is None or isinstance(house, dict), "bad house")
        try:
            rules = rules_in_play(preset, house)
        except HouseError:
            raise CorruptSave("the house in play cannot be played") from None
        settings = d.get("settings", {})
        _need(isinstance(settings, dict) and set(settings) <= {"house"}, "bad settings")
        settings = dict(settings)
        aside = set_aside(settings, preset.name)
        run = read_run(d, rules.seats, salts)
        BlackjackShoe.from_json(rules, run.shoe)  # raises on a shoe that does not add up
        rec = BlackjackRecord(
            table=run,
            last_bet=d["last_bet"],
            last_side_bets=_sides(d["last_side_bets"]),
            notices=d["notices"],
            stats=Stats.from_json(d.get("stats")),
            house=house,
            settings=settings,
            fair=saved_fair(d, run),
        )
        _need(is_int(rec.last_bet) and 0 <= rec.last_bet <= rules.bet_max, "bad last bet")
        _need(isinstance(rec.notices, list) and len(rec.notices) <= 16, "bad notices")
        if aside:
            rec.notices = with_set_aside(rec.notices)
        h = d["hand"]
        if h is not None:
            _need(isinstance(h, dict), "bad hand")
            played = h.get("house", house)  # absent: the record's (saves before the ledger)
            _need(played is None or isinstance(played, dict), "bad hand house")
            try:
                rules_in_play(preset, played)
            except HouseError:
                raise CorruptSave("the hand's house cannot be played") from None
            rec.hand = BlackjackHand(
                house=played,
                number=h["number"],
                seed=h["seed"],
                shoe_before=h["shoe_before"],
                stacks_before=_stacks(h["stacks_before"], rules),
                bet=h["bet"],
                side_bets=_sides(h["side_bets"]),
                actions=[(str(s), str(a)) for s, a in h["actions"]],
                time=h["time"],
            )
            _need(is_int(rec.hand.number) and 1 <= rec.hand.number < rec.next_hand, "bad hand")
            _need(is_int(rec.hand.seed) and 0 <= rec.hand.seed < 2**64, "bad seed")
            _need(isinstance(rec.hand.time, str) and len(rec.hand.time) <= 40, "bad time")
            _need(len(rec.hand.actions) <= 200, "too many actions")
        return rec
    except CorruptSave:
        raise
    except (BanLuckError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSave(f"{type(exc).__name__}: {exc}") from None


def start_of(rules: BlackjackRules, hand: BlackjackHand) -> HandStart:
    """The driver's start of a saved hand: you in the first seat, bots in the others."""
    you = rules.seats[0]
    return HandStart(
        number=hand.number,
        seed=hand.seed,
        shoe=hand.shoe_before,
        seats=rules.seats,
        people=(you,),
        stacks=hand.stacks_before,
        bets={you: hand.bet},
        side_bets={you: hand.side_bets} if hand.side_bets else {},
    )


def fresh_record(rules: BlackjackRules, shoe: dict[str, Any], fair: SoloFair) -> BlackjackRecord:
    """A new player's game: fresh stacks (T9), a new shoe committed to ``fair``'s ledger."""
    run = TableRun(
        stacks=dict.fromkeys(rules.seats, rules.fresh_stack), shoe=shoe, ledger=fair.ledger
    )
    return BlackjackRecord(
        table=run, fair=fair, last_bet=min(max(100, rules.bet_min), rules.bet_max)
    )


def new_shoe(rules: BlackjackRules, ledger: FairLedger) -> dict[str, Any]:
    """A new shoe as saved (with its burnt cards, I1), its order derived and committed by
    ``ledger``."""
    return BlackjackShoe(rules, ledger.shuffler(), ledger=ledger).to_json()
