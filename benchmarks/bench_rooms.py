"""Rooms under load (issue 11): N connected players in N/4 ``infinite`` rooms against a real
``banluck serve`` on 127.0.0.1; this script is the load generator, in its own process.

Each room's four people bet and play (I8's choice) hand after hand, one action at a time
per room, every room at once. For each action the time from sending it until each seat of
the room has a frame with a newer room version is one sample. Then every socket closes
and the server's resident memory (``/proc``) is compared with its memory before the rooms
were made: per idle room after the play, its four people still connected (this holds
their sockets' buffers too). A room
with no socket open is not kept in memory at all (``RoomHub.release``). The server runs with
``gc.freeze()`` (``web.server.run``): without it a full collection of the start's objects
paused every room for 0.2–0.4 s on this machine. The generator freezes its own objects
(sockets, seats) the same way before the play, for the same reason.

    .venv/bin/python benchmarks/bench_rooms.py --players 200 --actions 10

``--postgres``: the rooms in a PostgreSQL of its own (``scripts/pg.sh``) and two server
processes on it; each room's people are spread over both (seats 0 and 2 on one, 1 and 3 on
the other), so every action's update crosses processes (``NOTIFY``). Each socket's versions
must rise strictly (a version twice is a duplicated update) and every seat must see every
action's update and end at its room's last version (else a lost update); a version a socket
never saw because a later one came first is counted apart (``skipped_versions``: the
state is whole, nothing in it is lost). The figures are both servers' together.

``--rolling`` (with ``--postgres``): a quarter of the way into the play, each server in turn
is stopped (SIGTERM: it drains and closes its sockets with "service restart") and started
again, as a rolling restart or redeploy does; a seat whose server went away connects to the
other at once (as a page behind a load balancer does), its first state there a resync, and
a choice sent while it was away is sent again once it is back (the server refuses one
already made: nothing is made twice). Lost and duplicated updates are counted as always.

    .venv/bin/python benchmarks/bench_rooms.py --players 200 --think 1 --actions 40 \
        --seconds 60 --postgres --rolling

``--workers N`` (with ``--postgres``): one server of N worker processes on one port in place
of two servers; with ``--rolling`` it is sent SIGHUP (each worker replaced by a new one in
turn, the new one serving before the old one drains), and a seat whose worker drained
connects again to the same port.

    .venv/bin/python benchmarks/bench_rooms.py --players 200 --think 1 --actions 40 \
        --seconds 60 --postgres --workers 2 --rolling

``--nginx`` (with ``--postgres``): every socket goes through Debian's nginx over TLS (a
certificate of an authority made for the run), which passes each to the next server in turn;
the servers read the client's address from ``X-Forwarded-For`` and serve nginx's address as
their public one. nginx's CPU and memory count with the servers'.

    .venv/bin/python benchmarks/bench_rooms.py --players 1000 --think 1 --actions 10 \
        --postgres --nginx

Bounded: ``--actions`` per room, and ``--seconds`` overall.

``--attacks``: while the rooms play, one client at 127.0.0.2 does what a hostile or careless
client can: asks the edge of new kampung houses, ten at a time, each given up after 3 s
(``POST /api/houses/edge``); hosts a kampung room with bots and changes its house eight
times a second while betting; and downloads that room's ``hands.json`` eight at a time. The
honest rooms' figures are then compared with a quiet run (``attacks`` in the result counts
what the attacker was answered).

``--think 0`` (the default) plays every room back to back: the server is saturated and an
update's time is mostly its wait in line (p50 about rooms / actions a second); ``--think 1``
has each room's people take about a second per action, as people do.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import http.client
import json
import os
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.rooms.servers import children_of

from benchmarks.common import PG_SH, postgres_pids, start_postgres

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def rss_kb(pid: int) -> int:
    """A process's resident memory (0 for one that ended: a server restarted)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpus(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):  # a backend that ended
            total += cpu_seconds(pid)
    return total


