"""Game recall (issue 20, GLI-19): every finished hand of a room, kept for its people.

When a hand is settled the room makes its record (``record``): the hand's number, each
seat's person (by name) or bot, bet, side bets, net and stack after, every choice in order,
the house it was played under (H3, when the room plays one), and the finished table as each
seat dealt to a person saw it, and as a watcher saw it. The store keeps it beside the room
(``store.rooms.KEEP_HANDS`` a room, the newest), written with the room's state in one
transaction. A person of the room reads a hand as they saw it
(``for_person``: the table of the seat they held in that hand, else the watcher's): the
record never shows a card its reader did not see at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from banluck.games.driver import HandDriver, Settled

#: The key of the watcher's view in a record's ``views``.
WATCHER = ""


def record(
    hand: HandDriver,
    settled: Settled,
    dealt_to: dict[str, str],
    names: dict[str, str],
    house: dict[str, Any] | None,
) -> dict[str, Any]:
    """The record of a settled hand: ``dealt_to`` (seat -> player) names whose seats
    were people's, ``names`` (player -> name) their names then, ``house`` the house the
    hand was played under (H12: every field after defaults; None: the game's preset)."""
    start = hand.start
    nets: dict[str, int] = {}
    for line in settled.summary:
        nets[str(line["seat"])] = nets.get(str(line["seat"]), 0) + int(line["net"])
    seats = []
    for seat in start.seats:
        player = dealt_to.get(seat)
        seats.append(
            {
                "seat": seat,
                "name": names.get(player) if player else None,
                "bet": start.bets.get(seat),
                **({"side_bets": dict(start.side_bets[seat])} if seat in start.side_bets else {}),
                "net": nets.get(seat, 0),
                "stack": settled.stacks.get(seat),
            }
        )
    views = {seat: hand.view(seat) for seat in dealt_to}
    views[WATCHER] = hand.view(None)
    return {
        "hand": hand.number,
        "seats": seats,
        "banker": start.banker,
        "actions": [[s, a] for s, a in hand.actions],
        "people": dict(dealt_to),
        "views": views,
        **({} if house is None else {"house": house}),
    }


def for_person(rec: dict[str, Any], player: str) -> dict[str, Any]:
    """The hand as ``player`` saw it: the seat they held (None: they watched), the seats'
    bets and results, the choices, and the finished table of their seat."""
    seat = next((s for s, p in rec["people"].items() if p == player), None)
    views = rec["views"]
    return {
        "hand": rec["hand"],
        "seat": seat,
        "seats": rec["seats"],
        "banker": rec["banker"],
        "actions": rec["actions"],
        "table": views.get(seat, views[WATCHER]) if seat is not None else views[WATCHER],
        **({"house": rec["house"]} if "house" in rec else {}),
    }


def hand_line(seen: dict[str, Any]) -> dict[str, Any]:
    """A hand of ``for_person`` without its table and choices: a line of a list."""
    return {k: v for k, v in seen.items() if k not in ("table", "actions")}
