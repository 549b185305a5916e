"""A server behind a front door (``--public-url``): nginx, Caddy or a tunnel passes the
public name in the Host header and the browser's origin is the public address. Those are
served, and only those besides the machine's own names (DNS rebinding stays refused); the
cookie is ``Secure`` for an https address; the invite's QR code carries the public address;
a refused Host is answered in words and the log says what to set."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from banluck.web.app import create_app
from banluck.web.invite import invite_qr
from banluck.web.public import public_urls, read_public_url

PUBLIC = "https://cards.example.com"
AT = {"host": "cards.example.com", "origin": PUBLIC}


def _app(tmp_path: Path, *urls: str) -> TestClient:
    public = tuple(read_public_url(u) for u in urls)
    return TestClient(create_app(tmp_path / "s.sqlite3", port=8000, public=public))


def test_the_public_name_is_served_and_changes_come_from_its_https_origin(
    tmp_path: Path,
) -> None:
    c = _app(tmp_path, PUBLIC)
    page = c.get("/", headers={"host": "cards.example.com"})
    assert page.status_code == 200
    assert c.get("/api/state", headers={"host": "cards.example.com:443"}).status_code == 200
    deal = c.post("/api/deal", json={"bet": 100, "hand": 1}, headers=AT)
    assert deal.status_code == 200, deal.text
    assert "secure" in deal.headers["set-cookie"].lower()
    # the proxy speaks plain http to us: the browser's origin is still the https one
    plain = {"host": "cards.example.com", "origin": "http://cards.example.com"}
    assert c.post("/api/deal", json={"bet": 100, "hand": 2}, headers=plain).status_code == 403
    # the machine's own names still work, at the listen port only
    assert c.get("/api/state", headers={"host": "127.0.0.1:8000"}).status_code == 200
    for host in ("cards.example.com:8000", "evil.example", "example.com"):
        assert c.get("/api/state", headers={"host": host}).status_code == 400, host


def test_the_invite_and_the_socket_use_the_public_address(tmp_path: Path) -> None:
    c = _app(tmp_path, PUBLIC, "http://192.168.1.5:8080")
    made = c.post("/api/rooms", json={"game": "table", "name": "Ann"}, headers=AT)
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    qr = c.get(f"/room/{code}/qr.svg", headers={"host": "cards.example.com"})
    assert qr.content == invite_qr(f"{PUBLIC}/room/{code}")
    lan = c.get(f"/room/{code}/qr.svg", headers={"host": "192.168.1.5:8080"})
    assert lan.content == invite_qr(f"http://192.168.1.5:8080/room/{code}")
    cookie = c.cookies.get("banluck_id")
    url = f"ws://cards.example.com/api/rooms/{code}/ws"
    with c.websocket_connect(url, headers={**AT, "cookie": f"banluck_id={cookie}"}) as ws:
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["type"] != "error"
    elsewhere = {"host": "cards.example.com", "origin": "https://evil.example"}
    with pytest.raises(WebSocketDisconnect) as e, c.websocket_connect(url, headers=elsewhere):
        pass
    assert e.value.code == 1008


def test_an_unknown_name_is_refused_in_words_and_the_log_says_what_to_set(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    c = _app(tmp_path)
    with caplog.at_level(logging.WARNING, logger="banluck.web"):
        page = c.get("/", headers={"host": "cards.example.com"})
        api = c.get("/api/state", headers={"host": "cards.example.com"})
        c.get("/", headers={"host": "cards.example.com"})
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/plain")
    assert "does not serve 'cards.example.com'" in page.text and "--public-url" in page.text
    assert api.status_code == 400 and api.json()["error"]["code"] == "bad_request"
    told = [r.getMessage() for r in caplog.records if "refused a request for Host" in r.message]
    assert told == [
        "refused a request for Host 'cards.example.com': if this server is reached at that"
        " name, start it with --public-url https://cards.example.com (or set"
        " BANLUCK_PUBLIC_URL)"
    ]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("cards.example.com", "give the scheme and the name"),
        ("ftp://cards.example.com", "give the scheme and the name"),
        ("https://cards.example.com/banluck", "no path"),
        ("https://user@cards.example.com", "no path"),
        ("https://cards.example.com:99999", "the port is not a number"),
        ("https://cards_example.com", "is not a host name"),
    ],
)
def test_a_bad_public_url_is_refused_naming_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        read_public_url(text)


def test_the_public_addresses_come_from_the_flag_else_the_environment() -> None:
    env = {"BANLUCK_PUBLIC_URL": "https://a.example.com, http://b.example.com:8080"}
    assert [u.origin for u in public_urls(None, env)] == [
        "https://a.example.com",
        "http://b.example.com:8080",
    ]
    assert [u.origin for u in public_urls(["https://c.example.com"], env)] == [
        "https://c.example.com"
    ]
    assert public_urls(None, {}) == ()


def test_serve_refuses_a_bad_public_url_before_it_starts() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "banluck", "serve", "--public-url", "cards.example.com"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 2, run.stderr
    assert "banluck serve: public URL 'cards.example.com': give the scheme" in run.stderr
