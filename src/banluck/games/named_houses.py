"""Named houses (HOUSE_RULES.md H10): a few published variants beside the presets, each with
where it comes from. A player starts from one of them, or from a preset, and changes fields.

>>> sorted(NAMED)[:2]
['dealer-17', 'dealer-wins-ties']
>>> named_house("lucky-sevens").rules["seven_seven_seven"]
7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from banluck.games.house import House, HouseError, read_house


@dataclass(frozen=True, kw_only=True)
class NamedHouse:
    """A house object and the line that says where it comes from."""

    house: dict[str, Any]
    source: str
    #: the game whose tables and rooms offer it (None: the game of its base's name)
    game: str | None = None

    @property
    def offered_with(self) -> str:
        """The game that offers this house (``xi-dach`` for Xì Dách's, its base otherwise)."""
        return self.game or str(self.house["base"])


#: XI_DACH.md X13's fields: v0.7 §1–§9 and the kampung values it does not have
_XI_DACH: dict[str, Any] = {
    "decks": 1,
    "shuffle_every_hand": True,
    "ace_two_cards": [11],
    "ace_three_cards": [1, 10],
    "seat_must_draw_under": 16,
    "banker_must_draw_under": 15,
    "non": "all",
    "heavy_bust_from": 28,
    "pay_for_banker": 12,
    "ban_ban": 2,
    "ban_luck": 1,
    "five_dragon": 2,
    "five_dragon_21": 2,
    "any_21": 1,
    "equal_naturals": "banker",
    "five_against_five": "banker",
    "equal_totals": "push",
    "compare": "xi_dach",
    "selective_open": True,
    "busts_shown": False,
    "bet_cover": 2,
    "two_card_15": "plain",
    "burn": False,
    "free_hand": False,
    "seven_seven_seven": 0,
    "five_card_bust": 1,
}


NAMED: dict[str, NamedHouse] = {
    "five-card-bust-one": NamedHouse(
        house={"base": "table", "name": "Five-card bust costs one", "rules": {"five_card_bust": 1}},
        source="a five-card bust costing only its bet, as seed 003's table plays it (O6)",
    ),
    "lucky-sevens": NamedHouse(
        house={"base": "table", "name": "Lucky sevens", "rules": {"seven_seven_seven": 7}},
        source="7-7-7 paid 7 to 1, within seed 004's 'from 1:5 to 1:21, depending on house rules'",
    ),
    "dealer-wins-ties": NamedHouse(
        house={
            "base": "table",
            "name": "The dealer wins ties",
            "rules": {"equal_totals": "banker", "equal_naturals": "banker"},
        },
        source="the banker takes every tie: HOUSE_RULES.md H6 and H10",
    ),
    "dealer-17": NamedHouse(
        house={
            "base": "table",
            "name": "The dealer stands on 17",
            "rules": {
                "dealer_stands_on": 17,
                "dealer_draws_16_with_four": False,
                "dealer_five_cards": "plain",
            },
        },
        source="a casino dealer, who 'must play at least until 17 points but must stand once "
        "reached' (seed 004), and whose five cards are no special hand (seed 003)",
    ),
    "kampung-no-burn": NamedHouse(
        house={"base": "kampung", "name": "Kampung without the burn", "rules": {"burn": False}},
        source="kampung where a 15 cannot be burnt: HOUSE_RULES.md H10 and H19",
    ),
    "kampung-busts-shown": NamedHouse(
        house={"base": "kampung", "name": "Busts shown", "rules": {"busts_shown": True}},
        source="seed 004: 'players to reveal busted cards (depending on house rules)'",
    ),
    "kampung-21-pays-one": NamedHouse(
        house={"base": "kampung", "name": "A 21 pays one", "rules": {"any_21": 1}},
        source="seed 004 marks the double payment of a 21 as a house rule: without it",
    ),
    # XI_DACH.md X13: the v0.7 rule book (ngquoctoan2001/xi-zach, docs/luat-xi-dach.md)
    "xi-dach": NamedHouse(
        house={"base": "kampung", "name": "Xì Dách", "rules": _XI_DACH},
        source="Xì Dách as the v0.7 rule book writes it (ngquoctoan2001/xi-zach, "
        "docs/luat-xi-dach.md): XI_DACH.md X13",
        game="xi-dach",
    ),
    # X14: the most active room app's play (khiemvuong/XizachOnline)
    "xi-dach-rooms": NamedHouse(
        house={
            "base": "kampung",
            "name": "Xì Dách (online rooms)",
            "rules": {
                **_XI_DACH,
                "ace_two_cards": [1, 10, 11],
                "ace_three_cards": [1, 10, 11],
                "non": "off",
                "heavy_bust_from": 0,
                "pay_for_banker": 0,
                "ban_ban": 1,
                "five_dragon": 1,
                "five_dragon_21": 1,
                "equal_naturals": "push",
                "five_against_five": "by_total",
                "bet_cover": 1,
            },
        },
        source="Xì Dách as the most active online room app plays it (khiemvuong/XizachOnline): "
        "XI_DACH.md X14",
        game="xi-dach",
    ),
    # X15: the Vietnamese chat bots' /xidach
    "xi-dach-bots": NamedHouse(
        house={
            "base": "kampung",
            "name": "Xì Dách (chat bots)",
            "rules": {
                **_XI_DACH,
                "non": "players",
                "heavy_bust_from": 0,
                "pay_for_banker": 0,
                "busts_shown": True,
            },
        },
        source="Xì Dách as the Vietnamese chat bots' /xidach plays it: XI_DACH.md X15",
        game="xi-dach",
    ),
    "six-deck-six-five": NamedHouse(
        house={
            "base": "classic",
            "name": "Six decks, soft 17, 6:5",
            "rules": {
                "decks": 6,
                "dealer_hits_soft_17": True,
                "blackjack_pays": "6:5",
                "double": "any",
            },
        },
        source="the casino shoe game HOUSE_RULES.md H10 names: six decks, the dealer hits a "
        "soft 17, a blackjack pays only 6:5",
    ),
}


def named_house(name: str) -> House:
    """The checked house of a named house (HouseError for an unknown name)."""
    found = NAMED.get(name)
    if found is None:
        raise HouseError(f"house: no named house {name!r} (named: {', '.join(sorted(NAMED))})")
    return read_house(found.house)
