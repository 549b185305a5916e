"""Ban Luck (RULES.md T1–T23, O1–O8): the ``table`` and ``one-on-one`` presets, and the
totals (T1–T6) that kampung shares.

The engine: ``rules`` (frozen, keyword-only data and the presets), ``hands`` (totals by
card count), ``choices`` (the seat's choices), ``dealer`` (the void 15, the dealer's draws),
``settle`` (settlement), ``grids`` (the same rules as tables for the kernels), ``round``
(``Round``: ``legal_actions()``, ``apply()`` -> events, ``outcome()``), ``events``,
``views`` (``view_for``: T22), ``table`` (stacks and the shoe between hands). Around it:
``house`` (the house fields), ``driver`` (the game's one face), ``view_json`` (the seat's
view as JSON), ``strategy`` (the exact solver, shipped tables, hints, charts) and ``sim``
(the Numba simulator).
"""

from banluck.core.cards import Card, parse_card, parse_cards
from banluck.core.errors import BadBet, BadCard, BanLuckError, IllegalAction, ShoeExhausted
from banluck.core.shoe import Shoe
from banluck.games.banluck.actions import Action
from banluck.games.banluck.hands import HandKind, hand_kind, hand_total
from banluck.games.banluck.records import Outcome, SeatEntry, SeatResult
from banluck.games.banluck.round import Round
from banluck.games.banluck.rules import PRESETS, Rules, preset
from banluck.games.banluck.views import SeatView, view_for

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
