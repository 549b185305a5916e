"""The solo table of a game run wholly by its driver (``games.driver``): what a deal stakes,
the seats, the first bet, the player block, the house (H3), the side bets (I10), the Hint,
the chart cell and the history entry are the driver's answers, and the save is the one
every such game keeps (``web.saves.table_save``), so a new game is played at the solo table
with no code in ``web/``.

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
from banluck.games.registry import driver_class
from banluck.games.table_run import TableRun
from banluck.web.saves.records import CorruptSave, now_iso
from banluck.web.saves.table_save import TableRecord, need, read_record
from banluck.web.solo.fair import Salts, SaltSource, SoloFair, new_fair
from banluck.web.solo.house import chosen_house, house_key, solo_driver
from banluck.web.solo.session import CorruptHand, SoloSession, replayed

#: A family's reader of its saves of an older format of its own, into today's record
#: (the raw JSON, the game, its salts)
OldReader = Callable[[Any, str, SaltSource], TableRecord]


class DriverSession(SoloSession):
    """One browser's game during one request: you in the table's first seat, bots in the
    others, the record's hand dealt again by the driver of its house."""

    def __init__(
        self, name: str, family: str, record: TableRecord, rng: random.Random | None
    ) -> None:
        self.name = name
        self.family = family
        self._record = record
        self.rng = rng
        driver = self._shoe_driver()
        hand = None
        if record.start is not None:
            dealt = solo_driver(name, house_key(record.hand_house))  # the hand's own house
            try:
                hand = replayed(dealt, record.start, record.actions, record.fair.ledger)
            except CorruptHand as exc:
                raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None
        super().__init__(driver, driver.solo_seats[0], hand)
        self.actions = driver.known_choices
        if hand is not None:
            need(hand.to_act() in (None, self.you), "a saved hand waits for a bot")
            if not hand.over:
                need(dict(hand.start.stacks) == record.stacks, "stacks of a hand differ")

    @property
    def record(self) -> TableRecord:
        return self._record

    @property
    def banker(self) -> str | None:
        return self.record.table.banker

    def _shoe_driver(self) -> GameDriver:
        """The driver of the house of the record's shoe (the next hand's, H3)."""
        return solo_driver(self.name, house_key(self.record.house))

    def next_driver(self) -> GameDriver:
        return self._shoe_driver()

    def unknown(self, name: object) -> Refusal | None:
        if self.actions or not isinstance(name, str) or len(name) > 40:
            return super().unknown(name)
        return None  # a game that lists no choices: any short name is looked up in the hand

    # ------------------------------------------------------------------ answers

    def player_json(self) -> dict[str, Any]:
        rec = self.record
        fields: dict[str, Callable[[], Any]] = {
            "banker": lambda: rec.table.banker,
            "last_side_bets": lambda: dict(rec.last_side_bets),
            "house_in_play": lambda: rec.house,
            # I10: the next hand's number in its shoe (side bets close past their limits)
            "next_shoe_hand": self._next_shoe_hand,
        }
        out: dict[str, Any] = {"stacks": dict(rec.stacks), "last_bet": rec.last_bet}
        for key in self.next_driver().player_fields:
            if key != "house_in_play" or rec.house is not None:
                out[key] = fields[key]()
        out["settings"] = dict(rec.settings)
        out["notices"] = list(rec.notices)
        return out

    def _next_shoe_hand(self) -> int | None:
        """I1: the number the next hand will have in its shoe (the table's shoe is the saved
        one once its hand is settled)."""
        number = None if self.hand is None or self.fair.fresh else self.hand.next_shoe_hand()
        if number is not None:
            return number
        return self._shoe_driver().next_shoe_hand(self.record.table.shoe)

    def bad_bet(self, message: str) -> Refusal:
        driver = self.driver
        return Refusal(
            "bad_bet",
            message.removeprefix(f"seat {self.you!r}: "),
            {"min": driver.min_bet, "max": driver.max_bet, "stack": self.record.stacks[self.you]},
        )

    # ------------------------------------------------------------------ the deal

    def stakes(self, body: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """Your bet (none where you hold the bank) and side bets (I10; those of 0 left out):
        checked by the driver as the hand is dealt."""
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
        """You in the first seat, the bots in the others; a seed for the hand's shuffles;
        the shoe made for the hand, of the house it was made for (H3)."""
        bet, sides = stakes
        self.driver = driver = self._shoe_driver()
        you, stack = self.you, self.record.stacks[self.you]
        if sides:  # the bet beside them too (I10: a bet of 0 with side bets alone)
            driver.check_side_bets(you, (you,), bet, sides, stack, self.record.table.shoe)
        elif bet is not None:
            bet = driver.check_bet(you, (you,), bet, stack)
        return self.start_with(
            seed=(self.rng or secrets.SystemRandom()).getrandbits(63),
            seats=driver.solo_seats,
            bet=bet,
            side_bets=sides,
        )

    def shoe_due(self) -> bool:
        """A house chosen since the shoe was made (H3) brings a new shoe of its rules; else
        the game's rules say (T12, K4, I1's cut card, C8's reshuffle)."""
        rec = self.record
        if rec.settings.get("house") != rec.house:
            return True
        return not self.fair.fresh and self._shoe_driver().shuffle_due(rec.table.shoe)

    def make_shoe(self) -> list[dict[str, Any]]:
        """The next hand's shoe, of the house chosen (H3), shuffled by the ledger."""
        rec = self.record
        rec.house = rec.settings.get("house")
        driver = self._shoe_driver()
        rec.table.new_shoe(driver, 0)
        if not driver.shuffle_is_news:
            return []
        return [{"code": "reshuffled", "params": {"decks": driver.decks}}]

    def dealt(self, hand: HandDriver, stakes: tuple[Any, dict[str, Any]]) -> None:
        """T9's fresh stacks and the shuffle told; the stakes and the hand kept."""
        rec = self.record
        rec.notices = self.fresh_stacks(hand) + self.fair.news  # the shoe is made before
        bet, sides = stakes
        if bet is not None:
            rec.last_bet, rec.last_side_bets = hand.start.bets[self.you], sides
        rec.start, rec.actions, rec.time = hand.start, [], now_iso()
        rec.hand_house = rec.house

    def played(self, hand: HandDriver) -> None:
        self.record.actions = list(hand.actions)

    def finished(self, hand: HandDriver) -> dict[str, Any]:
        rec, you = self.record, self.you
        entry = hand.history_json(you, now_iso())  # before the cards are discarded
        settled = hand.settle()
        rec.table.settle(settled)
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
        """The house (H3: it plays from the next deal, with a new shoe of its rules; its
        deck count is its own field), where the game takes one."""
        takes = driver_class(self.name).settings_spec(self.name).table
        if "house" not in takes:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {sorted(body)}: {self.name} has no settings of its own",
                {"fields": sorted(body)},
            )
        unknown = sorted(set(body) - {"house"})
        if unknown or not body:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {unknown}: {self.name} takes a house alone"
                if unknown
                else "no setting given",
                {"fields": unknown},
            )
        house = chosen_house(body["house"], self.name)
        self.record.settings = {} if house is None else {"house": house.to_object()}

    def chosen_house(self) -> dict[str, Any] | None:
        house: dict[str, Any] | None = self.record.settings.get("house")
        return house

    def chart_setting(self) -> tuple[int | None, dict[str, Any] | None]:
        """H9: the chart of the house in play (the hand's), else of the one chosen."""
        house = self.record.house if self.in_progress() else self.chosen_house()
        return None, house

    def house_in_play(self) -> dict[str, Any] | None:
        return self.record.house


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
        spec = driver_class(name).settings_spec(name)
        self.own_settings = frozenset(spec.table)
        self.driver = solo_driver(name)

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
        return DriverSession(self.name, self.family, record, self.rng)

    def decode(self, raw: str) -> DriverSession:
        try:
            data = json.loads(raw)
        except RecursionError:
            raise CorruptSave("not JSON: nested too deeply") from None
        except ValueError as exc:
            raise CorruptSave(f"not JSON: {exc}") from None
        salts = self.salts.later()
        if self.old is not None and not (isinstance(data, dict) and data.get("v") == 4):
            record = self.old(data, self.name, salts)
        else:
            seats, takes = self.driver.solo_seats, self.own_settings
            record = read_record(data, self.name, seats, salts, takes=takes)
        try:
            return DriverSession(self.name, self.family, record, self.rng)
        except CorruptSave:
            raise
        except (BanLuckError, ValueError, TypeError, KeyError) as exc:
            raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None

    def encode(self, session: Any) -> str:
        return json.dumps(session.record.to_json(), separators=(",", ":"))
