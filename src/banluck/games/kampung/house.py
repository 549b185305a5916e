"""Kampung's house fields (HOUSE_RULES.md, family ``kampung``): each one a field of
``KampungRules`` (or of its ``totals``, T1–T6 and T21's multiples), read from and written
to it here and nowhere else (H8).

>>> v = values(KAMPUNG)
>>> v["seat_must_draw_under"], v["seven_seven_seven"], v["any_21"]
(15, 21, 2)
>>> record(KAMPUNG, v) == KAMPUNG
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from banluck.games.banluck.house import FIELDS as BANLUCK_FIELDS
from banluck.games.house import Field, HouseError, HouseSchema
from banluck.games.kampung.rules import KAMPUNG, KampungRules

#: H19: Ban Luck's fields but the dealer's, with kampung's own after them (X2: its own
#: ``equal_totals`` among them, with a third value)
_NOT_KAMPUNG = {
    "dealer_up_card",
    "dealer_15",
    "dealer_stands_on",
    "dealer_draws_16_with_four",
    "dealer_five_cards",
    "equal_totals",
}
#: the kampung rules a shared field changes (its Ban Luck ids are the others)
_CITES = {
    "decks": "K4",
    "shuffle_every_hand": "K4",
    "seat_must_draw_under": "K9",
    "free_hand": "K9",
    "seven_seven_seven": "K13",
    "equal_naturals": "K15",
    "five_against_five": "K16",
    "bet_min": "K3",
    "bet_max": "K3",
}
#: X2 / X6: kampung's five against five has two more values than Ban Luck's
_FIVE_AGAINST_FIVE = ("by_total", "push", "banker", "lower")
FIELDS = (
    *(
        dataclasses.replace(
            f,
            cites=_CITES.get(f.name, f.cites),
            choices=_FIVE_AGAINST_FIVE if f.name == "five_against_five" else f.choices,
        )
        for f in BANLUCK_FIELDS
        if f.name not in _NOT_KAMPUNG
    ),
    Field(name="burn", kind="bool", group="dealer", cites="K7, K10"),
    Field(name="any_21", kind="int", lo=1, hi=3, group="specials", cites="K15, K16"),
    Field(name="selective_open", kind="bool", group="dealer", cites="K14"),
    Field(name="busts_shown", kind="bool", group="deal", cites="K11"),
    Field(name="banker_must_draw_under", kind="int", lo=14, hi=18, group="dealer", cites="K14"),
    Field(name="bank_passes_every", kind="int", lo=1, hi=20, group="dealer", cites="K2"),
    Field(name="banker_min_stack", kind="int", lo=100, hi=1_000_000, group="bets", cites="K3"),
    # XI_DACH.md X2: Xì Dách as houses of kampung
    Field(
        name="two_card_15", kind="choice", choices=("special", "plain"), group="deal", cites="X3"
    ),
    Field(name="compare", kind="choice", choices=("kampung", "xi_dach"), group="ties", cites="X4"),
    Field(
        name="equal_totals",
        kind="choice",
        choices=("push", "banker", "player"),
        group="ties",
        cites="K16, X5",
    ),
    Field(name="non", kind="choice", choices=("off", "players", "all"), group="deal", cites="X7"),
    Field(
        name="heavy_bust_from", kind="int", lo=22, hi=30, also=(0,), group="specials", cites="X8"
    ),
    Field(name="pay_for_banker", kind="int", lo=0, hi=20, group="specials", cites="X10"),
)


def values(r: KampungRules) -> dict[str, Any]:
    """The house fields of a rules record, in ``FIELDS`` order."""
    t = r.totals
    return {
        "decks": r.decks,
        "shuffle_every_hand": r.shuffle_every_hand,
        "ace_two_cards": sorted(t.two_card_ace_values),
        "ace_three_cards": sorted(t.three_card_ace_values),
        "seat_must_draw_under": r.player_must_draw_under,
        "free_hand": r.free_hand,
        "ban_ban": t.ban_ban_multiple,
        "ban_luck": t.ban_luck_multiple,
        "five_dragon": t.five_dragon_multiple,
        "five_dragon_21": t.five_dragon_21_multiple,
        "five_card_bust": t.five_card_bust_multiple,
        "seven_seven_seven": r.seven_seven_seven_multiple,
        "equal_naturals": r.equal_naturals,
        "five_against_five": r.five_against_five,
        "bet_min": r.bet_min,
        "bet_max": r.bet_max,
        "bet_cover": r.bet_cover,
        "fresh_stack": r.fresh_stack,
        "burn": r.burn,
        "any_21": r.twenty_one_multiple,
        "selective_open": r.selective_open,
        "busts_shown": r.busts_shown,
        "banker_must_draw_under": r.banker_must_draw_under,
        "bank_passes_every": r.rotate_every,
        "banker_min_stack": r.banker_min_stack,
        "two_card_15": r.two_card_15,
        "compare": r.compare,
        "equal_totals": r.equal_totals,
        "non": r.non,
        "heavy_bust_from": r.heavy_bust_from,
        "pay_for_banker": r.pay_for_banker,
    }


def record(base: KampungRules, v: dict[str, Any]) -> KampungRules:
    """The rules record of ``base`` with the house's fields ``v`` (every field given)."""
    decks = v["decks"]
    totals = dataclasses.replace(
        base.totals,
        decks=decks,
        allowed_decks=base.allowed_decks if decks in base.allowed_decks else (decks,),
        two_card_ace_values=tuple(v["ace_two_cards"]),
        three_card_ace_values=tuple(v["ace_three_cards"]),
        ban_ban_multiple=v["ban_ban"],
        ban_luck_multiple=v["ban_luck"],
        five_dragon_multiple=v["five_dragon"],
        five_dragon_21_multiple=v["five_dragon_21"],
        five_card_bust_multiple=v["five_card_bust"],
    )
    return dataclasses.replace(
        base,
        decks=decks,
        allowed_decks=totals.allowed_decks,
        totals=totals,
        shuffle_every_hand=v["shuffle_every_hand"],
        player_must_draw_under=v["seat_must_draw_under"],
        free_hand=v["free_hand"],
        seven_seven_seven_multiple=v["seven_seven_seven"],
        equal_naturals=v["equal_naturals"],
        five_against_five=v["five_against_five"],
        bet_min=v["bet_min"],
        bet_max=v["bet_max"],
        bet_cover=v["bet_cover"],
        fresh_stack=v["fresh_stack"],
        player_min_stack=v["bet_cover"] * v["bet_min"],  # H13: T9's minimum
        burn=v["burn"],
        twenty_one_multiple=v["any_21"],
        selective_open=v["selective_open"],
        busts_shown=v["busts_shown"],
        banker_must_draw_under=v["banker_must_draw_under"],
        rotate_every=v["bank_passes_every"],
        banker_min_stack=v["banker_min_stack"],
        two_card_15=v["two_card_15"],
        compare=v["compare"],
        equal_totals=v["equal_totals"],
        non=v["non"],
        heavy_bust_from=v["heavy_bust_from"],
        pay_for_banker=v["pay_for_banker"],
    )


def check(v: dict[str, Any], base: str) -> None:
    """X2 (H4): ``pay_for_banker`` needs a hand that can be penalised."""
    if v["pay_for_banker"] > 0 and v["non"] == "off" and v["heavy_bust_from"] == 0:
        raise HouseError(
            f"house: 'pay_for_banker' is {v['pay_for_banker']}, allowed 0 when no hand can be"
            f" penalised ('non' 'off' and 'heavy_bust_from' 0) (base {base!r})",
            field="pay_for_banker",
        )


SCHEMA = HouseSchema(
    fields=FIELDS, bases={"kampung": KAMPUNG}, values=values, record=record, check=check
)
