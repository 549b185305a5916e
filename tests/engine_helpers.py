"""Helpers for the engine's tests: stacked shoes written by rank, rounds played by script."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from banluck.core import Card, Shoe, parse_card
from banluck.core.cards import SUITS
from banluck.core.seating import seating_for
from banluck.games.banluck import Action, Round, Rules, SeatEntry
from banluck.games.banluck.events import DEALER, Event, HandSettled

E = TypeVar("E")


def cards(*ranks: str) -> list[Card]:
    """Cards of the given ranks (``"A"``, ``"T"``, ``"7"``…), each rank cycling through the
    suits, so that no card repeats before its rank has been used four times.

    >>> [c.code for c in cards("A", "A", "T", "A")]
    ['AS', 'AH', 'TS', 'AD']
    """
    seen: Counter[str] = Counter()
    out = []
    for rank in ranks:
        out.append(parse_card(rank + SUITS[seen[rank] % 4]))
        seen[rank] += 1
    return out


def table_shoe(you: str, anna: str, ben: str, dealer: str, then: Iterable[str] = ()) -> list[Card]:
    """T13's deal order for the ``table`` preset, each hand written as two ranks (``"AT"``),
    followed by the cards drawn after the deal."""
    order = [you[0], anna[0], ben[0], dealer[0], you[1], anna[1], ben[1], dealer[1], *then]
    return cards(*order)


def one_shoe(you: str, dealer: str, then: Iterable[str] = ()) -> list[Card]:
    """O4's deal order for ``one-on-one``: you, dealer (the up card), you, dealer."""
    return cards(you[0], dealer[0], you[1], dealer[1], *then)


def entries(
    rules: Rules, bet: int = 100, stacks: Mapping[str, int] | None = None
) -> list[SeatEntry]:
    """Every seat of ``rules`` with its stack (1,000 by default) and bet (bots: 50)."""
    stacks, seating = stacks or {}, seating_for(rules)
    return [
        SeatEntry(s, stacks.get(s, 1000), seating.bot_bet if seating.is_bot(s) else bet)
        for s in seating.seats
    ]


def play(
    rules: Rules,
    shoe: Sequence[Card],
    moves: Mapping[str, Sequence[str]] | None = None,
    *,
    bet: int = 100,
    stacks: Mapping[str, int] | None = None,
) -> Round:
    """Play a round from a stacked shoe; each seat's choices come from ``moves`` in order
    (a seat asked for a choice with no move left stands). Asserts every move was used."""
    moves = moves or {}
    left = {s: list(m) for s, m in moves.items()}
    r = Round.start(rules, Shoe.stacked(shoe, decks=rules.decks), entries(rules, bet, stacks))
    while r.to_act is not None:
        script = left.get(r.to_act)
        r.apply(Action(script.pop(0)) if script else Action.STAND)
    assert all(not m for m in left.values()), f"moves left over: {left}"
    return r


def settled(r: Round) -> dict[str, HandSettled]:
    """Each seat's settlement event."""
    return {e.seat: e for e in r.events if isinstance(e, HandSettled)}


def nets(r: Round) -> dict[str, int]:
    """Each seat's net."""
    return {s.name: s.net for s in r.outcome().seats}


def results(r: Round) -> dict[str, str]:
    """Each seat's result as REPLAY.md names it."""
    return {s.name: str(s.result) for s in r.outcome().seats}


def codes(cs: Iterable[Card | None]) -> list[str | None]:
    """Card codes (None stays None)."""
    return [c.code if c is not None else None for c in cs]


def ranks(cs: Iterable[Card | None]) -> str:
    """The ranks of cards as one string (``"T6"``), ``?`` for a hidden card.

    >>> ranks(cards("T", "6")), ranks([None])
    ('T6', '?')
    """
    return "".join(c.rank if c is not None else "?" for c in cs)


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


__all__ = [
    "DEALER",
    "cards",
    "codes",
    "entries",
    "nets",
    "of_type",
    "one_shoe",
    "play",
    "ranks",
    "results",
    "settled",
    "table_shoe",
]
