"""Who sits where (T7 / O1, T8; B5; K2 / K3): a table fact, apart from the rules.

The rules say how the game is played and what a bet may be (T8's range, O1's cover, T9's
fresh stack, K3's banker minimum). A ``Seating`` says who holds each seat this hand: a
person, or a bot betting ``bot_bet``; and which seat is the dealer, whose choices are
automatic by its rules. One ``Seating`` serves every game, whose rules it reads only
through the small protocols below (a game where the bank moves names it per hand as
``banker``). No game is named here: each preset's seating is ``seating_for(its rules)``.

>>> from types import SimpleNamespace
>>> rules = SimpleNamespace(name="three", seats=("you", "anna", "ben"), bet_min=10,
...     bet_max=500, bet_cover=1, fresh_stack=1000, player_min_stack=10, banker_min_stack=100)
>>> seating = seating_for(rules)
>>> seating.is_bot("you"), seating.is_bot("anna")
(False, True)
>>> seating.bets(100)
{'you': 100, 'anna': 50, 'ben': 50}
>>> seating.min_stack(rules, "ben"), seating.fresh_stack_for(rules, "you", 5)
(50, 1000)
>>> seating.with_people({"ben"}).bets({"ben": 200})
{'you': 50, 'anna': 50, 'ben': 200}
>>> seating.role("dealer"), seating.role("anna", banker="anna")
(<Role.DEALER: 'dealer'>, <Role.DEALER: 'dealer'>)
>>> seating.fresh_stack_for(rules, "anna", 99, "anna"), seating.fresh_stack_for(rules, "anna", 99)
(1000, 99)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Protocol, cast, overload

from banluck.core.errors import BadBet
from banluck.core.whole import is_whole

#: The dealer's seat (its hand is ``HandRef(DEALER)``; the events name it so).
DEALER = "dealer"

#: T8 / B5 / K3: what a bot bets.
BOT_BET = 50


class StackRules(Protocol):
    """T9: what a seating reads of any game's rules for a seat's fresh stack."""

    @property
    def player_min_stack(self) -> int: ...
    @property
    def fresh_stack(self) -> int: ...


class BankRules(StackRules, Protocol):
    """K3: rules where a seat may hold the bank, with its own minimum stack."""

    @property
    def banker_min_stack(self) -> int: ...


class BetRules(StackRules, Protocol):
    """T8 / O1 / K3: the range of a person's bet and how many times the stack covers it."""

    @property
    def bet_min(self) -> int: ...
    @property
    def bet_max(self) -> int: ...
    @property
    def bet_cover(self) -> int: ...


class SeatedRules(Protocol):
    """A preset's name, its seats in playing order and its bet range (for ``seating_for``:
    a bot bets ``BOT_BET`` within the range, H13)."""

    @property
    def name(self) -> str: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def bet_min(self) -> int: ...
    @property
    def bet_max(self) -> int: ...


class Role(StrEnum):
    """What a seat does at the table."""

    PLAYER = "player"  # bets and chooses (a person, or a bot by its policy)
    DEALER = "dealer"  # holds the bank; its choices are automatic by the rules (T17 / O8)


_whole = is_whole


