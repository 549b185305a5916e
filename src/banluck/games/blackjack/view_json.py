"""A blackjack seat's (or a watcher's) events as the documented JSON (docs/API.md): the
solo table and the rooms send the same."""

from __future__ import annotations

from typing import Any

from banluck.core.money import HandRef, WagerSettled
from banluck.games.blackjack import events as ev
from banluck.games.blackjack.round import BlackjackRound


def _hand_json(ref: HandRef | None) -> tuple[str, int | None]:
    return ("dealer", None) if ref is None else (ref.seat, ref.index)


def events_json(r: BlackjackRound, viewer: str | None) -> list[dict[str, Any]]:
    """The round's events as ``viewer`` may see them now (B9): a card is given when it was
    dealt face up, is the viewer's, or its hand (the dealer's hole card) is turned over
    (``viewer`` None: a watcher, who holds no hand)."""
    rules = r.rules

    def seat_seen(seat: str) -> bool:
        if seat == viewer or not rules.seat_cards_face_down:
            return True
        hands = r.seat_state(seat).hands
        return bool(hands) and all(h.turned_over for h in hands)

    out: list[dict[str, Any]] = []
    for e in r.events:
        if isinstance(e, ev.CardDealt):
            seat, index = _hand_json(e.hand)
            seen = e.face_up or (r.hole_turned if e.hand is None else seat_seen(seat))
            out.append(
                {
                    "type": "dealt",
                    "seat": seat,
                    "index": index,
                    "card": e.card.code if seen else None,
                    "face_up": e.face_up,
                    "row": e.row,
                }
            )
        elif isinstance(e, ev.InsuranceDecided):
            out.append({"type": "insurance", "seat": e.seat, "stake": e.stake})
        elif isinstance(e, ev.DealerPeeked):
            out.append({"type": "peek", "blackjack": e.blackjack})
        elif isinstance(e, ev.ActionTaken):
            out.append(
                {
                    "type": "action",
                    "seat": e.hand.seat,
                    "index": e.hand.index,
                    "action": e.action,
                    "played_as": e.played_as,
                }
            )
        elif isinstance(e, ev.HandTurnedOver):
            seat, index = _hand_json(e.hand)
            out.append(
                {
                    "type": "revealed",
                    "seat": seat,
                    "index": index,
                    "cards": [c.code for c in e.cards],
                }
            )
        elif isinstance(e, WagerSettled):
            seen = e.hand.seat == viewer or seat_seen(e.hand.seat) or r.over
            out.append(
                {
                    "type": "settled",
                    "seat": e.hand.seat,
                    "index": e.hand.index,
                    "wager": e.wager,
                    "result": e.result if seen else None,
                    "net": e.net if seen else None,
                }
            )
        else:
            out.append({"type": "over"})
    return out
