"""The Ban Luck wire format shared by ``banluck replay`` and the web server: one settled hand
as REPLAY.md's output object. (Each game of the family keeps its own next to its replay:
``banluck.games.blackjack.replay``, ``banluck.games.kampung.replay``.)
"""

from __future__ import annotations

from typing import Any

from banluck.games.banluck.records import Outcome, SeatResult


def _hand_json(h: SeatResult) -> dict[str, Any]:
    return {"cards": [c.code for c in h.cards], "total": h.total, "hand": h.kind.value}


def outcome_json(preset_name: str, outcome: Outcome) -> dict[str, Any]:
    """REPLAY.md's output object for a settled hand."""
    seats = []
    for s in outcome.seats:
        assert s.result is not None
        seats.append(
            {
                "name": s.name,
                **_hand_json(s),
                "result": s.result.value,
                "net": s.net,
                "stack": s.stack,
                "bet": s.bet,
            }
        )
    return {
        "preset": preset_name,
        "void": outcome.void,
        "dealer": _hand_json(outcome.dealer),
        "seats": seats,
        "cards_used": outcome.cards_used,
    }
