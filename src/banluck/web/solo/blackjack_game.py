"""The solo table of ``classic`` and ``infinite``: one browser's blackjack game, run through
blackjack's driver by the flow every solo game shares (``web.solo``).

Its save is ``web.blackjack_save``. Only views leave (B9: ``views.view_for``; events with
every card the player may not see yet as None).
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from banluck.core.refusal import Refusal
from banluck.games.driver import GameDriver, HandDriver, HandStart
from banluck.web.saves.blackjack_save import BlackjackHand as SavedHand
from banluck.web.saves.blackjack_save import BlackjackRecord, start_of
from banluck.web.saves.records import CorruptSave, now_iso
from banluck.web.solo.house import chosen_house, house_key, solo_driver
from banluck.web.solo.session import CorruptHand, SoloSession, replayed

ACTIONS = ("hit", "stand", "double", "split", "surrender", "insure", "decline")


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CorruptSave(what)


class BlackjackSession(SoloSession):
    """One browser's blackjack game during one request: the record and its hand dealt
    again (the driver's ``BlackjackHand``)."""

    family = "blackjack"
    actions = ACTIONS

    def __init__(self, name: str, record: BlackjackRecord, rng: random.Random | None) -> None:
        self.name = name
        # the rules of the next hand: the house of the shoe (H3), else the preset
        driver = solo_driver(name, house_key(record.house))
        rules = driver.rules
        hand = None
        if record.hand is not None:
            saved = record.hand
            dealt = solo_driver(name, house_key(saved.house))  # the hand's own house
            try:
                hand = replayed(
                    dealt, start_of(dealt.rules, saved), list(saved.actions), record.fair.ledger
                )
            except CorruptHand as exc:
                raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None
        super().__init__(driver, rules.seats[0], hand)
        self.rules = rules
        self._record = record
        self.rng = rng
        if hand is not None:
            assert record.hand is not None
            _need(hand.to_act() in (None, self.you), "a saved hand waits for a bot")
            if not hand.over:
                _need(record.hand.stacks_before == record.stacks, "stacks of a hand differ")

    def next_driver(self) -> GameDriver:
        return self._shoe_driver()

    @property
    def record(self) -> BlackjackRecord:
        return self._record

    # ------------------------------------------------------------------ answers

    def table_json(self) -> dict[str, Any] | None:
        return None if self.record.hand is None else super().table_json()

    def player_json(self) -> dict[str, Any]:
        rec = self.record
        return {
            "stacks": dict(rec.stacks),
            "last_bet": rec.last_bet,
            "last_side_bets": dict(rec.last_side_bets),
            **({} if rec.house is None else {"house_in_play": rec.house}),
            # I10: the next hand's number in its shoe (side bets close past their limits)
            "next_shoe_hand": self._next_shoe_hand(),
            "settings": dict(rec.settings),
            "notices": list(rec.notices),
        }

    def _next_shoe_hand(self) -> int | None:
        """I1: the number the next hand will have in its shoe (the table's shoe is the saved
        one once its hand is settled: no second parse)."""
        number = None if self.hand is None or self.fair.fresh else self.hand.next_shoe_hand()
        if number is not None:
            return number
        return self._shoe_driver().next_shoe_hand(self.record.table.shoe)

    # ------------------------------------------------------------------ the deal

    def stakes(self, body: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """B5 / I10: the main bet and the side bets (those of 0 left out)."""
        if "bet" not in body:
            raise self.bad_bet("a bet is required")
        sides_in = body.get("side_bets", {})
        if not isinstance(sides_in, dict):
            raise self.bad_bet("side_bets must be an object of stakes")
        return body["bet"], {k: v for k, v in sides_in.items() if v != 0}

    def shoe_due(self) -> bool:
        """A house chosen since the shoe was made (H3) brings a new shoe of its rules; I1's
        cut card or C8's reshuffle, a new shoe before the next hand (not one made for it)."""
        rec = self.record
        if rec.settings.get("house") != rec.house:
            return True
        return not self.fair.fresh and self._shoe_driver().shuffle_due(rec.table.shoe)

    def _shoe_driver(self) -> GameDriver:
        """The driver of the house of the record's shoe (the next hand's)."""
        return solo_driver(self.name, house_key(self.record.house))

    def make_shoe(self) -> list[dict[str, Any]]:
        """The next hand's shoe (I1's burn after its shuffle), of the house chosen (H3)."""
        rec = self.record
        rec.house = rec.settings.get("house")
        self.rules = self._shoe_driver().rules
        rec.table.new_shoe(self._shoe_driver(), 0)  # shuffled by the ledger; I1's burn
        return [{"code": "reshuffled", "params": {"decks": self.rules.decks}}]

    def start(self, number: int, stakes: tuple[Any, dict[str, Any]]) -> HandStart:
        """You in the first seat, the bots in the others; a seed for the hand's shuffles
        (C8's discards shuffled in the middle of a hand); the shoe made for the hand, of
        the house it was made for (H3)."""
        bet, sides = stakes
        self.driver = self._shoe_driver()
        self.rules = self.driver.rules
        return self.start_with(
            seed=(self.rng or secrets.SystemRandom()).getrandbits(63),
            seats=self.rules.seats,
            bet=bet,
            side_bets=sides,
        )

    def dealt(self, hand: HandDriver, stakes: tuple[Any, dict[str, Any]]) -> None:
        """T9's fresh stacks and I1's shuffle told; the stakes and the hand kept."""
        rec = self.record
        rec.notices = self.fresh_stacks(hand) + self.fair.news  # the shoe is made before the deal
        rec.last_bet, rec.last_side_bets = stakes
        start = hand.start
        rec.hand = SavedHand(
            number=start.number,
            seed=start.seed,
            shoe_before=start.shoe,
            stacks_before=dict(start.stacks),
            bet=rec.last_bet,
            side_bets=rec.last_side_bets,
            actions=[],
            time=now_iso(),
            house=rec.house,
        )

    def played(self, hand: HandDriver) -> None:
        saved = self.record.hand
        assert saved is not None
        saved.actions = list(hand.actions)

    def finished(self, hand: HandDriver) -> dict[str, Any]:
        rec, saved = self.record, self.record.hand
        assert saved is not None
        entry = hand.history_json(self.you, now_iso())  # before the cards are discarded
        assert entry is not None
        settled = hand.settle()
        rec.table.settle(settled)
        rec.stats.add(hand.seat_line(self.you, settled))
        return entry

    # ------------------------------------------------------------------ settings, hint

    def apply_settings(self, body: dict[str, Any]) -> None:
        """The house (H3: it plays from the next deal, with a new shoe of its rules; its
        deck count is its own field)."""
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
        house: dict[str, Any] | None = self.record.house
        return house
