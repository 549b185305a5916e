"""The saves of one browser's ``classic`` or ``infinite`` game in blackjack's own format
(versions 1 to 3), read into the one table record (``web.saves.table_save``, which every
save is written as now): its validation.

A hand is saved as the shoe before its deal, a seed for the shoe's shuffles during the hand
(C8's mid-hand reshuffle, I1's shuffle at the cut card), the stakes and every choice made
(bots' included): it is read as the driver's ``HandStart``, so that the hand is dealt again
and its choices replayed exactly, a split hand included.
"""

from __future__ import annotations

import secrets
from typing import Any

from banluck.core.errors import BanLuckError
from banluck.core.money import MAX_CHIPS
from banluck.games.blackjack.rules import PRESETS, SIDE_BET_NAMES, BlackjackRules
from banluck.games.blackjack.shoe import BlackjackShoe
from banluck.games.driver import HandStart
from banluck.games.house import HouseError, read_house
from banluck.web.saves.records import CorruptSave, is_int
from banluck.web.saves.run import migrated, read_run, saved_fair
from banluck.web.saves.table_save import TableRecord, need
from banluck.web.solo.fair import SaltSource
from banluck.web.solo.house import set_aside, with_set_aside
from banluck.web.solo.stats import Stats

#: 3: the shoe keeps the cards it burnt (I1); 2: the table run in ``table`` (1 kept it at
#: the top level); earlier versions are read and migrated
VERSION = 3


def _stacks(d: Any, rules: BlackjackRules) -> dict[str, int]:
    need(
        isinstance(d, dict)
        and set(d) == set(rules.seats)
        and all(is_int(v) and 0 <= v <= MAX_CHIPS for v in d.values()),
        "bad stacks",
    )
    return {k: int(v) for k, v in d.items()}


def _sides(d: Any) -> dict[str, int]:
    need(
        isinstance(d, dict) and all(k in SIDE_BET_NAMES and is_int(v) for k, v in d.items()),
        "bad side bets",
    )
    return dict(d)


def rules_in_play(preset: BlackjackRules, house: dict[str, Any] | None) -> BlackjackRules:
    """The rules of a house object of this preset (None: the preset's own)."""
    if house is None:
        return preset
    played = read_house(house)
    need(played.base == preset.name, "the house is another game's")
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


def read_old(d: Any, game: str, salts: SaltSource = secrets.token_bytes) -> TableRecord:
    """A save of blackjack's own format (versions 1 to 3) as the one table record, every
    field checked against the rules in play (CorruptSave says what is wrong); a chosen house
    that no longer passes its checks is set aside with a notice. ``salts``: its ledger's
    salt source."""
    preset = PRESETS[game]
    try:
        d = _with_burn(migrated(d, VERSION))
        need(isinstance(d, dict) and d.get("v") == VERSION, "unknown record version")
        house = d.get("house")
        need(house is None or isinstance(house, dict), "bad house")
        try:
            rules = rules_in_play(preset, house)
        except HouseError:
            raise CorruptSave("the house in play cannot be played") from None
        settings = d.get("settings", {})
        need(isinstance(settings, dict) and set(settings) <= {"house"}, "bad settings")
        settings = dict(settings)
        aside = set_aside(settings, preset.name)
        run = read_run(d, rules.seats, salts)
        BlackjackShoe.from_json(rules, run.shoe)  # raises on a shoe that does not add up
        rec = TableRecord(
            table=run,
            last_bet=d["last_bet"],
            last_side_bets=_sides(d["last_side_bets"]),
            notices=d["notices"],
            stats=Stats.from_json(d.get("stats")),
            house=house,
            settings=settings,
            fair=saved_fair(d, run),
        )
        need(is_int(rec.last_bet) and 0 <= rec.last_bet <= rules.bet_max, "bad last bet")
        need(isinstance(rec.notices, list) and len(rec.notices) <= 16, "bad notices")
        if aside:
            rec.notices = with_set_aside(rec.notices)
        h = d["hand"]
        if h is not None:
            need(isinstance(h, dict), "bad hand")
            played = h.get("house", house)  # absent: the record's (saves before the ledger)
            need(played is None or isinstance(played, dict), "bad hand house")
            try:
                rules = rules_in_play(preset, played)
            except HouseError:
                raise CorruptSave("the hand's house cannot be played") from None
            number, seed, actions = h["number"], h["seed"], h["actions"]
            need(is_int(number) and 1 <= number < rec.next_hand, "bad hand")
            need(is_int(seed) and 0 <= seed < 2**64, "bad seed")
            need(isinstance(h["time"], str) and len(h["time"]) <= 40, "bad time")
            need(len(actions) <= 200, "too many actions")
            you, sides = rules.seats[0], _sides(h["side_bets"])
            rec.start = HandStart(
                number=number,
                seed=seed,
                shoe=h["shoe_before"],
                seats=rules.seats,
                people=(you,),
                stacks=_stacks(h["stacks_before"], rules),
                bets={you: h["bet"]},
                side_bets={you: sides} if sides else {},
            )
            rec.actions = [(str(s), str(a)) for s, a in actions]
            rec.time, rec.hand_house = h["time"], played
        return rec
    except CorruptSave:
        raise
    except (BanLuckError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSave(f"{type(exc).__name__}: {exc}") from None
