"""The solo table of ``kampung``: you play against a bot banker, or you hold the bank and
choose which hands to open; run through kampung's driver by the flow every solo game
shares (``web.solo``).

Its save is ``web.kampung_save``. Only views leave (K17: ``views.view_for``; a hidden bust
and a hand the banker has not opened are None card by card). Anna, Ben and the dealer play
the driver's bots (``policy.table_bots``: the model's equilibrium, a draw per seat and hand).
"""

from __future__ import annotations

from typing import Any

from banluck.core.refusal import Refusal
from banluck.games.driver import GameDriver, HandDriver, HandStart
from banluck.games.house import House
from banluck.games.registry import driver_class
from banluck.web.saves.kampung_save import (
    BANKS,
    KampungRecord,
    driver_of,
    next_rules,
    start_of,
    with_own_house,
)
from banluck.web.saves.kampung_save import KampungHand as SavedHand
from banluck.web.saves.records import CorruptSave, now_iso
from banluck.web.solo.house import house_key, with_house_settings
from banluck.web.solo.session import CorruptHand, SoloSession, replayed


class KampungSession(SoloSession):
    """One browser's kampung game during one request: the record and its hand played
    again (the driver's ``KampungHand``)."""

    family = "kampung"

    def __init__(self, record: KampungRecord, own: House | None = None) -> None:
        #: the house the game plays when none is chosen (``drivers.own_house``)
        self.own = own
        saved = record.hand
        settings = record.settings
        driver = driver_of(settings["bank"], settings["decks"], house_key(settings.get("house")))
        hand = None
        if saved is not None:
            try:
                hand = replayed(saved.driver(), start_of(record), saved.actions, record.fair.ledger)
            except CorruptHand as exc:
                raise CorruptSave(f"the saved hand cannot be played again: {exc}") from None
            if hand.to_act() not in (None, driver.layout[0]):
                raise CorruptSave("a saved hand waits for a bot")
        super().__init__(driver, driver.layout[0], hand)
        self._record = record

    def next_driver(self) -> GameDriver:
        return self._next_driver()

    @property
    def banker(self) -> str | None:
        return self.record.banker

    @property
    def record(self) -> KampungRecord:
        return self._record

    @property
    def rules(self) -> Any:
        """The rules of the next hand (the settings: its bank, decks and house, H3)."""
        return next_rules(self.record.settings)

    def chosen_house(self) -> dict[str, Any] | None:
        house: dict[str, Any] | None = self.record.settings.get("house")
        return house

    def unknown(self, name: object) -> Refusal | None:
        """Kampung's choices include opening a hand by its seat (``open:anna``): any short
        name is looked up among the legal ones."""
        if isinstance(name, str) and len(name) <= 20:
            return None
        return Refusal("bad_action", f"unknown action {name!r}", {"action": name})

    # ------------------------------------------------------------------ answers

    def table_json(self) -> dict[str, Any] | None:
        table = super().table_json()
        return None if table is None else {**table, "next_banker": self.record.banker}

    def player_json(self) -> dict[str, Any]:
        rec = self.record
        return {
            "stacks": dict(rec.stacks),
            "last_bet": rec.last_bet,
            "banker": rec.banker,
            "settings": dict(rec.settings),
            "decks_in_play": rec.shoe_decks,
            "notices": list(rec.notices),
        }

    # ------------------------------------------------------------------ the deal

    def stakes(self, body: dict[str, Any]) -> Any:
        """K3: your bet, or None when you hold the bank (the banker places none)."""
        you_bank = self.record.banker == self.you
        if you_bank and "bet" in body:
            raise self.bad_bet("you hold the bank: the banker places no bet")
        if not you_bank and "bet" not in body:
            raise self.bad_bet("a bet is required")
        return None if you_bank else body["bet"]

    def shoe_due(self) -> bool:
        """K4: a deck count chosen brings a new shoe of it; a shoe due a shuffle (T12) is
        shuffled before the next hand (not one made for it)."""
        rec = self.record
        if self.rules.decks != rec.shoe_decks:
            return True
        return not self.fair.fresh and self._next_driver().shuffle_due(rec.table.shoe)

    def _next_driver(self) -> GameDriver:
        rules = self.rules
        return driver_of(rules.bank, rules.decks, house_key(self.record.settings.get("house")))

    def make_shoe(self) -> list[dict[str, Any]]:
        """The next hand's shoe, of the deck count chosen (K4)."""
        rec, decks = self.record, self.rules.decks
        changed = decks != rec.shoe_decks
        rec.table.new_shoe(self._next_driver(), 0)  # shuffled by the ledger
        return [{"code": "decks_changed" if changed else "reshuffled", "params": {"decks": decks}}]

    def start(self, number: int, stakes: Any) -> HandStart:
        """K2 the banker; the shoe made for the hand (``make_shoe``)."""
        rules = self.rules
        self.driver = self._next_driver()
        return self.start_with(
            seed=0,  # nothing in a kampung hand shuffles (K4 is done between hands)
            seats=rules.seats,
            bet=stakes,
        )

    def dealt(self, hand: HandDriver, stakes: Any) -> None:
        """T9's fresh stacks and K4's shuffle told; the hand kept as its entries."""
        rec = self.record
        news = self.fair.news
        changed = [n for n in news if n["code"] == "decks_changed"]
        notices = changed + self.fresh_stacks(hand)
        rec.notices = notices + [n for n in news if n["code"] != "decks_changed"]
        rec.stacks = hand.dealt_stacks()
        if stakes is not None:
            rec.last_bet = int(stakes)
        house = self.driver.house
        rec.hand = SavedHand.dealt(hand, now_iso(), None if house is None else house.to_object())

    def played(self, hand: HandDriver) -> None:
        """The hand as it stands: the cards it drew, the choices, the rest of the shoe."""
        self.record.keep_hand(hand)

    def finished(self, hand: HandDriver) -> dict[str, Any]:
        """The stacks, K2's bank (its passing told), the statistics, the history entry."""
        rec, saved = self.record, self.record.hand
        assert saved is not None
        entry = hand.history_json(self.you, now_iso())
        assert entry is not None
        settled = hand.settle()
        assert settled.banker is not None
        rec.table.settle(settled)
        rec.notices.extend(hand.news())  # K2: the bank passing
        rec.stats.add(hand.seat_line(self.you, settled))
        return entry

    # ------------------------------------------------------------------ settings, hint

    def apply_settings(self, body: dict[str, Any]) -> None:
        """PUT settings: ``bank`` (K2), ``decks`` and the house (H3), from the next deal (a
        house's deck count is its own field)."""
        rec = self.record
        unknown = sorted(set(body) - {"bank", "decks", "house"})
        if unknown or not body:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {unknown}" if unknown else "no setting given",
                {"fields": unknown},
            )
        if "bank" in body and body["bank"] not in BANKS:
            raise Refusal(
                "bad_settings",
                f"bank must be house or rotate, not {body['bank']!r}",
                {"field": "bank"},
            )
        spec = driver_class("kampung").settings_spec("kampung")
        settings = with_own_house(
            with_house_settings(
                rec.settings, body, game="kampung", decks=spec.decks, default=spec.default_decks
            ),
            self.own,
        )
        if "bank" in body and body["bank"] != rec.settings["bank"]:
            if self.in_progress():
                raise Refusal("hand_in_progress", "the bank changes between hands: finish this one")
            settings["bank"] = body["bank"]
            first = self.driver.first_banker()  # K2: a new order starts with the house
            assert first is not None
            rec.banker = first
            rec.hands_banked = 0
        rules = next_rules(settings)
        rec.settings = settings
        rec.last_bet = min(max(rec.last_bet, rules.bet_min), rules.bet_max)

    def house_in_play(self) -> dict[str, Any] | None:
        hand = self.record.hand
        return None if hand is None else hand.house