def household(n: int) -> str:
    """The loopback address room ``n``'s people come from: each room a household of its own
    (127.0.1.1 on), as real players are, so the limits per client address
    (``web.clients``) see them as the different clients they stand for."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def request(
    port: int, method: str, path: str, cookie: str | None, body: Any = None, source: str = HOST
) -> Any:
    conn = http.client.HTTPConnection(HOST, port, timeout=30, source_address=(source, 0))
    headers = {"Origin": f"http://{HOST}:{port}", "Host": f"{HOST}:{port}"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if cookie:
        headers["Cookie"] = f"banluck_id={cookie}"
    conn.request(method, path, body=data, headers=headers)
    r = conn.getresponse()
    payload = r.read()
    set_cookie = r.getheader("set-cookie") or ""
    conn.close()
    value = set_cookie.partition("banluck_id=")[2].partition(";")[0] or cookie
    return r.status, json.loads(payload or b"null"), value


class Seat:
    def __init__(self, cookie: str) -> None:
        self.cookie = cookie
        self.ws: Any = None
        self.version = -1
        self.state: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.duplicated = 0  # a version not above the last one seen
        self.skipped = 0  # versions jumped over (a later state came first)
        self.lost = 0  # actions whose update never came
        #: where the seat connects (``connect``), and how often it had to again
        self.where: tuple[list[int], int, str, str] | None = None
        #: a TLS front door (``--nginx``): every socket goes through it, over ``wss``
        self.tls: ssl.SSLContext | None = None
        self.reconnects = 0
        self.connected = asyncio.Event()

    async def connect(self, ports: list[int], first: int, code: str, home: str) -> None:
        """Open the seat's socket to ``ports[first]`` (``reader`` opens it again, on the next
        server, when a server goes away)."""
        self.where = (ports, first, code, home)
        await self._open(ports[first])

    async def _open(self, port: int) -> None:
        assert self.where is not None
        _, _, code, home = self.where
        scheme = "https" if self.tls else "http"
        self.ws = await websockets.connect(
            f"{scheme.replace('http', 'ws')}://{HOST}:{port}/api/rooms/{code}/ws",
            origin=f"{scheme}://{HOST}:{port}",  # type: ignore[arg-type]
            additional_headers={"Cookie": f"banluck_id={self.cookie}"},
            local_addr=(home, 0),
            ssl=self.tls,
        )
        self.connected.set()

    async def send(self, frame: dict[str, Any]) -> None:
        """Send ``frame``, once the seat is connected (again)."""
        text = json.dumps(frame)
        while True:
            await self.connected.wait()
            try:
                await self.ws.send(text)
                return
            except websockets.ConnectionClosed:
                self.connected.clear()

    async def reader(self) -> None:
        resync = False
        while True:
            try:
                async for text in self.ws:
                    f = json.loads(text)
                    if f.get("type") == "state":
                        v = f["room"]["version"]
                        if v < self.version or (v == self.version and not resync):
                            self.duplicated += 1
                        elif self.version >= 0 and v > self.version:
                            self.skipped += v - self.version - 1
                        resync = False
                        self.state = f
                        self.version = max(self.version, v)
                        self.changed.set()
            except websockets.ConnectionClosed:
                pass
            if self.where is None:
                return
            # the server went away (a restart): to the next server, as a page through a
            # load balancer would, until one answers; its first state is a resync
            self.connected.clear()
            ports, first, _, _ = self.where
            self.reconnects += 1
            k = first + 1
            while True:
                try:
                    await self._open(ports[k % len(ports)])
                    break
                except (OSError, websockets.InvalidStatus, TimeoutError):
                    k += 1
                    await asyncio.sleep(0.2)
            resync = True


async def wait_version(seat: Seat, above: int, deadline: float) -> float | None:
    """When the seat had a version above ``above``; None (a lost update) at the deadline."""
    while seat.version <= above:
        seat.changed.clear()
        left = deadline - time.monotonic()
        if left <= 0:
            seat.lost += 1
            return None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(seat.changed.wait(), left)
    return time.monotonic()


async def play_room(
    seats: list[Seat], actions: int, stop: float, samples: list[float], think: float
) -> None:
    for k in range(actions):
        if think:  # each room's people take their time; rooms are out of step
            await asyncio.sleep(think * (0.5 + (hash((id(seats), k)) % 1000) / 1000))
        if time.monotonic() > stop:
            return
        state = max(seats, key=lambda s: s.version).state
        room = state["room"]
        actor: Seat | None = None
        frame: dict[str, Any] = {}
        if room["phase"] == "betting":
            for s in seats:
                seat = s.state["you"]["seat"]
                mine = next(x for x in s.state["room"]["seats"] if x["seat"] == seat)
                if not mine["ready"]:
                    actor, frame = s, {"type": "bet", "hand": room["next_hand"], "amount": 10}
                    break
        else:
            for s in seats:
                t = s.state.get("table") or {}
                if t.get("to_act") and t["to_act"] == s.state["you"]["seat"]:
                    legal = t["legal"]
                    action = "stand" if "stand" in legal else legal[0]
                    if "decline" in legal:
                        action = "decline"
                    actor = s
                    frame = {"type": "act", "hand": t["hand"], "step": t["step"], "action": action}
                    break
        if actor is None:  # frames still on their way
            await asyncio.sleep(0.01)
            continue
        v0 = max(s.version for s in seats)
        sent = time.monotonic()
        await actor.send(frame)
        got = await asyncio.gather(*(wait_version(s, v0, sent + 10) for s in seats))
        times = [t for t in got if t is not None]
        if len(times) < len(got):
            return  # an update lost: this room stops (counted by its seats)
        samples.extend(t - sent for t in times)
        if max(times) - sent > 0.1 and os.environ.get("BENCH_DEBUG"):
            print(f"slow {frame['type']} at {sent % 1000:.2f}: {max(times) - sent:.3f}s")


ATTACKER = "127.0.0.2"


def _kampung_houses() -> list[dict[str, Any]]:
    """Distinct kampung houses (each a new solve and simulation for the server)."""
    out = []
    for under in range(14, 19):
        for any_21 in (1, 2, 3):
            for burn in (True, False):
                for shown in (True, False):
                    rules = {
                        "banker_must_draw_under": under,
                        "any_21": any_21,
                        "burn": burn,
                        "busts_shown": shown,
                    }
                    out.append({"base": "kampung", "rules": rules})
    return out


def _edge_flood(port: int, stop: float, counts: dict[str, int]) -> None:
    """Ten at a time: the edge of a new kampung house, given up after 3 s."""
    from concurrent.futures import ThreadPoolExecutor

    houses = _kampung_houses()

    def one(k: int) -> None:
        house = houses[k % len(houses)]
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=3, source_address=(ATTACKER, 0))
            body = json.dumps({"house": house}).encode()
            headers = {"Origin": f"http://{HOST}:{port}", "Content-Type": "application/json"}
            conn.request("POST", "/api/houses/edge", body=body, headers=headers)
            status = conn.getresponse().status
            counts[f"edge_{status}"] = counts.get(f"edge_{status}", 0) + 1
            conn.close()
        except (TimeoutError, OSError):
            counts["edge_given_up"] = counts.get("edge_given_up", 0) + 1

    k = 0
    with ThreadPoolExecutor(10) as pool:
        while time.monotonic() < stop:
            list(pool.map(one, range(k, k + 10)))
            k += 10


def _downloads(port: int, code: str, cookie: str, stop: float, counts: dict[str, int]) -> None:
    """Eight at a time: the room's every hand as a file."""
    from concurrent.futures import ThreadPoolExecutor

    def one(_: int) -> None:
        try:
            status, _, _ = request(port, "GET", f"/room/{code}/hands.json", cookie, source=ATTACKER)
            counts[f"download_{status}"] = counts.get(f"download_{status}", 0) + 1
        except (TimeoutError, OSError, ValueError):
            counts["download_failed"] = counts.get("download_failed", 0) + 1

    with ThreadPoolExecutor(8) as pool:
        while time.monotonic() < stop:
            list(pool.map(one, range(8)))


