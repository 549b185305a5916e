"""One room played through two real ``banluck serve`` processes on one PostgreSQL (issue 11,
item 5): a change made on one reaches the sockets of the other with each seat's own view; a
process killed (SIGKILL) mid-hand is resumed exactly by the other and by a new one; a choice
sent twice, to both, counts once; no update is lost or sent twice; the turn timer plays an
absent seat once."""

from __future__ import annotations

import itertools
import json
import queue
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from tests.rooms.helpers import hidden_leaks
from tests.rooms.servers import HOST, free_port, http, start_server, stop

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning"),
]


def serve(pg: str, save: Path, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``banluck serve --db PG --save SAVE`` on ``port``, once it answers."""
    return start_server(port, "--db", pg, "--save", str(save), *extra)


class Client:
    """One socket of one player; a thread keeps every frame it receives, in order."""

    def __init__(self, port: int, code: str, cookie: str) -> None:
        self.ws: ClientConnection = connect(
            f"ws://{HOST}:{port}/api/rooms/{code}/ws",
            origin=Origin(f"http://{HOST}:{port}"),
            additional_headers={"Cookie": f"banluck_id={cookie}"},
            open_timeout=20,
        )
        self.frames: list[dict[str, Any]] = []
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.ref = 0
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                f = json.loads(text)
                self.frames.append(f)
                self.inbox.put(f)
        except Exception:  # closed or killed: the test sees the frames it got
            pass

    def send(self, frame: dict[str, Any]) -> None:
        self.ws.send(json.dumps(frame))

    def wait(self, test: Any, timeout: float = 20.0) -> dict[str, Any]:
        """The first frame from now on (or already waiting) that passes ``test``."""
        end = time.monotonic() + timeout
        while True:
            f = self.inbox.get(timeout=max(0.01, end - time.monotonic()))
            if test(f):
                return f

    def seen(self, version: int, test: Any = None, timeout: float = 20.0) -> dict[str, Any]:
        """The first broadcast state at ``version`` or later (and passing ``test``), among
        every frame received (whether ``wait`` took it or not)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for f in list(self.frames):
                if (
                    f.get("type") == "state"
                    and "reply" not in f
                    and f["room"]["version"] >= version
                    and (test is None or test(f))
                ):
                    return f
            time.sleep(0.02)
        raise AssertionError(f"no state at version {version}")

    def sync(self) -> dict[str, Any]:
        """The state now (``state`` with a reply id)."""
        self.ref += 1
        ref = self.ref
        self.send({"type": "state", "id": ref})
        return self.wait(lambda f: f.get("reply") == ref)

    def versions(self) -> list[int]:
        """The room version of every broadcast state (not the replies to ``state``)."""
        return [
            f["room"]["version"]
            for f in self.frames
            if f.get("type") == "state" and "reply" not in f
        ]

    def close(self) -> None:
        self.ws.close()
        self.reader.join(5)


def at_version(v: int) -> Any:
    return lambda f: f.get("type") == "state" and f["room"]["version"] >= v


def no_leaks(*clients: Client) -> None:
    for c in clients:
        for f in c.frames:
            assert hidden_leaks(f) == [], f


def strictly_rising(values: list[int]) -> bool:
    return all(a < b for a, b in itertools.pairwise(values))


def two_players_in_a_hand(port_a: int, port_b: int, timer: int = 300) -> Any:
    """Ann (host) on A in seat ``you``, Bob on B in seat ``anna``: both bet, a hand is
    dealt. Their clients, cookies and the room's code."""
    _, _, ann = http(port_a, "GET", "/api/rooms/x")
    _, _, bob = http(port_b, "GET", "/api/rooms/x")  # the same save: cookies hold on both
    status, body, ann = http(
        port_a, "POST", "/api/rooms", ann, {"game": "table", "name": "Ann", "timer": timer}
    )
    assert status == 201, body
    code = body["code"]
    a, b = Client(port_a, code, ann), Client(port_b, code, bob)
    b.send({"type": "join", "name": "Bob"})
    a.send({"type": "sit", "seat": "you"})
    b.send({"type": "sit", "seat": "anna"})
    a.wait(lambda f: f.get("type") == "state" and f["room"]["seats"][1]["name"] == "Bob")
    by_seat = {"you": a, "anna": b}
    for n in range(1, 40):  # a hand may end as it is dealt (ban-ban): bet for the next
        a.send({"type": "bet", "hand": n, "amount": 25})
        b.send({"type": "bet", "hand": n, "amount": 10})
        for c in (a, b):
            c.wait(lambda f, n=n: f.get("type") == "state" and _past_betting(f, n))
        state = a.sync()
        while state["room"]["phase"] == "playing" and state["table"]["to_act"] != "you":
            actor = by_seat[state["table"]["to_act"]]
            actor.send(act_frame(actor.sync()))
            state = a.wait(at_version(state["room"]["version"] + 1))
        if state["room"]["phase"] == "playing":
            return a, b, ann, bob, code
    raise AssertionError("no hand left Ann to act in 40 deals")


def _past_betting(f: dict[str, Any], n: int) -> bool:
    r = f["room"]
    return bool((r["phase"] == "playing" and r["hand"] == n) or r["next_hand"] > n)


def act_frame(state: dict[str, Any]) -> dict[str, Any]:
    t = state["table"]
    action = "stand" if "stand" in t["legal"] else t["legal"][0]
    return {"type": "act", "hand": t["hand"], "step": t["step"], "action": action}


def test_one_room_through_two_processes(pg_url: str, tmp_path: Path) -> None:
    save = tmp_path / "save.sqlite3"
    pa, pb = free_port(), free_port()
    proc_a, proc_b = serve(pg_url, save, pa), serve(pg_url, save, pb)
    try:
        a, b, ann, _bob, code = two_players_in_a_hand(pa, pb)
        sa, sb = a.sync(), b.sync()
        assert sa["room"] == sb["room"]
        assert sa["you"]["seat"] == "you" and sb["you"]["seat"] == "anna"
        assert sa["table"]["to_act"] == "you"
        # Ann's second tab is on B: her choice, sent on A and on B at once, counts once.
        a2 = Client(pb, code, ann)
        v = a2.sync()["room"]["version"]  # her second socket is one change (connected)
        a.wait(at_version(v))
        frame = act_frame(sa)
        marks = len(a.frames), len(a2.frames)
        a.send(frame)
        a2.send(frame)
        for c in (a, a2):
            c.wait(at_version(v + 1))
        time.sleep(0.5)  # the refusal, if it comes after the change's frame
        errors = [f for f in a.frames[marks[0] :] + a2.frames[marks[1] :] if f["type"] == "error"]
        # (stale; or no hand, when her choice ended the hand)
        assert len(errors) == 1 and errors[0]["error"]["code"] in ("stale", "no_hand"), errors
        # The one change reached Bob's socket on B, as Bob's seat sees it, and Ann's on A.
        got_b, got_a = b.seen(v + 1), a.seen(v + 1)
        assert got_b["room"] == got_a["room"] and got_a["room"]["version"] == v + 1
        assert got_b["you"]["seat"] == "anna" and got_a["you"]["seat"] == "you"
        assert got_b["table"]["step"] == got_a["table"]["step"] > sa["table"]["step"]
        # Whoever is next acts on their own process; the other process's sockets follow.
        state = a.sync()
        while state["room"]["phase"] == "playing":
            actor, other = (b, a) if state["table"]["to_act"] == "anna" else (a, b)
            actor.send(act_frame(actor.sync()))
            state = other.wait(at_version(state["room"]["version"] + 1))
        # No update lost or sent twice: each socket saw strictly rising versions, up to
        # the last one, and the same states; no frame held a card its seat may not see.
        last_a, last_b = a.sync(), b.sync()
        assert last_a["room"] == last_b["room"]
        time.sleep(0.5)
        for c in (a, b, a2):
            seen = c.versions()
            assert strictly_rising(seen), seen
            assert seen[-1] == last_a["room"]["version"]
        no_leaks(a, b, a2)
        # the finished hands are kept once, with the state that finished them, and read
        # alike through either process (recall)
        number = last_a["room"]["next_hand"] - 1
        for port in (pa, pb):
            status, body, _ = http(port, "GET", f"/api/rooms/{code}/hands", ann)
            assert status == 200, body
            assert [h["hand"] for h in body["hands"]] == list(range(number, 0, -1))
            status, body, _ = http(port, "GET", f"/api/rooms/{code}/hands/{number}", ann)
            assert status == 200 and body["seat"] == "you" and body["table"]["over"], body
        for c in (a, b, a2):
            c.close()
    finally:
        stop(proc_a)
        stop(proc_b)


def test_a_killed_process_is_resumed_by_the_other_and_by_a_new_one(
    pg_url: str, tmp_path: Path
) -> None:
    save = tmp_path / "save.sqlite3"
    pa, pb = free_port(), free_port()
    proc_a, proc_b = serve(pg_url, save, pa), serve(pg_url, save, pb)
    try:
        a, b, ann, _bob, code = two_players_in_a_hand(pa, pb)
        before = a.sync()
        assert before["table"]["to_act"] == "you"
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait(timeout=10)
        a.reader.join(10)
        # Ann comes back through B: the hand stands exactly where it stood.
        a2 = Client(pb, code, ann)
        now = a2.sync()
        assert now["table"] == before["table"]
        assert [s["stack"] for s in now["room"]["seats"]] == [
            s["stack"] for s in before["room"]["seats"]
        ]
        a2.send(act_frame(now))
        moved = b.wait(at_version(now["room"]["version"] + 1))
        assert moved["table"]["step"] > now["table"]["step"]
        # A new process on A's port serves the same room, at the same state as B.
        proc_a = serve(pg_url, save, pa)
        a3 = Client(pa, code, ann)
        s3, sb = a3.sync(), b.sync()
        assert s3["table"] == a2.sync()["table"]
        assert s3["room"]["version"] >= moved["room"]["version"]
        assert s3["room"]["hand"] == sb["room"]["hand"] and s3["room"]["step"] == sb["room"]["step"]
        for c in (b, a2):
            assert strictly_rising(c.versions()), c.versions()
        no_leaks(a, b, a2, a3)
        for c in (a2, a3, b):
            c.close()
    finally:
        stop(proc_a)
        stop(proc_b)


def test_the_timer_plays_an_absent_seat_once_across_processes(pg_url: str, tmp_path: Path) -> None:
    save = tmp_path / "save.sqlite3"
    pa, pb = free_port(), free_port()
    proc_a, proc_b = serve(pg_url, save, pa), serve(pg_url, save, pb)
    try:
        a, b, *_ = two_players_in_a_hand(pa, pb, timer=5)
        s = a.sync()
        assert s["table"]["to_act"] == "you" and s["room"]["deadline"] is not None
        v = s["room"]["version"]
        # Nobody acts: once the deadline passes, Ann's hand is played for her, once, and
        # both processes' sockets get that one new version.
        got_a = a.wait(lambda f: f.get("type") == "state" and f["room"]["version"] > v, 15)
        got_b = b.wait(lambda f: f.get("type") == "state" and f["room"]["version"] > v, 15)
        assert got_a["room"] == got_b["room"]
        assert got_a["room"]["version"] == v + 1
        assert got_a["room"]["seats"][0]["away"] is True
        time.sleep(1.0)
        for c in (a, b):
            later = [x for x in c.versions() if x > v]
            assert strictly_rising(later), later
        no_leaks(a, b)
        a.close()
        b.close()
    finally:
        stop(proc_a)
        stop(proc_b)
