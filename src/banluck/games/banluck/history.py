"""A finished Ban Luck hand as a table's history keeps it: the seat's line (``item``) and the
hand's REPLAY.md input, so that ``banluck replay`` of a downloaded hand gives exactly the
result the table settled.
"""

from __future__ import annotations

from typing import Any

from banluck.core.cards import Card
from banluck.games.banluck.round import Round


def replay_input(r: Round, house: dict[str, Any] | None) -> dict[str, Any]:
    """REPLAY.md's input for round ``r``: every seat's moves, the cards it drew, stacks
    before; the house it was dealt under in place of the preset (H2)."""
    moves: dict[str, list[str]] = {s: [] for s in r.seats}
    for seat, action in r.actions:
        moves[seat].append(action.value)
    return {
        **({"preset": r.rules.name} if house is None else {"house": house}),
        "decks": r.rules.decks,
        "shoe": [c.code for c in r.drawn],
        "seats": [
            {"name": s, "stack": r.stacks[s], "bet": r.bets[s], "moves": moves[s]} for s in r.seats
        ],
    }


def history_item(r: Round, seat: str) -> dict[str, Any]:
    """The history's line of ``seat`` for the finished round ``r`` (after its number and
    time)."""
    outcome = r.outcome()
    you = next(s for s in outcome.seats if s.name == seat)
    assert you.result is not None

    def brief(cards: tuple[Card, ...], total: int, kind: str) -> dict[str, Any]:
        return {"cards": [c.code for c in cards], "total": total, "kind": kind}

    dealer = outcome.dealer
    return {
        "bet": you.bet,
        "net": you.net,
        "result": you.result.value,
        "you": brief(you.cards, you.total, you.kind.value),
        "dealer": brief(dealer.cards, dealer.total, dealer.kind.value),
        "void": outcome.void,
    }
