"""Stacks and the shoe between hands (T8–T10, T12, O2): a table plays many rounds."""

from __future__ import annotations

import random
from dataclasses import dataclass

from banluck.core.errors import IllegalAction
from banluck.core.round import Outcome, Round, SeatEntry
from banluck.core.rules import Rules
from banluck.core.shoe import Shoe


@dataclass(frozen=True, slots=True)
class HandStarted:
    """What happened before the deal: fresh stacks given (T9), a reshuffle (T12 / O2)."""

    fresh_stacks: tuple[str, ...]
    reshuffled: bool


class Table:
    """The seats' stacks and the shoe, kept between hands.

    >>> from banluck.core.rules import TABLE
    >>> t = Table(TABLE, rng=random.Random(1))
    >>> r = t.start_round(100)
    >>> while r.to_act: _ = r.apply(sorted(r.legal_actions())[-1])
    >>> t.finish_round(r).cards_used >= 8
    True
    """

    def __init__(
        self,
        rules: Rules,
        *,
        stacks: dict[str, int] | None = None,
        shoe: Shoe | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.rules = rules
        self.stacks = dict(stacks) if stacks else dict.fromkeys(rules.seats, rules.fresh_stack)
        self.shoe = shoe if shoe is not None else Shoe(rules.decks, rng)
        self.round: Round | None = None
        self.last_start = HandStarted((), False)
        self.pending_decks: int | None = None

    def set_decks(self, decks: int) -> None:
        """A new deck count (T11): it takes effect at the next shuffle, not mid-shoe."""
        self.rules.with_decks(decks)  # raises for a count the preset does not allow
        self.pending_decks = decks

    def start_round(self, bet: int) -> Round:
        """T9 fresh stacks, T8 the bet, T12 / O2 the reshuffle, then the deal (T13)."""
        if self.round is not None and not self.round.is_over:
            raise IllegalAction("a hand is in progress: finish it first")
        rules = self.rules
        stacks = {seat: rules.fresh_stack_for(seat, self.stacks[seat]) for seat in rules.seats}
        entries = [
            SeatEntry(
                seat,
                stacks[seat],
                rules.check_bet(seat, rules.bot_bet if rules.is_bot(seat) else bet, stacks[seat]),
            )
            for seat in rules.seats
        ]  # a bad bet raises here, before anything changes
        fresh = tuple(seat for seat in rules.seats if stacks[seat] != self.stacks[seat])
        self.stacks = stacks
        reshuffle = not self.shoe.stacked_order and (
            rules.shuffle_every_hand or self.shoe.needs_shuffle(rules.reshuffle_below())
        )  # a stacked shoe deals as it is stacked
        if reshuffle:
            if self.pending_decks is not None:
                rules = self.rules = rules.with_decks(self.pending_decks)
                self.pending_decks = None
                self.shoe.decks = rules.decks
            self.shoe.shuffle()
        self.last_start = HandStarted(fresh, reshuffle)
        self.round = Round.start(rules, self.shoe, entries)
        return self.round

    def finish_round(self, r: Round) -> Outcome:
        """T10: the stacks after a settled hand."""
        outcome = r.outcome()
        for s in outcome.seats:
            self.stacks[s.name] = s.stack
        return outcome
