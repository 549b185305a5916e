"""A room as saved (``Room.to_json``) and loaded again (``Room.from_json``): everything
but the open sockets; a damaged room is refused on load (``check_loaded``), never served.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from banluck.core.money import MAX_CHIPS
from banluck.games.driver import HandStart
from banluck.games.table_run import BadRun, TableRun
from banluck.rooms.door import Door
from banluck.rooms.fair import salt_from
from banluck.rooms.people import Member
from banluck.rooms.settings import settings_from_json
from banluck.rooms.tally import Tally

if TYPE_CHECKING:
    from banluck.rooms.room import Room

#: The format of a saved room (the first kept its table's run at its top level).
FORMAT = 2
#: The room's fields of the first format that are its table run's now (``games.table_run``)
_RUN_FIELDS = ("stacks", "shoe", "fair", "last_number", "banker", "hands_banked")


def room_json(room: Room) -> dict[str, Any]:
    """The room as JSON-ready data: everything but the open sockets."""
    h = room.hand
    return {
        "format": FORMAT,
        "code": room.code,
        "settings": room.settings.to_json(),
        "host": room.host,
        # the room's own host, when someone else holds the role for them meanwhile
        **({"owner": room.owner} if room.owner != room.host else {}),
        "members": [
            {"player": m.player, "name": m.name, "seat": m.seat, "away": m.away}
            | ({"freed": True} if m.freed else {})
            | ({"watch_only": True} if m.watch_only else {})
            for m in room.members.values()
        ],
        "seats": list(room.seats),
        "occupant": dict(room.occupant),
        # the stacks, the bank, the shoe with its fair ledger, the next hand's number
        "table": room.table.to_json(),
        "kept_stacks": dict(room.kept_stacks),
        "bets": dict(room.bets),
        "last_bets": dict(room.last_bets),
        "deadline": room.deadline,
        "waiting": room._waiting,
        "last_summary": room.last_summary,
        "version": room.version,
        "updated": room.updated,
        "dealt_to": dict(room.dealt_to),
        "present": sorted(room.present),
        **({"sitting_out": sorted(room.sitting_out)} if room.sitting_out else {}),
        **({"side_bets": room.side_bets} if room.side_bets else {}),
        **({"seeds": dict(room.seeds)} if room.seeds else {}),
        "tally": room.tally.to_json(),
        # who comes in (rooms.door), when the door is not simply open
        **({"door": door} if (door := room.door.to_json()) else {}),
        **({"bank_offer": room.bank_offer} if room.bank_offer is not None else {}),
        **({"paused": True} if room.paused else {}),
        "hand": None
        if h is None
        else {
            "start": h.start.to_json(),
            "actions": [list(a) for a in h.actions],
            "settled": room.settled,
        },
    }


def load_room(cls: type[Room], data: dict[str, Any], *, entropy: Callable[[], int]) -> Room:
    """A room saved by ``room_json``; a hand in the middle is dealt again from the same
    shoe and seed and its choices replayed, so it stands exactly where it stood. A room of
    the first format is read as well."""
    data = migrated(data)
    if data.get("format") != FORMAT:
        raise ValueError(f"room format {data.get('format')!r} is not {FORMAT}")
    settings = settings_from_json(data["settings"])
    seats = [str(s) for s in data["seats"]]
    # the saved shoe: no new one is shuffled (and committed) only to be replaced
    room = cls(
        str(data["code"]),
        settings,
        str(data["host"]),
        entropy=entropy,
        shoe=dict(data["table"]["shoe"]),
    )
    try:
        table = TableRun.from_json(data["table"], seats=seats, salts=salt_from(room._next_entropy))
    except BadRun as exc:
        raise ValueError(f"the room's table: {exc}") from None
    room.owner = str(data.get("owner", room.host))
    for m in data["members"]:
        room.members[str(m["player"])] = Member(
            str(m["player"]),
            str(m["name"]),
            m["seat"],
            bool(m["away"]),
            bool(m.get("freed")),
            bool(m.get("watch_only")),
        )
    room.seats = seats
    room.occupant = {str(k): str(v) for k, v in data["occupant"].items()}
    room.table = table
    room.kept_stacks = {str(k): int(v) for k, v in data["kept_stacks"].items()}
    room.bets = {str(k): int(v) for k, v in data["bets"].items()}
    room.last_bets = {str(k): int(v) for k, v in data["last_bets"].items()}
    room.ledger.muted = True  # the hand's replay is recorded already
    # (a room saved before the ledger: not at all)
    room.game.ledger = room.ledger if room.ledger.current is not None else None
    room.deadline = None if data["deadline"] is None else float(data["deadline"])
    room._waiting = data["waiting"]
    room.last_summary = list(data.get("last_summary", []))
    room.version = int(data.get("version", 0))
    updated = data.get("updated")
    room.updated = None if updated is None else float(updated)
    room.dealt_to = {str(k): str(v) for k, v in data.get("dealt_to", {}).items()}
    room.tally = Tally.from_json(data.get("tally"))  # absent in rooms saved before it
    room.door = Door.from_json(data.get("door"))  # an open door is not saved
    room.paused = bool(data.get("paused", False))
    offer = data.get("bank_offer")
    room.bank_offer = None if offer is None else str(offer)
    room.present = {str(p) for p in data.get("present", room.dealt_to.values())}
    room.sitting_out = {str(s) for s in data.get("sitting_out", [])}
    room.side_bets = {
        str(seat): {str(k): int(v) for k, v in sides.items()}
        for seat, sides in data.get("side_bets", {}).items()
    }
    check_loaded(room)
    saved = data["hand"]
    if saved is not None:
        start = saved["start"]
        if start.get("shoe") == data["table"]["shoe"]:  # in play: the hand's shoe is the room's
            start = {**start, "shoe": room.shoe}
        hand = room.game.begin(HandStart.from_json(start))
        hand.replay([(str(s), str(a)) for s, a in saved["actions"]])
        room.hand = hand
        room.settled = bool(saved["settled"])
    room.ledger.muted = False
    room.game.ledger = room.ledger
    room.seeds = {str(k): str(v) for k, v in data.get("seeds", {}).items()}
    if room.ledger.current is None and (room.hand is None or room.settled):
        room._new_shoe(room.game)  # saved before the ledger
    room.ledger.next_salt_commitment()  # a room saved before seeds: the next salt now
    return room


def check_loaded(room: Room) -> None:
    """A saved room that does not add up is refused (ValueError saying what), never
    served: stacks and bets whole numbers from 0 to ``MAX_CHIPS``, every occupant a member
    sitting in that seat, every member's seat theirs, the seats the game's."""

    def chips(where: str, values: dict[str, int]) -> None:
        for key, v in values.items():
            if not 0 <= v <= MAX_CHIPS:
                raise ValueError(f"{where} of {key!r} is {v}, not 0 to {MAX_CHIPS}")

    chips("the stack", room.stacks)
    chips("the kept stack", room.kept_stacks)
    chips("the bet", room.bets)
    chips("the last bet", room.last_bets)
    layout = room.game.layout
    if layout and tuple(room.seats) != layout:
        raise ValueError(f"the seats {room.seats} are not the game's {list(layout)}")
    if set(room.stacks) != set(room.seats):
        raise ValueError("the stacks are not those of the seats")
    for seat, player in room.occupant.items():
        m = room.members.get(player)
        if seat not in room.seats or m is None or m.seat != seat:
            raise ValueError(f"the occupant of {seat!r} is not a member sitting there")
    for m in room.members.values():
        if m.seat is not None and room.occupant.get(m.seat) != m.player:
            raise ValueError(f"member {m.name!r} has a seat that is not theirs")
    if not set(room.bets) <= set(room.occupant):
        raise ValueError("a bet is saved for a seat nobody holds")
    if not set(room.side_bets) <= set(room.bets):
        raise ValueError("side bets are saved for a seat with no bet")
    chips("a side bet", {f"{s} {k}": v for s, b in room.side_bets.items() for k, v in b.items()})
    if room.banker is not None and room.banker not in room.seats:
        raise ValueError(f"the banker {room.banker!r} is not a seat")
    for r in room.tally.people.values():
        if r.hands < 0 or abs(r.net) > MAX_CHIPS or not 0 <= r.biggest_win <= MAX_CHIPS:
            raise ValueError(f"the settle-up line of {r.name!r} does not add up")
    if room.last_number < 0 or room.hands_banked < 0:
        raise ValueError("a negative hand count")
    if room.bank_offer is not None and room.bank_offer not in room.members:
        raise ValueError("the bank is offered to someone not in the room")


def migrated(data: dict[str, Any]) -> dict[str, Any]:
    """A room of the first format in this format's form (its table run's fields gathered
    in ``table``); a room of this format as it is."""
    if data.get("format") != 1:
        return data
    run = {k: data.get(k) for k in _RUN_FIELDS}
    rest = {k: v for k, v in data.items() if k not in run}
    last = run.pop("last_number")
    table = {**run, "next_hand": last + 1 if type(last) is int else last}
    return {**rest, "format": FORMAT, "table": table}
