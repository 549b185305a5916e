"""The solo table of the Ban Luck games (``table``, ``one-on-one``): you in the preset's first
seat, bots in the others, run through Ban Luck's driver by the flow every solo game shares
(``web.solo``).

Its save is ``web.banluck_save``. The shoe between hands is the table's: a new one is made
as soon as the hand before is over when T12 / O2 say so (Ban Luck's driver says when),
derived and committed by the table's fair ledger (``web.solo``), and a deck count chosen in
the settings takes effect at that shuffle (T11). Only views leave (T22:
``views.view_for``).
"""

from __future__ import annotations

from typing import Any

from banluck.core import BadBet
from banluck.core.refusal import Refusal
from banluck.core.seating import Seating, seating_for
from banluck.games.driver import GameDriver, HandDriver, HandStart
from banluck.games.registry import driver_class
from banluck.web.saves.banluck_save import (
    HandRecord,
    PlayerRecord,
    driver_of,
    start_of,
)
from banluck.web.saves.records import LANGUAGES, SPEEDS, CorruptSave, now_iso
from banluck.web.solo.house import house_key, with_house_settings
from banluck.web.solo.session import CorruptHand, SoloSession, replayed


class BanluckSession(SoloSession):
    """One browser's Ban Luck table during one request: the preset ``name`` (a parameter,
    never assumed), the record and its hand played again (or None). ``rules`` are the next
    hand's: the house chosen in the settings (H3) or the preset; the hand in play keeps the
    house it was dealt under."""

    family = "banluck"
    actions = ("hit", "stand", "throw")

    def __init__(self, name: str, record: PlayerRecord) -> None:
        self.name = name
        self.spec = driver_class(name).settings_spec(name)
        self._record = record
        self.rules = self._driver(record.settings, record.settings["decks"]).rules
        you = self.seating.seats[0]
        hand = None
        if record.hand is not None:
            driver: GameDriver = record.hand.driver(name)
            try:
                hand = replayed(driver, start_of(record), _choices(record.hand), record.fair.ledger)
            except CorruptHand as exc:
                raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None
            if hand.to_act() not in (None, you):
                raise CorruptSave("a saved hand waits for a bot")
            if not hand.over and {x.name: x.stack for x in record.hand.seats} != record.stacks:
                raise CorruptSave("the stacks of a hand in progress do not match")
        else:
            driver = self._next_driver(record.shoe_decks)
        super().__init__(driver, you, hand)

    def _driver(self, settings: dict[str, Any], decks: int) -> GameDriver:
        """The driver of ``settings``' house (or the preset) with ``decks``."""
        return driver_of(self.name, decks, house_key(settings.get("house")))

    def _next_driver(self, decks: int) -> GameDriver:
        """The next hand's driver (the settings' house or the preset) with ``decks``."""
        return self._driver(self.record.settings, decks)

    def next_driver(self) -> GameDriver:
        """The next hand's driver, of the deck count chosen (its shoe may still be of
        another, T11)."""
        return self._next_driver(self.record.settings["decks"])

    @property
    def record(self) -> PlayerRecord:
        return self._record

    @property
    def seating(self) -> Seating:
        """The preset's seating: the player in the first seat, bots in the others."""
        return seating_for(self.rules)

    # ------------------------------------------------------------------ answers

    def player_json(self) -> dict[str, Any]:
        rec = self.record
        return {
            "stacks": dict(rec.stacks),
            "last_bet": rec.last_bet,
            "settings": dict(rec.settings),
            "pending_decks": rec.pending_decks,
            "decks_in_play": rec.shoe_decks,
            "notices": list(rec.notices),
        }

    # ------------------------------------------------------------------ the deal

    def stakes(self, body: dict[str, Any]) -> Any:
        """T8 / O1: the bet, checked first, by the rules, as the stack will be at the deal
        (T9)."""
        if "bet" not in body:
            raise self.bad_bet("a bet is required")
        rules, seating, you = self.rules, self.seating, self.you
        bet = body["bet"]
        try:
            stack = seating.fresh_stack_for(rules, you, self.record.stacks[you])
            seating.check_bet(rules, you, bet, stack)
        except BadBet as exc:
            raise self.bad_bet(str(exc)) from None
        return bet

    def shoe_due(self) -> bool:
        """T12 / O2: the shoe is shuffled before the next hand (not one made for it); a
        deck count chosen since a shoe was made for it brings a new one (T11); a stacked
        shoe (``--shoe``) deals as it is stacked."""
        rec = self.record
        stacked = rec.shoe_drawn < rec.stacked  # the shoe deals as it is stacked
        if rec.pending_decks is not None and (
            (self.fair.fresh and not stacked) or not self._plays(rec.shoe_decks)
        ):
            return True
        if self.fair.fresh:
            return False
        return self._next_driver(rec.shoe_decks).shuffle_due(rec.table.shoe)

    def _plays(self, decks: int) -> bool:
        """Whether the next hand's rules can deal from a shoe of ``decks`` decks (a house
        set aside leaves the preset, which plays its own counts only)."""
        return self.record.settings.get("house") is not None or decks in self.spec.decks

    def make_shoe(self) -> list[dict[str, Any]]:
        """The next hand's shoe, of the deck count chosen (T11); O2's shuffle before every
        hand is no news, but the end of a stacked shoe is."""
        rec = self.record
        decks = rec.shoe_decks if rec.pending_decks is None else rec.pending_decks
        news: list[dict[str, Any]] = []
        if self._next_driver(decks).shuffle_is_news or rec.stacked > 0:
            news.append({"code": "reshuffled", "params": {"decks": decks}})
        if decks != rec.shoe_decks:
            news.append({"code": "decks_changed", "params": {"decks": decks}})
        rec.stacked = 0  # the --shoe cards, if any were left, are shuffled away
        rec.table.new_shoe(self._next_driver(decks), 0)  # shuffled by the ledger
        rec.pending_decks = None
        return news

    def start(self, number: int, stakes: Any) -> HandStart:
        """The hand from the shoe made for it (``make_shoe``); a stacked shoe (``--shoe``)
        deals as it is stacked."""
        rec = self.record
        self.driver = self._next_driver(rec.shoe_decks)
        return self.start_with(
            seed=0,  # nothing in a Ban Luck hand shuffles (T12 is done between hands)
            seats=self.rules.seats,
            bet=stakes,
        )

    def dealt(self, hand: HandDriver, stakes: Any) -> None:
        """T9's fresh stacks and T12's shuffle told; the bet kept, the hand recorded."""
        rec = self.record
        rec.notices = self.fresh_stacks(hand) + self.fair.news
        rec.stacks = hand.dealt_stacks()
        rec.last_bet = stakes
        played = self.driver.house
        rec.hand = HandRecord.of_hand(
            hand, now_iso(), None if played is None else played.to_object()
        )

    def played(self, hand: HandDriver) -> None:
        """The hand as it stands: the cards it drew, the choices, the rest of the shoe."""
        self.record.keep_hand(hand)

    def finished(self, hand: HandDriver) -> dict[str, Any]:
        """T10: the stacks after the hand; the statistics; the history entry."""
        rec = self.record
        settled = hand.settle()
        rec.table.settle(settled)
        rec.keep_shoe(hand)  # stacked while its stacked cards last
        rec.stats.add(hand.seat_line(self.you, settled))
        entry = hand.history_json(self.you, now_iso())
        assert entry is not None
        return entry

    # ------------------------------------------------------------------ the settings

    def apply_settings(self, body: dict[str, Any]) -> None:
        """PUT /api/settings: the house (H3: from the next hand; its deck count at the next
        shuffle, T11), decks (a house's own field when a house is played), speed, language."""
        rec = self.record
        unknown = sorted(set(body) - {"decks", "speed", "language", "house"})
        if unknown or not body:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {unknown}" if unknown else "no setting given",
                {"fields": unknown},
            )
        spec = self.spec
        settings = with_house_settings(
            rec.settings, body, game=self.name, decks=spec.decks, default=spec.default_decks
        )
        # each setting's allowed values, as the message names them (in order)
        for key, allowed in (("speed", SPEEDS), ("language", LANGUAGES)):
            if key in body and body[key] not in allowed:
                raise Refusal(
                    "bad_settings",
                    f"{key} must be one of {', '.join(allowed)}, not {body[key]!r}",
                    {"field": key},
                )
            if key in body:
                settings[key] = str(body[key])
        rules = self._driver(settings, settings["decks"]).rules
        rec.settings = settings
        chosen = settings["decks"]
        rec.pending_decks = None if chosen == rec.shoe_decks else chosen
        rec.last_bet = min(max(rec.last_bet, rules.bet_min), rules.bet_max)
        self.rules = rules

    # ------------------------------------------------------------------ hint, chart

    def chosen_house(self) -> dict[str, Any] | None:
        house: dict[str, Any] | None = self.record.settings.get("house")
        return house

    def chart_setting(self) -> tuple[int, dict[str, Any] | None]:
        """The deck count and house of the chart to show (H9): the hand in play's, else the
        next hand's house with the shoe's deck count."""
        hand = self.record.hand
        if hand is not None and self.in_progress():
            return hand.decks, hand.house
        return self.record.shoe_decks, self.record.settings.get("house")

    def house_in_play(self) -> dict[str, Any] | None:
        hand = self.record.hand
        return None if hand is None else hand.house


def _choices(hand: HandRecord) -> list[tuple[str, str]]:
    return [(seat, action.value) for seat, action in hand.actions]
