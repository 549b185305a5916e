"""What an operator asks a server process: ``/healthz`` (alive), ``/readyz`` (the stores
answer and the compiled kernels are built; 503 naming what is not) and ``/metrics``
(Prometheus' text: requests by route, refusals by code, hands dealt, room sockets; only to
a request that names the machine itself)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from banluck.store import Store
from banluck.web import operations
from banluck.web.app import create_app
from banluck.web.public import read_public_url

LOCAL = {"host": "127.0.0.1:8000"}


def _client(tmp_path: Path) -> TestClient:
    public = (read_public_url("https://cards.example.com"),)
    app = create_app(tmp_path / "s.sqlite3", port=8000, public=public)
    return TestClient(app, base_url="http://127.0.0.1:8000")


def _sample(c: TestClient, name: str, **labels: str) -> float:
    """The value of one sample of ``/metrics`` (0 when it has not been counted yet)."""
    text = c.get("/metrics", headers=LOCAL).text
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return float(s.value)
    return 0.0


def test_alive_and_ready(tmp_path: Path) -> None:
    c = _client(tmp_path)
    assert c.get("/healthz", headers=LOCAL).json() == {"status": "ok"}
    ready = c.get("/readyz", headers=LOCAL)
    assert ready.status_code == 200, ready.text
    assert ready.json() == {
        "status": "ready",
        "checks": {"saves": "ok", "rooms": "ok", "kernels": "ok"},
    }


def test_not_ready_says_what(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = _client(tmp_path)

    def broken(self: Store) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(Store, "ping", broken)
    monkeypatch.setattr(operations, "kernels_built", lambda: False)
    ready = c.get("/readyz", headers=LOCAL)
    assert ready.status_code == 503
    assert ready.json()["checks"] == {
        "saves": "not answering",
        "rooms": "ok",
        "kernels": "not built",
    }
    assert c.get("/healthz", headers=LOCAL).status_code == 200  # alive all the same


def test_metrics_count_requests_refusals_hands_and_sockets(tmp_path: Path) -> None:
    c = _client(tmp_path)
    deal = {"route": "/api/games/{game_name}/deal", "method": "POST", "status": "200"}
    before = _sample(c, "banluck_requests_total", **deal)
    hands = _sample(c, "banluck_hands_dealt_total", where="solo")
    stale = _sample(c, "banluck_refusals_total", code="stale")
    assert c.post("/api/games/table/deal", json={"bet": 100, "hand": 1}).status_code == 200
    assert c.post("/api/games/table/deal", json={"bet": 100, "hand": 1}).status_code == 409
    assert _sample(c, "banluck_requests_total", **deal) == before + 1
    assert _sample(c, "banluck_hands_dealt_total", where="solo") == hands + 1
    assert _sample(c, "banluck_refusals_total", code="stale") == stale + 1
    assert _sample(c, "banluck_request_seconds_count", route=deal["route"]) >= 1
    # a made-up path is one route, not one series per path
    c.get("/api/games/table/history/999999")
    c.get("/no/such/page/12345")
    text = c.get("/metrics", headers=LOCAL).text
    routes = {
        s.labels["route"]
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if "route" in s.labels
    }
    assert "/api/games/{game_name}/history/{hand}" in routes and "other" in routes
    assert not [r for r in routes if "12345" in r or "999999" in r], routes
    c.request("BREW", "/api/state")  # a made-up method is "other", not a series of its own
    methods = {
        s.labels["method"]
        for family in text_string_to_metric_families(c.get("/metrics", headers=LOCAL).text)
        for s in family.samples
        if "method" in s.labels
    }
    assert "BREW" not in methods and "other" in methods
    made = c.post("/api/rooms", json={"game": "table", "name": "Ann"})
    code = made.json()["code"]
    sockets = _sample(c, "banluck_room_sockets")
    origin = {"origin": "http://127.0.0.1:8000"}
    room_hands = _sample(c, "banluck_hands_dealt_total", where="room")
    with c.websocket_connect(f"ws://127.0.0.1:8000/api/rooms/{code}/ws", headers=origin) as ws:
        ws.receive_json()
        assert _sample(c, "banluck_room_sockets") == sockets + 1
        assert _sample(c, "banluck_rooms_held") >= 1
        ws.send_json({"type": "sit", "seat": "you"})
        ws.send_json({"type": "bet", "hand": 1, "amount": 20})  # the only person: dealt
        ws.send_json({"type": "state", "id": 1})
        while ws.receive_json().get("reply") != 1:
            pass
        assert _sample(c, "banluck_hands_dealt_total", where="room") == room_hands + 1
    assert _sample(c, "banluck_room_sockets") == sockets


def test_metrics_are_not_served_through_the_public_address(tmp_path: Path) -> None:
    c = _client(tmp_path)
    assert c.get("/metrics", headers={"host": "cards.example.com"}).status_code == 404
    assert c.get("/metrics", headers=LOCAL).status_code == 200
