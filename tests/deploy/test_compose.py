"""The container image and the compose file, built and run with Debian's podman: the base
image is made here from Debian's packages (``debootstrap``, then ``podman import``, tagged
as the name the Dockerfiles use, since no image registry is reached), the game's, the
database's and Caddy's images are built, and ``podman-compose`` starts the stack as
``docs/HOSTING.md`` says (``deploy/init.sh`` with Caddy's own authority). Over HTTPS, at the
public name: the server is ready, a room is made and a hand dealt; the game's container is
restarted in the middle of the hand and the room comes back with the hand as it was."""

from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from banluck.web.invite import invite_qr
from tests.rooms.servers import free_port

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CONF = Path(__file__).with_name("containers.conf")
BASE = "docker.io/library/debian:bookworm-slim"
NAME = "cards.example.test"
PROJECT = "banluckci"
#: where Caddy keeps its own authority's certificate (``tls internal``)
CADDY_ROOT = "/data/caddy/pki/authorities/local/root.crt"
#: this machine's certificate authorities for pip in the build (its egress inspects TLS)
BUNDLE = "/etc/ssl/certs/ca-certificates.crt"
TRUST = ("-v", f"{BUNDLE}:/run/ca.crt:ro", "--build-arg", "PIP_CERT=/run/ca.crt")
#: the builds yield the machine to the tests beside them (the suite runs two workers at once)
GENTLE = ("nice", "-n", "19", "ionice", "-c", "2", "-n", "7")
IMAGES = {
    "localhost/banluck:latest": ROOT,
    "localhost/banluck-db:latest": ROOT / "deploy" / "postgres",
    "localhost/banluck-caddy:latest": ROOT / "deploy" / "caddy",
}


def _env() -> dict[str, str]:
    """podman as this machine runs it: runc, cgroupfs, no default ulimits."""
    return dict(os.environ, CONTAINERS_CONF=str(CONF))


