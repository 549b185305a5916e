"""One bad string cannot break a room: text that is not valid Unicode is refused at every
door (a socket frame, a request body, a save read back), free text shown to others holds
nothing hidden, a change that fails for a fault of the server leaves the room as saved and
playable, and no other room hears of it."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import psycopg
import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.room import Room
from banluck.web.rooms.hub import RoomHub
from tests.rooms.test_ws import ORIGIN, Player, _cookie, join_and_sit, make_room, play_out, served

SURROGATE_FRAME = '{"type": "seed", "seed": "\\ud800x"}'  # plain ASCII JSON


def _seated_one_on_one(client: Any, hub: RoomHub) -> tuple[Player, Player, str]:
    ann = Player(client, _cookie(client), "ann")
    mal = Player(client, _cookie(client), "mal")
    code = make_room(client, ann.cookie, game="one-on-one")
    return ann, mal, code


def test_a_lone_surrogate_seed_is_refused_and_the_room_plays_on(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann, mal, code = _seated_one_on_one(client, hub)
        with ExitStack() as stack:
            join_and_sit(stack, ann, mal, code, "Mal")
            mal.ws.send_text(SURROGATE_FRAME)
            mal.sync()
            assert mal.errors()[-1]["code"] == "bad_request"
            # the host plays three hands (one-on-one: a new shoe every hand) as ever
            for n in range(1, 4):
                ann.send({"type": "bet", "hand": n, "amount": 20})
                ann.sync()
                play_out([ann], hub, code, lambda legal: "stand" if "stand" in legal else legal[0])
            assert hub.rooms[code].last_number == 3
            assert not ann.errors()
            # a new socket to the room still opens and gets the room
            again = Player(client, ann.cookie, "ann2")
            again.ws = stack.enter_context(again.open(code))
            assert again.sync()["room"]["hand"] == 3


@pytest.mark.parametrize(
    "seed",
    ["x\u202e1", "a\x00b", "\u3164", "x; Bob: 7 7 7", "\u200b", "\u2066x\u2069"],
)
def test_seeds_shown_to_others_hold_nothing_hidden_or_ambiguous(tmp_path: Path, seed: str) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann, _mal, code = _seated_one_on_one(client, hub)
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            ann.send({"type": "seed", "seed": seed})
            state = ann.sync()
            assert ann.errors()[-1]["code"] == "bad_request"
            assert state["room"]["fair"]["next"]["seeds"] == []
            ann.send({"type": "seed", "seed": "lucky 🧧 مرحبا"})  # emoji and RTL letters
            assert ann.sync()["room"]["fair"]["next"]["seeds"] == ["Ann"]


@pytest.mark.parametrize("name", ["\ud800", "Grandma\u202e", "a\x00b", "\u3164"])
def test_a_bad_house_name_makes_no_room_and_says_so(tmp_path: Path, name: str) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        cookie = _cookie(client)
        make_room(client, cookie, game="table")
        before = hub.store.codes()
        body = json.dumps(
            {"name": "Ann", "game": "table", "house": {"base": "table", "name": name}}
        )
        r = client.post(
            "/api/rooms",
            content=body.encode("ascii", "backslashreplace") if name == "\ud800" else body,
            headers={
                **ORIGIN,
                "cookie": f"banluck_id={cookie}",
                "content-type": "application/json",
            },
        )
        assert r.status_code == 422, r.text
        assert r.json()["error"]["code"] in ("bad_request", "bad_settings")
        assert hub.store.codes() == before  # "nothing was changed" is true


def test_a_solo_seed_that_is_not_unicode_is_refused_and_the_table_loads(tmp_path: Path) -> None:
    from tests.web.helpers import client_for

    c = client_for(tmp_path / "s.sqlite3")
    before = c.get("/api/games/one-on-one/state").json()
    r = c.post(
        "/api/games/one-on-one/seed",
        content=b'{"seed": "\\ud800x"}',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    after = c.get("/api/games/one-on-one/state")
    assert after.status_code == 200 and after.json()["fair"] == before["fair"]


def test_a_saved_room_holding_a_lone_surrogate_is_damaged_not_a_crash(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        code = make_room(client, ann.cookie, game="one-on-one")
        other = make_room(client, ann.cookie, game="table")
        saved = hub.store.load(code)
        assert saved is not None
        data = json.loads(saved)
        data["seeds"] = {"Ann": "\ud800x"}  # a save of an older server, or edited
        hub.store.save(code, json.dumps(data))  # ensure_ascii: the escape, as sent
        hub.rooms.clear()
        headers = {**ORIGIN, "cookie": f"banluck_id={ann.cookie}"}
        r = client.get(f"/api/rooms/{code}", headers=headers)
        assert r.status_code == 410 and r.json()["error"]["code"] == "room_damaged"
        assert client.get(f"/api/rooms/{other}", headers=headers).status_code == 200


def test_a_change_that_fails_leaves_the_room_as_saved_and_playable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="one-on-one")
        elsewhere = make_room(client, bob.cookie, game="table", name="Bob")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            bob.ws = stack.enter_context(bob.open(elsewhere))
            ann.send({"type": "sit", "seat": "you"})
            before = ann.sync()
            room = hub.rooms[code]
            saved = json.dumps(room.to_json(), sort_keys=True)
            real = Room._deal
            calls = {"n": 0}

            def failing(self: Room, now: float) -> None:
                calls["n"] += 1
                if calls["n"] == 1:
                    raise RuntimeError("a fault of the server")
                real(self, now)

            monkeypatch.setattr(Room, "_deal", failing)
            ann.send({"type": "bet", "hand": 1, "amount": 20})
            after = ann.sync()
            assert ann.errors()[-1]["code"] == "server_error"
            assert after["room"] == before["room"]
            assert json.dumps(hub.rooms[code].to_json(), sort_keys=True) == saved
            assert not bob.errors()  # the other room heard nothing
            ann.send({"type": "bet", "hand": 1, "amount": 20})  # and it plays on
            assert ann.sync()["room"]["hand"] == 1


def test_a_statement_the_database_refuses_fails_that_change_only() -> None:
    hub = RoomHub.__new__(RoomHub)
    hub.database_ok = True
    hub.sockets = {}
    refusal = hub.database_lost(psycopg.DataError("invalid input syntax for type json"))
    assert isinstance(refusal, Refusal) and refusal.code == "server_error"
    assert hub.database_ok  # nobody is told the database is out of reach
    lost = hub.database_lost(psycopg.OperationalError("connection refused"))
    assert lost.code == "unavailable" and not hub.database_ok
