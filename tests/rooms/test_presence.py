"""Who is online, without a save and a frame per socket (issue 20, connect churn): another
tab of someone online, or a socket that has not joined, changes nothing anyone sees; a
burst of people coming back is gathered into one save and one frame per socket."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from banluck.store.rooms import Hand, RoomStore
from banluck.web.rooms.frames import Connection
from banluck.web.rooms.hub import PRESENCE_DELAY, RoomHub
from tests.rooms.helpers import Clock, room, seeded


class CountingStore(RoomStore):
    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.saves = 0

    def save(self, code: str, data: str, hand: Hand | None = None) -> None:
        self.saves += 1
        super().save(code, data, hand)


def _frames(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while not conn.queue.empty():
        text = conn.queue.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def test_tabs_and_strangers_change_nothing_and_a_burst_is_one_save(tmp_path: Path) -> None:
    store = CountingStore(tmp_path / "rooms.sqlite3")
    hub = RoomHub(store, clock=Clock(), entropy=seeded())
    r = room()
    r.sit("B", "anna", 0.0)
    r.sit("C", "ben", 0.0)
    for i in range(10):
        r.join(f"P{i}", f"Person {i}", 0.0)
    hub.rooms[r.code] = r
    hub._save(r)

    async def play() -> None:
        ann = Connection("A")
        hub.attach(r, ann)
        await asyncio.sleep(2 * PRESENCE_DELAY)
        assert [f["type"] for f in _frames(ann)] == ["state", "state"]  # hers, then online
        saves, version = store.saves, r.version
        # Ann's other tabs and strangers' sockets, opened and closed 50 times: nothing seen
        for _ in range(50):
            for conn in (Connection("A"), Connection("stranger")):
                hub.attach(r, conn)
                assert len(_frames(conn)) == 1  # its own state: the room exists
                hub.detach(r, conn)
        await asyncio.sleep(2 * PRESENCE_DELAY)
        assert (store.saves, r.version, _frames(ann)) == (saves, version, [])
        # twelve people come back at once: one save, and one frame to Ann with all of them
        people = [Connection(p) for p in ("B", "C", *(f"P{i}" for i in range(10)))]
        for conn in people:
            hub.attach(r, conn)
        await asyncio.sleep(2 * PRESENCE_DELAY)
        assert store.saves == saves + 1
        got = _frames(ann)
        assert len(got) == 1
        online = {s["name"] for s in got[0]["room"]["seats"] if s["connected"]}
        assert {"Bob", "Cai"} <= online
        # they all leave, the last one too: the room is saved before it is forgotten
        for conn in [*people, ann]:
            hub.detach(r, conn)
        assert r.code not in hub.rooms and store.saves == saves + 2
        assert not r.connections

    _run(play())


def _run(main: Coroutine[Any, Any, None]) -> None:
    """``asyncio.run`` in a thread of its own (a test process may have a loop running)."""
    failed: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(main)
        except BaseException as exc:  # re-raised in the test
            failed.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(60)
    if failed:
        raise failed[0]
