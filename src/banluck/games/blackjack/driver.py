"""Blackjack's driver (``games.driver``): ``classic`` (three seats) and ``infinite`` (any
number sharing the hand, I2). A person's side bets (I10) come in ``HandStart.side_bets``.

Absent people: I8 (hit at 11 or less, then stand; never insure, double, split or
surrender). Bots never insure (B10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banluck.core.cards import Card, parse_card
from banluck.core.fair import FairLedger
from banluck.core.money import HandRef
from banluck.core.refusal import Refusal
from banluck.core.seating import Seating, room_seating
from banluck.games.blackjack import views as bj_views
from banluck.games.blackjack.bets import SeatEntry as BlackjackEntry
from banluck.games.blackjack.bets import check_entry
from banluck.games.blackjack.decisions import Decision, auto_play
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import PRESETS, SIDE_BET_NAMES, BlackjackRules
from banluck.games.blackjack.shoe import BlackjackShoe
from banluck.games.blackjack.table import never_insuring
from banluck.games.blackjack.view_json import events_json
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

#: ``infinite`` (I2): seats are made as people sit down, up to this many.
INFINITE_SEATS = 64


def side_bet_json(rules: BlackjackRules) -> dict[str, Any]:
    """I10: the side bets' names (none where the rules have none), range and last hand in a
    shoe, as a ``State``'s ``limits`` names them."""
    return {
        "side_bet_min": rules.side_bet_min,
        "side_bet_max": rules.side_bet_max,
        "side_bets": list(SIDE_BET_NAMES) if rules.side_bets else [],
        "side_bet_last_hand": dict(rules.side_bet_last_hand),
    }


class BlackjackDriver(GameDriver):
    """A blackjack preset (B1–B10 with C* or I*)."""

    shoe_marks_hands = True  # I1's hand numbers: the shoe tells the ledger

    def __init__(
        self, name: str, *, decks: int, bank: str = "house", house: House | None = None
    ) -> None:
        super().__init__(name, decks=decks, bank=bank, house=house)
        self.rules: BlackjackRules = PRESETS[name] if house is None else house.record()
        self.infinite = self.rules.shared_cards
        self.layout = () if self.infinite else self.rules.seats
        self.min_bet, self.max_bet = self.rules.bet_min, self.rules.bet_max
        self.side_bet_names = SIDE_BET_NAMES if self.rules.side_bets else ()
        r = self.rules
        self.choices = (
            "hit",
            "stand",
            *(("double",) if r.double else ()),
            "split",
            *(("surrender",) if r.surrender_against else ()),
            *(("insure", "decline") if r.insurance else ()),
        )

    known_choices = ("hit", "stand", "double", "split", "surrender", "insure", "decline")
    player_fields = (
        "stacks",
        "last_bet",
        "last_side_bets",
        "house_in_play",
        "next_shoe_hand",
        "settings",
        "notices",
    )
    house_takes_new_shoe = True  # H3: a house chosen deals from a new shoe of its rules

    @property
    def solo_seats(self) -> tuple[str, ...]:
        return self.rules.seats  # ``infinite``'s too: you and two bots

    def page_features(self) -> dict[str, Any]:
        # I2: every seat plays the same cards, shown once as the common row
        return {**super().page_features(), "common_row": self.rules.shared_cards}

    @staticmethod
    def settings_spec(name: str) -> SettingsSpec:
        decks = PRESETS[name].decks
        # a house's deck count is its own field (H1)
        return SettingsSpec(decks=(decks,), default_decks=decks, table=("house",))

    def seating(self, seats: tuple[str, ...], people: tuple[str, ...]) -> Seating:
        return room_seating(self.rules, people, seats)

    def fresh_shoe(self, seed: int, ledger: FairLedger | None = None) -> dict[str, Any]:
        return BlackjackShoe(self.rules, shoe_rng(seed, ledger), ledger=ledger).to_json()

    def stacked_shoe(self, cards: Sequence[str]) -> dict[str, Any]:
        return BlackjackShoe.stacked(self.rules, [parse_card(c) for c in cards]).to_json()

    def shuffle_due(self, shoe: dict[str, Any]) -> bool:
        return BlackjackShoe.from_json(self.rules, shoe, hand_rng(0)).needs_shuffle()

    def next_shoe_hand(self, shoe: dict[str, Any]) -> int:
        """I1: the number the next hand dealt from ``shoe`` will have in it."""
        return BlackjackShoe.from_json(self.rules, shoe, hand_rng(0)).next_hand_number()

    def fresh_stack(self) -> int:
        return self.rules.fresh_stack

    def side_bet_limits(self) -> dict[str, Any]:
        return side_bet_json(self.rules)

    def seating_of(self, people: tuple[str, ...]) -> Seating:
        return room_seating(self.rules, people)

    def next_seat_name(self, taken: tuple[str, ...]) -> str:
        if not self.infinite:
            return super().next_seat_name(taken)
        for i in range(1, INFINITE_SEATS + 1):
            if f"p{i}" not in taken:
                return f"p{i}"
        raise Refusal("room_full", f"all {INFINITE_SEATS} seats are taken")

    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        rules, seating = self.rules, self.seating((seat,), people)

        def check(s: int) -> int:
            entry = BlackjackEntry(name=seat, stack=s, bet=bet)  # type: ignore[arg-type]
            return check_entry(rules, entry, seating=seating).bet

        return checked_bet(rules, seating, seat, stack, check)

    def check_side_bets(
        self,
        seat: str,
        people: tuple[str, ...],
        bet: object,
        side_bets: object,
        stack: int,
        shoe: dict[str, Any],
    ) -> dict[str, int]:
        """B11 / I10: the side bets beside ``bet``, as the hand will check them (their range,
        their last hand in the shoe, the stack covering every stake)."""
        if side_bets in (None, {}):
            return {}
        if not isinstance(side_bets, dict):
            raise Refusal("bad_bet", "side_bets must be an object of stakes")
        sides = {str(k): v for k, v in side_bets.items() if v != 0}
        rules, seating = self.rules, self.seating((seat,), people)
        number = BlackjackShoe.from_json(rules, shoe).next_hand_number()

        def check(stack: int) -> int:
            entry = BlackjackEntry(name=seat, stack=stack, bet=bet, side_bets=sides)  # type: ignore[arg-type]
            return check_entry(rules, entry, shoe_hand=number, seating=seating).bet

        checked_bet(rules, seating, seat, stack, check)
        return sides

    def begin(self, start: HandStart) -> HandDriver:
        return BlackjackHand(self, start)

    def chart_cell_of(self, cards: Sequence[Card], up: Card | None) -> tuple[str, str] | None:
        from banluck.games.blackjack.strategy.chart import cards_cell

        return cards_cell(self.rules, cards, up)


