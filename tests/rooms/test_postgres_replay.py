"""A change heard from another process is made again on the room in memory (its ``NOTICE``
carries the change and the entropy it drew) and kept only when the result is the notice's
state to the byte; otherwise the state is read as before. Two hubs on one PostgreSQL."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import psycopg
import pytest

from banluck.rooms.room import Room
from banluck.store.pg_rooms import CHANNEL, PgRoomStore, notice, parse_notice, unpack
from banluck.web.rooms.frames import Connection
from banluck.web.rooms.hub import RoomHub
from tests.rooms.helpers import Clock, seeded

pytestmark = pytest.mark.slow


def _frame(room: Room, players: list[str]) -> tuple[str, dict[str, Any]]:
    """The next frame someone in the room sends (the benchmark's people)."""
    for p in players:
        v = room.view(p)
        if v["room"]["phase"] == "betting":
            mine = next(s for s in v["room"]["seats"] if s["seat"] == v["you"]["seat"])
            if not mine["ready"]:
                return p, {"type": "bet", "hand": v["room"]["next_hand"], "amount": 10}
        else:
            t = v.get("table") or {}
            if t.get("to_act") and t["to_act"] == v["you"]["seat"]:
                legal = t["legal"]
                action = "decline" if "decline" in legal else "stand"
                action = action if action in legal else legal[0]
                return p, {"type": "act", "hand": t["hand"], "step": t["step"], "action": action}
    raise AssertionError("nobody can act")


def test_the_other_process_makes_the_change_again(pg_url: str) -> None:
    clock = Clock()
    a = RoomHub(PgRoomStore(pg_url), clock=clock, entropy=seeded(1))
    b = RoomHub(PgRoomStore(pg_url), clock=clock, entropy=seeded(2))  # other entropy
    listener = psycopg.connect(pg_url, autocommit=True)
    try:
        listener.execute(f"LISTEN {CHANNEL}")
        room = a.create("A", {"game": "infinite", "name": "Ann", "timer": 30})
        players = ["A", "B", "C"]
        for p in players:
            if p != "A":
                a.command(room, p, {"type": "join", "name": p})
            a.command(room, p, {"type": "sit"})
            a.change(room, partial(room.connect, p), sockets=(p, 1))  # as ``attach`` does
        mine = b.get(room.code)
        assert mine is not None
        b.sockets[room.code] = {Connection("B")}
        for n in list(listener.notifies(timeout=0.5)):  # the seating: b read it already
            b._heard(n.payload)
        deals = 0
        for _ in range(30):
            player, frame = _frame(room, players)
            in_hand = room.in_hand
            clock.t += 1.5
            a.command(room, player, frame)
            deals += room.in_hand and not in_hand
            (heard,) = list(listener.notifies(timeout=2.0, stop_after=1))
            b._heard(heard.payload)
            assert json.dumps(mine.to_json()) == json.dumps(room.to_json())
            assert b.revs[room.code] == a.revs[room.code]
        assert deals >= 2  # a hand's seed is drawn from a's entropy, carried in the notice
        assert b.replayed == 30 and b.reread == 0
        # the timer, in a: what it plays is made again in b too
        a.sockets[room.code] = {Connection("A")}  # a's timers play the rooms with sockets
        assert room.deadline is not None
        clock.t = room.deadline + 1
        a.tick()
        (heard,) = list(listener.notifies(timeout=2.0, stop_after=1))
        b._heard(heard.payload)
        assert b.replayed == 31 and mine.to_json() == room.to_json()

        # a change that does not come out as the notice's state: the state is taken
        code, rev = room.code, a.revs[room.code]
        player, frame = _frame(room, players)
        clock.t += 1
        a.command(room, player, frame)
        (heard,) = list(listener.notifies(timeout=2.0, stop_after=1))
        got = parse_notice(heard.payload)
        assert got is not None and got[1] == rev + 1
        data = unpack(got[2])
        assert data is not None
        wrong = json.dumps({"t": clock.t, "p": player, "f": {**frame, "type": "stand"}})
        b._heard(notice(code, rev + 1, data, wrong))
        assert b.replayed == 31 and b.reread == 1
        assert mine.to_json() == room.to_json() and b.revs[code] == rev + 1
    finally:
        listener.close()
        a.store.close()
        b.store.close()
