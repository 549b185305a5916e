"""Ban Luck's driver (``games.driver``): ``table`` and ``one-on-one`` at a table of people
and bots, any preset of ``core.rules``.

Absent people: a free hand is thrown in (T16), else the hand stands as soon as it may.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banluck.core.cards import Card, parse_card
from banluck.core.fair import FairLedger
from banluck.core.seating import Seating, room_seating
from banluck.core.shoe import Shoe
from banluck.core.shoe_json import shoe_from_json, shoe_json, shoe_of_dealt
from banluck.games.banluck.actions import Action
from banluck.games.banluck.hands import HandKind
from banluck.games.banluck.records import SeatEntry
from banluck.games.banluck.round import Round
from banluck.games.banluck.rules import PRESETS, Rules
from banluck.games.banluck.rules import preset as banluck_preset
from banluck.games.banluck.view_json import table_json
from banluck.games.banluck.views import view_for
from banluck.games.driver import (
    GameDriver,
    HandDriver,
    HandStart,
    Hint,
    NoHint,
    RoundHand,
    SeatLine,
    SettingsSpec,
    Settled,
    checked_bet,
    hand_rng,
    shoe_rng,
)
from banluck.games.house import House, with_house


class BanluckDriver(GameDriver):
    """A Ban Luck preset (T1–T23, O1–O8) with its deck count."""

    def __init__(
        self, name: str, *, decks: int, bank: str = "house", house: House | None = None
    ) -> None:
        super().__init__(name, decks=decks, bank=bank, house=house)
        self.rules: Rules = banluck_preset(name, decks) if house is None else house.record()
        self.layout = self.rules.seats
        self.min_bet, self.max_bet = self.rules.bet_min, self.rules.bet_max
        self.bet_cover = self.rules.bet_cover
        # T16: a free hand may be thrown in where the rules have one
        self.choices = ("hit", "stand", "throw") if self.rules.free_hand else ("hit", "stand")

    @staticmethod
    def settings_spec(name: str) -> SettingsSpec:
        rules = PRESETS[name]
        return SettingsSpec(
            decks=rules.allowed_decks, default_decks=rules.decks, table=("decks", "house")
        )

    def fresh_shoe(self, seed: int, ledger: FairLedger | None = None) -> dict[str, Any]:
        return shoe_json(Shoe(self.rules.decks, shoe_rng(seed, ledger), ledger=ledger))

    def stacked_shoe(self, cards: Sequence[str]) -> dict[str, Any]:
        return shoe_of_dealt(self.rules.decks, [parse_card(c) for c in cards])

    def shuffle_due(self, shoe: dict[str, Any]) -> bool:
        return self.reshuffles(shoe_from_json(shoe, hand_rng(0)))

    @property
    def shuffle_is_news(self) -> bool:
        return not self.rules.shuffle_every_hand  # O2's shuffle before every hand is not

    def reshuffles(self, shoe: Shoe) -> bool:
        """T12 / O2: the next hand shuffles ``shoe`` before its first card (a stacked shoe
        deals as it is stacked)."""
        rules = self.rules
        if shoe.stacked_order:
            return False
        return rules.shuffle_every_hand or shoe.needs_shuffle(rules.reshuffle_below())

    def fresh_stack(self) -> int:
        return self.rules.fresh_stack

    def seating_of(self, people: tuple[str, ...]) -> Seating:
        return room_seating(self.rules, people)

    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        rules, seating = self.rules, room_seating(self.rules, people)
        return checked_bet(
            rules, seating, seat, stack, lambda s: seating.check_bet(rules, seat, bet, s)
        )

    def begin(self, start: HandStart) -> HandDriver:
        return BanluckHand(self, start)

    def chart_cell_of(self, cards: Sequence[Card], up: Card | None) -> tuple[str, str] | None:
        from banluck.games.banluck.strategy.chart import cell_of

        return cell_of(self.rules, cards, up)


class BanluckHand(RoundHand):
    round: Round

    def __init__(self, game: BanluckDriver, start: HandStart) -> None:
        super().__init__(start)
        self.house = game.house  # H12: named in the hand's result
        rules = self.rules = game.rules
        seating = room_seating(rules, start.people)
        shoe = shoe_from_json(start.shoe, hand_rng(start.seed), game.ledger)
        if shoe.drawn and game.reshuffles(shoe):
            shoe.shuffle()  # T12 (a shoe no card was drawn from is freshly shuffled)
        entries = []
        for seat, bet in seating.bets({p: start.bets[p] for p in start.people}).items():
            stack = seating.fresh_stack_for(rules, seat, start.stacks[seat])  # T9
            entries.append(SeatEntry(seat, stack, seating.check_bet(rules, seat, bet, stack)))
        self.round = Round.start(rules, shoe, entries)

    def dealt_stacks(self) -> dict[str, int]:
        return {s: self.round.stacks[s] for s in self.rules.seats}

    def refusal_message(self, action: str) -> str:
        """T14–T16: the total and the number of cards a choice is not allowed at."""
        seat = self.to_act()
        assert seat is not None
        r = self.round
        return f"{action} is not allowed at {r.total(seat)} with {len(r.hands[seat])} cards"

    def bot_choice(self) -> str:
        from banluck.games.banluck.strategy import policy_for

        return policy_for(self.rules)(self.round.decision_point()).value

    def auto_choice(self) -> str:
        legal = self.round.legal_actions()
        for a in (Action.THROW, Action.STAND, Action.HIT):  # T16, then stand when allowed
            if a in legal:
                return a.value
        raise AssertionError("a seat to act always has a choice")

    @property
    def over(self) -> bool:
        return self.round.is_over

    def view(self, seat: str | None) -> dict[str, Any]:
        # None: a watcher, who sees of each hand what another seat sees of it (T22), and
        # the events as such a seat saw them
        return {"game": self.rules.name, **table_json(view_for(self.round, seat), self.number)}

    def hint(self, seat: str) -> Hint:
        """The exact solver's value of each legal choice at the pending one."""
        from banluck.games.banluck.strategy.hint import hint_for

        point = self.round.decision_point()
        try:
            h = hint_for(self.rules, point.cards, point.dealer_up, point.legal)
        except (ImportError, OSError, LookupError, ValueError) as exc:
            raise NoHint("no hint is available for this hand") from exc
        return Hint(best=h.best.value, ev={a.value: float(v) for a, v in h.ev.items()})

    def chart_cell(self) -> tuple[str, str] | None:
        from banluck.games.banluck.strategy.chart import cell_of

        point = self.round.decision_point()
        return cell_of(self.rules, point.cards, point.dealer_up)

    def seat_line(self, seat: str, settled: Settled) -> SeatLine:
        r = self.round
        you = next(s for s in r.outcome().seats if s.name == seat)
        return SeatLine(
            net=you.net,
            wagered=you.bet,
            kinds=(you.kind.value,),
            natural=you.kind in (HandKind.BAN_BAN, HandKind.BAN_LUCK),  # T4
            stack_before=r.stacks[seat],
            stack_after=settled.stacks[seat],
        )

    def history_json(self, seat: str, time: str) -> dict[str, Any] | None:
        from banluck.games.banluck.history import history_item, replay_input

        house = None if self.house is None else self.house.to_object()
        return self._history(time, history_item(self.round, seat), replay_input(self.round, house))

    def result_json(self) -> dict[str, Any]:
        from banluck.wire import outcome_json

        result = outcome_json(self.rules.name, self.round.outcome())
        return result if self.house is None else with_house(result, self.house)

    def settle(self) -> Settled:
        o = self.round.outcome()
        return Settled(
            stacks={s.name: s.stack for s in o.seats},
            shoe=shoe_json(self.round.shoe),
            summary=[{"seat": s.name, "net": s.net} for s in o.seats],
        )
