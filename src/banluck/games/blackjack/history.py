"""A finished blackjack hand as a table's history keeps it: the seat's line and the hand's
REPLAY.md input (``replay``'s format), so that ``banluck replay`` of a downloaded hand gives
exactly the result the table settled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banluck.core.cards import Card
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import BlackjackRules


def replay_input(
    rules: BlackjackRules,
    r: BlackjackRound,
    actions: Sequence[tuple[str, str]],
    drawn: Sequence[Card],
    shoe_hand: int,
    house: dict[str, Any] | None,
) -> dict[str, Any]:
    """REPLAY.md's input: every seat's stack before, bet, side bets and moves (I9's
    insurance apart), the cards the hand drew in order (``drawn``), the shoe's hand number
    where side bets read it; the house it was dealt under in place of the preset (H2)."""
    names = r.seat_names()
    moves: dict[str, list[str]] = {s: [] for s in names}
    insured: dict[str, bool] = dict.fromkeys(names, False)
    for seat, action in actions:
        if action == "insure":
            insured[seat] = True
        elif action != "decline":
            moves[seat].append(action)
    seats = []
    for name in names:
        e = r.seat_state(name).entry
        entry: dict[str, Any] = {"name": name, "stack": e.stack, "bet": e.bet, "moves": moves[name]}
        if rules.insurance:
            entry["insurance"] = insured[name]
        if e.side_bets:
            entry["side_bets"] = dict(e.side_bets)
        seats.append(entry)
    replay: dict[str, Any] = {"preset": rules.name} if house is None else {"house": house}
    if rules.side_bets:
        replay["shoe_hand"] = shoe_hand
    replay.update({"shoe": [c.code for c in drawn], "seats": seats})
    return replay


def history_item(r: BlackjackRound, seat: str, bet: int, result: dict[str, Any]) -> dict[str, Any]:
    """The history's line of ``seat`` (who bet ``bet``) for the finished round ``r`` whose
    REPLAY.md output is ``result`` (after its number and time)."""
    you = next(s for s in r.outcome().seats if s.name == seat)
    return {
        "bet": bet,
        "net": you.net,
        "result": "win" if you.net > 0 else "lose" if you.net < 0 else "push",
        "you": result["seats"][0],
        "dealer": result["dealer"],
    }
