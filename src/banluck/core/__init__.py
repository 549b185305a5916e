"""The game itself: pure, deterministic, no I/O.

Everything else in the project (replay, web table, solver, simulator) imports from here;
nothing here imports from them.
"""

from banluck.core.actions import Action
from banluck.core.cards import Card, parse_card, parse_cards
from banluck.core.errors import (
    BadBet,
    BadCard,
    BanLuckError,
    IllegalAction,
    ShoeExhausted,
)
from banluck.core.hands import HandKind, hand_kind, hand_total
from banluck.core.round import Outcome, Round, SeatEntry, SeatResult
from banluck.core.rules import PRESETS, Rules, preset
from banluck.core.shoe import Shoe
from banluck.core.views import SeatView, view_for

__all__ = [
    "PRESETS",
    "Action",
    "BadBet",
    "BadCard",
    "BanLuckError",
    "Card",
    "HandKind",
    "IllegalAction",
    "Outcome",
    "Round",
    "Rules",
    "SeatEntry",
    "SeatResult",
    "SeatView",
    "Shoe",
    "ShoeExhausted",
    "hand_kind",
    "hand_total",
    "parse_card",
    "parse_cards",
    "preset",
    "view_for",
]
