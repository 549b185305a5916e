"""A kampung table between hands (K2–K4): stacks, who holds the bank, and the shoe.

>>> import random
>>> from banluck.games.kampung.rules import KAMPUNG
>>> t = KampungTable(KAMPUNG.with_bank("rotate"), rng=random.Random(7))
>>> for _ in range(5):
...     r = t.start_round(100)
...     while r.to_act: _ = r.apply(r.legal_actions()[-1])
...     _ = t.finish_round(r)
>>> t.banker
'you'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from banluck.core.errors import BadBet, IllegalAction
from banluck.core.seating import Seating, seating_for
from banluck.core.shoe import Shoe
from banluck.games.kampung.records import KampungOutcome, PlayerEntry
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KampungRules


@dataclass(frozen=True, slots=True)
class HandStarted:
    """What happened before the deal: fresh stacks (T9), a reshuffle (T12), the banker."""

    banker: str
    fresh_stacks: tuple[str, ...]
    reshuffled: bool


@dataclass(frozen=True, slots=True)
class BankPassed:
    """K2: the bank passed after a hand (``rotate`` only)."""

    from_seat: str
    to_seat: str
    #: ``hands``: it held the bank for ``rotate_every`` hands; ``empty``: its stack ran out
    reason: str


class KampungTable:
    """The seats' stacks, the bank and the shoe, kept between hands (K2–K4)."""

    def __init__(
        self,
        rules: KampungRules,
        *,
        stacks: dict[str, int] | None = None,
        shoe: Shoe | None = None,
        rng: random.Random | None = None,
        banker: str | None = None,
        hands_banked: int = 0,
        seating: Seating | None = None,
    ) -> None:
        self.rules = rules
        #: who is a bot and what a bot bets (K2 / K3; by default every seat but ``you``)
        self.seating = seating if seating is not None else seating_for(rules)
        self.stacks = dict(stacks) if stacks else dict.fromkeys(rules.seats, rules.fresh_stack)
        self.shoe = shoe if shoe is not None else Shoe(rules.decks, rng)
        self.banker = banker if banker is not None else rules.bank_order[0]
        if self.banker not in rules.seats:
            raise ValueError(f"unknown banker {self.banker!r}")
        #: K2: hands the current banker has held the bank (a void counts)
        self.hands_banked = hands_banked
        self.round: KampungRound | None = None
        self.last_start = HandStarted(self.banker, (), False)
        self.last_pass: BankPassed | None = None

    def start_round(self, bet: int | None) -> KampungRound:
        """T9 fresh stacks (the banker's minimum is 100), K3 bets, T12 reshuffle, K5 deal.
        ``bet`` is your bet; None when you hold the bank."""
        if self.round is not None and not self.round.is_over:
            raise IllegalAction("a hand is in progress: finish it first")
        rules, seating = self.rules, self.seating
        banker = self.banker
        stacks = {s: seating.fresh_stack_for(rules, s, self.stacks[s], banker) for s in rules.seats}
        players = []
        for seat in rules.players(banker):
            if seating.is_bot(seat):
                seat_bet: object = seating.bot_bet
            elif bet is None:
                raise BadBet(f"seat {seat!r}: a bet is required")
            else:
                seat_bet = bet
            stake = seating.check_bet(rules, seat, seat_bet, stacks[seat], bot_covered=True)
            players.append(PlayerEntry(seat, stacks[seat], stake))
        fresh = tuple(s for s in rules.seats if stacks[s] != self.stacks[s])
        self.stacks = stacks
        reshuffle = not self.shoe.stacked_order and self.shoe.needs_shuffle(rules.reshuffle_below())
        if reshuffle:
            self.shoe.shuffle()
        self.last_start = HandStarted(banker, fresh, reshuffle)
        self.round = KampungRound.start(
            rules, self.shoe, banker=banker, bank_stack=stacks[banker], players=players
        )
        return self.round

    def finish_round(self, r: KampungRound) -> KampungOutcome:
        """The stacks after a settled hand, then K2: the bank passes under ``rotate``."""
        outcome = r.outcome()
        for s in outcome.seats:
            self.stacks[s.name] = s.stack
        self.stacks[outcome.bank.name] = outcome.bank.stack
        self.hands_banked += 1
        self.last_pass = None
        if self.rules.bank == "rotate":
            reason = None
            if outcome.bank.stack == 0:
                reason = "empty"
            elif self.hands_banked >= self.rules.rotate_every:
                reason = "hands"
            if reason is not None:
                after = self.rules.next_banker(self.banker)
                self.last_pass = BankPassed(self.banker, after, reason)
                self.banker = after
                self.hands_banked = 0
        return outcome
