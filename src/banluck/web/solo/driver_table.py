"""The solo table of a game run wholly by its driver (``games.driver``): what a deal stakes,
the seats, the first bet, the player block, the settings a table takes (the house H3, the
deck count T11/K4, the bank K2), the side bets (I10), the Hint, the chart cell and the
history entry are the driver's answers, and the save is the one every such game keeps
(``web.saves.table_save``), so a new game is played at the solo table with no code in
``web/``.

A hand is dealt again from its saved ``HandStart`` and its choices replayed, as a room's
is. Only the seat's view leaves (``HandDriver.view``). A finished hand's history entry is
the driver's (``history_json``: its REPLAY.md input), or, for a game with no replay format
of its own, the hand's start and choices.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable
from typing import Any

from banluck.core.errors import BanLuckError
from banluck.core.refusal import Refusal
from banluck.games.driver import GameDriver, HandDriver, HandStart
from banluck.games.drivers import house_base, own_house
from banluck.games.registry import driver_class
from banluck.games.table_run import TableRun
from banluck.web.saves.records import CorruptSave, now_iso, read_json
from banluck.web.saves.table_save import VERSION, TableRecord, need, read_record
from banluck.web.solo.fair import Salts, SaltSource, SoloFair, new_fair
from banluck.web.solo.house import (
    chosen_house,
    house_key,
    solo_driver,
    with_house_settings,
    with_own_house,
)
from banluck.web.solo.session import CorruptHand, SoloSession, replayed

#: A family's reader of its saves of an older format of its own, into today's record
#: (the raw JSON, the game, its salts)
OldReader = Callable[[Any, str, SaltSource], TableRecord]


class DriverSession(SoloSession):
    """One browser's game during one request: you in the table's first seat, bots in the
    others, the record's hand dealt again by the driver of its house, deck count and bank."""

    def __init__(
        self, name: str, family: str, record: TableRecord, rng: random.Random | None
    ) -> None:
        self.name = name
        self.family = family
        self._record = record
        self.rng = rng
        #: the house the game plays when none is chosen (``drivers.own_house``), the game
        #: whose driver plays it (Xi Dach's: kampung's) and the settings its table takes
        self.own = own_house(name)
        self.base = house_base(name)
        self.takes = driver_class(name).settings_spec(name).table
        driver = self._next()
        hand = None
        if record.start is not None:
            dealt = self._hand_driver(record)
            try:
                hand = replayed(dealt, record.start, record.actions, record.fair.ledger)
            except CorruptHand as exc:
                raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None
        super().__init__(driver, driver.solo_seats[0], hand)
        self.actions = driver.known_choices
        if hand is not None:
            need(hand.to_act() in (None, self.you), "a saved hand waits for a bot")

    @property
    def record(self) -> TableRecord:
        return self._record

    @property
    def banker(self) -> str | None:
        return self.record.table.banker

    def _hand_driver(self, rec: TableRecord) -> GameDriver:
        """The driver that deals the record's hand again: its house, deck count and bank."""
        assert rec.start is not None
        house = house_key(rec.hand_house)
        decks = solo_driver(self.base).shoe_decks(rec.start.shoe) if self._decks else None
        return solo_driver(self.base, house, decks=decks, bank=rec.hand_bank or "house")

    @property
    def _decks(self) -> bool:
        """Whether the table's deck count is a setting of its own (T11, K4)."""
        return "decks" in self.takes

    def _next(self) -> GameDriver:
        """The driver of the next hand (H3): of the house of the record's shoe where a house
        takes a new shoe, else of the house, deck count and bank chosen."""
        rec = self.record
        if not self._decks:
            return solo_driver(self.base, house_key(rec.house))
        settings = rec.settings
        house = house_key(settings.get("house"))
        return solo_driver(self.base, house, decks=settings["decks"], bank=settings["bank"])

    def next_driver(self) -> GameDriver:
        return self._next()

    def unknown(self, name: object) -> Refusal | None:
        if self.actions or not isinstance(name, str) or len(name) > 40:
            return super().unknown(name)
        return None  # a game that lists no choices: any short name is looked up in the hand

    # ------------------------------------------------------------------ answers

    def table_json(self) -> dict[str, Any] | None:
        table = super().table_json()
        if table is None or "bank" not in self.takes:
            return table
        return {**table, "next_banker": self.record.table.banker}  # K2

    def player_json(self) -> dict[str, Any]:
        rec = self.record
        fields: dict[str, Callable[[], Any]] = {
            "stacks": lambda: dict(rec.stacks),
            "last_bet": lambda: rec.last_bet,
            "banker": lambda: rec.table.banker,
            "last_side_bets": lambda: dict(rec.last_side_bets),
            "house_in_play": lambda: rec.house,
            # I10: the next hand's number in its shoe (side bets close past their limits)
            "next_shoe_hand": self._next_shoe_hand,
            "settings": lambda: dict(rec.settings),
            "decks_in_play": lambda: self.driver.shoe_decks(rec.table.shoe),
            "notices": lambda: list(rec.notices),
        }
        return {
            key: fields[key]()
            for key in self.next_driver().player_fields
            if key != "house_in_play" or rec.house is not None
        }

    def _next_shoe_hand(self) -> int | None:
        """I1: the number the next hand will have in its shoe (the table's shoe is the saved
        one once its hand is settled)."""
        number = None if self.hand is None or self.fair.fresh else self.hand.next_shoe_hand()
        if number is not None:
            return number
        return self._next().next_shoe_hand(self.record.table.shoe)

    # ------------------------------------------------------------------ the deal

    def stakes(self, body: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """Your bet (none where you hold the bank, K3) and side bets (I10; those of 0 left
        out): checked by the driver as the hand is dealt."""
        if self.record.table.banker == self.you:
            if "bet" in body:
                raise self.bad_bet("you hold the bank: the banker places no bet")
            return None, {}
        if "bet" not in body:
            raise self.bad_bet("a bet is required")
        sides_in = body.get("side_bets", {})
        if not isinstance(sides_in, dict):
            raise self.bad_bet("side_bets must be an object of stakes")
        return body["bet"], {k: v for k, v in sides_in.items() if v != 0}

    def start(self, number: int, stakes: tuple[Any, dict[str, Any]]) -> HandStart:
        """You in the first seat, the bots in the others; a seed for the hand's own shuffles
        (C8, I1; none where a hand never shuffles); the shoe made for the hand."""
        bet, sides = stakes
        self.driver = driver = self._next()
        you, stack = self.you, self.record.stacks[self.you]
        if sides:  # the bet beside them too (I10: a bet of 0 with side bets alone)
            driver.check_side_bets(you, (you,), bet, sides, stack, self.record.table.shoe)
        elif bet is not None:
            bet = driver.check_bet(you, (you,), bet, stack)
        seed = 0
        if driver.hand_shuffles:
            seed = (self.rng or secrets.SystemRandom()).getrandbits(63)
        return self.start_with(seed=seed, seats=driver.solo_seats, bet=bet, side_bets=sides)

    def shoe_due(self) -> bool:
        """A house chosen since the shoe was made, where a house takes a new shoe (H3), or a
        deck count chosen (T11, K4) brings a new shoe; else the game's rules say (T12, K4,
        I1's cut card, C8's reshuffle)."""
        rec, driver = self.record, self._next()
        if driver.house_takes_new_shoe and rec.settings.get("house") != rec.house:
            return True
        if self._decks and driver.shoe_decks(rec.table.shoe) != driver.decks:
            return True
        return not self.fair.fresh and driver.shuffle_due(rec.table.shoe)

    def make_shoe(self) -> list[dict[str, Any]]:
        """The next hand's shoe, of the house and deck count chosen, shuffled by the ledger;
        a deck count changed is told (K4)."""
        rec, driver = self.record, self._next()
        changed = self._decks and driver.shoe_decks(rec.table.shoe) != driver.decks
        if driver.house_takes_new_shoe:  # the shoe's house is the next hands' (H3)
            rec.house = rec.settings.get("house")
            driver = self._next()
        rec.table.new_shoe(driver, 0)
        if not driver.shuffle_is_news:
            return []
        code = "decks_changed" if changed else "reshuffled"
        return [{"code": code, "params": {"decks": driver.decks}}]

    def dealt(self, hand: HandDriver, stakes: tuple[Any, dict[str, Any]]) -> None:
        """A deck count changed, T9's fresh stacks and the shuffle told; the stacks as dealt,
        the stakes and the hand kept."""
        rec = self.record
        news = self.fair.news
        changed = [n for n in news if n["code"] == "decks_changed"]
        rest = [n for n in news if n["code"] != "decks_changed"]
        rec.notices = changed + self.fresh_stacks(hand) + rest  # the shoe is made before
        rec.stacks = hand.dealt_stacks()
        bet, sides = stakes
        if bet is not None:
            rec.last_bet, rec.last_side_bets = hand.start.bets[self.you], sides
        rec.start, rec.actions, rec.time = hand.start, [], now_iso()
        if self._decks:  # the house as the hand plays it (its deck count the shoe's)
            house = self.driver.house
            rec.hand_house = None if house is None else house.to_object()
        else:
            rec.hand_house = rec.house
        rec.hand_bank = rec.settings.get("bank")

    def played(self, hand: HandDriver) -> None:
        self.record.actions = list(hand.actions)

    def finished(self, hand: HandDriver) -> dict[str, Any]:
        """The stacks, K2's bank (its passing told), the statistics, the history entry."""
        rec, you = self.record, self.you
        entry = hand.history_json(you, now_iso())  # before the cards are discarded
        settled = hand.settle()
        rec.table.settle(settled)
        rec.notices.extend(hand.news())
        line = hand.seat_line(you, settled)
        rec.stats.add(line)
        if entry is not None:
            return entry
        item = {
            "hand": hand.number,
            "time": now_iso(),
            "bet": line.wagered,
            "net": line.net,
            "result": "win" if line.net > 0 else "lose" if line.net < 0 else "push",
        }
        replay = {
            "game": self.name,
            "start": hand.start.to_json(),
            "actions": [[s, a] for s, a in hand.actions],
        }
        return {"item": item, "replay": replay, "result": {"summary": settled.summary}}

    # ------------------------------------------------------------------ settings

    def apply_settings(self, body: dict[str, Any]) -> None:
        """The settings the game's table takes (its driver's ``SettingsSpec.table``): the
        house (H3: from the next deal, or with a new shoe where a house takes one; its deck
        count is its own field), the deck count (T11, K4) and the bank (K2)."""
        rec, takes, name = self.record, self.takes, self.name
        if not takes:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {sorted(body)}: {name} has no settings of its own",
                {"fields": sorted(body)},
            )
        unknown = sorted(set(body) - set(takes))
        if unknown or not body:
            alone = f": {name} takes a house alone" if tuple(takes) == ("house",) else ""
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {unknown}{alone}" if unknown else "no setting given",
                {"fields": unknown},
            )
        spec = driver_class(name).settings_spec(name)
        if "bank" in body and body["bank"] not in spec.banks:
            words = " or ".join(spec.banks)
            raise Refusal(
                "bad_settings", f"bank must be {words}, not {body['bank']!r}", {"field": "bank"}
            )
        if self._decks:
            settings = with_house_settings(
                rec.settings, body, game=self.base, decks=spec.decks, default=spec.default_decks
            )
            settings = with_own_house(settings, self.own)
        else:
            house = chosen_house(body["house"], name)
            settings = {} if house is None else {"house": house.to_object()}
        if "bank" in body and body["bank"] != rec.settings["bank"]:
            if self.in_progress():
                raise Refusal("hand_in_progress", "the bank changes between hands: finish this one")
            settings["bank"] = body["bank"]
            rec.table.banker = self.driver.first_banker()  # K2: a new order starts with it
            rec.table.hands_banked = 0
        rec.settings = settings
        if self._decks:
            following = self._next()
            rec.last_bet = min(max(rec.last_bet, following.min_bet), following.max_bet)

    def chosen_house(self) -> dict[str, Any] | None:
        house: dict[str, Any] | None = self.record.settings.get("house")
        return house

    def chart_setting(self) -> tuple[int | None, dict[str, Any] | None]:
        """H9: the chart of the hand in play (its deck count where the table chooses one,
        and house), else of the next hand's."""
        rec = self.record
        if self.in_progress():
            assert rec.start is not None
            decks = self.driver.shoe_decks(rec.start.shoe) if self._decks else None
            return decks, rec.hand_house
        decks = self.driver.shoe_decks(rec.table.shoe) if self._decks else None
        return decks, self.chosen_house()

    def house_in_play(self) -> dict[str, Any] | None:
        """H9: the house the hand in play (or the last) was dealt under."""
        return self.record.hand_house