@dataclass(frozen=True, kw_only=True, slots=True)
class Seating:
    """The seats of a table in playing order, the people among them, each bot's bet."""

    seats: tuple[str, ...]
    #: the seats a person holds; every other seat is a bot
    people: frozenset[str]
    bot_bet: int = BOT_BET
    dealer: str = DEALER

    @classmethod
    def first_seat_person(cls, seats: tuple[str, ...]) -> Seating:
        """T8 / B5 / K2: the first seat is yours; every other seat is a bot betting
        ``BOT_BET``."""
        return cls(seats=seats, people=frozenset(seats[:1]))

    def with_people(self, people: Collection[str]) -> Seating:
        """The same seats with ``people`` in them (a room: anyone may sit anywhere)."""
        return dataclasses.replace(self, people=frozenset(people))

    def role(self, seat: str, banker: str | None = None) -> Role:
        """The dealer's seat deals; every other seat plays. Where the bank moves (K2's
        ``rotate``), ``banker`` names the seat holding it this hand."""
        return Role.DEALER if seat == (self.dealer if banker is None else banker) else Role.PLAYER

    def is_bot(self, seat: str) -> bool:
        """T8: a seat no person holds is a bot."""
        return seat not in self.people

    def bets(self, bets: int | Mapping[str, object]) -> dict[str, object]:
        """Every seat's bet as given: a bot's is ``bot_bet`` unless the mapping names it.

        ``bets`` is one bet for every person (the one-player tables), or seat → bet.
        """
        if isinstance(bets, Mapping):
            return {s: bets.get(s, self.bot_bet if self.is_bot(s) else None) for s in self.seats}
        return {s: self.bot_bet if self.is_bot(s) else bets for s in self.seats}

    @overload
    def min_stack(self, rules: StackRules, seat: str) -> int: ...
    @overload
    def min_stack(self, rules: BankRules, seat: str, banker: str | None) -> int: ...
    def min_stack(self, rules: StackRules, seat: str, banker: str | None = None) -> int:
        """T9: the stack below which a seat gets a fresh one before a hand: a bot needs its
        bet, a person the rules' ``player_min_stack``, and the seat holding the bank
        (``banker``, K3) the rules' ``banker_min_stack``."""
        if seat == banker:
            return cast("BankRules", rules).banker_min_stack
        if seat in self.people:
            return rules.player_min_stack
        return self.bot_bet * getattr(rules, "bet_cover", 1)  # H13: a bot covers its bet

    @overload
    def fresh_stack_for(self, rules: StackRules, seat: str, stack: int) -> int: ...
    @overload
    def fresh_stack_for(
        self, rules: BankRules, seat: str, stack: int, banker: str | None
    ) -> int: ...
    def fresh_stack_for(
        self, rules: StackRules, seat: str, stack: int, banker: str | None = None
    ) -> int:
        """T9 / K3: a fresh stack below the seat's minimum (``min_stack``), else the stack."""
        low = stack < self.min_stack(cast("BankRules", rules), seat, banker)
        return rules.fresh_stack if low else stack

    def check_bet(
        self, rules: BetRules, seat: str, bet: object, stack: int, *, bot_covered: bool = False
    ) -> int:
        """T8 / O1 / K3: a bot bets exactly ``bot_bet`` (with ``bot_covered``, K3,
        no more than its stack); a person a whole number in the rules' range that the stack
        covers ``bet_cover`` times. Else BadBet saying why."""
        if seat not in self.people:
            bot_bet = self.bot_bet
            # T8: exactly the bot bet, a whole number like any bet (not 50.0 or true).
            if not _whole(bet) or bet != bot_bet:
                raise BadBet(f"seat {seat!r}: bet {bet!r} must be {bot_bet}")
            if bot_covered and bet > stack:  # cannot happen after T9, kept for direct callers
                raise BadBet(f"seat {seat!r}: bet {bet} is more than the stack of {stack}")
            return bot_bet
        if not _whole(bet) or not rules.bet_min <= bet <= rules.bet_max:
            raise BadBet(
                f"seat {seat!r}: bet {bet!r} is not a whole number "
                f"from {rules.bet_min} to {rules.bet_max}"
            )
        cover = rules.bet_cover
        if bet * cover > stack:
            if cover == 1:
                raise BadBet(f"seat {seat!r}: bet {bet} is more than the stack of {stack}")
            raise BadBet(
                f"seat {seat!r}: bet {bet} needs {cover} times its size, "
                f"{bet * cover}, and the stack is {stack}"
            )
        return bet


@cache
def _first_seat_person(seats: tuple[str, ...], bot_bet: int) -> Seating:
    return dataclasses.replace(Seating.first_seat_person(seats), bot_bet=bot_bet)


def seating_for(rules: SeatedRules) -> Seating:
    """The preset's own seating: the first seat a person, the others bots betting 50, or
    the nearer limit of the bet range where 50 lies outside it (H13)."""
    return _first_seat_person(rules.seats, min(max(BOT_BET, rules.bet_min), rules.bet_max))


def room_seating(
    rules: SeatedRules, people: Collection[str], seats: tuple[str, ...] | None = None
) -> Seating:
    """The preset's seating with ``people`` in any seats (and ``seats`` where they are made
    as people sit, I2): the seats a person holds bet like ``you`` and get a person's fresh
    stack (T8, T9, B5, K3); every other seat is a bot. The rules do not change.

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(name="three", seats=("you", "anna", "ben"), bet_min=10, bet_max=500)
    >>> s = room_seating(rules, ("ben",))
    >>> s.seats, s.is_bot("you"), s.is_bot("ben")
    (('you', 'anna', 'ben'), True, False)
    >>> room_seating(rules, ("p1",), ("p1", "p2")).seats
    ('p1', 'p2')
    """
    seating = seating_for(rules).with_people(people)
    if seats is not None and seats != seating.seats:
        seating = dataclasses.replace(seating, seats=seats)
    return seating
