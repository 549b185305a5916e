"""The JSON wire format of the web table (docs/API.md): views, events, states, history.

Only views leave the server: ``table_json`` takes ``view_for(round, seat)``, never the
round, so no card a seat may not see can be written (T22). A settled hand's REPLAY.md
input and output are the replay command's own format (``banluck.wire.outcome_json``),
so ``banluck replay`` of a downloaded hand gives exactly the result the table settled.
"""

from __future__ import annotations

from typing import Any

from banluck.core import Round, Rules
from banluck.core.cards import Card
from banluck.core.events import (
    ActionTaken,
    CardDealt,
    Event,
    HandRevealed,
    HandSettled,
    RoundOver,
    RoundVoided,
    TurnStarted,
)
from banluck.core.seating import Seating
from banluck.core.views import HandView, SeatView
from banluck.web.records import HandRecord, PlayerRecord, now_iso
from banluck.wire import outcome_json


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


def replay_input(hand: HandRecord, preset: str) -> dict[str, Any]:
    """REPLAY.md's input for a hand: every seat's moves, the cards it drew, stacks before."""
    moves: dict[str, list[str]] = {s.name: [] for s in hand.seats}
    for seat, action in hand.actions:
        moves[seat].append(action.value)
    return {
        "preset": preset,
        "decks": hand.decks,
        "shoe": [c.code for c in hand.cards],
        "seats": [
            {"name": s.name, "stack": s.stack, "bet": s.bet, "moves": moves[s.name]}
            for s in hand.seats
        ],
    }


def history_entry(hand: HandRecord, r: Round, seat: str) -> dict[str, Any]:
    """A finished hand as the history keeps it: the ``HistoryItem`` of ``seat``, and the
    hand's REPLAY.md input and output."""
    outcome = r.outcome()
    you = next(s for s in outcome.seats if s.name == seat)
    assert you.result is not None

    def brief(cards: tuple[Card, ...], total: int, kind: str) -> dict[str, Any]:
        return {"cards": [c.code for c in cards], "total": total, "kind": kind}

    item = {
        "hand": hand.number,
        "time": now_iso(),
        "bet": you.bet,
        "net": you.net,
        "result": you.result.value,
        "you": brief(you.cards, you.total, you.kind.value),
        "dealer": brief(outcome.dealer.cards, outcome.dealer.total, outcome.dealer.kind.value),
        "void": outcome.void,
    }
    return {
        "item": item,
        "replay": replay_input(hand, r.rules.name),
        "result": outcome_json(r.rules.name, outcome),
    }
