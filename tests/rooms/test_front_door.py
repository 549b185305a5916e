"""A room through a real front door: Debian's nginx and Caddy, each over TLS with a
certificate from a CA made for the test, in front of ``banluck serve --public-url`` at a
public-looking name that Chromium resolves to 127.0.0.1. Two people make and join a room
and play a hand; the invite link is copied (a secure context), the service worker
registers, the cookie is ``Secure``. Without ``--public-url`` the page says the name is not
served and the server's log says what to set."""

from __future__ import annotations

import base64
import hashlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import trustme
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from playwright.sync_api import Browser, Playwright

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.rooms.servers import HOST, NGINX_HEAD, free_port, start_server, stop
from tests.rooms.test_room_page import Person, check_frames, enter, make_room, play_hand

pytestmark = pytest.mark.browser

NAME = "cards.example.test"

NGINX = (
    NGINX_HEAD
    + """
  access_log off;
  server {{
    listen 127.0.0.1:{port} ssl;
    server_name {name};
    ssl_certificate {cert};
    ssl_certificate_key {key};
    location / {{
      proxy_pass http://127.0.0.1:{app};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }}
  }}
}}
"""
)

CADDY = """
{{
  admin off
  storage file_system {dir}/data
}}
https://{name}:{port} {{
  bind 127.0.0.1
  tls {cert} {key}
  reverse_proxy 127.0.0.1:{app}
}}
"""


def _door_command(door: str, where: Path, files: dict[str, object]) -> list[str]:
    if door == "nginx":
        conf = where / "nginx.conf"
        conf.write_text(NGINX.format(**files))
        return ["/usr/sbin/nginx", "-c", str(conf), "-p", str(where)]
    conf = where / "Caddyfile"
    conf.write_text(CADDY.format(**files))
    return ["/usr/bin/caddy", "run", "--config", str(conf), "--adapter", "caddyfile"]


def _until_listening(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    """Wait until ``proc`` listens on ``port`` (its log in the error when it ends first)."""
    for _ in range(300):
        assert proc.poll() is None, log.read_text()
        try:
            socket.create_connection((HOST, port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}: {log.read_text()}")


@dataclass(frozen=True)
class Leaf:
    """The certificate the front doors present for ``NAME``, and its key's SPKI hash."""

    cert: Path
    key: Path
    spki: str


@pytest.fixture(scope="module")
def leaf(tmp_path_factory: pytest.TempPathFactory) -> Leaf:
    ca = trustme.CA()
    issued = ca.issue_cert(NAME)
    where = tmp_path_factory.mktemp("tls")
    cert, key = where / "cert.pem", where / "key.pem"
    issued.private_key_pem.write_to_path(str(key))
    issued.cert_chain_pems[0].write_to_path(str(cert))
    public = x509.load_pem_x509_certificate(cert.read_bytes()).public_key()
    der = public.public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
    return Leaf(cert, key, base64.b64encode(hashlib.sha256(der).digest()).decode())


@pytest.fixture
def front_door(leaf: Leaf, tmp_path: Path) -> Iterator[Callable[[str, int], str]]:
    """Start ``door`` (nginx or caddy) with TLS for ``NAME`` in front of the app's port;
    its public address. Stopped after the test."""
    procs: list[subprocess.Popen[bytes]] = []

    def start(door: str, app: int) -> str:
        where = Path(tempfile.mkdtemp(dir=tmp_path, prefix=door))
        port = free_port()
        files = {"dir": where, "name": NAME, "port": port, "app": app}
        files |= {"cert": leaf.cert, "key": leaf.key}
        env = dict(os.environ, HOME=str(where), XDG_DATA_HOME=str(where))
        env["XDG_CONFIG_HOME"] = str(where)
        with (where / "door.log").open("wb") as log:
            proc = subprocess.Popen(
                _door_command(door, where, files), stdout=log, stderr=log, env=env
            )
        procs.append(proc)
        _until_listening(port, proc, where / "door.log")
        return f"https://{NAME}:{port}"

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture
def door_browser(playwright_session: Playwright, leaf: Leaf) -> Iterator[Browser]:
    """Debian's Chromium that resolves ``NAME`` to 127.0.0.1 and trusts the front door's
    certificate, as a browser trusts a real one (a secure context)."""
    args = [
        *CHROMIUM_ARGS,
        f"--host-resolver-rules=MAP {NAME} 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={leaf.spki}",
    ]
    b = playwright_session.chromium.launch(executable_path=str(CHROMIUM), args=args)
    yield b
    b.close()


class DoorPerson(Person):
    """A person whose speed setting goes through the browser's own fetch: Playwright's
    request context resolves names itself and would not find ``NAME``."""

    def play_instantly(self, base: str) -> None:
        if self.instant:
            return
        if not self.page.url.startswith(base):
            self.page.goto(base + "/")
        put = """async (url) => (await fetch(url, {method: "PUT",
            headers: {"content-type": "application/json"},
            body: JSON.stringify({speed: "instant"})})).ok"""
        assert self.page.evaluate(put, f"{base}/api/games/table/settings")
        self.instant = True


@pytest.mark.parametrize("door", ["nginx", "caddy"])
def test_two_people_play_a_room_through_the_front_door_over_https(
    door: str, front_door: Callable[[str, int], str], door_browser: Browser, tmp_path: Path
) -> None:
    app = free_port()
    base = front_door(door, app)
    server = start_server(app, "--db", str(tmp_path / "s.sqlite3"), "--public-url", base)
    try:
        ann_ctx = door_browser.new_context()
        ann_ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        ann = DoorPerson(ann_ctx, "Ann")
        bob = DoorPerson(door_browser.new_context(), "Bob")
        link = make_room(ann, base, "table")
        assert link.startswith(f"{base}/room/")
        page = ann.page
        assert page.evaluate("window.isSecureContext") is True
        page.click("#copy-link")
        page.wait_for_selector("#copied:visible")
        assert page.evaluate("navigator.clipboard.readText()") == link
        scope = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == f"{base}/"
        (cookie,) = [c for c in ann_ctx.cookies() if c["name"] == "banluck_id"]
        assert cookie["secure"] is True
        enter(ann, link, "you")
        enter(bob, link, "ben")
        play_hand([ann, bob])
        check_frames([ann, bob])
    finally:
        stop(server)


def test_without_a_public_url_the_page_says_so_and_the_log_says_what_to_set(
    front_door: Callable[[str, int], str], door_browser: Browser, tmp_path: Path
) -> None:
    app = free_port()
    base = front_door("nginx", app)
    errors, db = tmp_path / "serve.log", tmp_path / "s.sqlite3"
    with errors.open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "banluck", "serve", "--port", str(app), "--db", str(db)],
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    try:
        _until_listening(app, server, errors)
        page = door_browser.new_context().new_page()
        answer = page.goto(base)
        assert answer is not None and answer.status == 400
        said = page.locator("body").inner_text()
        assert f"does not serve '{NAME}:" in said and "--public-url" in said
    finally:
        stop(server)
    assert f"start it with --public-url {base}" in errors.read_text()
