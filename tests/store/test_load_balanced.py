"""Two machines behind one load balancer: two ``banluck serve`` processes on one PostgreSQL
(separate ports, separate data folders, no file shared) behind Debian's nginx, which sends
every request to the next server in turn. A player's twenty solo hands and a room hand are
played through it; each server is killed in turn in the middle of a hand and the hand goes
on, nothing lost; every answer is what either server says when asked directly."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.rooms.servers import HOST, NGINX_HEAD, free_port, http, stop
from tests.rooms.test_postgres_processes import act_frame, at_version, two_players_in_a_hand

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning"),
]

NGINX = (
    NGINX_HEAD
    + """
  log_format upstreams '$upstream_addr';
  access_log {dir}/access.log upstreams;
  upstream game {{
    server 127.0.0.1:{a} max_fails=0;
    server 127.0.0.1:{b} max_fails=0;
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://game;
      proxy_http_version 1.1;
      proxy_next_upstream error timeout;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
    }}
  }}
}}
"""
)


@dataclass
class Farm:
    """The balancer's port and the two servers behind it."""

    port: int
    ports: tuple[int, int]
    procs: list[subprocess.Popen[bytes]]
    url: str
    homes: tuple[Path, Path]

    def start(self, i: int) -> None:
        """Start server ``i`` (again) on its port, with its own data folder."""
        env = {**os.environ, "HOME": str(self.homes[i]), "XDG_DATA_HOME": str(self.homes[i])}
        errors = tempfile.TemporaryFile()  # noqa: SIM115 (open while the server runs)
        public = f"http://{HOST}:{self.port}"
        self.procs[i] = subprocess.Popen(
            [sys.executable, "-m", "banluck", "serve", "--host", HOST, "--port",
             str(self.ports[i]), "--db", self.url, "--public-url", public],
            stdout=subprocess.DEVNULL,
            stderr=errors,
            env=env,
        )  # fmt: skip
        for _ in range(300):
            assert self.procs[i].poll() is None, errors.seek(0) or errors.read()
            status, _, _ = _direct(self.ports[i], "GET", "/readyz")
            if status == 200:
                return
            time.sleep(0.1)
        raise AssertionError("the server did not become ready")

    def kill(self, i: int) -> None:
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait()


def _direct(port: int, method: str, path: str, cookie: str = "") -> tuple[int, Any, str]:
    try:
        status, answer, cookie = http(port, method, path, cookie)
        return status, answer, cookie
    except (OSError, ValueError):
        return 0, None, cookie


@pytest.fixture
def farm(pg_url: str, tmp_path: Path) -> Iterator[Farm]:
    homes = (tmp_path / "a", tmp_path / "b")
    for h in homes:
        h.mkdir()
    f = Farm(free_port(), (free_port(), free_port()), [], pg_url, homes)
    f.procs = [subprocess.Popen(["true"]), subprocess.Popen(["true"])]
    door_dir = tmp_path / "nginx"
    door_dir.mkdir()
    conf = door_dir / "nginx.conf"
    conf.write_text(NGINX.format(dir=door_dir, port=f.port, a=f.ports[0], b=f.ports[1]))
    door = subprocess.Popen(
        ["/usr/sbin/nginx", "-c", str(conf), "-p", str(door_dir)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        f.start(0)
        f.start(1)
        yield f
    finally:
        door.terminate()
        door.wait(15)
        for p in f.procs:
            stop(p)
    # every server's own folder stayed empty: nothing of the game on a machine's disk
    assert [p for h in homes for p in h.rglob("*") if p.is_file()] == []


def _through(f: Farm, method: str, path: str, cookie: str, body: Any = None) -> Any:
    status, answer, cookie = http(f.port, method, path, cookie, body)
    assert status == 200, answer
    for port, proc in zip(f.ports, f.procs, strict=True):  # either server, asked directly
        if proc.poll() is None:
            assert http(port, "GET", "/api/state", cookie)[1] == answer
    return answer, cookie


def test_twenty_solo_hands_and_a_room_hand_through_a_round_robin_balancer(farm: Farm) -> None:
    _, state, cookie = http(farm.port, "GET", "/api/state")
    rng = random.Random(11)
    served: list[int] = []
    to_kill = [0, 1]  # server A in the first hand not over at the deal from the 4th, then B
    for n in range(20):
        deal = {"bet": 50, "hand": state["next_hand"]}
        state, cookie = _through(farm, "POST", "/api/deal", cookie, deal)
        kill = to_kill[0] if to_kill and n >= 4 + 8 * (2 - len(to_kill)) else None
        if kill is not None and not state["table"]["over"]:
            farm.kill(to_kill.pop(0))  # mid-hand: the other machine goes on with it
        else:
            kill = None
        while not state["table"]["over"]:
            t = state["table"]
            body = {"action": rng.choice(t["legal"]), "hand": t["hand"], "step": t["step"]}
            state, cookie = _through(farm, "POST", "/api/action", cookie, body)
        if kill is not None:
            farm.start(kill)
        served.append(state["table"]["hand"])
    assert served == sorted(served) and len(set(served)) == 20  # every hand once, in order
    _, history, _ = http(farm.port, "GET", "/api/history", cookie)
    assert [h["hand"] for h in history["hands"]][:20] == served[::-1]
    assert sum(h["net"] for h in history["hands"][:20]) == sum(
        h["net"] for h in http(farm.ports[1], "GET", "/api/history", cookie)[1]["hands"][:20]
    )
    for i in (0, 1):  # the servers killed: each counted itself ready again
        assert http(farm.ports[i], "GET", "/readyz")[0] == 200
    log = (farm.homes[0].parent / "nginx" / "access.log").read_text()
    for port in farm.ports:  # the balancer sent requests to both
        assert log.count(f"127.0.0.1:{port}") >= 5, log
    assert to_kill == []  # each server was killed mid-hand

    # a room hand through the balancer: each socket and request to whichever server
    a, b, *_ = two_players_in_a_hand(farm.port, farm.port)
    try:
        state = a.sync()
        while state["room"]["phase"] == "playing":
            actor, other = (b, a) if state["table"]["to_act"] == "anna" else (a, b)
            actor.send(act_frame(actor.sync()))
            state = other.wait(at_version(state["room"]["version"] + 1))
        assert a.sync()["room"] == b.sync()["room"]
    finally:
        a.close()
        b.close()
