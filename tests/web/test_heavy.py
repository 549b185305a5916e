"""Expensive work cannot take the tables down (the heavy lane, ``web.heavy``): a house's
edge is computed once per what it depends on, on its own thread, once however many ask;
one asker has one piece of work waiting, work nobody waits for is dropped before it
starts, the lane refuses work past its bound; a client asking for new houses is slowed
down; a kampung room's new house is solved off the loop and its next hand waits for it
while every other room plays on."""

from __future__ import annotations

import functools
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from banluck.core.refusal import Refusal
from banluck.games.house import read_house
from banluck.web import catalog
from banluck.web.heavy import HeavyLane
from tests.web.helpers import client_for


def _slow_solve(self: Any) -> Any:
    """A driver's solve job for a house that takes a while to solve."""
    return functools.partial(time.sleep, 1.5)


def _blocked_lane() -> tuple[HeavyLane, threading.Event]:
    """A lane whose one thread is held until the event is set."""
    lane = HeavyLane(waiting=3)
    gate = threading.Event()
    lane.submit("hold", gate.wait, owner="holder")
    for _ in range(100):
        if lane.pending("hold") and lane._jobs["hold"].future.running():
            break
        time.sleep(0.01)
    return lane, gate


def test_work_under_one_key_is_done_once_for_every_asker() -> None:
    lane, gate = _blocked_lane()
    calls: list[int] = []

    def work(n: int) -> int:
        calls.append(n)
        return n

    a = lane.submit("k", lambda: work(7), owner="a")
    b = lane.submit("k", lambda: work(8), owner="b")
    assert a is b
    gate.set()
    assert a.result(timeout=5) == 7 and calls == [7]
    lane.close()


def test_an_askers_newer_work_replaces_its_waiting_one_and_the_lane_is_bounded() -> None:
    lane, gate = _blocked_lane()
    first = lane.submit("h1", lambda: 1, owner="host")
    second = lane.submit("h2", lambda: 2, owner="host")
    assert first.cancelled() and not second.cancelled()  # a host clicking through houses
    shared = lane.submit("h3", lambda: 3, owner="ann")
    lane.submit("h3", lambda: 3, owner="bob")
    lane.submit("h4", lambda: 4, owner="ann")  # ann moves on; bob still waits for h3
    assert not shared.cancelled()
    with pytest.raises(Refusal) as e:  # three wait: the bound
        lane.submit("h5", lambda: 5, owner="cai")
    assert e.value.code == "busy"
    lane.release("h4", "ann")  # nobody waits for it any more: dropped before it starts
    assert lane.dropped == 2
    gate.set()
    assert second.result(timeout=5) == 2 and shared.result(timeout=5) == 3
    lane.close()


def test_a_house_edge_is_keyed_on_what_it_depends_on() -> None:
    a = read_house({"base": "one-on-one", "rules": {"five_card_bust": 1, "fresh_stack": 700}})
    b = read_house({"base": "one-on-one", "rules": {"five_card_bust": 1, "fresh_stack": 900}})
    assert a.edge_key() == b.edge_key()
    edge = catalog.edge_of_house(a)
    assert catalog.odds_known(b) == {"house_edge": edge, "edge_source": "exact"}
    c = read_house({"base": "one-on-one", "rules": {"five_card_bust": 2, "fresh_stack": 900}})
    assert c.edge_key() != a.edge_key() and catalog.odds_known(c) is None


def test_a_client_asking_for_new_houses_is_slowed_down_but_known_ones_are_free(
    tmp_path: Path,
) -> None:
    """New houses cost the asker a token each, and are computed in the lane's own process;
    a house known already is answered at once, costing nothing."""
    from banluck.web.clients import WORK_BURST

    known = read_house({"base": "classic", "rules": {"decks": 6}})
    catalog.keep_odds(known, {"house_edge": 0.01, "edge_source": "exact"})
    c = client_for(tmp_path / "s.sqlite3")
    c.app.state.rooms.clients.work.burst = 3  # type: ignore[attr-defined]
    statuses = []
    for n in range(WORK_BURST):
        house = {"base": "classic", "rules": {"decks": 1 + n % 8, "peek": n < 8}}
        statuses.append(c.post("/api/houses/edge", json={"house": house}).status_code)
    assert statuses[:3] == [200] * 3 and 429 in statuses[3:]
    again = c.post("/api/houses/edge", json={"house": known.to_object()})
    assert again.status_code == 200 and again.json()["house_edge"] == 0.01


