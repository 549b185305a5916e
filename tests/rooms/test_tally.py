"""A room's settle-up table: each person's hands, net chips and biggest win over the session,
from the hands they were dealt in (bots not counted); shown to everyone, downloadable as CSV
and JSON by the room's people, kept across a save; the host starts a new session between
hands (the table and the stacks start again), nobody else, never in a hand."""

from __future__ import annotations

import csv
import io
import json
import random
from contextlib import ExitStack
from pathlib import Path

import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.room import Room
from tests.rooms.helpers import finish_hand, room
from tests.rooms.test_ws import ORIGIN, Player, _cookie, make_room, play_out, served


def _stand(legal: list[str]) -> str:
    return "stand" if "stand" in legal else legal[0]


def _headers(p: Player) -> dict[str, str]:
    return {**ORIGIN, "cookie": f"banluck_id={p.cookie}"}


def _play(r: Room, hands: int, seed: int) -> dict[str, int]:
    """Ann in ``you`` and Bob in ``ben`` bet and choose at random for ``hands`` hands; each
    one's net as the summaries say."""
    rng = random.Random(seed)
    nets = {"A": 0, "B": 0}
    wins = {"A": 0, "B": 0}
    for _ in range(hands):
        for p in "AB":
            r.bet(p, r.last_number + 1, rng.choice((10, 20, 50)), 0.0)
        while r.in_hand:
            h = r.hand
            assert h is not None
            seat = h.to_act()
            assert seat is not None
            r.act(r.occupant[seat], h.number, h.step, rng.choice(h.legal()), 0.0)
        for line in r.last_summary:
            player = {"you": "A", "ben": "B"}.get(line["seat"])
            if player:
                nets[player] += line["net"]
                wins[player] = max(wins[player], line["net"])
    return {**nets, **{f"best{p}": w for p, w in wins.items()}}


def _room() -> Room:
    r = room("table", seed=4)
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    for p in "AB":
        r.connect(p, 0.0)
    return r


def test_the_table_adds_each_persons_hands_and_nets() -> None:
    r = _room()
    want = _play(r, 6, seed=2)
    rows = {row["name"]: row for row in r.public()["tally"]}
    assert set(rows) == {"Ann", "Bob"}  # the bot in anna's seat is not counted
    assert rows["Ann"] == {
        "name": "Ann",
        "hands": 6,
        "net": want["A"],
        "biggest_win": want["bestA"],
    }
    assert rows["Bob"]["net"] == want["B"] and rows["Bob"]["hands"] == 6
    assert r.stacks["you"] == 1000 + want["A"]  # no fresh stack in six hands of at most 50
    order = [row["net"] for row in r.public()["tally"]]
    assert order == sorted(order, reverse=True)  # most chips won first
    again = Room.from_json(json.loads(json.dumps(r.to_json())))
    assert again.public()["tally"] == r.public()["tally"]  # kept across a save
    text = r.tally.csv()
    lines = list(csv.DictReader(io.StringIO(text)))
    assert {line["name"]: int(line["net"]) for line in lines} == {
        "Ann": want["A"],
        "Bob": want["B"],
    }
    assert r.view("C")["room"]["tally"] == r.public()["tally"]  # a watcher sees it too


def test_a_new_session_is_the_hosts_between_hands() -> None:
    r = _room()
    _play(r, 2, seed=5)
    assert r.public()["tally"]
    with pytest.raises(Refusal) as e:
        r.new_session("B", 0.0)
    assert e.value.code == "forbidden"
    r.bet("A", r.last_number + 1, 10, 0.0)
    r.bet("B", r.last_number + 1, 10, 0.0)
    assert r.in_hand
    before = json.dumps(r.to_json())
    with pytest.raises(Refusal) as e:
        r.new_session("A", 0.0)
    assert e.value.code == "hand_in_progress" and json.dumps(r.to_json()) == before
    finish_hand(r)
    number = r.last_number
    r.new_session("A", 0.0)
    assert r.public()["tally"] == [] and set(r.stacks.values()) == {1000}
    assert r.last_number == number  # the hands go on counting (the fair history is one)
    assert r.members["A"].seat == "you" and r.members["B"].seat == "ben"  # the room stays


def test_a_damaged_table_is_refused_on_load() -> None:
    r = _room()
    _play(r, 1, seed=1)
    saved = r.to_json()
    player = next(iter(saved["tally"]))
    saved["tally"][player]["net"] = 10**30
    with pytest.raises(ValueError, match="settle-up"):
        Room.from_json(saved)


def test_the_downloads_are_the_rooms_and_the_frame_is_the_hosts(tmp_path: Path) -> None:
    """Over HTTP and the socket: the CSV and JSON downloads for the people of the room (403
    for a stranger, 404 for no room), and the ``new_session`` frame, refused for anyone but
    the host with nothing changed."""
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        stranger = Player(client, _cookie(client), "eve")
        code = make_room(client, ann.cookie, game="table")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            bob.ws = stack.enter_context(bob.open(code))
            bob.send({"type": "join", "name": "Bob"})
            ann.send({"type": "sit", "seat": "you"})
            bob.send({"type": "sit", "seat": "ben"})
            ann.sync()
            bob.sync()
            for n in (1, 2):
                ann.send({"type": "bet", "hand": n, "amount": 20})
                bob.send({"type": "bet", "hand": n, "amount": 30})
                ann.sync()
                bob.sync()
                play_out(
                    [ann, bob], hub, code, lambda legal: "stand" if "stand" in legal else legal[0]
                )
            shown = ann.sync()["room"]["tally"]
            assert {row["name"] for row in shown} == {"Ann", "Bob"}
            res = ann.client.get(f"/room/{code}/settle-up.csv", headers=_headers(ann))
            assert res.status_code == 200 and res.headers["content-type"].startswith("text/csv")
            assert "attachment" in res.headers["content-disposition"]
            assert res.content.startswith(b"\xef\xbb\xbf")  # UTF-8's mark, for spreadsheets
            rows = list(csv.DictReader(io.StringIO(res.content.decode("utf-8-sig"))))
            assert [(r["name"], int(r["net"])) for r in rows] == [
                (row["name"], row["net"]) for row in shown
            ]
            res = bob.client.get(f"/room/{code}/settle-up.json", headers=_headers(bob))
            assert res.status_code == 200 and res.json()["people"] == shown
            assert res.json()["game"] == "table"
            for path in ("settle-up.csv", "settle-up.json"):
                got = stranger.client.get(f"/room/{code}/{path}", headers=_headers(stranger))
                assert got.status_code == 403
                assert (
                    ann.client.get(f"/room/{'x' * 22}/{path}", headers=_headers(ann)).status_code
                    == 404
                )
            before = json.dumps(hub.rooms[code].to_json())
            bob.send({"type": "new_session"})
            bob.sync()
            assert bob.errors()[-1]["code"] == "forbidden"
            assert json.dumps(hub.rooms[code].to_json()) == before
            ann.send({"type": "new_session"})
            state = ann.sync()
            assert state["room"]["tally"] == [] and {
                s["stack"] for s in state["room"]["seats"]
            } == {1000}
