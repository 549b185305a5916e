"""How many rooms there may be, and when an idle room goes (issue 11).

A player may host at most ``per_player`` rooms and the server at most ``total``; making one
more is refused with ``too_many_rooms`` saying which limit and how to get below it. A room
no one has changed (joined, sat, bet, played, connected to) for ``idle_days`` days is
removed; its link then finds no room.

``RoomIndex`` is what one server process knows of every stored room: its host and its last
change. It is built from the store when first needed (one reading of every room), kept up
to date as this process makes rooms, and checked against the store before anything is
removed (another process may have changed the room meanwhile). With the rooms in PostgreSQL
the store counts the rooms for ``check_counts`` (those of every process). Pure: no I/O of
its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from banluck.core.refusal import Refusal

DAY = 86_400.0


@dataclass(frozen=True, kw_only=True, slots=True)
class RoomLimits:
    """The server's limits on rooms."""

    #: rooms one player may host at once
    per_player: int = 20
    #: rooms the server keeps at once
    total: int = 10_000
    #: days without any change after which a room is removed
    idle_days: float = 30.0

    @property
    def idle_seconds(self) -> float:
        return self.idle_days * DAY


@dataclass(frozen=True, slots=True)
class Entry:
    """A stored room as the index knows it."""

    host: str
    updated: float


def entry_of(text: str, now: float) -> Entry | None:
    """A stored room's host and last change (``now`` for a room saved before rooms kept
    it); None for text that is not a room.

    >>> entry_of('{"host": "p1", "updated": 5.0}', 9.0), entry_of('{"host": "p1"}', 9.0)
    (Entry(host='p1', updated=5.0), Entry(host='p1', updated=9.0))
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("host"), str):
        return None
    updated = data.get("updated")
    if isinstance(updated, (int, float)) and not isinstance(updated, bool):
        return Entry(str(data.get("owner", data["host"])), float(updated))
    return Entry(str(data.get("owner", data["host"])), now)


class RoomIndex:
    """Every stored room's host and last change, as this process knows them."""

    def __init__(self, limits: RoomLimits | None = None) -> None:
        self.limits = limits or RoomLimits()
        self.rooms: dict[str, Entry] = {}
        self.loaded = False
        #: when this process first looked for idle rooms (its clock; None: not yet)
        self.since: float | None = None

    def load(self, codes: Iterable[str], read: Callable[[str], str | None], now: float) -> None:
        """Learn every stored room (``read`` gives a room's text); once per process."""
        for code in codes:
            text = read(code)
            entry = None if text is None else entry_of(text, now)
            if entry is not None:
                self.rooms[code] = entry
        self.loaded = True

    def note(self, code: str, host: str, updated: float) -> None:
        """A room made or seen changed."""
        self.rooms[code] = Entry(host, updated)

    def forget(self, code: str) -> None:
        self.rooms.pop(code, None)

    def hosted_by(self, player: str) -> int:
        return sum(1 for e in self.rooms.values() if e.host == player)

    def check_create(self, player: str) -> None:
        """``too_many_rooms`` when ``player`` may not make another room now."""
        self.check_counts(len(self.rooms), self.hosted_by(player))

    def check_counts(self, total: int, hosted: int) -> None:
        """``too_many_rooms`` when ``total`` rooms are stored, ``hosted`` of them by the
        player who makes one more (counted by the store itself when it is shared by several
        processes: ``PgRoomStore.creating``).

        >>> RoomIndex(RoomLimits(total=2)).check_counts(2, 0)
        Traceback (most recent call last):
        banluck.core.refusal.Refusal: the server holds its limit of 2 rooms: try again later
        """
        limits = self.limits
        if total >= limits.total:
            raise Refusal(
                "too_many_rooms",
                f"the server holds its limit of {limits.total} rooms: try again later",
                {"limit": "total", "max": limits.total},
            )
        if hosted >= limits.per_player:
            raise Refusal(
                "too_many_rooms",
                f"you host {limits.per_player} rooms, the most one player may: rooms idle "
                f"for {limits.idle_days:g} days are removed",
                {"limit": "per_player", "max": limits.per_player},
            )

    def idle(self, now: float) -> list[str]:
        """The rooms whose last change known here is older than the idle limit."""
        before = now - self.limits.idle_seconds
        return sorted(code for code, e in self.rooms.items() if e.updated < before)
