"""Kampung's driver (``games.driver``): four seats; under ``rotate`` the bank passes among
people and bots alike (K2), and a person holding it makes the banker's choices.

Absent people: a player stands, plays its 15 on, forfeits against a banker's burn (no
larger stake is put down for anyone absent); a banker stands (opening every hand, K14) or
plays its 15 on (K7). Where standing would make the hand non (XI_DACH.md X7), the absent
seat draws instead.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from banluck.core.cards import parse_card
from banluck.core.fair import FairLedger
from banluck.core.seating import Seating, room_seating
from banluck.core.shoe import Shoe
from banluck.core.shoe_json import shoe_from_json, shoe_json, shoe_of_dealt
from banluck.games.banluck.hands import HandKind
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
from banluck.games.kampung.decisions import BankerDecision, PlayerDecision
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from banluck.games.kampung.table import BankPassed, KampungTable
from banluck.games.kampung.view_json import table_json


class KampungDriver(GameDriver):
    """``kampung`` (K1–K23) with its deck count and bank."""

    def __init__(
        self, name: str, *, decks: int, bank: str = "house", house: House | None = None
    ) -> None:
        super().__init__(name, decks=decks, bank=bank, house=house)
        base = KAMPUNG.with_decks(decks) if house is None else house.record()
        self.rules: KampungRules = base.with_bank(bank)
        self.layout = self.rules.seats
        self.min_bet, self.max_bet = self.rules.bet_min, self.rules.bet_max
        self.bet_cover = self.rules.bet_cover  # a house's cover (H13; Xì Dách's doubles)
        # K7 / K10: burns only where the house has them (H19); the banker opens hands with
        # ``open:SEAT``, a choice of its own hand's cards
        burn = ("burn",) if self.rules.burn else ()
        self.choices = ("hit", "stand", *burn, "play", "void", "double", "forfeit")

    player_fields = ("stacks", "last_bet", "banker", "settings", "decks_in_play", "notices")
    hand_shuffles = False  # K4: the table shuffles between hands, never in one

    def first_shoe(
        self, cards: Sequence[str], rng: random.Random, ledger: FairLedger
    ) -> dict[str, Any]:
        first = [parse_card(c) for c in cards]
        shoe = Shoe.stacked_then_shuffled(first, decks=self.rules.decks, rng=rng)
        shoe.commit_to(ledger)
        return shoe_json(shoe)

    def shipped_edge(self) -> dict[str, Any] | None:
        from banluck.games.kampung.sim.preset_figures import shipped

        figures = shipped(self.rules) if self.house is None else None
        return None if figures is None else {k: figures[k] for k in ("house_edge", "ci95")}

    @staticmethod
    def settings_spec(name: str) -> SettingsSpec:
        return SettingsSpec(
            decks=KAMPUNG.allowed_decks,
            default_decks=KAMPUNG.decks,
            banks=("house", "rotate"),
            table=("bank", "decks", "house"),
        )

    def fresh_shoe(self, seed: int, ledger: FairLedger | None = None) -> dict[str, Any]:
        return shoe_json(Shoe(self.rules.decks, shoe_rng(seed, ledger), ledger=ledger))

    def stacked_shoe(self, cards: Sequence[str]) -> dict[str, Any]:
        return shoe_of_dealt(self.rules.decks, [parse_card(c) for c in cards])

    def shuffle_due(self, shoe: dict[str, Any]) -> bool:
        return self.reshuffles(shoe_from_json(shoe, hand_rng(0)))

    def reshuffles(self, shoe: Shoe) -> bool:
        """K4 / T12: the next hand shuffles ``shoe`` before its first card; at a house
        with ``shuffle_every_hand`` (H20) every hand does, but a stacked shoe deals as it
        is stacked."""
        every = self.rules.shuffle_every_hand and not shoe.stacked_order
        return every or shoe.needs_shuffle(self.rules.reshuffle_below())

    def fresh_stack(self) -> int:
        return self.rules.fresh_stack

    def prepare(self) -> None:
        """H9: the house's own solve and equilibrium, which the bots and the Hint read
        (1–5 s for a house; kampung's own ship with the package)."""
        from banluck.games.kampung.bots.policy import table_bots
        from banluck.games.kampung.bots.shipped import solved

        table_bots(self.rules)
        solved(self.rules)

    def solve_job(self) -> Callable[[], Any] | None:
        """H9: the house's solve and equilibrium as data, to be made in another process
        (``house_data``; None: kampung's own, shipped)."""
        from banluck.games.kampung.bots.shipped import is_shipped

        if is_shipped(self.rules):
            return None
        return functools.partial(house_data, self.rules)

    def take_solve(self, data: Any) -> None:
        """The data ``solve_job`` made: kept for the bots and the Hint."""
        from banluck.games.kampung.bots import mixed, shipped

        if isinstance(data, dict):
            shipped.keep_made(self.rules, data["solved"])
            mixed.keep_made(self.rules, data["equilibrium"])

    def first_banker(self) -> str | None:
        return self.rules.bank_order[0]

    def seating_of(self, people: tuple[str, ...]) -> Seating:
        return room_seating(self.rules, people)

    def bank_limits(self) -> dict[str, Any]:
        return {"banker_min_stack": self.rules.banker_min_stack}

    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        rules, seating = self.rules, room_seating(self.rules, people)
        return checked_bet(
            rules,
            seating,
            seat,
            stack,
            lambda s: seating.check_bet(rules, seat, bet, s, bot_covered=True),
        )

    def begin(self, start: HandStart) -> HandDriver:
        return KampungHand(self, start)


class KampungHand(RoundHand):
    round: KampungRound

    def __init__(self, game: KampungDriver, start: HandStart) -> None:
        super().__init__(start)
        self.house = game.house  # H12: named in the hand's result
        assert start.banker is not None
        rules = self.rules = game.rules
        seating = room_seating(rules, start.people)
        banker = start.banker
        self.stacks = {
            s: seating.fresh_stack_for(rules, s, start.stacks[s], banker) for s in rules.seats
        }
        self.shoe = shoe_from_json(start.shoe, hand_rng(start.seed), game.ledger)
        if self.shoe.drawn and game.reshuffles(self.shoe):
            self.shoe.shuffle()  # K4 / T12 (a shoe no card was drawn from is made for the hand)
        players = []
        for seat in rules.players(banker):
            bet = start.bets[seat] if seat in start.people else seating.bot_bet
            stake = seating.check_bet(rules, seat, bet, self.stacks[seat], bot_covered=True)
            players.append(PlayerEntry(seat, self.stacks[seat], stake))
        self.round = KampungRound.start(
            rules, self.shoe, banker=banker, bank_stack=self.stacks[banker], players=players
        )
        #: K2: the bank's passing after this hand (set by ``settle``; None: it stays)
        self.passed: BankPassed | None = None

    def bot_choice(self) -> str:
        """K18: the table's bots (the model's equilibrium, each seat's draw by the deal)."""
        from banluck.games.kampung.bots.policy import table_bots

        return table_bots(self.rules).choose(self.round.deal_key, self.round.decision())

    def hint(self, seat: str) -> Hint:
        """K18: the value of each legal choice, as a player or as the banker (the house's
        own solve, H9)."""
        from banluck.games.kampung.bots.policy import banker_hint, player_hint

        d = self.round.decision()
        try:
            values = (
                banker_hint(self.rules, d)
                if isinstance(d, BankerDecision)
                else player_hint(self.rules, d)
            )
        except (LookupError, ValueError, OSError) as exc:
            raise NoHint(f"no hint is available: {exc}") from None
        if not values:
            raise NoHint("no hint is available for this hand")
        if isinstance(d, PlayerDecision) and "stand" in values and self.round.stand_is_non():
            # X9: a non stand loses exactly its bet, whatever the banker holds (the model,
            # which has no non, would price it as a stand); with ``pay_for_banker`` it also
            # repays the banker, which the model cannot price: this is then its best case
            values = {**values, "stand": -float(self.round.player(seat).bet)}
        best = max(values, key=lambda a: values[a])
        return Hint(best=best, ev={a: float(v) for a, v in values.items()})

    def auto_choice(self) -> str:
        legal = self.round.legal_actions()
        if "hit" in legal and self.round.stand_is_non():
            return "hit"  # X7: nobody absent is made to stand non
        for a in ("stand", "play", "forfeit", "hit"):
            if a in legal:
                return a
        return legal[0]

    @property
    def over(self) -> bool:
        return self.round.is_over

    def view(self, seat: str | None) -> dict[str, Any]:
        """K17: the documented JSON of the seat's view (None: a watcher's), as the solo
        table sends it."""
        return {"game": "kampung", **table_json(self.round, seat, self.number, self.step)}

    def seat_line(self, seat: str, settled: Settled) -> SeatLine:
        from banluck.games.kampung.history import seat_result

        net, wagered, kind = seat_result(self.round, seat)
        return SeatLine(
            net=net,
            wagered=wagered,
            kinds=(kind,),
            natural=kind in (HandKind.BAN_BAN.value, HandKind.BAN_LUCK.value),  # T4
            stack_before=self.stacks[seat],
            stack_after=settled.stacks[seat],
        )

    def history_json(self, seat: str, time: str) -> dict[str, Any] | None:
        from banluck.games.kampung.history import history_item, replay_input

        house = None if self.house is None else self.house.to_object()
        replay = replay_input(self.round, self.stacks[self.round.banker], house)
        result = self.result_json()
        return self._history(time, history_item(self.round, seat, result), replay, result)

    def result_json(self) -> dict[str, Any]:
        from banluck.games.kampung.replay import outcome_json

        house = self.house
        # X23: a house whose penalised hands pay for the banker names each seat's share
        paid = house is not None and house.rules.get("pay_for_banker", 0) > 0
        result = outcome_json("kampung", self.round.outcome(), paid_for_banker=paid)
        return result if house is None else with_house(result, house)

    def dealt_stacks(self) -> dict[str, int]:
        return dict(self.stacks)

    def news(self) -> list[dict[str, Any]]:
        """K2: the bank passing, from whom to whom and why."""
        p = self.passed
        if p is None:
            return []
        return [
            {
                "code": "bank_passed",
                "params": {"from": p.from_seat, "to": p.to_seat, "reason": p.reason},
            }
        ]

    def settle(self) -> Settled:
        start = self.start
        assert start.banker is not None
        table = KampungTable(
            self.rules,
            stacks=self.stacks,
            shoe=self.shoe,
            banker=start.banker,
            hands_banked=start.hands_banked,
        )
        o = table.finish_round(self.round)  # K2: the bank passes under rotate
        self.passed = table.last_pass
        summary = [{"seat": s.name, "net": s.net} for s in o.seats]
        summary.append({"seat": o.bank.name, "net": o.bank.net})
        return Settled(
            stacks=dict(table.stacks),
            shoe=shoe_json(self.shoe),
            banker=table.banker,
            hands_banked=table.hands_banked,
            summary=summary,
        )


def house_data(rules: KampungRules) -> dict[str, Any]:
    """H9: a house's solve and equilibrium as data (made in a child process; the parent
    keeps them, ``KampungDriver.take_solve``)."""
    from banluck.games.kampung.bots.mixed import equilibrium_data
    from banluck.games.kampung.bots.shipped import model_rules, solved_data

    model = model_rules(rules)
    return {"solved": solved_data(model), "equilibrium": equilibrium_data(model)}