async def _kampung_host(port: int, stop: float, counts: dict[str, int]) -> tuple[str, str]:
    """A kampung room of the attacker's with bots, its house changed eight times a second
    and a bet after each; its code and the attacker's cookie."""
    _, _, cookie = request(port, "GET", "/api/rooms/x", None, source=ATTACKER)
    status, body, _ = request(
        port, "POST", "/api/rooms", cookie, {"game": "kampung", "name": "Mal"}, source=ATTACKER
    )
    assert status == 201, body
    code = body["code"]
    ws = await websockets.connect(
        f"ws://{HOST}:{port}/api/rooms/{code}/ws",
        origin=f"http://{HOST}:{port}",  # type: ignore[arg-type]
        additional_headers={"Cookie": f"banluck_id={cookie}"},
        local_addr=(ATTACKER, 0),
    )
    state: dict[str, Any] = {}

    async def read() -> None:
        async for text in ws:
            f = json.loads(text)
            if f.get("type") == "state":
                state.update(f)
            elif f.get("type") == "error":
                key = f"house_error_{f['error']['code']}"
                counts[key] = counts.get(key, 0) + 1

    reader = asyncio.create_task(read())
    await ws.send(json.dumps({"type": "sit", "seat": "you"}))
    houses = _kampung_houses()
    k = 0

    async def play() -> None:
        nonlocal k
        while time.monotonic() < stop:
            await ws.send(json.dumps({"type": "house", "house": houses[k % len(houses)]}))
            counts["house_frames"] = counts.get("house_frames", 0) + 1
            k += 1
            room = state.get("room") or {}
            table = state.get("table") or {}
            if room.get("phase") == "betting":
                bet = {"type": "bet", "hand": room.get("next_hand"), "amount": 10}
                await ws.send(json.dumps(bet))
            elif table.get("to_act") == "you" and table.get("legal"):
                legal = table["legal"]
                action = "stand" if "stand" in legal else legal[0]
                frame = {"type": "act", "hand": table["hand"], "step": table["step"]}
                await ws.send(json.dumps({**frame, "action": action}))
            await asyncio.sleep(0.125)

    asyncio.get_running_loop().create_task(play())
    del reader  # runs until the socket closes
    return code, cookie


