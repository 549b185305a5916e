"""The rooms' limits at work (``rooms.limits``): the index of the stored rooms, read from the
store when first needed, and the removal of the rooms idle too long (``sweep_idle``, run
by ``install_rooms`` at start and then every ``SWEEP_EVERY`` seconds)."""

from __future__ import annotations

import asyncio
import logging

from banluck.rooms.limits import RoomIndex, entry_of
from banluck.web.rooms.hub import RoomHub

log = logging.getLogger("banluck.web")

#: How often idle rooms are looked for (seconds).
SWEEP_EVERY = 3600.0
#: A process removes no room before it has run this long (seconds): a server started with
#: its clock far ahead (set wrong, or a month on) removes nothing at once, and a clock put
#: right and a restart within the day find every room as it was.
START_GRACE = 86_400.0


def ready_index(hub: RoomHub, index: RoomIndex) -> RoomIndex:
    """``index``, read from the hub's store the first time (every room once)."""
    if not index.loaded:
        index.load(hub.store.codes(), hub.store.load, hub.clock())
    return index


def sweep_idle(hub: RoomHub, index: RoomIndex) -> list[str]:
    """Remove every room idle longer than the limit, and return their codes. A room with a
    socket open here, or in memory, is in use and stays; each room is read again from the
    store first, so a room another process changed meanwhile stays too; nothing is removed
    in a process's first day (``START_GRACE``)."""
    ready_index(hub, index)
    now = hub.clock()
    if index.since is None:
        index.since = now
    if now - index.since < START_GRACE:
        waiting = index.idle(now)
        if waiting:
            log.warning(
                "%d rooms look idle for %g days: kept until this server has run a day"
                " (is its clock right?)",
                len(waiting),
                index.limits.idle_days,
            )
        return []
    store = hub.store
    delete = getattr(store, "delete", None)
    removed: list[str] = []
    for code in index.idle(now):
        if code in hub.sockets or code in hub.rooms:
            continue
        text = store.load(code)
        entry = None if text is None else entry_of(text, now)
        if entry is None:
            index.forget(code)
        elif entry.updated >= now - index.limits.idle_seconds:
            index.note(code, entry.host, entry.updated)
        elif delete is None:
            log.warning(
                "this rooms store cannot remove rooms: %d idle rooms kept", len(index.idle(now))
            )
            break
        else:
            delete(code)
            index.forget(code)
            removed.append(code)
    if removed:
        log.info("removed %d rooms idle for %g days", len(removed), index.limits.idle_days)
    return removed


async def sweep_forever(hub: RoomHub, index: RoomIndex, every: float = SWEEP_EVERY) -> None:
    """``sweep_idle`` now and every ``every`` seconds, until cancelled."""
    while True:
        try:
            sweep_idle(hub, index)
        except Exception:  # a fault in one sweep must not stop the next
            log.exception("removing idle rooms failed")
        await asyncio.sleep(every)