@pytest.mark.slow
def test_a_kampung_rooms_new_house_is_solved_off_the_loop_and_its_hand_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from banluck.games.kampung import driver as kampung_driver
    from tests.rooms.test_ws import Player, _cookie, make_room, served

    kept: list[Any] = []

    def take(self: Any, data: Any) -> None:
        kept.append(data)

    monkeypatch.setattr(kampung_driver.KampungDriver, "solve_job", _slow_solve)
    monkeypatch.setattr(kampung_driver.KampungDriver, "take_solve", take)
    house = {"base": "kampung", "name": "Uncle's", "rules": {"banker_must_draw_under": 17}}
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="kampung")
        other = make_room(client, bob.cookie, game="table", name="Bob")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            bob.ws = stack.enter_context(bob.open(other))
            ann.send({"type": "sit", "seat": "you"})
            ann.sync()
            kept.clear()
            ann.send({"type": "house", "house": house})
            for _ in range(200):
                if not hub.is_ready(hub.rooms[code]):
                    break
                time.sleep(0.01)
            assert not hub.is_ready(hub.rooms[code])  # its solve is under way elsewhere
            assert bob.sync()["room"]["code"] == other  # another room is served meanwhile
            hand = hub.rooms[code].last_number + 1
            ann.send({"type": "bet", "hand": hand, "amount": 20})
            time.sleep(0.3)
            assert hub.rooms[code].last_number == hand - 1  # not dealt before its house
            state = ann.sync()  # the room's frames wait for its house, then play it
            assert kept == [None] and hub.is_ready(hub.rooms[code])
            assert state["room"]["hand"] == hand and not ann.errors()
            assert state["room"]["house"]["name"] == "Uncle's"


@pytest.mark.slow
def test_a_room_is_shown_at_once_while_its_house_is_solved_and_kept_for_its_socket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room whose house is being solved (a Xì Dách room's first minutes on a busy server)
    is shown at once on a socket that opens (its state frame before the solve is kept); a
    request meanwhile (the invite's QR code) does not let go of the room the socket will
    attach to, so what the person does next is seen by everyone in the room."""
    from banluck.games.kampung import driver as kampung_driver
    from tests.rooms.test_ws import ORIGIN, Player, _cookie, make_room, served

    monkeypatch.setattr(kampung_driver.KampungDriver, "solve_job", _slow_solve)
    monkeypatch.setattr(kampung_driver.KampungDriver, "take_solve", lambda self, data: None)
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="kampung")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            first = ann.ws.receive_json()
            assert first["type"] == "state" and first["room"]["code"] == code
            room = hub.rooms[code]
            assert not hub.is_ready(room)  # shown before its house is solved
            qr = client.get(
                f"/room/{code}/qr.svg", headers={**ORIGIN, "cookie": f"banluck_id={bob.cookie}"}
            )
            assert qr.status_code == 200 and hub.rooms.get(code) is room  # kept for the socket
            ann.send({"type": "sit", "seat": "you"})
            assert ann.sync()["you"]["seat"] == "you"  # once solved: the room in memory
            assert hub.is_ready(room) and hub.rooms[code] is room
            bob.ws = stack.enter_context(bob.open(code))
            bob.send({"type": "join", "name": "Bob"})
            seats = bob.sync()["room"]["seats"]
            assert any(s.get("seat") == "you" and s.get("name") == "Ann" for s in seats), seats


@pytest.mark.slow  # seconds: left out of test.sh --fast
def test_a_killed_servers_lane_processes_end_with_it(tmp_path: Path) -> None:
    """The lane's child processes end when the server that started them is killed (they
    would otherwise wait for work for ever, each holding its memory)."""
    import os
    import signal

    from tests.rooms.servers import children_of, free_port, http, start_server

    port = free_port()
    proc = start_server(port, "--db", str(tmp_path / "s.sqlite3"))
    try:
        _, _, cookie = http(port, "GET", "/api/rooms/x")
        house = {"base": "kampung", "name": "Uncle's", "rules": {"banker_must_draw_under": 17}}
        # a kampung house's edge is simulated: seconds on a quiet machine, more under load
        edge = {"house": house}
        status, body, _ = http(port, "POST", "/api/houses/edge", cookie, edge, timeout=300)
        assert status == 200, body
        lane = children_of(proc.pid)
        assert lane  # the edge was computed in a child process of the server
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        for _ in range(100):
            if not any(Path(f"/proc/{pid}").exists() for pid in lane):
                break
            time.sleep(0.1)
        left = [pid for pid in lane if Path(f"/proc/{pid}").exists()]
        assert left == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
