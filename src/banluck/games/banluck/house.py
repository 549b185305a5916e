"""Ban Luck's house fields (HOUSE_RULES.md, family ``banluck``): each one a field of
``core.rules.Rules``, read from and written to it here and nowhere else (H8).

>>> from banluck.games.banluck.rules import ONE_ON_ONE
>>> v = values(ONE_ON_ONE)
>>> v["dealer_five_cards"], v["ace_two_cards"], v["bet_cover"]
('no_limit', [1, 10, 11], 3)
>>> record(ONE_ON_ONE, v) == ONE_ON_ONE
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from banluck.games.banluck.rules import PRESETS, Rules
from banluck.games.house import Field, HouseSchema

FIELDS = (
    Field(name="decks", kind="int", lo=1, hi=8, group="cards", cites="T11, O2"),
    Field(name="shuffle_every_hand", kind="bool", group="cards", cites="T12, O2"),
    Field(name="ace_two_cards", kind="aces", group="cards", cites="T2, O3"),
    Field(name="ace_three_cards", kind="aces", group="cards", cites="T2"),
    Field(name="seat_must_draw_under", kind="int", lo=14, hi=18, group="deal", cites="T16, O6"),
    Field(name="free_hand", kind="bool", group="deal", cites="T16"),
    Field(name="dealer_up_card", kind="bool", group="dealer", cites="O4"),
    Field(name="dealer_15", kind="choice", choices=("void", "play"), group="dealer", cites="T15"),
    Field(name="dealer_stands_on", kind="int", lo=15, hi=18, group="dealer", cites="T17, O8"),
    Field(name="dealer_draws_16_with_four", kind="bool", group="dealer", cites="T17"),
    Field(
        name="dealer_five_cards",
        kind="choice",
        choices=("limit", "plain", "no_limit"),
        group="dealer",
        cites="T17, T18, O8",
    ),
    Field(name="ban_ban", kind="int", lo=1, hi=5, group="specials", cites="T21"),
    Field(name="ban_luck", kind="int", lo=1, hi=5, group="specials", cites="T21"),
    Field(name="five_dragon", kind="int", lo=1, hi=5, group="specials", cites="T21"),
    Field(name="five_dragon_21", kind="int", lo=1, hi=5, group="specials", cites="T21"),
    Field(name="five_card_bust", kind="int", lo=1, hi=3, group="specials", cites="T16, T21"),
    Field(
        name="seven_seven_seven", kind="int", lo=2, hi=21, also=(0,), group="specials", cites="H5"
    ),
    Field(
        name="equal_naturals", kind="choice", choices=("push", "banker"), group="ties", cites="H6"
    ),
    Field(name="equal_totals", kind="choice", choices=("push", "banker"), group="ties", cites="H6"),
    Field(
        name="five_against_five",
        kind="choice",
        choices=("by_total", "push"),
        group="ties",
        cites="H7",
    ),
    Field(name="bet_min", kind="int", lo=1, hi=100_000, group="bets", cites="T8"),
    Field(name="bet_max", kind="int", lo=1, hi=100_000, group="bets", cites="T8"),
    Field(name="bet_cover", kind="int", lo=1, hi=5, group="bets", cites="O1"),
    Field(
        name="fresh_stack", kind="int", lo=100, hi=1_000_000, group="bets", cites="T9", edge=False
    ),
)

#: H16: the dealer's five cards, as ``Rules``' card limit and five dragon
_DEALER_FIVE = {"limit": (5, True), "plain": (5, False), "no_limit": (None, False)}


def values(r: Rules) -> dict[str, Any]:
    """The house fields of a rules record, in ``FIELDS`` order."""
    five = next(
        k for k, v in _DEALER_FIVE.items() if v == (r.dealer_card_limit, r.dealer_five_dragon)
    )
    return {
        "decks": r.decks,
        "shuffle_every_hand": r.shuffle_every_hand,
        "ace_two_cards": sorted(r.two_card_ace_values),
        "ace_three_cards": sorted(r.three_card_ace_values),
        "seat_must_draw_under": r.seat_must_draw_under,
        "free_hand": r.free_hand,
        "dealer_up_card": r.dealer_up_card,
        "dealer_15": "void" if r.dealer_voids_15 else "play",
        "dealer_stands_on": r.dealer_stands_on,
        "dealer_draws_16_with_four": r.dealer_draws_16_with_four,
        "dealer_five_cards": five,
        "ban_ban": r.ban_ban_multiple,
        "ban_luck": r.ban_luck_multiple,
        "five_dragon": r.five_dragon_multiple,
        "five_dragon_21": r.five_dragon_21_multiple,
        "five_card_bust": r.five_card_bust_multiple,
        "seven_seven_seven": r.seven_seven_seven,
        "equal_naturals": r.equal_naturals,
        "equal_totals": r.equal_totals,
        "five_against_five": r.five_against_five,
        "bet_min": r.bet_min,
        "bet_max": r.bet_max,
        "bet_cover": r.bet_cover,
        "fresh_stack": r.fresh_stack,
    }


def record(base: Rules, v: dict[str, Any]) -> Rules:
    """The rules record of ``base`` with the house's fields ``v`` (every field given)."""
    limit, dragon = _DEALER_FIVE[v["dealer_five_cards"]]
    decks = v["decks"]
    return dataclasses.replace(
        base,
        decks=decks,
        allowed_decks=base.allowed_decks if decks in base.allowed_decks else (decks,),
        shuffle_every_hand=v["shuffle_every_hand"],
        two_card_ace_values=tuple(v["ace_two_cards"]),
        three_card_ace_values=tuple(v["ace_three_cards"]),
        seat_must_draw_under=v["seat_must_draw_under"],
        free_hand=v["free_hand"],
        dealer_up_card=v["dealer_up_card"],
        dealer_voids_15=v["dealer_15"] == "void",
        dealer_stands_on=v["dealer_stands_on"],
        dealer_draws_16_with_four=v["dealer_draws_16_with_four"],
        dealer_card_limit=limit,
        dealer_five_dragon=dragon,
        ban_ban_multiple=v["ban_ban"],
        ban_luck_multiple=v["ban_luck"],
        five_dragon_multiple=v["five_dragon"],
        five_dragon_21_multiple=v["five_dragon_21"],
        five_card_bust_multiple=v["five_card_bust"],
        seven_seven_seven=v["seven_seven_seven"],
        equal_naturals=v["equal_naturals"],
        equal_totals=v["equal_totals"],
        five_against_five=v["five_against_five"],
        bet_min=v["bet_min"],
        bet_max=v["bet_max"],
        bet_cover=v["bet_cover"],
        fresh_stack=v["fresh_stack"],
        player_min_stack=v["bet_cover"] * v["bet_min"],  # H13: T9's minimum
    )


SCHEMA = HouseSchema(fields=FIELDS, bases=PRESETS, values=values, record=record)
