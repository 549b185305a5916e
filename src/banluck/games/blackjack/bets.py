"""What a seat puts down before the deal, and the checks it must pass (B5, B11, B13, I10).

>>> from banluck.games.blackjack.rules import INFINITE
>>> check_entry(INFINITE, SeatEntry(name="ben", stack=1000, bet=0,
...     side_bets={"bust": 10}), shoe_hand=1).committed
10
>>> check_entry(INFINITE, SeatEntry(name="you", stack=100, bet=100,
...     side_bets={"pairs": 5}), shoe_hand=1)
Traceback (most recent call last):
...
banluck.core.errors.BadBet: seat 'you': bet 100 and side bets 5 come to 105, above the stack of 100
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from banluck.core.errors import BadBet
from banluck.core.seating import Seating, seating_for
from banluck.core.whole import is_whole
from banluck.games.blackjack.rules import SIDE_BET_NAMES, BlackjackRules


@dataclass(frozen=True, kw_only=True, slots=True)
class SeatEntry:
    """One seat's stake for a hand: its stack (after T9), seat bet and side bets (I10)."""

    name: str
    stack: int
    bet: int
    side_bets: Mapping[str, int] = field(default_factory=dict)

    @property
    def committed(self) -> int:
        """B11: the chips put down at the deal."""
        return self.bet + sum(self.side_bets.values())


_whole = is_whole


def check_entry(
    rules: BlackjackRules,
    entry: SeatEntry,
    *,
    shoe_hand: int = 1,
    seating: Seating | None = None,
) -> SeatEntry:
    """B5, B11, B13, I10: the entry if the rules and the ``seating`` (the seats, who is a
    bot, what a bot bets; by default the preset's: every seat but the first a bot) allow
    it, else BadBet saying why."""
    who = f"seat {entry.name!r}"
    if seating is None:
        seating = seating_for(rules)
    if entry.name not in seating.seats:
        raise BadBet(f"unknown seat {entry.name!r} (the seats are {', '.join(seating.seats)})")
    if not _whole(entry.stack) or entry.stack < 0:
        raise BadBet(f"{who}: stack {entry.stack!r} is not a whole number of chips")
    bet = entry.bet
    if not _whole(bet):
        raise BadBet(f"{who}: bet {bet!r} is not a whole number of chips")
    sides = dict(entry.side_bets)
    if sides and not rules.side_bets:
        raise BadBet(f"{who}: side bets are not played in {rules.name!r}")
    for name, stake in sides.items():
        if name not in SIDE_BET_NAMES:
            raise BadBet(f"{who}: unknown side bet {name!r} ({', '.join(SIDE_BET_NAMES)})")
        if not _whole(stake) or not rules.side_bet_min <= stake <= rules.side_bet_max:
            raise BadBet(
                f"{who}: side bet {name!r} of {stake!r} must be a whole number from"
                f" {rules.side_bet_min} to {rules.side_bet_max}"
            )
        last = rules.side_bet_limit(name)
        if shoe_hand > last:
            raise BadBet(
                f"{who}: side bet {name!r} may be placed on hands 1 to {last} of a shoe,"
                f" not on hand {shoe_hand}"
            )
    # I10 / B13: a bet of 0 only with side bets, in a game that has them.
    zero_ok = rules.side_bets and bool(sides)
    if bet == 0 and not zero_ok:
        if rules.side_bets:
            raise BadBet(f"{who}: a bet of 0 needs at least one side bet")
        raise BadBet(f"{who}: a bet of 0 is not allowed in {rules.name!r}")
    if bet != 0:
        if seating.is_bot(entry.name):
            if bet != seating.bot_bet:
                zero = " (or 0 with side bets)" if rules.side_bets else ""
                raise BadBet(f"{who}: bets {seating.bot_bet}{zero}, not {bet}")
        elif not rules.bet_min <= bet <= rules.bet_max:
            raise BadBet(f"{who}: bet {bet} is out of range ({rules.bet_min} to {rules.bet_max})")
    if entry.committed > entry.stack:
        if sides:
            raise BadBet(
                f"{who}: bet {bet} and side bets {sum(sides.values())} come to"
                f" {entry.committed}, above the stack of {entry.stack}"
            )
        raise BadBet(f"{who}: bet {bet} is above the stack of {entry.stack}")
    return entry
