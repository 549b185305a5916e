"""Stacks and the shoe between hands (T8–T10, T12, O2): a table plays many rounds."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from banluck.core.errors import IllegalAction
from banluck.core.seating import Seating, seating_for
from banluck.core.shoe import Shoe
from banluck.games.banluck.records import Outcome, SeatEntry
from banluck.games.banluck.round import Round
from banluck.games.banluck.rules import Rules


@dataclass(frozen=True, slots=True)
class HandStarted:
    """What happened before the deal: fresh stacks given (T9), a reshuffle (T12 / O2)."""

    fresh_stacks: tuple[str, ...]
    reshuffled: bool


class Table:
    """The seats' stacks and the shoe, kept between hands; who sits where is ``seating``
    (the preset's own by default).

    >>> from banluck.games.banluck.rules import TABLE
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
        seating: Seating | None = None,
    ) -> None:
        self.rules = rules
        self.seating = seating if seating is not None else seating_for(rules)
        if self.seating.seats != rules.seats:
            raise ValueError(f"preset {rules.name!r} seats {rules.seats}, not {self.seating.seats}")
        self.stacks = dict(stacks) if stacks else dict.fromkeys(rules.seats, rules.fresh_stack)
        self.shoe = shoe if shoe is not None else Shoe(rules.decks, rng)
        self.round: Round | None = None
        self.last_start = HandStarted((), False)
        self.pending_decks: int | None = None

    def set_decks(self, decks: int) -> None:
        """A new deck count (T11): it takes effect at the next shuffle, not mid-shoe."""
        self.rules.with_decks(decks)  # raises for a count the preset does not allow
        self.pending_decks = decks

    def start_round(self, bets: int | Mapping[str, int]) -> Round:
        """T9 fresh stacks, T8 the bets, T12 / O2 the reshuffle, then the deal (T13).

        ``bets`` is each seat's bet (seat → bet; a bot's may be left out, the seating
        supplies it), or one bet for every person at the table.
        """
        if self.round is not None and not self.round.is_over:
            raise IllegalAction("a hand is in progress: finish it first")
        rules, seating = self.rules, self.seating
        stacks = {s: seating.fresh_stack_for(rules, s, self.stacks[s]) for s in seating.seats}
        entries = [
            SeatEntry(seat, stacks[seat], seating.check_bet(rules, seat, bet, stacks[seat]))
            for seat, bet in seating.bets(bets).items()
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