class DriverCodec:
    """How a game of this kind starts (``first``: ``--shoe``'s cards on top of its first
    shoe), is read (``old``: the family's reader of its saves of an older format) and is
    written."""

    def __init__(
        self,
        name: str,
        family: str,
        first: list[str] | None,
        rng: random.Random | None,
        salts: Salts,
        old: OldReader | None = None,
    ) -> None:
        self.name = name
        self.family = family
        self.first = first
        self.rng = rng
        self.salts = salts
        self.old = old
        self.spec = driver_class(name).settings_spec(name)
        self.own_settings = frozenset(self.spec.table)
        #: the house the game plays when none is chosen, and a new table's driver
        self.own = own_house(name)
        key = None if self.own is None else house_key(self.own.to_object())
        self.driver = solo_driver(house_base(name), key)

    def fresh(self, language: str, player: str) -> DriverSession:
        driver, first = self.driver, self.first
        shoe: dict[str, Any] = {}

        def make(ledger: Any) -> None:
            nonlocal shoe
            if first:
                shoe = driver.first_shoe(first, self.rng or secrets.SystemRandom(), ledger)
            else:
                shoe = driver.fresh_shoe(0, ledger)

        fair: SoloFair = new_fair(self.salts.first(player), make)
        stacks = dict.fromkeys(driver.solo_seats, driver.fresh_stack())
        table = TableRun(stacks=stacks, shoe=shoe, ledger=fair.ledger)
        table.banker = driver.first_banker()
        record = TableRecord(table=table, last_bet=driver.first_bet, fair=fair)
        if "decks" in self.own_settings:  # the house banks first, from a shoe of its count
            record.settings = with_own_house({"bank": "house", "decks": driver.decks}, self.own)
        return DriverSession(self.name, self.family, record, self.rng)

    def decode(self, raw: str) -> DriverSession:
        data = read_json(raw)
        salts = self.salts.later()
        if self.old is not None and not (isinstance(data, dict) and data.get("v") == VERSION):
            record = self.old(data, self.name, salts)
        else:
            seats, spec = self.driver.solo_seats, self.spec
            record = read_record(data, spec, house_base(self.name), seats, salts)
        record.settings = with_own_house(record.settings, self.own)
        try:
            return DriverSession(self.name, self.family, record, self.rng)
        except CorruptSave:
            raise
        except (BanLuckError, ValueError, TypeError, KeyError) as exc:
            raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None

    def encode(self, session: Any) -> str:
        return json.dumps(session.record.to_json(), separators=(",", ":"))
