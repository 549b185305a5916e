"""The Ban Luck solo table's state beyond the seat's view (docs/API.md).

The seat's view itself is ``games.banluck.view_json`` (the rooms send the same); a settled
hand's history entry is its driver's (``games.banluck.history``).
"""

from __future__ import annotations

from typing import Any

from banluck.core.seating import Seating
from banluck.games.banluck import Rules
from banluck.web.saves.banluck_save import PlayerRecord


def state_json(
    rec: PlayerRecord,
    rules: Rules,
    seating: Seating,
    table: dict[str, Any] | None,
    features: dict[str, bool],
) -> dict[str, Any]:
    """docs/API.md ``State``: the player's record and ``table`` (a ``table_json``); the bots'
    bet is the ``seating``'s."""
    return {
        "player": {
            "stacks": dict(rec.stacks),
            "last_bet": rec.last_bet,
            "settings": dict(rec.settings),
            "pending_decks": rec.pending_decks,
            "decks_in_play": rec.shoe_decks,
            "notices": list(rec.notices),
        },
        "limits": {
            "bet_min": rules.bet_min,
            "bet_max": rules.bet_max,
            "bot_bet": seating.bot_bet,
        },
        "next_hand": rec.next_hand,
        "table": table,
        "features": dict(features),
    }
