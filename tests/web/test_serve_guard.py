"""A real ``banluck serve`` on 127.0.0.1 against raw sockets (issue 7, hardening): idle and
half-sent connections are closed, connections beyond the ceiling are closed at once, a
huge chunked body is cut off, a 500-free log; the server keeps serving throughout."""

from __future__ import annotations

import re
import select
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from banluck.cli import build_parser

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def served(tmp_path: Path, *options: str) -> Iterator[tuple[int, list[str]]]:
    """``banluck serve`` on a free port; yields the port and, after it stops, its stderr
    lines (in the list)."""
    port = _free_port()
    cmd = [sys.executable, "-m", "banluck", "serve", "--port", str(port)]
    cmd += ["--db", str(tmp_path / "t.sqlite3"), *options]
    log = tmp_path / "stderr.txt"
    lines: list[str] = []
    with log.open("w") as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        try:
            for _ in range(300):
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/state", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            yield port, lines
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    lines.extend(log.read_text().splitlines())


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """The server closed (or reset) the connection within ``seconds``, sending nothing."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def _partial_head(port: int) -> bytes:
    return f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: */*".encode()


def test_incomplete_headers_and_extra_connections_are_closed(tmp_path: Path) -> None:
    with served(tmp_path, "--header-timeout", "1", "--max-connections", "8") as (port, log):
        socks = []
        for i in range(24):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            if i % 2:
                s.sendall(_partial_head(port))  # half a request; the other half says nothing
            socks.append(s)
        start = time.monotonic()
        assert all(_closed_within(s, 5) for s in socks)
        assert time.monotonic() - start < 8  # closed by the 1 s deadline (slack for load)
        for s in socks:
            s.close()
        # the server still answers, at once
        res = httpx.get(f"http://127.0.0.1:{port}/api/state", timeout=5)
        assert res.status_code == 200
    assert not [line for line in log if "Traceback" in line or "ERROR" in line], log


def _answered(s: socket.socket, port: int) -> bytes:
    """Send a whole request on ``s`` and read its whole answer (what came before a close)."""
    s.sendall(_partial_head(port) + b"\r\n\r\n")
    data = b""
    while b"\r\n\r\n" not in data and (chunk := s.recv(4096)):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
    while length and len(body) < int(length[1]) and (chunk := s.recv(65536)):
        body += chunk
    return data


def test_an_idle_connection_is_kept_as_long_as_keep_alive_says(tmp_path: Path) -> None:
    """Behind a front door that keeps its connections to the game two minutes, the game
    keeps them longer (``--keep-alive``) than its header deadline: a request on a connection
    idle past that deadline is answered; idle past ``--keep-alive`` it is closed."""
    with served(tmp_path, "--header-timeout", "1", "--keep-alive", "3") as (port, _):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        assert _answered(s, port).startswith(b"HTTP/1.1 200")
        time.sleep(1.8)  # past the header deadline, within the keep-alive
        assert _answered(s, port).startswith(b"HTTP/1.1 200")
        idle = time.monotonic()
        assert _closed_within(s, 6)
        assert 2.0 < time.monotonic() - idle < 6.5
        s.close()


@pytest.mark.parametrize("keep_alive", ["5", "60"])
def test_a_kept_alive_connection_with_half_a_request_is_closed(
    tmp_path: Path, keep_alive: str
) -> None:
    """uvicorn's keep-alive timer stops at the first byte of the next request; the header
    deadline does not, however long an idle connection is kept."""
    options = ("--header-timeout", "1", "--keep-alive", keep_alive)
    with served(tmp_path, *options) as (port, _):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        assert _answered(s, port).startswith(b"HTTP/1.1 200")
        time.sleep(0.3)
        s.sendall(_partial_head(port))  # the next request, never finished
        start = time.monotonic()
        data = b""
        s.settimeout(5)
        try:
            while chunk := s.recv(65536):  # the rest of the first answer, then the close
                data += chunk
        except ConnectionResetError:
            pass
        assert time.monotonic() - start < 4.5  # uvicorn alone never closes it
        assert b"HTTP/1.1" not in data  # nothing was answered to the half request
        s.close()


def test_a_huge_chunked_body_is_cut_off(tmp_path: Path) -> None:
    """A chunked body that would go on for 256 MiB: the server answers 413, closes, and
    has read only a little of it."""
    with served(tmp_path) as (port, log):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(
            f"POST /api/deal HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
        )
        chunk = b"10000\r\n" + b" " * 65536 + b"\r\n"
        sent, answer, stopped = 0, b"", False
        s.setblocking(False)
        poll = select.poll()  # not select.select: this socket's number may pass 1023
        poll.register(s, select.POLLIN | select.POLLOUT)
        while sent < 256 * 2**20 and not stopped:
            events = dict(poll.poll(5000)).get(s.fileno(), 0)
            readable = events & (select.POLLIN | select.POLLHUP | select.POLLERR)
            writable = events & select.POLLOUT
            if readable:
                try:
                    data = s.recv(65536)
                except ConnectionResetError:
                    break
                answer += data
                stopped = not data or b"\r\n\r\n" in answer
            elif writable:
                try:
                    sent += s.send(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    break
            else:
                break
        s.close()
        assert sent < 32 * 2**20, f"{sent} bytes were taken in"
        if answer:
            assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
            assert b"connection: close" in answer.lower()
        res = httpx.get(f"http://127.0.0.1:{port}/api/state", timeout=5)
        assert res.status_code == 200
    assert not [line for line in log if "Traceback" in line], log


def test_a_500_on_a_real_server_closes_its_connection_after_saying_so(tmp_path: Path) -> None:
    """A request that fails inside (here: a save file made unreadable under the server)
    gets a 500 body with ``Connection: close``, then the connection is closed cleanly."""
    with (
        served(tmp_path) as (port, _),
        httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=5) as client,
    ):
        assert client.put("/api/settings", json={"speed": "fast"}).status_code == 200
        conn = sqlite3.connect(tmp_path / "t.sqlite3")
        with conn:
            conn.execute("DROP TABLE players")
        conn.close()
        res = client.put("/api/settings", json={"speed": "slow"})
        assert res.status_code == 500
        assert res.json()["error"]["code"] == "server_error"
        assert res.headers["connection"] == "close"
        assert res.headers["x-content-type-options"] == "nosniff"


def test_the_guard_options() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.header_timeout, args.max_connections, args.keep_alive) == (10.0, 2048, 5)
    args = build_parser().parse_args(
        ["serve", "--header-timeout", "2.5", "--max-connections", "50", "--keep-alive", "150"]
    )
    assert (args.header_timeout, args.max_connections, args.keep_alive) == (2.5, 50, 150)
    for bad in (
        ["--header-timeout", "0"],
        ["--max-connections", "-1"],
        ["--header-timeout", "x"],
        ["--keep-alive", "0"],
        ["--keep-alive", "1.5"],
    ):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["serve", *bad])


def test_a_low_file_limit_is_raised_for_the_connection_ceiling() -> None:
    """1,000 players need more than the 256 connections a soft limit of 1,024 file handles
    allows: the server raises its soft limit towards the hard one (in a child process)."""
    code = (
        "import resource\n"
        "from banluck.web.server import connection_ceiling\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
        "print(connection_ceiling(2048), resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    ceiling, soft, hard = (int(x) for x in out)
    expected = 2048 if hard < 0 else min(2048, hard // 4)  # RLIM_INFINITY is -1
    assert ceiling == expected and soft >= 4 * ceiling