def _run_attack(work: Any, args: tuple[Any, ...], out: Any) -> None:
    counts: dict[str, int] = {}
    work(*args, counts)
    out.put(counts)


async def _in_process(work: Any, *args: Any) -> None:
    """``work(*args[:-1], counts)`` in a process of its own (its threads never take this
    generator's interpreter lock from the honest players' readers); its counts are added
    to ``args[-1]``."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_run_attack, args=(work, args[:-1], out))
    proc.start()
    counts = await asyncio.to_thread(out.get)
    await asyncio.to_thread(proc.join)
    for k, v in counts.items():
        args[-1][k] = args[-1].get(k, 0) + v


NGINX = """
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
worker_processes 2;
worker_rlimit_nofile 16384;
events {{ worker_connections 8192; }}
http {{
  access_log off;
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
  upstream game {{ {upstreams} }}
  server {{
    listen {host}:{port} ssl;
    ssl_certificate {cert};
    ssl_certificate_key {key};
    location / {{
      proxy_pass http://game;
      proxy_http_version 1.1;
      proxy_read_timeout 600s;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $remote_addr;
    }}
  }}
}}
"""


def _nginx(
    where: Path, port: int, apps: list[int]
) -> tuple[subprocess.Popen[bytes], ssl.SSLContext]:
    """Debian's nginx on ``port`` over TLS (a certificate of an authority made here), passing
    each connection to the next of ``apps``; and a TLS context that trusts it."""
    import trustme

    ca = trustme.CA()
    issued = ca.issue_cert(HOST)
    door = where / "nginx"
    door.mkdir()
    cert, key = door / "cert.pem", door / "key.pem"
    issued.private_key_pem.write_to_path(str(key))
    issued.cert_chain_pems[0].write_to_path(str(cert))
    upstreams = " ".join(f"server {HOST}:{a} max_fails=0;" for a in apps)
    conf = door / "nginx.conf"
    conf.write_text(
        NGINX.format(dir=door, host=HOST, port=port, cert=cert, key=key, upstreams=upstreams)
    )
    proc = subprocess.Popen(
        ["/usr/sbin/nginx", "-c", str(conf), "-p", str(door)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            socket.create_connection((HOST, port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    context = ssl.create_default_context()
    ca.configure_trust(context)
    return proc, context


async def rolling(ports: list[int], restart: Any, after: float, rolled: list[float]) -> None:
    """After ``after`` seconds, each server in turn is stopped (SIGTERM: its sockets close
    with "service restart") and started again (``restart(i)``), the next once it answers;
    how long each was away goes in ``rolled``."""
    await asyncio.sleep(after)
    for i in range(len(ports)):
        began = time.monotonic()
        await asyncio.to_thread(restart, i)
        rolled.append(round(time.monotonic() - began, 2))
        await asyncio.sleep(1.0)


async def main_async(
    args: argparse.Namespace,
    ports: list[int],
    pids: list[int],
    pg_pids: list[int],
    restart: Any = None,
    front: tuple[int, ssl.SSLContext] | None = None,
) -> dict[str, Any]:
    rooms = args.players // 4
    port = ports[0]
    base_rss = sum(rss_kb(p) for p in pids)
    if os.environ.get("PYTHONTRACEMALLOC"):  # the servers' first snapshot (server.py)
        for p in pids:
            os.kill(p, signal.SIGUSR1)
    all_seats: list[list[Seat]] = []
    for n in range(rooms):
        home = household(n)
        cookies = [request(port, "GET", "/api/rooms/x" * 1, None, source=home)[2] for _ in range(4)]
        status, body, _ = request(
            port,
            "POST",
            "/api/rooms",
            cookies[0],
            {"game": "infinite", "name": "Host", "timer": 300},
            source=home,
        )
        assert status == 201, body
        all_seats.append([Seat(c) for c in cookies])
        all_seats[-1][0].code = body["code"]  # type: ignore[attr-defined]
    t0 = time.monotonic()
    readers = []
    for n, seats in enumerate(all_seats):
        code = seats[0].code  # type: ignore[attr-defined]
        for i, s in enumerate(seats):
            # with two servers, a room is on both (through nginx: where it sends it)
            if front is not None:
                s.tls = front[1]
                await s.connect([front[0]], 0, code, household(n))
            else:
                await s.connect(ports, i % len(ports), code, household(n))
            readers.append(asyncio.create_task(s.reader()))
            if i:
                await s.send({"type": "join", "name": f"P{i}"})
            await s.send({"type": "sit"})
    connect_s = time.monotonic() - t0
    await asyncio.sleep(1.0)
    # the generator's own sockets and rooms are kept out of its collector (as the server's
    # start is, ``web.server.run``): a full collection of them stalled every reader here
    # for 40-140 ms, time that counted as the server's
    gc.collect()
    gc.freeze()
    samples: list[float] = []
    stop = time.monotonic() + args.seconds
    attacks: dict[str, int] = {}
    attackers: list[Any] = []
    if args.attacks:
        code, cookie = await _kampung_host(port, stop, attacks)
        await asyncio.sleep(2.0)  # a few hands to download
        attackers = [_in_process(_edge_flood, port, stop, attacks)]
        attackers.append(_in_process(_downloads, port, code, cookie, stop, attacks))
    rolled: list[float] = []
    if args.rolling:
        attackers.append(rolling(ports, restart, args.seconds / 4, rolled))
    cpu0, own0, wall0 = cpus(pids), time.process_time(), time.monotonic()
    pg0 = cpus(pg_pids)
    await asyncio.gather(
        *(play_room(s, args.actions, stop, samples, args.think) for s in all_seats),
        *attackers,
    )
    cpu1, own1, wall1 = cpus(pids), time.process_time(), time.monotonic()
    pg1 = cpus(pg_pids)
    await asyncio.sleep(1.0)
    idle_rss = sum(rss_kb(p) for p in pids)  # every room idle, its people still connected
    if os.environ.get("PYTHONTRACEMALLOC"):  # the servers log what the rooms allocated
        for p in pids:
            os.kill(p, signal.SIGUSR1)
        await asyncio.sleep(2.0)
    seats_all = [s for seats in all_seats for s in seats]
    behind = sum(  # a seat that does not end at its room's last version lost an update
        1 for seats in all_seats for s in seats if s.version != max(x.version for x in seats)
    )
    for seats in all_seats:
        for s in seats:
            s.where = None  # closed by us: not opened again
            await s.ws.close()
    for r in readers:
        r.cancel()
    samples.sort()
    ms = [x * 1000 for x in samples]
    return {
        "players": rooms * 4,
        "rooms": rooms,
        "connect_seconds": round(connect_s, 2),
        "samples": len(ms),
        "p50_ms": round(statistics.median(ms), 2) if ms else None,
        "p99_ms": round(ms[int(len(ms) * 0.99) - 1], 2) if ms else None,
        "max_ms": round(ms[-1], 2) if ms else None,
        "actions_per_second": round(len(ms) / 4 / (wall1 - wall0), 1),
        "servers": len(ports),
        "lost_updates": sum(s.lost for s in seats_all) + behind,
        "duplicated_updates": sum(s.duplicated for s in seats_all),
        "skipped_versions": sum(s.skipped for s in seats_all),
        # (a restarted server's CPU is not counted: left out)
        "server_cpu_seconds": None if args.rolling else round(cpu1 - cpu0, 2),
        "server_cpu_share": None if args.rolling else round((cpu1 - cpu0) / (wall1 - wall0), 2),
        "postgres_cpu_share": (
            round((pg1 - pg0) / (wall1 - wall0), 2) if pg_pids and not args.rolling else None
        ),
        "generator_cpu_share": round((own1 - own0) / (wall1 - wall0), 2),
        "rss_per_idle_connected_room_kb": (
            None if args.rolling else round((idle_rss - base_rss) / rooms, 1)
        ),
        "loadavg": os.getloadavg(),
        **({"attacks": attacks} if args.attacks else {}),
        **(
            {
                "servers_away_seconds": rolled,
                "reconnects": sum(s.reconnects for s in seats_all),
            }
            if args.rolling
            else {}
        ),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--actions", type=int, default=10, help="actions per room")
    ap.add_argument("--seconds", type=float, default=60.0, help="overall bound of the play")
    ap.add_argument("--server-log", metavar="PATH", help="keep the server's log here")
    ap.add_argument(
        "--postgres",
        action="store_true",
        help="the rooms in PostgreSQL (scripts/pg.sh) and two server processes on it",
    )
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a room waits before each action (0: back to back)",
    )
    ap.add_argument(
        "--attacks",
        action="store_true",
        help="a client at 127.0.0.2 floods house edges, kampung house changes and downloads",
    )
    ap.add_argument(
        "--nginx",
        action="store_true",
        help="with --postgres: every socket through Debian's nginx over TLS, round-robin",
    )
    ap.add_argument(
        "--rolling",
        action="store_true",
        help="with --postgres: a quarter of the way in, restart each server in turn",
    )
    ap.add_argument(
        "--workers",
        type=int,
        default=1,
        help="with --postgres: one server of N worker processes on one port, in place of two"
        " servers (--rolling then sends it SIGHUP: each worker replaced in turn)",
    )
    args = ap.parse_args()
    if not 4 <= args.players <= 2000:
        ap.error("--players is 4 to 2000")
    if (args.rolling or args.nginx or args.workers > 1) and not args.postgres:
        ap.error("--rolling, --nginx and --workers need --postgres")
    with tempfile.TemporaryDirectory(prefix="banluck-bench-") as tmp:
        db = str(Path(tmp) / "bench.sqlite3")
        extra: list[str] = []  # (every server's options beyond its port and store)
        pg_dir = Path(tmp) / "pg"
        if args.postgres:
            db = start_postgres(pg_dir)
        ports = [free_port() for _ in range(2 if args.postgres and args.workers == 1 else 1)]
        if args.workers > 1:
            extra += ["--workers", str(args.workers)]
        log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL  # noqa: SIM115

        def launch(port: int) -> subprocess.Popen[bytes]:
            proc = subprocess.Popen(
                [
                    *(sys.executable, "-m", "banluck", "serve", "--host", HOST),
                    *("--port", str(port), "--db", db, *extra),
                    *("--max-connections", str(args.players + 64)),
                ],
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
            for _ in range(300):
                try:
                    socket.create_connection((HOST, port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            return proc

        def restart(i: int) -> None:
            if args.workers > 1:  # SIGHUP: each worker replaced by a new one, in turn
                before = set(children_of(servers[i].pid))
                os.kill(servers[i].pid, signal.SIGHUP)
                while not (
                    len(now := set(children_of(servers[i].pid))) == args.workers
                    and not now & before
                ):
                    time.sleep(0.05)
                return
            servers[i].terminate()  # SIGTERM: the server drains and closes its sockets
            servers[i].wait(timeout=30)
            servers[i] = launch(ports[i])

        front: tuple[int, ssl.SSLContext] | None = None
        door: subprocess.Popen[bytes] | None = None
        if args.nginx:
            front_port = free_port()
            # behind the door every client is nginx: the servers count the browser's address
            # it passes on, and serve its public address
            extra += ["--client-header", "X-Forwarded-For"]
            extra += ["--public-url", f"https://{HOST}:{front_port}"]
            door, context = _nginx(Path(tmp), front_port, ports)
            front = (front_port, context)
        servers = [launch(port) for port in ports]
        try:
            pg_pids = postgres_pids(pg_dir) if args.postgres else []
            pids = [s.pid for s in servers]
            if args.workers > 1:  # the workers serve; their supervisor waits
                for _ in range(300):
                    if len(children_of(servers[0].pid)) == args.workers:
                        break
                    time.sleep(0.1)
                pids += children_of(servers[0].pid)
            if door is not None:
                pids.append(door.pid)  # the front door's CPU counts with the servers'
                pids += children_of(door.pid)
            result = asyncio.run(main_async(args, ports, pids, pg_pids, restart, front))
        finally:
            if door is not None:
                door.terminate()
                door.wait(timeout=10)
            for server in servers:
                server.terminate()
                server.wait(timeout=10)
            if args.postgres:
                subprocess.run(["bash", str(PG_SH), "stop", str(pg_dir)], check=False)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
