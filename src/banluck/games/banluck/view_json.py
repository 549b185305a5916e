"""A Ban Luck seat's view as the documented JSON (docs/API.md ``Table``, ``Hand``,
``Event``): the solo table and the rooms send the same.

Only views are written: ``table_json`` takes ``view_for(round, seat)``, never the round, so
no card a seat may not see can be written (T22).
"""

from __future__ import annotations

from typing import Any

from banluck.core.cards import Card
from banluck.games.banluck.events import (
    ActionTaken,
    CardDealt,
    Event,
    HandRevealed,
    HandSettled,
    RoundOver,
    RoundVoided,
    TurnStarted,
)
from banluck.games.banluck.views import HandView, SeatView


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def hand_json(h: HandView) -> dict[str, Any]:
    """docs/API.md ``Hand``."""
    return {
        "name": h.name,
        "cards": [_code(c) for c in h.cards],
        "total": h.total,
        "kind": None if h.kind is None else h.kind.value,
        "revealed": h.revealed,
        "bet": h.bet,
        "stack": h.stack,
        "result": None if h.result is None else h.result.value,
        "net": h.net,
    }


def event_json(e: Event) -> dict[str, Any]:
    """One event of a view, as docs/API.md writes it."""
    if isinstance(e, CardDealt):
        return {
            "type": "dealt",
            "seat": e.seat,
            "card": _code(e.card),
            "face_up": e.face_up,
            "reason": e.reason.value,
        }
    if isinstance(e, TurnStarted):
        return {"type": "turn", "seat": e.seat}
    if isinstance(e, ActionTaken):
        return {"type": "action", "seat": e.seat, "action": e.action.value}
    if isinstance(e, HandRevealed):
        return {
            "type": "revealed",
            "seat": e.seat,
            "cards": [c.code for c in e.cards],
            "total": e.total,
            "kind": e.kind.value,
        }
    if isinstance(e, RoundVoided):
        return {"type": "void"}
    if isinstance(e, HandSettled):
        return {
            "type": "settled",
            "seat": e.seat,
            "result": e.result.value,
            "multiple": e.multiple,
            "net": e.net,
            "stack": e.stack,
            "owed": e.owed,
        }
    assert isinstance(e, RoundOver)
    return {"type": "over"}


def table_json(view: SeatView, number: int) -> dict[str, Any]:
    """docs/API.md ``Table`` from one seat's view."""
    return {
        "hand": number,
        "step": view.step,
        "over": view.over,
        "void": view.void,
        "to_act": view.to_act,
        "legal": sorted(a.value for a in view.legal_actions),
        "seats": [hand_json(h) for h in view.hands],
        "dealer": hand_json(view.dealer),
        "events": [event_json(e) for e in view.events],
    }
