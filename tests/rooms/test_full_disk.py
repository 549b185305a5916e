"""A full disk under a live room (issue 20): a change the server cannot save is refused
(``unavailable``, in the player's language on the page) and never shown; the room stays as
saved, in memory and on disk; a socket opened and closed meanwhile leaves no seat
"connected"; once there is space again play goes on, and a new server on the same files
finds the room as last shown."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from banluck.store.rooms import Hand, RoomStore
from tests.rooms.test_ws import Player, _cookie, make_room, served


class FillingStore:
    """The room store's ``save``, failing as SQLite does on a full disk while ``full``."""

    def __init__(self, store: RoomStore) -> None:
        self.full = False
        self._save = store.save

    def __call__(self, code: str, data: str, hand: Hand | None = None) -> None:
        if self.full:
            raise sqlite3.OperationalError("database or disk is full")
        self._save(code, data, hand)


def test_a_full_disk_refuses_the_change_shows_nothing_and_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    with served(db) as (client, hub):
        disk = FillingStore(hub.store)  # type: ignore[arg-type]
        hub.store.save = disk  # type: ignore[method-assign]
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="table")
        with ann.open(code) as ws:
            ann.ws = ws
            ann.send({"type": "sit", "seat": "you"})
            with bob.open(code) as bws:
                bob.ws = bws
                bob.send({"type": "join", "name": "Bob"})
                bob.send({"type": "sit", "seat": "anna"})
                bob.sync()
            time.sleep(0.3)
            before = ann.sync()
            assert not before["room"]["seats"][1]["connected"]
            saved = hub.store.load(code)

            disk.full = True
            ann.send({"type": "bet", "hand": 1, "amount": 40})
            refused = ann.sync()
            assert ann.errors()[-1]["code"] == "unavailable"
            assert refused["room"] == before["room"]  # nothing shown that is not saved
            with bob.open(code) as bws:  # Bob comes and goes while the disk is full
                bob.ws = bws
                bob.sync()
                time.sleep(0.3)
            time.sleep(0.3)
            assert hub.store.load(code) == saved
            assert ann.sync()["room"] == before["room"]

            disk.full = False
            ann.send({"type": "bet", "hand": 1, "amount": 40})
            placed = ann.sync()
            assert placed["room"]["seats"][0]["ready"]
            assert not placed["room"]["seats"][1]["connected"]  # no seat left "connected"
            shown = placed["room"]
    with served(db) as (client2, _hub2):  # a new server on the same files
        ann.client = client2
        with ann.open(code) as ws:
            ann.ws = ws
            again = ann.sync()["room"]
            assert again["seats"] == shown["seats"] and again["version"] >= shown["version"]