def _run(*cmd: str, cwd: Path | None = None, timeout: float = 1800) -> str:
    done = subprocess.run(
        cmd, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{' '.join(cmd)}: {done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


def _base_image() -> None:
    """Debian bookworm from Debian's packages, under the Dockerfiles' base name."""
    exists = subprocess.run(["podman", "image", "exists", BASE], env=_env(), check=False)
    if exists.returncode == 0:
        return
    where = Path(tempfile.mkdtemp(prefix="banluck-base-"))
    try:
        _run(*GENTLE, "debootstrap", "--variant=minbase", "bookworm", str(where / "root"))
        tar = subprocess.Popen(
            ["tar", "-C", str(where / "root"), "-c", "."], stdout=subprocess.PIPE
        )
        imported = subprocess.run(
            ["podman", "import", "-", BASE], stdin=tar.stdout, env=_env(), capture_output=True
        )
        tar.wait()
        assert imported.returncode == 0, imported.stderr
    finally:
        shutil.rmtree(where, ignore_errors=True)


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The compose stack up, as a host would bring it up; taken down after."""
    _base_image()
    for tag, context in IMAGES.items():
        _run(
            *GENTLE,
            "podman",
            "build",
            "--pull=never",
            "--network",
            "host",
            *TRUST,
            "-t",
            tag,
            str(context),
        )
    where = tmp_path_factory.mktemp("compose")
    shutil.copy(ROOT / "compose.yaml", where)
    shutil.copytree(ROOT / "deploy", where / "deploy")
    https, http = free_port(), free_port()
    _run(
        "sh",
        str(where / "deploy" / "init.sh"),
        NAME,
        "--internal-ca",
        "--https-port",
        str(https),
        "--http-port",
        str(http),
    )
    _clean()
    _run("podman-compose", "-p", PROJECT, "up", "-d", cwd=where)
    try:
        yield {"where": where, "port": https, "public": f"https://{NAME}:{https}"}
    finally:
        subprocess.run(
            ["podman-compose", "-p", PROJECT, "down", "-v"],
            cwd=where,
            env=_env(),
            capture_output=True,
            timeout=300,
            check=False,
        )
        _clean()


def _clean() -> None:
    """No container or volume of the test's project is left (a stopped one included)."""
    label = f"label=io.podman.compose.project={PROJECT}"
    for listing, removal in (
        (("ps", "-a", "-q"), ("rm", "-f")),
        (("volume", "ls", "-q"), ("volume", "rm", "-f")),
    ):
        listed = subprocess.run(
            ["podman", *listing, "--filter", label],
            env=_env(),
            capture_output=True,
            text=True,
            check=False,
        )
        if listed.stdout.split():
            subprocess.run(
                ["podman", *removal, *listed.stdout.split()],
                env=_env(),
                capture_output=True,
                check=False,
            )


def _trust(port: int) -> ssl.SSLContext:
    """A client that trusts Caddy's own authority (read from its container) for ``NAME``."""
    deadline = time.monotonic() + 120
    while True:
        got = subprocess.run(
            ["podman", "exec", f"{PROJECT}_caddy_1", "cat", CADDY_ROOT],
            env=_env(),
            capture_output=True,
            text=True,
            check=False,
        )
        if got.returncode == 0 and "BEGIN CERTIFICATE" in got.stdout:
            break
        assert time.monotonic() < deadline, got.stderr
        time.sleep(1)
    context = ssl.create_default_context(cadata=got.stdout)
    return context


def _https(
    port: int, context: ssl.SSLContext, method: str, path: str, body: Any = None, cookie: str = ""
) -> tuple[int, Any, str]:
    """A request to ``NAME`` at ``port`` (on this machine), the certificate checked: the
    status, the JSON answer and the cookie."""
    data = b"" if body is None else json.dumps(body).encode()
    head = [
        f"{method} {path} HTTP/1.1",
        f"Host: {NAME}:{port}",
        f"Origin: https://{NAME}:{port}",
        "Connection: close",
        f"Content-Length: {len(data)}",
    ]
    if body is not None:
        head.append("Content-Type: application/json")
    if cookie:
        head.append(f"Cookie: banluck_id={cookie}")
    raw = socket.create_connection(("127.0.0.1", port), timeout=30)
    with context.wrap_socket(raw, server_hostname=NAME) as tls:
        tls.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        answer = b""
        while chunk := tls.recv(65536):
            answer += chunk
    top, _, payload = answer.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.lower() == "set-cookie" and value.strip().startswith("banluck_id="):
            cookie = value.strip().split(";")[0].split("=", 1)[1]
    if "chunked" in top.decode("latin-1").lower():
        payload = _unchunk(payload)
    try:
        return status, json.loads(payload), cookie
    except ValueError:
        return status, payload.decode(errors="replace"), cookie


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size, _, rest = data.partition(b"\r\n")
        n = int(size.split(b";")[0], 16)
        if n == 0:
            break
        out += rest[:n]
        data = rest[n + 2 :]
    return out


def _ready(port: int, context: ssl.SSLContext) -> dict[str, Any]:
    deadline = time.monotonic() + 300
    while True:
        try:
            status, body, _ = _https(port, context, "GET", "/readyz")
            if status == 200:
                return dict(body)
        except (OSError, ssl.SSLError, ValueError, IndexError):
            pass
        assert time.monotonic() < deadline, "the stack did not become ready over HTTPS"
        time.sleep(1)


def _socket(port: int, context: ssl.SSLContext, code: str, cookie: str) -> Any:
    """The room's socket at the public name (``NAME`` on this machine), the certificate
    checked."""
    return connect(
        f"wss://{NAME}:{port}/api/rooms/{urllib.parse.quote(code)}/ws",
        sock=socket.create_connection(("127.0.0.1", port), timeout=30),
        ssl=context,
        server_hostname=NAME,
        origin=Origin(f"https://{NAME}:{port}"),
        additional_headers={"Cookie": f"banluck_id={cookie}"},
        open_timeout=30,
    )


def _room_state(port: int, context: ssl.SSLContext, code: str, cookie: str) -> dict[str, Any]:
    """The room as its host's socket sees it (a state frame)."""
    with _socket(port, context, code, cookie) as ws:
        ws.send(json.dumps({"type": "state", "id": 1}))
        while True:
            frame: dict[str, Any] = json.loads(ws.recv(timeout=30))
            if frame.get("reply") == 1:
                return frame


def _bet(port: int, context: ssl.SSLContext, code: str, cookie: str) -> None:
    with _socket(port, context, code, cookie) as ws:
        ws.send(json.dumps({"type": "sit", "seat": "you"}))
        for hand in range(1, 11):  # until a hand waits for the host (a natural ends one)
            ws.send(json.dumps({"type": "bet", "hand": hand, "amount": 20}))
            ws.send(json.dumps({"type": "state", "id": hand}))
            while True:
                frame = json.loads(ws.recv(timeout=30))
                if frame.get("reply") == hand:
                    break
            if frame["table"] and frame["table"]["to_act"] == "you":
                return
    raise AssertionError("ten hands in a row ended at the deal")


def test_the_compose_stack_serves_a_room_over_https_and_survives_a_restart(
    stack: dict[str, Any],
) -> None:
    port = stack["port"]
    context = _trust(port)
    ready = _ready(port, context)
    assert ready["checks"] == {"saves": "ok", "rooms": "ok", "kernels": "ok"}
    status, made, cookie = _https(
        port, context, "POST", "/api/rooms", {"game": "table", "name": "Ann", "timer": 300}
    )
    assert status == 201, made
    code = made["code"]
    status, qr, _ = _https(port, context, "GET", f"/room/{code}/qr.svg", cookie=cookie)
    assert status == 200 and qr == invite_qr(f"{stack['public']}/room/{code}").decode()
    _bet(port, context, code, cookie)
    before = _room_state(port, context, code, cookie)
    assert before["table"]["to_act"] == "you"
    # the same person's own table, kept in PostgreSQL with the rooms
    status, solo, _ = _https(port, context, "POST", "/api/deal", {"bet": 20, "hand": 1}, cookie)
    assert status == 200, solo
    _run("podman", "restart", f"{PROJECT}_game_1", timeout=120)
    _ready(port, context)
    after = _room_state(port, context, code, cookie)
    assert after["table"] == before["table"]  # the hand as it was, mid-hand
    assert after["room"]["hand"] == before["room"]["hand"]
    assert _https(port, context, "GET", "/api/state", cookie=cookie)[1] == solo
    # the backup HOSTING.md gives, read back by pg_restore
    db = f"{PROJECT}_db_1"
    _run("podman", "exec", db, "pg_dump", "-Fc", "-f", "/tmp/banluck.dump", "banluck")
    listing = _run("podman", "exec", db, "pg_restore", "-l", "/tmp/banluck.dump")
    assert "TABLE DATA public banluck_players" in listing
    assert "TABLE DATA public banluck_rooms" in listing