class BlackjackHand(RoundHand):
    round: BlackjackRound

    def __init__(self, game: BlackjackDriver, start: HandStart) -> None:
        super().__init__(start)
        self.house = game.house  # H12: named in the hand's result
        rules = self.rules = game.rules
        seating = game.seating(start.seats, start.people)
        self.shoe = BlackjackShoe.from_json(
            rules, start.shoe, hand_rng(start.seed), ledger=game.ledger
        )
        entries = []
        for seat in seating.seats:
            stack = seating.fresh_stack_for(rules, seat, start.stacks[seat])  # T9
            bet = start.bets[seat] if seat in start.people else seating.bot_bet
            sides = start.side_bets.get(seat, {})
            entries.append(BlackjackEntry(name=seat, stack=stack, bet=bet, side_bets=sides))
        # B5 / B11 / I10: the stakes against the next hand's number, before the shoe moves on
        # (a bad stake raises BadBet and deals nothing)
        number = self.shoe.next_hand_number()
        for e in entries:
            check_entry(rules, e, shoe_hand=number, seating=seating)
        number = self.shoe.begin_hand()  # I1 / C8: shuffles when the rules say so
        self.round = BlackjackRound.start(
            rules, self.shoe, entries, shoe_hand=number, seating=seating
        )

    def next_shoe_hand(self) -> int | None:
        return self.shoe.next_hand_number()

    def dealt_stacks(self) -> dict[str, int]:
        return {s: self.round.seat_state(s).entry.stack for s in self.start.seats}

    def bot_choice(self) -> str:
        from banluck.games.blackjack.strategy.play import policy_for

        return never_insuring(self.round, policy_for(self.rules))  # B10

    def auto_choice(self) -> str:
        return never_insuring(self.round, auto_play)  # I8

    @property
    def over(self) -> bool:
        return self.round.over

    def hint(self, seat: str) -> Hint:
        """The solver's value of each legal choice of ``seat`` (insurance: against
        declining)."""
        from banluck.games.blackjack.strategy.play import hint_for, insurance_ev

        r, rules = self.round, self.rules
        if r.phase == "insurance":
            s = r.seat_state(seat)
            d = Decision(
                seat=seat,
                hand=HandRef(seat, 0),
                cards=tuple(s.first_two),
                up=r.up_card,
                legal=r.legal_actions(),
                from_split=False,
                splits=0,
                bet=s.entry.bet,
                stack=s.entry.stack,
            )
            values = {"insure": insurance_ev(rules, d), "decline": 0.0}
        else:
            values = hint_for(rules, r.decision())
        if not values:
            raise NoHint("no hint is available for this hand")
        best = max(values, key=lambda a: values[a])
        return Hint(best=best, ev={a: float(v) for a, v in values.items()})

    def chart_cell(self) -> tuple[str, str] | None:
        """The cell of the choice the hand waits for (None at insurance: no cell has it)."""
        from banluck.games.blackjack.strategy.chart import cell_of

        r = self.round
        if r.phase != "play":
            return None
        d = r.decision()
        return cell_of(d.cards, d.up, pair="split" in d.legal)

    def _json(self, seat: str) -> dict[str, Any]:
        data = bj_views.view_json(bj_views.view_for(self.round, seat))
        shoe = self.shoe
        return {
            "game": self.rules.name,
            **data,
            "hand": self.number,
            "step": self.step,
            "over": self.round.over,
            "events": events_json(self.round, seat),
            # what every seat at the table sees of the shoe: its size, the cut card and, in
            # the hand its shuffle began, the card turned and how many were burnt (I1)
            "shoe": {
                "cards_left": len(shoe),
                "hand_number": shoe.hand_number,
                "cut_card_out": shoe.cut_card_out,
                "cut_card_from_end": self.rules.cut_card_from_end,
                "burn": None
                if not shoe.burnt
                else {"turned": shoe.burnt[0].code, "count": len(shoe.burnt)},
            },
        }

    def view(self, seat: str | None) -> dict[str, Any]:
        if seat is not None:
            return self._json(seat)
        names = self.round.seat_names()
        if len(names) == 1:  # infinite: every seat card is face up (I3)
            out = self._json(names[0])
        else:
            out = self._json(names[1])
            out["seats"][1] = self._json(names[0])["seats"][1]
        out["seat"], out["legal"], out["offered"] = None, [], []
        out["events"] = events_json(self.round, None)
        return out

    def seat_line(self, seat: str, settled: Settled) -> SeatLine:
        you = next(s for s in self.round.outcome().seats if s.name == seat)
        kinds = tuple(h.kind for h in you.hands)
        return SeatLine(
            net=you.net,
            wagered=int(self.start.bets.get(seat, 0)),
            kinds=kinds,
            natural="blackjack" in kinds,  # B6
            stack_before=you.stack_before,
            stack_after=you.stack,
        )

    def history_json(self, seat: str, time: str) -> dict[str, Any] | None:
        from banluck.games.blackjack.history import history_item, replay_input

        house = None if self.house is None else self.house.to_object()
        drawn = list(self.shoe.on_table)  # before ``settle`` discards them
        replay = replay_input(
            self.rules, self.round, self.actions, drawn, self.shoe.hand_number, house
        )
        result = self.result_json()
        item = history_item(self.round, seat, int(self.start.bets.get(seat, 0)), result)
        return self._history(time, item, replay, result)

    def result_json(self) -> dict[str, Any]:
        from banluck.games.blackjack.replay import outcome_json

        result = outcome_json(self.rules.name, self.round.outcome())
        return result if self.house is None else with_house(result, self.house)

    def settle(self) -> Settled:
        o = self.round.outcome()
        self.shoe.end_hand()
        return Settled(
            stacks={s.name: s.stack for s in o.seats},
            shoe=self.shoe.to_json(),
            summary=[{"seat": s.name, "net": s.net} for s in o.seats],
        )
