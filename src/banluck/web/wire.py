"""The Ban Luck solo table's JSON beyond the seat's view (docs/API.md): states and history.

The seat's view itself is ``games.banluck.view_json`` (the rooms send the same). A settled
hand's REPLAY.md
input and output are the replay command's own format (``banluck.wire.outcome_json``),
so ``banluck replay`` of a downloaded hand gives exactly the result the table settled.
"""

from __future__ import annotations

from typing import Any

from banluck.core.cards import Card
from banluck.core.seating import Seating
from banluck.games.banluck import Round, Rules
from banluck.web.saves.banluck_save import HandRecord, PlayerRecord
from banluck.web.saves.records import now_iso


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
    """REPLAY.md's input for a hand: every seat's moves, the cards it drew, stacks before;
    the house it was dealt under in place of the preset (H2)."""
    moves: dict[str, list[str]] = {s.name: [] for s in hand.seats}
    for seat, action in hand.actions:
        moves[seat].append(action.value)
    return {
        **({"preset": preset} if hand.house is None else {"house": hand.house}),
        "decks": hand.decks,
        "shoe": [c.code for c in hand.cards],
        "seats": [
            {"name": s.name, "stack": s.stack, "bet": s.bet, "moves": moves[s.name]}
            for s in hand.seats
        ],
    }


def history_entry(hand: HandRecord, r: Round, seat: str, result: dict[str, Any]) -> dict[str, Any]:
    """A finished hand as the history keeps it: the ``HistoryItem`` of ``seat``, and the
    hand's REPLAY.md input and its output (``result``, the driver's)."""
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
    return {"item": item, "replay": replay_input(hand, r.rules.name), "result": result}
