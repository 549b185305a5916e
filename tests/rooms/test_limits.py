"""The rooms' limits (issue 11): a cap on the rooms one player hosts and on all rooms, each
refused with a clear error that changes nothing; rooms idle for the limit's days removed,
rooms changed meanwhile (even by another process) kept."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from banluck.rooms.limits import DAY, RoomIndex, RoomLimits
from banluck.web.rooms.expiry import sweep_idle
from banluck.web.rooms.hub import RoomHub
from tests.rooms.helpers import Clock
from tests.rooms.test_ws import ORIGIN, _cookie, served


def _create(client: TestClient, cookie: str, name: str = "Ann") -> tuple[int, dict[str, object]]:
    r = client.post(
        "/api/rooms",
        json={"game": "table", "name": name},
        headers={**ORIGIN, "cookie": f"banluck_id={cookie}"},
    )
    return r.status_code, r.json()


def _limit(client: TestClient, limits: RoomLimits) -> RoomIndex:
    index: RoomIndex = client.app.state.room_index  # type: ignore[attr-defined]
    index.limits = limits
    return index


def _stored(hub: RoomHub) -> list[str]:
    return sorted(hub.store.codes())


def test_a_player_may_host_only_so_many_rooms(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        _limit(client, RoomLimits(per_player=2, total=100))
        ann, bob = _cookie(client), _cookie(client)
        assert _create(client, ann)[0] == _create(client, ann)[0] == 201
        before = _stored(hub)
        status, body = _create(client, ann)
        assert status == 409
        error = body["error"]
        assert isinstance(error, dict) and error["code"] == "too_many_rooms"
        assert error["params"] == {"limit": "per_player", "max": 2}
        assert "you host 2 rooms" in str(error["message"])
        assert _stored(hub) == before  # nothing made
        assert _create(client, bob, "Bob")[0] == 201  # another player still may


def test_the_server_holds_only_so_many_rooms_and_counts_those_stored_before(
    tmp_path: Path,
) -> None:
    db = tmp_path / "s.sqlite3"
    with served(db) as (client, _hub):
        for _ in range(2):
            assert _create(client, _cookie(client))[0] == 201
    with served(db) as (client, hub):  # a new process reads the stored rooms
        _limit(client, RoomLimits(per_player=5, total=3))
        assert _create(client, _cookie(client))[0] == 201
        status, body = _create(client, _cookie(client))
        assert status == 409
        assert body["error"]["params"] == {"limit": "total", "max": 3}  # type: ignore[index]
        assert "limit of 3 rooms" in body["error"]["message"]  # type: ignore[index]
        assert len(_stored(hub)) == 3


def test_rooms_idle_for_the_limit_are_removed_and_rooms_changed_meanwhile_stay(
    tmp_path: Path,
) -> None:
    clock = Clock()
    with served(tmp_path / "s.sqlite3", clock) as (client, hub):
        index = _limit(client, RoomLimits(idle_days=30))
        ann, bob = _cookie(client), _cookie(client)
        old = str(_create(client, ann)[1]["code"])
        kept = str(_create(client, ann)[1]["code"])
        clock.t += 20 * DAY
        with client.websocket_connect(
            f"ws://127.0.0.1/api/rooms/{kept}/ws",
            headers={**ORIGIN, "cookie": f"banluck_id={bob}"},
        ) as ws:
            ws.send_json({"type": "join", "name": "Bob"})  # a change 20 days on
            ws.send_json({"type": "state", "id": 1})
            while ws.receive_json().get("reply") != 1:
                pass
        assert sweep_idle(hub, index) == []  # nothing is 30 days idle yet
        clock.t += 11 * DAY
        # the index still holds the day the room was made: the store says it changed since
        assert sweep_idle(hub, index) == [old]
        assert _stored(hub) == [kept]
        r = client.get(f"/api/rooms/{old}", headers={**ORIGIN, "cookie": f"banluck_id={ann}"})
        assert r.status_code == 404
        assert client.get(f"/api/rooms/{kept}", headers=ORIGIN).status_code == 200
        clock.t += 30 * DAY
        assert sweep_idle(hub, index) == [kept] and _stored(hub) == []
        assert index.hosted_by(ann) == 0  # and ann may make rooms again


def test_a_server_started_with_its_clock_a_month_ahead_removes_nothing_that_day(
    tmp_path: Path,
) -> None:
    """The probe restarted a server with its clock 31 days on and two rooms were gone. Now a
    process removes no room in its first day: the clock put right and a restart within it
    find every room as it was; rooms really idle go a day later."""
    clock = Clock()
    db = tmp_path / "s.sqlite3"
    with served(db, clock) as (client, hub):
        ann = _cookie(client)
        codes = sorted(str(_create(client, ann)[1]["code"]) for _ in range(2))
    clock.t += 31 * DAY  # the restart, with the clock a month ahead
    with served(db, clock) as (client, hub):
        index = _limit(client, RoomLimits(idle_days=30))
        assert sweep_idle(hub, index) == []
        clock.t += 23 * 3600
        assert sweep_idle(hub, index) == [] and _stored(hub) == codes
        clock.t += 2 * 3600  # a day of this process: the rooms are idle for real
        assert sweep_idle(hub, index) == codes and _stored(hub) == []
