"""The rooms' socket served straight from the server (``web.server.direct_sockets``): the
same checks and play as through the app, and the app never sees the socket."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from banluck.web.app import create_app
from banluck.web.server import direct_sockets
from tests.rooms.test_ws import BASE, ORIGIN, _cookie, make_room


class Spy:
    """The app, recording the kind of every scope it is given."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.router = app.router
        self.kinds: list[str] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.kinds.append(scope["type"])
        await self.app(scope, receive, send)


def test_the_room_socket_bypasses_the_app_and_plays_as_before(tmp_path: Path) -> None:
    app = create_app(tmp_path / "s.sqlite3")
    spy = Spy(app)
    served = direct_sockets(spy)
    assert served is not spy
    with TestClient(served, base_url=BASE) as client:
        cookie = _cookie(client)
        code = make_room(client, cookie, game="table")
        url = f"ws://127.0.0.1/api/rooms/{code}/ws"
        with (  # another site's page: refused by the socket's own checks
            pytest.raises(WebSocketDisconnect) as e,
            client.websocket_connect(
                url, headers={"Origin": "http://evil.example", "cookie": f"banluck_id={cookie}"}
            ),
        ):
            pass
        assert e.value.code == 1008
        with client.websocket_connect(
            url, headers={**ORIGIN, "cookie": f"banluck_id={cookie}"}
        ) as ws:
            first = ws.receive_json()
            assert first["type"] == "state" and first["room"]["code"] == code
            ws.send_json({"type": "sit", "seat": first["room"]["seats"][0]["seat"]})
            seated = ws.receive_json()
            assert seated["you"]["seat"] == first["room"]["seats"][0]["seat"]
            ws.send_json({"type": "bogus"})
            assert ws.receive_json()["error"]["code"] == "bad_request"
    assert "http" in spy.kinds and "websocket" not in spy.kinds


def test_an_app_without_the_room_socket_is_served_as_it_is() -> None:
    async def plain(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("not called")

    assert direct_sockets(plain) is plain
    assert direct_sockets(None) is None
