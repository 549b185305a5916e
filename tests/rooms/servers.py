"""Real ``banluck serve`` processes for the rooms' fault and PostgreSQL tests: a free port,
a server started and waited for, stopped, and plain HTTP requests with the player's cookie."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"

#: ``banluck serve``'s options for a server a browser test drives. Playwright's request API
#: (``page.request``) keeps its connections in a pool and reuses one whatever the server's
#: keep-alive: a request sent as the server closes that idle connection fails (ECONNRESET).
#: A test's pauses are far shorter than this keep-alive, as a front door's are than the one
#: the game is given behind it (``--keep-alive``, docs/HOSTING.md).
BROWSER_SERVE = ("--keep-alive", "300")

#: The start of an nginx configuration run by a test (no root, everything in ``{dir}``),
#: open inside ``http``: the test adds its ``server`` (and upstreams) and closes it.
NGINX_HEAD = """
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
worker_processes 1;
events {{}}
http {{
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def start_server(port: int, *options: str) -> subprocess.Popen[bytes]:
    """``banluck serve OPTIONS`` on ``port``, once it answers (what it said on stderr in the
    error when it ends first)."""
    errors = tempfile.TemporaryFile()  # noqa: SIM115 (open while the server runs)
    proc = subprocess.Popen(
        [sys.executable, "-m", "banluck", "serve", "--host", HOST, "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    for _ in range(300):
        if proc.poll() is not None:
            errors.seek(0)
            said = errors.read().decode(errors="replace")[-3000:]
            raise AssertionError(f"banluck serve ended with {proc.returncode}: {said}")
        try:
            socket.create_connection((HOST, port), timeout=0.2).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then a kill if it has not ended within 15 s."""
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def http(
    port: int,
    method: str,
    path: str,
    cookie: str = "",
    body: Any = None,
    *,
    timeout: float = 30,
) -> Any:
    """``(status, JSON answer, the cookie now)`` of one request with the page's Origin."""
    conn = HTTPConnection(HOST, port, timeout=timeout)
    headers = {"Origin": f"http://{HOST}:{port}"}
    if cookie:
        headers["Cookie"] = f"banluck_id={cookie}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    r = conn.getresponse()
    payload = json.loads(r.read() or b"null")
    got = (r.getheader("set-cookie") or "").partition("banluck_id=")[2].partition(";")[0]
    conn.close()
    return r.status, payload, got or cookie


def children_of(pid: int) -> list[int]:
    """The live child processes of ``pid`` (Linux ``/proc``), in order."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rpartition(")")[2].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(stat.parent.name))
    return sorted(out)
