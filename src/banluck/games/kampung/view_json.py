"""A kampung seat's (or a watcher's) view as the documented JSON (docs/API.md, kampung's
``Table``): the solo table and the rooms send the same. Only views are written: every card
a seat may not see is already ``None`` (K17)."""

from __future__ import annotations

from typing import Any

from banluck.games.kampung import events as ev
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.views import HandView, view_for


def table_json(r: KampungRound, seat: str | None, number: int, step: int) -> dict[str, Any]:
    """The hand as ``seat`` sees it (None: a watcher)."""
    v = view_for(r, seat)
    return {
        "hand": number,
        "step": step,
        "over": v.over,
        "void": v.void,
        "banker": v.banker,
        "you_bank": seat is not None and v.banker == seat,
        "to_act": v.to_act,
        "legal": list(v.legal_actions),
        "players": [_hand_json(h) for h in v.players],
        "bank": _hand_json(v.bank),
        "events": [event_json(e) for e in v.events],
        **_confirm_json(r, seat),
    }


def _confirm_json(r: KampungRound, seat: str | None) -> dict[str, Any]:
    """X17: the choices the page asks the person to confirm, with what they cost (absent
    when none): a stand under the licence makes the hand non."""
    if seat is None or r.to_act != seat or not r.stand_is_non():
        return {}
    rules, total = r.rules, r.total(seat)
    if seat == r.banker:  # X11: a non banker pays every hand it has not opened
        return {"confirm": {"stand": {"code": "non_banker", "params": {"total": total}}}}
    params = {"total": total, "up_to": rules.pay_for_banker}
    code = "non_pays" if rules.pay_for_banker else "non"  # X10: and pays for the banker
    return {"confirm": {"stand": {"code": code, "params": params}}}


def _hand_json(h: HandView) -> dict[str, Any]:
    return {
        "seat": h.seat,
        "banker": h.banker,
        "cards": [None if c is None else c.code for c in h.cards],
        "burnt": [c.code for c in h.burnt],
        "card_count": h.card_count,
        "turned": h.turned,
        "stood": h.stood,
        "total": h.total,
        "kind": h.kind,
        "bet": h.bet,
        "stack": h.stack,
        "result": h.result,
        "net": h.net,
    }


def _met_json(met: ev.Met | None) -> dict[str, Any]:
    """A settled hand's ``hand`` and ``bank`` as they met (absent unless both are turned):
    the page explains the result with these, never with a total of its own."""
    if met is None:
        return {}
    return {
        "hand": {"total": met.total, "kind": met.kind},
        "bank": {"total": met.bank_total, "kind": met.bank_kind},
    }


def event_json(e: ev.Event) -> dict[str, Any]:
    """One event of a view (cards the viewer may not see are already None)."""
    if isinstance(e, ev.CardDealt):
        return {
            "type": "dealt",
            "seat": e.seat,
            "card": None if e.card is None else e.card.code,
            "face_up": e.face_up,
            "reason": str(e.reason),
        }
    if isinstance(e, ev.ActionTaken):
        return {"type": "action", "seat": e.seat, "action": e.action}
    if isinstance(e, ev.CardsBurnt):
        return {"type": "burnt", "seat": e.seat, "cards": [c.code for c in e.cards], "bet": e.bet}
    if isinstance(e, ev.BetDoubled):
        return {"type": "doubled", "seat": e.seat, "bet": e.bet}
    if isinstance(e, ev.HandTurned):
        return {
            "type": "turned",
            "seat": e.seat,
            "cards": [c.code for c in e.cards],
            "total": e.total,
            "kind": e.kind,
        }
    if isinstance(e, ev.TurnEnded):
        return {"type": "turn_ended", "seat": e.seat}
    if isinstance(e, ev.HandSettled):
        return {
            "type": "settled",
            "seat": e.wager.hand.seat,
            "result": e.wager.result,
            "multiple": e.multiple,
            "net": e.wager.net,
            "stack": e.stack,
            "bank_stack": e.bank_stack,
            "owed": e.owed,
            **_met_json(e.met),
        }
    if isinstance(e, ev.RoundVoided):
        return {"type": "void"}
    return {"type": "over"}
