"""What every game of the family shares, pure and deterministic, with no I/O: cards and
the shoe (``cards``, ``shoe``, ``shoe_json``), money (``HandRef``, one ``WagerSettled`` per
wager), who sits where (``seating``), errors and refusals (``errors``, ``refusal``) and the
provably fair shoe (``fair``). No module here names a game: each game is a package under
``banluck.games`` (Ban Luck's own engine is ``banluck.games.banluck``).
"""

from banluck.core.cards import Card, parse_card, parse_cards
from banluck.core.errors import (
    BadBet,
    BadCard,
    BanLuckError,
    IllegalAction,
    ShoeExhausted,
)
from banluck.core.shoe import Shoe

__all__ = [
    "BadBet",
    "BadCard",
    "BanLuckError",
    "Card",
    "IllegalAction",
    "Shoe",
    "ShoeExhausted",
    "parse_card",
    "parse_cards",
]
