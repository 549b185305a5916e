"""The server's defences (issue 7, "Hardening the server while it is split"), in process:
the body limit while reading, errors with their headers, cross-site and rebinding
requests, the signed cookie, absurd saves, and reads that never wait for a write."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import pytest
from starlette.types import Message

from banluck.games.driver import HandDriver
from banluck.store import Store
from banluck.web.app import COOKIE, CSP, STATIC, create_app
from banluck.web.identity import Identities
from banluck.web.limits import MAX_BODY
from tests.web.helpers import (
    Json,
    TestClient,
    client_for,
    db_key,
    play_hand,
    player_id,
    write_shoe,
)

STACK = "TS TD QC 9C 6H 9H 5C 8D 4C"


def _error(res: Any, status: int, code: str) -> Json:
    assert res.status_code == status, res.text
    body: Json = res.json()
    assert body["error"]["code"] == code and body["error"]["message"]
    return body


def _players(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    rows = [str(r[0]) for r in conn.execute("SELECT id FROM players")]
    conn.close()
    return rows


# --------------------------------------------------------------------------- the body


#: every route that reads a body (the game's, the rooms' and the house edge's)
BODY_ROUTES = ("/api/deal", "/api/rooms", "/api/houses/edge")


def _asgi_post(
    app: Any,
    receive: Callable[[], Awaitable[Message]],
    chunked: bool = True,
    path: str = "/api/deal",
) -> Message:
    """POST ``path`` straight to the ASGI app, its body pulled by ``receive``; the
    response start message (status and headers)."""
    messages: list[Message] = []

    async def send(message: Message) -> None:
        messages.append(message)

    headers = [(b"host", b"testserver"), (b"content-type", b"application/json")]
    if chunked:
        headers.append((b"transfer-encoding", b"chunked"))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }

    async def main() -> None:
        await app(scope, receive, send)

    # Its own thread: the thread running the tests may already hold an event loop (Playwright's).
    with ThreadPoolExecutor(1) as pool:
        pool.submit(anyio.run, main).result()
    return next(m for m in messages if m["type"] == "http.response.start")


def _post_streaming(
    app: Any, chunks: Iterator[bytes], path: str = "/api/deal"
) -> tuple[int, dict[str, str], int]:
    """POST ``path`` with a chunked body pulled from ``chunks`` one ``receive`` at a
    time; the status, the headers, and how many chunks were pulled."""
    pulled = 0

    async def receive() -> Message:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": next(chunks), "more_body": True}

    start = _asgi_post(app, receive, path=path)
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], headers, pulled


@pytest.mark.parametrize("path", BODY_ROUTES)
def test_a_huge_chunked_body_is_refused_while_it_is_read(db: Path, path: str) -> None:
    """The limit is enforced chunk by chunk, on every route: a 64 MiB chunked body (a
    generator that would go on) is refused after the first few KiB, not read whole, and
    the connection is closed."""
    app = create_app(db, host_names=["testserver"])
    made = 0

    def body() -> Iterator[bytes]:
        nonlocal made
        for _ in range(65536):
            made += 1
            yield b"[" * 1024

    status, headers, pulled = _post_streaming(app, body(), path)
    assert status == 413
    assert headers["connection"] == "close"  # the rest of the body is never read
    assert pulled <= MAX_BODY // 1024 + 1 and made == pulled


def test_a_declared_huge_body_is_refused_unread(db: Path) -> None:
    c = client_for(db)
    res = c.post(
        "/api/deal",
        content=b"{}",
        headers={"content-type": "application/json", "content-length": str(10**12)},
    )
    assert res.status_code == 413 and res.headers["connection"] == "close"


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize("depth", [1000, 2000])
def test_deeply_nested_json_is_a_422(db: Path, depth: int) -> None:
    c = client_for(db)
    for raw in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        if len(raw) > MAX_BODY:
            raw = raw[:MAX_BODY]  # still nested too deeply for the parser or not JSON
        res = c.post("/api/deal", content=raw, headers={"content-type": "application/json"})
        _error(res, 422, "bad_request")


def test_a_500_has_the_usual_headers_and_announces_the_close(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = client_for(db)
    service = c.app.state.service  # type: ignore[attr-defined]

    def boom(*args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(service, "state", boom)
    quiet = TestClient(c.app, raise_server_exceptions=False)
    res = quiet.get("/api/state")
    _error(res, 500, "server_error")
    assert res.headers["connection"] == "close"
    assert res.headers["x-content-type-options"] == "nosniff"
    assert res.headers["cache-control"] == "no-store"
    assert res.headers["content-security-policy"] == CSP
    assert res.headers["set-cookie"].startswith(f"{COOKIE}=")


def test_a_405_says_which_methods_are_allowed(db: Path) -> None:
    c = client_for(db)
    res = c.get("/api/deal")
    _error(res, 405, "bad_request")
    assert res.headers["allow"] == "POST"
    assert c.delete("/api/settings").headers["allow"] == "PUT"


# --------------------------------------------------------------------------- cross-site


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://127.0.0.1:9999"},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "https://testserver"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_a_change_from_another_origin_is_refused(db: Path, headers: dict[str, str]) -> None:
    """A page on another local port (or any other site) cannot bet: 403, nothing stored."""
    c = client_for(db)
    _error(c.post("/api/deal", json={"bet": 100, "hand": 1}, headers=headers), 403, "forbidden")
    _error(c.put("/api/settings", json={"speed": "fast"}, headers=headers), 403, "forbidden")
    assert _players(db) == []


def test_a_change_from_the_page_itself_is_accepted(db: Path) -> None:
    c = client_for(db)
    same = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    assert c.post("/api/deal", json={"bet": 100, "hand": 1}, headers=same).status_code == 200
    # a client without Origin (curl, a script) is not a browser page: accepted
    assert c.put("/api/settings", json={"speed": "fast"}).status_code == 200


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None],
)
def test_a_change_must_be_sent_as_json(db: Path, content_type: str | None) -> None:
    """A form or a text/plain fetch (which needs no CORS preflight) is refused: 415."""
    c = client_for(db)
    headers = {} if content_type is None else {"content-type": content_type}
    body = json.dumps({"bet": 100, "hand": 1})
    _error(c.post("/api/deal", content=body, headers=headers), 415, "bad_request")
    assert _players(db) == []
    json_utf8 = {"content-type": "application/json; charset=utf-8"}
    ok = c.post("/api/deal", content=body, headers=json_utf8)
    assert ok.status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "localhost.evil.example"])
def test_another_host_name_is_refused(db: Path, host: str) -> None:
    """DNS rebinding: a page of evil.example, resolved to 127.0.0.1, names its own host."""
    c = client_for(db)
    _error(c.get("/api/state", headers={"host": host}), 400, "bad_request")
    for path in ("/", "/static/app.js"):  # a page: the refusal in words, for a person
        page = c.get(path, headers={"host": host})
        assert page.status_code == 400 and "does not serve" in page.text
    res = c.post("/api/deal", json={"bet": 100, "hand": 1}, headers={"host": host})
    _error(res, 400, "bad_request")


def test_only_the_served_port_and_local_names(db: Path) -> None:
    app = create_app(db, port=8000)
    c = TestClient(app)
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "10.0.0.7:8000"):
        assert c.get("/api/state", headers={"host": host}).status_code == 200, host
    for host in ("127.0.0.1:8001", "localhost", "testserver:8000", "127.0.0.1:x", ""):
        assert c.get("/api/state", headers={"host": host}).status_code == 400, host


def test_the_page_may_not_be_framed_and_runs_no_inline_script(db: Path) -> None:
    res = client_for(db).get("/")
    assert res.status_code == 200
    csp = res.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp
    script_src = re.search(r"script-src ([^;]*)", csp)
    assert script_src is not None and script_src.group(1).split() == ["'self'"]
    assert res.headers["x-frame-options"] == "DENY"
    assert re.search(r"style-src ([^;]*)", csp).group(1).split() == ["'self'"]  # type: ignore[union-attr]
    # the policy fits the page: no inline script, handler or style in it or in what its
    # scripts write
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page, re.IGNORECASE)
    assert not re.search(r"\son[a-z]+\s*=", page, re.IGNORECASE)
    for path in [STATIC / "index.html", *STATIC.rglob("*.js")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"<style|\sstyle=", text, re.IGNORECASE), path.name


# --------------------------------------------------------------------------- the cookie


def _new_cookie(res: Any) -> str | None:
    header = res.headers.get("set-cookie")
    if header is None:
        return None
    m = re.match(rf"{COOKIE}=([^;]*);", header)
    assert m is not None
    return m.group(1)


@pytest.mark.parametrize(
    "chosen",
    ["A" * 24, "attacker-chosen-id-0001", "Zm9yZ2VkLWlk.AAAAAAAAAAAAAAAAAAAAAA"],
)
def test_a_client_chosen_id_is_refused(db: Path, chosen: str) -> None:
    """Session fixation: an id the server did not issue is replaced, and what the browser
    then does is stored under the new id, never under the chosen one."""
    c = client_for(db, cookie=chosen)
    res = c.put("/api/settings", json={"speed": "fast"})
    issued = _new_cookie(res)
    assert issued is not None and issued != chosen
    assert _players(db) == [issued.partition(".")[0]]
    assert chosen.partition(".")[0] not in _players(db)


def test_an_issued_cookie_with_a_trailing_newline_is_refused(db: Path) -> None:
    c = client_for(db)
    c.put("/api/settings", json={"speed": "fast"})
    cookie = player_id(c)
    fresh = client_for(db)
    # the quoted form with an escaped newline is how the probe slipped it past the parser
    res = fresh.get("/api/state", headers={"cookie": f'{COOKIE}="{cookie}\\012"'})
    issued = _new_cookie(res)
    assert issued is not None and issued != cookie
    assert res.json()["player"]["settings"]["speed"] == "normal"  # not the first table


def test_a_cookie_signed_by_another_save_is_refused(db: Path, tmp_path: Path) -> None:
    other = client_for(tmp_path / "other.sqlite3")
    other.put("/api/settings", json={"speed": "fast"})
    c = client_for(db, cookie=player_id(other))
    issued = _new_cookie(c.get("/api/state"))
    assert issued is not None and issued != player_id(other)


def test_an_id_issued_before_cookies_were_signed_keeps_its_table(db: Path) -> None:
    """An unsigned id is taken only when the store holds it (the server issued it); it
    comes back signed, and the table is the same."""
    c = client_for(db, seed=3)
    play_hand(c, bet=20)
    key = db_key(c)
    before = c.get("/api/state").json()
    legacy = client_for(db, cookie=key)
    res = legacy.get("/api/state")
    assert res.json() == before
    issued = _new_cookie(res)
    assert issued is not None and issued.partition(".")[0] == key
    assert Identities(Store(db).secret).player(issued) == key


# --------------------------------------------------------------------------- absurd saves


def _damage(db: Path, key: str, change: Callable[[Json], None]) -> None:
    conn = sqlite3.connect(db)
    data = json.loads(conn.execute("SELECT data FROM players WHERE id = ?", (key,)).fetchone()[0])
    change(data)
    with conn:
        conn.execute("UPDATE players SET data = ? WHERE id = ?", (json.dumps(data), key))
    conn.close()


def _set(path: str, value: object) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        target = data
        *parents, last = path.split(".")
        for p in parents:
            target = target[p]
        target[last] = value

    return change


@pytest.mark.parametrize(
    "change",
    [
        _set("table.stacks.you", 10**30),
        _set("table.stacks.anna", 10**13),
        _set("last_bet", -100),
        _set("last_bet", 10**6),
        _set("table.next_hand", 2**63 + 1),
        _set("table.next_hand", 2**53),
        _set("table.next_hand", 0),
        _set("notices", [{"code": "x", "params": {}}] * 1000),
        _set("hand.seats", [["you", 1000, 100], ["anna", 1000, 50], ["ben", 10**30, 50]]),
        _set("hand.seats", [["you", 1000, -100], ["anna", 1000, 50], ["ben", 1000, 50]]),
        _set("hand.seats", [["you", 1000, 100], ["anna", 1000, 7], ["ben", 1000, 50]]),
        _set("hand.number", -1),
    ],
)
def test_absurd_values_in_a_save_are_a_damaged_save(
    db: Path, change: Callable[[Json], None]
) -> None:
    """Handled like any damaged save: kept aside, a fresh start with ``save_reset``,
    and every later request works."""
    c = client_for(db, seed=4)
    play_hand(c, bet=100)
    _damage(db, db_key(c), change)
    s = c.get("/api/state").json()
    assert s["player"]["notices"] == [{"code": "save_reset", "params": {"stack": 1000}}]
    assert s["player"]["stacks"] == {"you": 1000, "anna": 1000, "ben": 1000}
    assert s["next_hand"] == 2
    play_hand(c)
    assert c.get("/api/state").json()["next_hand"] == 3


# --------------------------------------------------------------------------- reads


def test_reads_do_not_wait_for_a_write(db: Path, tmp_path: Path) -> None:
    """While another request holds the write transaction (and the player's lock), the
    player's state, history and hint are still answered at once (WAL reads, no lock)."""
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    c.post("/api/deal", json={"bet": 100, "hand": 1})
    store = c.app.state.service.store  # type: ignore[attr-defined]
    holding, release = threading.Event(), threading.Event()

    def writer() -> None:
        with store.player_lock(db_key(c)), store.transaction() as tx:
            tx.save_player("someone-else", "{}")
            holding.set()
            release.wait(30)

    t = threading.Thread(target=writer)
    t.start()
    try:
        assert holding.wait(10)
        answers: dict[str, int] = {}

        def read() -> None:
            answers["state"] = c.get("/api/state").status_code
            answers["history"] = c.get("/api/history").status_code
            answers["hint"] = c.get("/api/hint?hand=1&step=0").status_code

        reader = threading.Thread(target=read)
        reader.start()
        reader.join(10)
        assert not reader.is_alive(), "a read waited for the write"
        assert answers == {"state": 200, "history": 200, "hint": 200}
    finally:
        release.set()
        t.join(30)


# --------------------------------------------------------------------------- once per request


@pytest.mark.parametrize("request_kind", ["state", "deal", "action"])
def test_the_round_is_rebuilt_once_per_request(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request_kind: str
) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    c.post("/api/deal", json={"bet": 100, "hand": 1})
    if request_kind == "deal":
        c.post("/api/action", json={"action": "stand", "hand": 1, "step": 0})
    calls = []
    replay = HandDriver.replay

    def counted(self: HandDriver, *args: Any, **kwargs: Any) -> None:
        calls.append(1)
        replay(self, *args, **kwargs)

    monkeypatch.setattr(HandDriver, "replay", counted)
    if request_kind == "state":
        res = c.get("/api/state")
    elif request_kind == "deal":
        res = c.post("/api/deal", json={"bet": 100, "hand": 2})
    else:
        res = c.post("/api/action", json={"action": "hit", "hand": 1, "step": 0})
    assert res.status_code == 200, res.text
    assert len(calls) == 1


def test_one_on_one_is_not_served_yet(db: Path) -> None:
    with pytest.raises(ValueError, match="serves table"):
        create_app(db, preset="one-on-one")  # the /api/ aliases are table's; games: /api/games
    with pytest.raises(ValueError, match="unknown preset"):
        create_app(db, preset="poker")


@pytest.mark.parametrize("path", BODY_ROUTES)
def test_a_body_that_comes_too_slowly_is_refused(
    db: Path, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """Complete headers, then a body that trickles: 408 after ``BODY_TIMEOUT``, on every
    route (the rooms' too: a dripping room request holds no connection for long)."""
    import banluck.web.bodies as bodies

    monkeypatch.setattr(bodies, "BODY_TIMEOUT", 0.2)
    app = create_app(db, host_names=["testserver"])

    def slow() -> Iterator[bytes]:
        yield b'{"bet": '
        while True:
            yield b""

    chunks = slow()
    pulled = 0

    async def receive() -> Message:
        nonlocal pulled
        pulled += 1
        await anyio.sleep(0.05)
        return {"type": "http.request", "body": next(chunks), "more_body": True}

    start = _asgi_post(app, receive, chunked=False, path=path)
    assert start["status"] == 408 and pulled < 20


def test_the_cookie_is_secure_when_the_browser_came_over_https(tmp_path: Path) -> None:
    """L-e: behind a proxy the operator trusts (``--client-header``), its
    ``X-Forwarded-Proto: https`` makes the cookie ``Secure``; a header nobody trusts does
    not, and a plain http connection gets none."""
    import warnings

    from banluck.web.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    def cookie(client_header: str | None, **headers: str) -> str:
        app = create_app(
            tmp_path / f"{client_header}.sqlite3",
            host_names=["testserver"],
            client_header=client_header,
        )
        res = TestClient(app).get("/api/state", headers=headers)
        return str(res.headers["set-cookie"])

    proxied = cookie("X-Forwarded-For", **{"X-Forwarded-Proto": "https"})
    assert "; Secure" in proxied and "HttpOnly" in proxied
    assert "Secure" not in cookie(None, **{"X-Forwarded-Proto": "https"})
    assert "Secure" not in cookie("X-Forwarded-For")
