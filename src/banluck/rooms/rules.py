"""The presets' rules with people in any seat: ``is_bot`` asks who sits there.

The engines' rules say "every seat but the first is a bot" (T8, B5, K2); in a room the
people may sit anywhere. Each class here is its preset's rules plus ``people``, the seats a
person holds this hand: those bet like ``you`` (T8, B5, K3) and get a person's fresh stack
(T9); every other seat is a bot. Nothing else of the rules changes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from banluck.core.rules import Rules
from banluck.games.blackjack.rules import BlackjackRules
from banluck.games.kampung.rules import KampungRules


@dataclass(frozen=True, kw_only=True, slots=True)
class PeopleTableRules(Rules):
    """Ban Luck (T1–T23) with ``people`` in any seat."""

    people: frozenset[str] = frozenset()

    def is_bot(self, seat: str) -> bool:
        return seat not in self.people


@dataclass(frozen=True, kw_only=True, slots=True)
class PeopleBlackjackRules(BlackjackRules):
    """``classic`` / ``infinite`` with ``people`` in any seat."""

    people: frozenset[str] = frozenset()

    def is_bot(self, seat: str) -> bool:
        return seat not in self.people


@dataclass(frozen=True, kw_only=True, slots=True)
class PeopleKampungRules(KampungRules):
    """``kampung`` with ``people`` in any seat (the banker among them, K2)."""

    people: frozenset[str] = frozenset()

    def is_bot(self, seat: str) -> bool:
        return seat not in self.people


def with_people(
    rules: Rules, people: frozenset[str], seats: tuple[str, ...] | None = None
) -> PeopleTableRules:
    """Ban Luck ``rules`` with ``people`` seated.

    >>> from banluck.core.rules import TABLE
    >>> r = with_people(TABLE, frozenset({"ben"}))
    >>> r.is_bot("you"), r.is_bot("ben"), r.min_stack("ben")
    (True, False, 10)
    """
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)}
    if seats is not None:
        fields["seats"] = seats
    return PeopleTableRules(**fields, people=people)


def blackjack_with_people(
    rules: BlackjackRules, people: frozenset[str], seats: tuple[str, ...] | None = None
) -> PeopleBlackjackRules:
    """Blackjack ``rules`` with ``people`` seated (and, for ``infinite``, its seats, I2)."""
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(BlackjackRules)}
    if seats is not None:
        fields["seats"] = seats
    return PeopleBlackjackRules(**fields, people=people)


def kampung_with_people(rules: KampungRules, people: frozenset[str]) -> PeopleKampungRules:
    """Kampung ``rules`` with ``people`` seated."""
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(KampungRules)}
    return PeopleKampungRules(**fields, people=people)
