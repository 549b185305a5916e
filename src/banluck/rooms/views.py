"""What a room shows: what everyone in it may know (``public_json``: no player ids, no
cards) and each person's state (``view_json``: T22 / B9 / K17, only their seat's cards; a
person who has not joined sees that the room exists and nothing of its people or hands).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from banluck.rooms.hints import has_chart

if TYPE_CHECKING:
    from banluck.games.driver import GameDriver
    from banluck.rooms.people import Member
    from banluck.rooms.room import Room


def public_json(room: Room) -> dict[str, Any]:
    """What everyone in the room may know (no player ids, no cards)."""
    seats = []
    for seat in room.seats:
        player = room.occupant.get(seat)
        m = room.members.get(player) if player else None
        seats.append(
            {
                "seat": seat,
                "name": m.name if m else None,
                "bot": m is None,
                "away": bool(m and m.away),
                "connected": bool(player and room._connected(player)),
                # gone when the hand was dealt: a bot plays the seat this hand
                "sitting_out": seat in room.sitting_out,
                "stack": room.stacks[seat],
                "ready": seat in room.bets,
                "host": player == room.host,
            }
        )
    hand = room.hand
    return {
        "code": room.code,
        "version": room.version,
        # the watchers' cap always (a save leaves out the default; the page restates no rule)
        "settings": {**room.settings.to_json(), "watchers": room.settings.watchers},
        "seats": seats,
        "watchers": sorted(m.name for m in room.members.values() if m.seat is None),
        "phase": "playing" if room.in_hand else "betting",
        "next_hand": room.last_number + 1,
        "hand": None if hand is None else hand.number,
        "step": None if hand is None else hand.step,
        "to_act": None if hand is None else hand.to_act(),
        "deadline": room.deadline,
        **({"paused": True} if room.paused else {}),
        "banker": room.banker,
        "min_bet": room.game.min_bet,
        **({"side_bets": list(room.game.side_bet_names)} if room.game.side_bet_names else {}),
        # a game of open seats (infinite): whoever sits down gets a new one
        **({"open_seats": True} if not room.game.layout else {}),
        # the game's buttons (as the house has them) and the like, for the page
        "features": {
            **room.game.page_features(),
            # the chart and its drill, where the host turned hints on (rooms.hints)
            **({"chart": True} if has_chart(room) else {}),
        },
        **_house_json(room),
        # who comes in (rooms.door: anyone with the link sees it), the family's call and
        # the bank offered (members only: not in the stranger's view)
        **({"door": door} if (door := room.door.public_json()) else {}),
        **({"call": room.door.call} if room.door.call is not None else {}),
        **({"bank_offer": room.members[room.bank_offer].name} if room.bank_offer else {}),
        "last": room.last_summary,
        "tally": room.tally.rows(),
        "reactions": room.reactions.recent(),
        "fair": _fair_json(room),
    }


def _fair_json(room: Room) -> dict[str, Any] | None:
    """The shoe in use and the next one (``TableLedger.seat_json``): who gave a seed."""
    return room.ledger.seat_json(room.seeds)


def _house_json(room: Room) -> dict[str, Any]:
    """H3: the house every seat plays, its name and what it changes (only with one)."""
    h = room.settings.house
    if h is None:
        return {}
    return {"house": {"base": h.base, "name": h.name, "changes": h.changes()}}


def view_json(
    room: Room, player: str | None, public: dict[str, Any] | None = None
) -> dict[str, Any]:
    """T22 / B9 / K17: the state as ``player`` may see it; only their seat's cards.
    ``public``: ``public_json(room)`` when the caller already has it (one per broadcast)."""
    m = room.members.get(player) if player else None
    if m is None and player is not None:
        return _stranger_view(room, player)
    seat = m.seat if m else None
    table = None
    if room.hand is not None:
        mine = seat is not None and room.dealt_to.get(seat) == player
        table = room.hand.view(seat if mine else None)
    return {
        "type": "state",
        "room": public_json(room) if public is None else public,
        "you": {
            "name": m.name if m else None,
            "seat": seat,
            "host": player == room.host,
            "away": bool(m and m.away),
            "freed": bool(m and m.freed),
            "bet": room.last_bets.get(player or "", None),
            # the seed they gave for the next shoe (rooms.seeds)
            "shoe_seed": room.seeds.get(m.name) if m else None,
            "limits": _limits(room, seat),
            # holding the host's role for the room's own host while they are away (who
            # alone may start a new session)
            **({"holding": True} if player == room.host != room.owner else {}),
            # rooms.door: who waits at the door (to the host), a watcher kept from sitting
            # by the lock, the bank offered to them
            **_door_you(room, player, m),
        },
        "table": table,
    }


@lru_cache(maxsize=4096)
def _limits_of(
    game: GameDriver,
    seat: str | None,
    people: tuple[str, ...],
    stack: int | None,
    banker: str | None,
) -> dict[str, Any]:
    """The game's limits for ``seat`` (``GameDriver.limits``), kept for the frames that ask
    them again (every person's, at every bet of the same hand)."""
    return game.limits(seat, people, stack, banker)


def _limits(room: Room, seat: str | None) -> dict[str, Any]:
    """The bets a seat may place on the next hand, as the solo table's State ``limits``
    (the driver's): no ``bet_cap`` during a hand, when no bet is placed (the frame at its
    end tells it)."""
    people = tuple(s for s in room.seats if s in room.occupant)
    stack = None if seat is None or room.in_hand else room.stacks[seat]
    return dict(_limits_of(room.game, seat, people, stack, room.banker))


def _door_you(room: Room, player: str | None, m: Member | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if player is not None and player == room.host and room.door.knocking:
        out["knocks"] = list(room.door.knocking.values())
    if m is not None and m.watch_only and room.door.lock == "watch":
        out["watch_only"] = True
    if player is not None and player == room.bank_offer:
        out["bank_offered"] = True
    return out


def _stranger_view(room: Room, player: str) -> dict[str, Any]:
    """What a person who has not joined sees: that the room exists, its game and
    settings, its door, and nothing of its people, hands or shoe (they join to see more);
    a person waiting at the door sees the name they knocked under."""
    hidden = {
        **public_json(room),
        "seats": [],
        "watchers": [],
        "hand": None,
        "step": None,
        "to_act": None,
        "deadline": None,
        "banker": None,
        "last": [],
        "tally": [],
        "reactions": [],
        "fair": None,
    }
    hidden.pop("call", None)
    hidden.pop("bank_offer", None)
    you: dict[str, Any] = {
        "name": None,
        "seat": None,
        "host": False,
        "away": False,
        "freed": False,
        "bet": None,
        "limits": _limits(room, None),
    }
    knocked = room.door.knocking.get(player)
    if knocked is not None:
        you["knocking"] = knocked
    if player in room.door.banned:  # removed or refused: told so, not asked to join again
        you["banned"] = True
    return {"type": "state", "room": hidden, "you": you, "table": None}
