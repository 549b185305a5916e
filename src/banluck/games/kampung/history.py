"""A finished kampung hand as a table's history keeps it: the seat's line (as a player or as
the bank) and the hand's REPLAY.md input (``replay``'s format), so that ``banluck replay`` of
a downloaded hand gives exactly the result the table settled.
"""

from __future__ import annotations

from typing import Any

from banluck.games.kampung.round import KampungRound


def replay_input(r: KampungRound, bank_stack: int, house: dict[str, Any] | None) -> dict[str, Any]:
    """REPLAY.md's input: the banker and its stack, every player's stack and bet, each
    seat's moves, the cards the hand drew; the house it was dealt under in place of the
    preset (H2)."""
    seats_in_order = r.rules.seats
    moves: dict[str, list[str]] = {s: [] for s in seats_in_order}
    for seat, action in r.actions():
        moves[seat].append(action)
    entries = {p.name: p for p in r.entries}
    seats: list[dict[str, Any]] = []
    for name in seats_in_order:
        if name == r.banker:
            seats.append({"name": name, "stack": bank_stack, "moves": moves[name]})
        else:
            p = entries[name]
            seats.append({"name": name, "stack": p.stack, "bet": p.bet, "moves": moves[name]})
    return {
        **({"preset": "kampung"} if house is None else {"house": house}),
        "decks": r.rules.decks,
        "banker": r.banker,
        "shoe": [c.code for c in r.drawn()],
        "seats": seats,
    }


def seat_result(r: KampungRound, seat: str) -> tuple[int, int, str]:
    """What ``seat`` won in the finished round ``r``, what it wagered (the bank none) and
    the kind of its hand."""
    outcome = r.outcome()
    if outcome.bank.name == seat:
        return outcome.bank.net, 0, outcome.bank.kind
    you = next(s for s in outcome.seats if s.name == seat)
    return you.net, next(p.bet for p in r.entries if p.name == seat), you.kind


def history_item(r: KampungRound, seat: str, result: dict[str, Any]) -> dict[str, Any]:
    """The history's line of ``seat`` for the finished round ``r`` whose REPLAY.md output is
    ``result`` (after its number and time)."""
    net, wagered, _kind = seat_result(r, seat)
    mine = (
        result["bank"]
        if r.banker == seat
        else next(s for s in result["seats"] if s["name"] == seat)
    )
    return {
        "bet": wagered,
        "net": net,
        "result": "win" if net > 0 else "lose" if net < 0 else "push",
        "banker": r.banker,
        "you": mine,
        "bank": result["bank"],
        "void": r.outcome().void,
    }
