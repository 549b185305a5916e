"""Blackjack's house fields (HOUSE_RULES.md, family ``blackjack``): each one a field of
``BlackjackRules``, read from and written to it here and nowhere else (H8).

A deck count of the house keeps the shoe's proportions of its base: classic's reshuffle
point (C8) and infinite's cut card (I1) and side-bet hand limits (I10) stand at the same
share of the shoe as in the base's own decks.

>>> from banluck.games.blackjack.rules import CLASSIC, INFINITE
>>> v = values(INFINITE)
>>> v["double"], v["surrender"], v["blackjack_pays"], v["splits"]
('any', 'late', '3:2', 1)
>>> record(INFINITE, v) == INFINITE and record(CLASSIC, values(CLASSIC)) == CLASSIC
True
>>> r = record(CLASSIC, {**values(CLASSIC), "decks": 6, "double": "10-11"})
>>> r.reshuffle_below, r.double_totals, r.may_double(9)
(78, (10, 11), False)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from banluck.games.blackjack.rules import PRESETS, BlackjackRules
from banluck.games.house import Field, HouseSchema

FIELDS = (
    Field(name="decks", kind="int", lo=1, hi=8, group="cards", cites="C1, I1"),
    Field(name="dealer_hits_soft_17", kind="bool", group="dealer", cites="B7"),
    Field(
        name="blackjack_pays",
        kind="choice",
        choices=("3:2", "6:5", "1:1"),
        group="specials",
        cites="B6",
    ),
    Field(name="peek", kind="bool", group="dealer", cites="C3, I5"),
    Field(
        name="double",
        kind="choice",
        choices=("none", "any", "9-11", "10-11"),
        group="deal",
        cites="I6",
    ),
    Field(name="double_after_split", kind="bool", group="deal", cites="I6"),
    Field(name="splits", kind="int", lo=0, hi=3, group="deal", cites="C6, I6"),
    Field(name="split_aces_one_card", kind="bool", group="deal", cites="I6"),
    Field(name="surrender", kind="choice", choices=("none", "late"), group="deal", cites="I6"),
    Field(name="insurance", kind="bool", group="specials", cites="I4"),
)

#: I6: the totals a restricted double is offered on
_DOUBLE = {"any": (), "9-11": (9, 10, 11), "10-11": (10, 11)}
#: I6: late surrender, after the peek, against an up card of 2 to 9
_LATE = frozenset(range(2, 10))


def values(r: BlackjackRules) -> dict[str, Any]:
    """The house fields of a rules record, in ``FIELDS`` order."""
    num, den = r.blackjack_pays
    double = "none"
    if r.double:
        double = next(k for k, v in _DOUBLE.items() if v == r.double_totals)
    return {
        "decks": r.decks,
        "dealer_hits_soft_17": r.dealer_hits_soft_17,
        "blackjack_pays": f"{num}:{den}",
        "peek": r.dealer_peeks,
        "double": double,
        "double_after_split": r.double_after_split,
        "splits": r.max_splits,
        "split_aces_one_card": r.split_aces_one_card,
        "surrender": "late" if r.surrender_against else "none",
        "insurance": r.insurance,
    }


def _scaled(x: int, base: BlackjackRules, decks: int) -> int:
    """A count of cards or hands of ``base``'s shoe at the same share of a shoe of ``decks``."""
    return max(1, round(x * decks / base.decks))


def record(base: BlackjackRules, v: dict[str, Any]) -> BlackjackRules:
    """The rules record of ``base`` with the house's fields ``v`` (every field given)."""
    decks = v["decks"]
    num, den = (int(x) for x in v["blackjack_pays"].split(":"))
    limits = tuple((n, _scaled(h, base, decks)) for n, h in base.side_bet_last_hand)
    below, cut = base.reshuffle_below, base.cut_card_from_end
    return dataclasses.replace(
        base,
        decks=decks,
        reshuffle_below=None if below is None else _scaled(below, base, decks),
        cut_card_from_end=None if cut is None else _scaled(cut, base, decks),
        side_bet_last_hand=limits,
        dealer_hits_soft_17=v["dealer_hits_soft_17"],
        blackjack_pays=(num, den),
        dealer_peeks=v["peek"],
        # C4: a blackjack is paid at once only after a peek has ruled the dealer's out
        blackjack_paid_at_once=base.blackjack_paid_at_once and v["peek"],
        double=v["double"] != "none",
        double_totals=_DOUBLE.get(v["double"], ()),
        double_after_split=v["double_after_split"],
        max_splits=v["splits"],
        split_aces_one_card=v["split_aces_one_card"],
        surrender_against=_LATE if v["surrender"] == "late" else frozenset(),
        insurance=v["insurance"],
    )


SCHEMA = HouseSchema(fields=FIELDS, bases=PRESETS, values=values, record=record)
