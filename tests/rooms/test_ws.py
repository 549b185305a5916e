"""Rooms live over WebSockets through the real app (Starlette's TestClient): people play
together, each socket receives only its own seat's view (every frame checked), leave and
come back, are played for when the timer runs out; bad input changes nothing; a new app on
the same files resumes a room mid-hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from banluck.web.app import create_app
from banluck.web.rooms.frames import MAX_FRAME
from banluck.web.rooms.hub import RoomHub
from tests.rooms.helpers import Clock, hidden_leaks, secret_leaks, seeded

ORIGIN = {"Origin": "http://127.0.0.1"}
BASE = "http://127.0.0.1"


class Player:
    """One browser: its cookie and, when open, its socket in the room."""

    def __init__(self, client: TestClient, cookie: str, name: str) -> None:
        self.client = client
        self.cookie = cookie
        self.name = name
        self.ws: Any = None
        self.frames: list[dict[str, Any]] = []
        self._id = 0

    def open(self, code: str) -> Any:
        return self.client.websocket_connect(
            f"ws://127.0.0.1/api/rooms/{code}/ws",
            headers={**ORIGIN, "cookie": f"banluck_id={self.cookie}"},
        )

    def send(self, frame: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(frame))

    def sync(self) -> dict[str, Any]:
        """Every frame up to the answer of a ``state`` ping; each checked for leaks."""
        self._id += 1
        self.send({"type": "state", "id": self._id})
        while True:
            f: dict[str, Any] = self.ws.receive_json()
            self.frames.append(f)
            if f["type"] == "state":
                assert hidden_leaks(f) == [], (self.name, f)
                room = self.hub.rooms.get(f["room"]["code"])
                assert room is not None and secret_leaks(f, room) == [], (self.name, f)
            if f.get("reply") == self._id:
                return f

    @property
    def hub(self) -> RoomHub:
        hub: RoomHub = self.client.app.state.rooms  # type: ignore[attr-defined]
        return hub

    def errors(self) -> list[dict[str, Any]]:
        return [f["error"] for f in self.frames if f["type"] == "error"]


def _cookie(client: TestClient) -> str:
    client.cookies.clear()
    client.get("/api/rooms/none-such-room-code", headers=ORIGIN)
    value = client.cookies.get("banluck_id")
    client.cookies.clear()
    assert value
    return str(value)


@contextmanager
def served(db: Path, clock: Clock | None = None) -> Iterator[tuple[TestClient, RoomHub]]:
    app = create_app(db)
    hub: RoomHub = app.state.rooms
    hub.entropy = seeded(7)
    hub.rate, hub.burst = 1000.0, 1000  # the players of these tests are quick
    if clock is not None:
        hub.clock = clock
    with TestClient(app, base_url=BASE) as client:
        yield client, hub


def make_room(client: TestClient, cookie: str, **body: Any) -> str:
    r = client.post(
        "/api/rooms",
        json={"name": "Ann", **body},
        headers={**ORIGIN, "cookie": f"banluck_id={cookie}"},
    )
    assert r.status_code == 201, r.text
    return str(r.json()["code"])


def join_and_sit(stack: ExitStack, host: Player, guest: Player, code: str, name: str) -> None:
    """Both sockets open in the room: the guest joined as ``name``, the host in seat
    ``you`` (synced)."""
    host.ws = stack.enter_context(host.open(code))
    guest.ws = stack.enter_context(guest.open(code))
    guest.send({"type": "join", "name": name})
    host.send({"type": "sit", "seat": "you"})
    host.sync()


def play_out(players: list[Player], hub: RoomHub, code: str, choose: Any) -> None:
    """Each player acts when it is their turn, until the hand is over."""
    room = hub.rooms[code]
    for _ in range(200):
        state = players[0].sync()
        if state["room"]["phase"] != "playing":
            return
        for p in players:
            f = p.sync()
            t = f["table"]
            if f["you"]["seat"] is not None and t["to_act"] == f["you"]["seat"]:
                assert t["legal"], t
                p.send(
                    {
                        "type": "act",
                        "hand": t["hand"],
                        "step": t["step"],
                        "action": choose(t["legal"]),
                    }
                )
                p.sync()
                break
    assert not room.in_hand


def test_two_people_play_ban_luck_together_and_never_see_each_others_cards(
    tmp_path: Path,
) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="table")
        with ExitStack() as stack:
            join_and_sit(stack, ann, bob, code, "Bob")
            bob.send({"type": "sit", "seat": "ben"})
            state = bob.sync()
            assert state["you"]["seat"] == "ben"
            for n in range(1, 4):
                ann.send({"type": "bet", "hand": n, "amount": 20})
                bob.send({"type": "bet", "hand": n, "amount": 30})
                ann.sync()
                s = bob.sync()
                assert s["room"]["hand"] == n
                play_out(
                    [ann, bob], hub, code, lambda legal: "stand" if "stand" in legal else legal[0]
                )
            seen = {f["table"]["hand"] for f in bob.frames if f["type"] == "state" and f["table"]}
            assert seen == {1, 2, 3}
            assert not ann.errors() and not bob.errors()
            # each saw its own cards in every hand
            for p, seat in ((ann, "you"), (bob, "ben")):
                last = p.sync()["table"]
                mine = next(h for h in last["seats"] if h["name"] == seat)
                assert all(c is not None for c in mine["cards"])


def test_three_people_play_classic_and_one_comes_back_mid_hand(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann, bob, cai = (Player(client, _cookie(client), n) for n in ("ann", "bob", "cai"))
        code = make_room(client, ann.cookie, game="classic")
        with ExitStack() as stack:
            for p, seat in ((ann, "you"), (bob, "anna"), (cai, "ben")):
                p.ws = stack.enter_context(p.open(code))
                if p is not ann:
                    p.send({"type": "join", "name": p.name.title()})
                p.send({"type": "sit", "seat": seat})
                p.sync()
            for p in (ann, bob, cai):
                p.send({"type": "bet", "hand": 1, "amount": 10})
                p.sync()
            room = hub.rooms[code]
            assert room.in_hand
            # Bob closes his tab mid-hand: the seat is kept
            bob.ws.close()
            bob.ws = None
            state = ann.sync()
            anna = next(s for s in state["room"]["seats"] if s["seat"] == "anna")
            assert anna["name"] == "bob".title() and not anna["connected"]
            # and comes back with the same cookie: his seat, the same hand
            bob.ws = stack.enter_context(bob.open(code))
            back = bob.sync()
            assert back["you"]["seat"] == "anna"
            assert back["table"]["hand"] == 1 and back["room"]["phase"] in ("playing", "betting")
            assert back["table"]["seats"][1]["hands"][0]["cards"][0] is not None
            play_out([ann, bob, cai], hub, code, lambda legal: "stand")
            assert room.last_number == 1 and not room.in_hand


def test_the_timer_plays_for_an_absent_player(tmp_path: Path) -> None:
    clock = Clock()
    with served(tmp_path / "s.sqlite3", clock) as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="classic", timer=10)
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            bob.ws = stack.enter_context(bob.open(code))
            bob.send({"type": "join", "name": "Bob"})
            ann.send({"type": "sit", "seat": "you"})
            bob.send({"type": "sit", "seat": "anna"})
            bob.sync()
            room = hub.rooms[code]
            for n in range(1, 20):  # until a hand is in play (a dealer's blackjack ends one)
                ann.send({"type": "bet", "hand": n, "amount": 10})
                bob.send({"type": "bet", "hand": n, "amount": 10})
                ann.sync()
                if room.in_hand:
                    break
            assert room.hand is not None and room.hand.to_act() == "you"
            ann.ws.close()  # Ann is gone
            ann.ws = None
            clock.t += 10
            state = bob.sync()  # any frame (or the server's ticker) plays what is due
            you = next(s for s in state["room"]["seats"] if s["seat"] == "you")
            assert you["away"]
            assert room.hand.actions and room.hand.actions[0][0] == "you"


@pytest.mark.rule("K2")
def test_kampung_a_person_holds_the_bank_and_opens_another_persons_hand(
    tmp_path: Path,
) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="kampung", bank="rotate")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            bob.ws = stack.enter_context(bob.open(code))
            bob.send({"type": "join", "name": "Bob"})
            ann.send({"type": "sit", "seat": "dealer"})  # K2: the bank starts here
            bob.send({"type": "sit", "seat": "you"})
            bob.sync()
            room = hub.rooms[code]
            for _ in range(5):
                n = room.last_number + 1
                ann.send({"type": "bet", "hand": n})  # the banker: ready
                bob.send({"type": "bet", "hand": n, "amount": 50})
                ann.sync()
                bob.sync()
                opened = False
                for _ in range(60):
                    if not room.in_hand:
                        break
                    for p in (ann, bob):
                        t = p.sync()["table"]
                        if t["to_act"] != p.sync()["you"]["seat"]:
                            continue
                        legal = t["legal"]
                        action = (
                            "open:you"
                            if "open:you" in legal
                            else "stand"
                            if "stand" in legal
                            else legal[0]
                        )
                        p.send(
                            {"type": "act", "hand": t["hand"], "step": t["step"], "action": action}
                        )
                        p.sync()
                        if action == "open:you":
                            opened = True
                            seen = bob.sync()["table"]
                            mine = seen["players"][0]
                            assert mine["seat"] == "you" and mine["result"] is not None
                            assert seen["bank"]["cards"][0] is not None  # K14: turned
                if opened:
                    break
            assert opened
            assert not ann.errors() and not bob.errors()


def test_bad_input_is_refused_with_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="table")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            bob.ws = stack.enter_context(bob.open(code))
            bob.send({"type": "join", "name": "Bob"})
            ann.send({"type": "sit", "seat": "you"})
            bob.send({"type": "sit", "seat": "anna"})
            ann.send({"type": "bet", "hand": 1, "amount": 20})
            bob.send({"type": "bet", "hand": 1, "amount": 20})
            ann.sync()
            bob.sync()
            room = hub.rooms[code]
            before = json.dumps(room.to_json())
            h = room.hand
            assert h is not None
            to_act = h.to_act()
            other = bob if to_act == "you" else ann
            bad: list[tuple[Any, str]] = [
                ("{not json", "bad_request"),
                ("[1, 2]", "bad_request"),
                (json.dumps({"type": "fly"}), "bad_request"),
                ("x" * (MAX_FRAME + 1), "too_large"),
                (
                    json.dumps(
                        {
                            "type": "act",
                            "hand": 1,
                            "step": h.step,
                            "action": "stand",
                            "seat": to_act,
                        }
                    ),
                    "not_your_turn" if to_act else "no_hand",
                ),
                (
                    json.dumps({"type": "act", "hand": 1, "step": h.step + 5, "action": "stand"}),
                    "stale",
                ),
                (json.dumps({"type": "bet", "hand": 2, "amount": 20}), "hand_in_progress"),
                (json.dumps({"type": "free", "seat": "you"}), "forbidden"),
            ]
            if other is ann:
                bad[-1] = (json.dumps({"type": "join", "name": "<b>"}), "bad_name")
            for text, code_ in bad:
                other.ws.send_text(text)
                other.sync()
                assert other.errors()[-1]["code"] == code_, (text[:40], other.errors()[-1])
                assert json.dumps(room.to_json()) == before
            other.ws.send_bytes(b"\x00\x01")
            other.sync()
            assert other.errors()[-1]["code"] == "bad_request"
            # flooding: the bucket refuses, and the room is untouched
            hub.rate, hub.burst = 8.0, 16
            other.ws.close()
            other.ws = stack.enter_context(other.open(code))
            other.sync()
            other.frames.clear()
            before = json.dumps(room.to_json())  # a socket closing and opening is a change
            for _ in range(40):
                other.ws.send_text(
                    json.dumps({"type": "act", "hand": 1, "step": 99, "action": "hit"})
                )
            codes = set()
            for _ in range(40):
                f = other.ws.receive_json()
                if f["type"] == "error":
                    codes.add(f["error"]["code"])
            assert "rate_limited" in codes
            assert json.dumps(room.to_json()) == before


def test_sockets_from_elsewhere_or_without_a_cookie_are_refused(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (client, _hub):
        cookie = _cookie(client)
        code = make_room(client, cookie, game="table")
        url = f"ws://127.0.0.1/api/rooms/{code}/ws"
        for headers in (
            {"Origin": "http://evil.example", "cookie": f"banluck_id={cookie}"},
            {"cookie": f"banluck_id={cookie}"},
            {**ORIGIN},
            {**ORIGIN, "cookie": "banluck_id=made-up-id-0000000000"},
        ):
            with (
                pytest.raises(WebSocketDisconnect) as e,
                client.websocket_connect(url, headers=headers),
            ):
                pass
            assert e.value.code == 1008
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(
                url,
                headers={
                    "Origin": "http://evil.example:80",
                    "host": "evil.example",
                    "cookie": f"banluck_id={cookie}",
                },
            ),
        ):
            pass
        with client.websocket_connect(
            "ws://127.0.0.1/api/rooms/AAAAAAAAAAAAAAAAAAAAAA/ws",
            headers={**ORIGIN, "cookie": f"banluck_id={cookie}"},
        ) as ws:
            assert ws.receive_json()["error"]["code"] == "not_found"
        r = client.post(
            "/api/rooms",
            json={"game": "pontoon", "name": "X"},
            headers={**ORIGIN, "cookie": f"banluck_id={cookie}"},
        )
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_settings"
        r = client.post(
            "/api/rooms",
            json={"game": "table", "name": "X"},
            headers={"Origin": "http://evil.example"},
        )
        assert r.status_code == 403


def test_a_new_server_on_the_same_file_resumes_the_room_mid_hand(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    with served(db) as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        code = make_room(client, ann.cookie, game="table")
        with ann.open(code) as ws:
            ann.ws = ws
            ann.send({"type": "sit", "seat": "you"})
            hand = 0
            for n in range(1, 20):
                ann.send({"type": "bet", "hand": n, "amount": 40})
                state = ann.sync()
                if state["room"]["phase"] == "playing":
                    hand = n
                    break
            assert hand
            before = ann.sync()
            saved = hub.rooms[code].to_json()
    # the process is gone; a new one opens the same files
    with served(db) as (client2, hub2):
        ann.client = client2
        with ann.open(code) as ws:
            ann.ws = ws
            after = ann.sync()
            assert after["table"] == before["table"]
            assert after["you"]["seat"] == "you"
            room = hub2.rooms[code]
            assert room.hand is not None and room.hand.number == hand
            assert room.stacks == {k: int(v) for k, v in saved["table"]["stacks"].items()}
            t = after["table"]
            ann.send(
                {
                    "type": "act",
                    "hand": t["hand"],
                    "step": t["step"],
                    "action": "stand" if "stand" in t["legal"] else t["legal"][0],
                }
            )
            ann.sync()
            assert not ann.errors()


def test_a_socket_that_has_not_joined_is_told_nothing_but_that_the_room_exists(
    tmp_path: Path,
) -> None:
    """A stranger with the link: its socket gets the room's game and settings, no name, no
    seat, no card, no shoe; nothing while the people play; everything once it joins."""
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        eve = Player(client, _cookie(client), "eve")
        code = make_room(client, ann.cookie, game="table")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            ann.send({"type": "sit", "seat": "you"})
            ann.sync()
            eve.ws = stack.enter_context(eve.open(code))
            first = eve.ws.receive_json()
            assert first["type"] == "state" and first["table"] is None
            room = first["room"]
            assert room["settings"]["game"] == "table"
            assert room["seats"] == [] and room["watchers"] == [] and room["fair"] is None
            assert "Ann" not in json.dumps(first)
            ann.send({"type": "bet", "hand": 1, "amount": 20})
            ann.sync()
            play_out([ann], hub, code, lambda legal: "stand" if "stand" in legal else legal[0])
            answer = eve.sync()  # its own question is answered, and nothing came before it
            assert eve.frames == [answer] and answer["room"]["seats"] == []
            eve.send({"type": "join", "name": "Eve"})
            joined = eve.sync()
            assert joined["you"]["name"] == "Eve" and joined["room"]["seats"]
            assert "Ann" in json.dumps(joined)
