"""Bad input gets a 4xx JSON error and changes nothing; a double submit or a stale second tab
is refused (409), never applied twice (issue 3, docs/API.md)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from banluck.web.app import COOKIE
from tests.web.helpers import Json, TestClient, client_for, play_hand, player_id, record, write_shoe

# you TS 6H (16: hit or stand), anna TD 9H, ben QC 5C, dealer 9C 8D; then 4C.
STACK = "TS TD QC 9C 6H 9H 5C 8D 4C"
# you 7S 8H: a free hand, 15 (T16); anna TD 9H, ben QC 8C, dealer 9C 8D.
FREE = "7S TD QC 9C 8H 9H 8C 8D"


def _error(res: Any, status: int, code: str) -> Json:
    assert res.status_code == status, res.text
    body: Json = res.json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert isinstance(body["error"]["params"], dict)
    return body


def _unchanged(c: Any, before: Json) -> None:
    assert c.get("/api/state").json() == before


@pytest.mark.parametrize(
    "body",
    [
        {"bet": 5, "hand": 1},
        {"bet": 600, "hand": 1},
        {"bet": "abc", "hand": 1},
        {"hand": 1},
        {"bet": 9, "hand": 1},
        {"bet": 501, "hand": 1},
        {"bet": 100.5, "hand": 1},
        {"bet": "100", "hand": 1},
        {"bet": True, "hand": 1},
        {"bet": None, "hand": 1},
        {"bet": -100, "hand": 1},
        {"bet": [100], "hand": 1},
    ],
)
def test_bad_bets(db: Path, body: Json) -> None:
    c = client_for(db)
    before = c.get("/api/state").json()
    err = _error(c.post("/api/deal", json=body), 422, "bad_bet")
    assert err["error"]["params"]["min"] == 10 and err["error"]["params"]["max"] == 500
    _unchanged(c, before)


def test_a_bet_above_the_stack(db: Path) -> None:
    c = client_for(db, seed=2)
    while c.get("/api/state").json()["player"]["stacks"]["you"] >= 500:
        play_hand(c, bet=500, choose=lambda t: "hit" if "hit" in t["legal"] else "stand")
    state = c.get("/api/state").json()
    stack = state["player"]["stacks"]["you"]
    if stack < 10:  # T9 gives a fresh 1,000 at the next hand: nothing to refuse
        return
    err = _error(c.post("/api/deal", json={"bet": 500, "hand": state["next_hand"]}), 422, "bad_bet")
    assert str(stack) in err["error"]["message"]
    _unchanged(c, state)


@pytest.mark.parametrize(
    "raw",
    [b"", b"not json", b"[1, 2]", b'"bet"', b'{"bet": 100, "hand": 1', b"\xff\xfe"],
)
def test_bodies_that_are_not_a_json_object(db: Path, raw: bytes) -> None:
    c = client_for(db)
    res = c.post("/api/deal", content=raw, headers={"content-type": "application/json"})
    _error(res, 422, "bad_request")


def test_a_huge_body_is_refused(db: Path) -> None:
    c = client_for(db)
    res = c.post("/api/deal", json={"bet": 100, "hand": 1, "pad": "x" * 10000})
    _error(res, 413, "bad_request")


@pytest.mark.parametrize(
    "body", [{"bet": 100}, {"bet": 100, "hand": "1"}, {"bet": 100, "hand": 1.0}]
)
def test_a_deal_must_name_its_hand(db: Path, body: Json) -> None:
    _error(client_for(db).post("/api/deal", json=body), 422, "bad_request")


def test_a_deal_for_another_hand_number_is_stale(db: Path) -> None:
    c = client_for(db)
    before = c.get("/api/state").json()
    _error(c.post("/api/deal", json={"bet": 100, "hand": 2}), 409, "stale")
    _error(c.post("/api/deal", json={"bet": 100, "hand": 0}), 409, "stale")
    _unchanged(c, before)


def test_no_deal_while_a_hand_is_in_progress(db: Path, tmp_path: Path) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    s = c.post("/api/deal", json={"bet": 100, "hand": 1}).json()
    _error(c.post("/api/deal", json={"bet": 100, "hand": 2}), 409, "hand_in_progress")
    _unchanged(c, s)


def test_an_action_with_no_hand(db: Path) -> None:
    c = client_for(db)
    _error(c.post("/api/action", json={"action": "hit", "hand": 1, "step": 0}), 409, "no_hand")


def test_an_action_after_the_hand_is_over(db: Path, tmp_path: Path) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    c.post("/api/deal", json={"bet": 100, "hand": 1})
    s = c.post("/api/action", json={"action": "stand", "hand": 1, "step": 0}).json()
    assert s["table"]["over"]
    step = s["table"]["step"]
    _error(c.post("/api/action", json={"action": "hit", "hand": 1, "step": step}), 409, "no_hand")
    _unchanged(c, s)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"action": "fold", "hand": 1, "step": 0}, 422, "bad_action"),
        ({"action": "HIT", "hand": 1, "step": 0}, 422, "bad_action"),
        ({"action": 1, "hand": 1, "step": 0}, 422, "bad_action"),
        ({"hand": 1, "step": 0}, 422, "bad_action"),
        ({"action": "hit", "step": 0}, 422, "bad_request"),
        ({"action": "hit", "hand": 1}, 422, "bad_request"),
        ({"action": "hit", "hand": 1, "step": "0"}, 422, "bad_request"),
        ({"action": "hit", "hand": 2, "step": 0}, 409, "stale"),
        ({"action": "hit", "hand": 1, "step": 1}, 409, "stale"),
        ({"action": "throw", "hand": 1, "step": 0}, 422, "bad_action"),
    ],
)
def test_bad_actions(db: Path, tmp_path: Path, body: Json, status: int, code: str) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    s = c.post("/api/deal", json={"bet": 100, "hand": 1}).json()
    assert s["table"]["legal"] == ["hit", "stand"]
    _error(c.post("/api/action", json=body), status, code)
    _unchanged(c, s)


def test_a_throw_in_on_a_non_free_hand_says_why(db: Path, tmp_path: Path) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    c.post("/api/deal", json={"bet": 100, "hand": 1})
    err = _error(
        c.post("/api/action", json={"action": "throw", "hand": 1, "step": 0}), 422, "bad_action"
    )
    assert err["error"]["params"]["legal"] == ["hit", "stand"]
    assert "16" in err["error"]["message"]


def test_a_free_hand_thrown_in(db: Path, tmp_path: Path) -> None:
    """T16: a two-card 15 may be thrown in: the hand ends with no loss."""
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", FREE))
    s = c.post("/api/deal", json={"bet": 100, "hand": 1}).json()
    assert s["table"]["legal"] == ["hit", "throw"]
    _error(c.post("/api/action", json={"action": "stand", "hand": 1, "step": 0}), 422, "bad_action")
    s = c.post("/api/action", json={"action": "throw", "hand": 1, "step": 0}).json()
    you = s["table"]["seats"][0]
    assert (you["result"], you["net"], you["revealed"]) == ("thrown-in", 0, True)
    assert s["table"]["over"] and s["player"]["stacks"]["you"] == 1000


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"decks": 3},
        {"decks": 0},
        {"decks": "2"},
        {"decks": True},
        {"decks": 1.0},
        {"speed": "ludicrous"},
        {"speed": None},
        {"language": "fr"},
        {"language": "EN"},
        {"colour": "red"},
        {"speed": "fast", "volume": 3},
    ],
)
def test_bad_settings(db: Path, body: Json) -> None:
    c = client_for(db)
    before = c.get("/api/state").json()
    _error(c.put("/api/settings", json=body), 422, "bad_settings")
    _unchanged(c, before)


def test_unknown_routes_and_methods(db: Path) -> None:
    c = client_for(db)
    _error(c.get("/api/nothing"), 404, "not_found")
    _error(c.get("/api/deal"), 405, "bad_request")


def test_a_double_click_is_applied_once(db: Path, tmp_path: Path) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    first = c.post("/api/deal", json={"bet": 100, "hand": 1})
    second = c.post("/api/deal", json={"bet": 100, "hand": 1})
    assert first.status_code == 200
    _error(second, 409, "stale")
    hit = {"action": "hit", "hand": 1, "step": 0}
    assert c.post("/api/action", json=hit).status_code == 200
    _error(c.post("/api/action", json=hit), 409, "stale")
    s = c.get("/api/state").json()
    assert s["table"]["seats"][0]["cards"] == ["TS", "6H", "4C"]  # one hit, not two
    assert s["next_hand"] == 2


def test_two_tabs_share_one_table(db: Path, tmp_path: Path) -> None:
    tab1 = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    tab1.get("/api/state")
    tab2 = client_for(db, cookie=player_id(tab1))
    s1 = tab1.post("/api/deal", json={"bet": 100, "hand": 1}).json()
    s2 = tab2.get("/api/state").json()
    assert s2 == s1  # the second tab sees the same hand
    assert tab2.post("/api/action", json={"action": "hit", "hand": 1, "step": 0}).status_code == 200
    # the first tab, still showing step 0, is stale: its stand is refused
    _error(tab1.post("/api/action", json={"action": "stand", "hand": 1, "step": 0}), 409, "stale")
    assert tab1.get("/api/state").json() == tab2.get("/api/state").json()


def post_at_once(tabs: list[Any], path: str, body: Json) -> list[int]:
    """Every tab posts ``body`` to ``path`` at the same moment (one thread each, released
    together by a barrier); the status codes, in no particular order."""
    barrier = threading.Barrier(len(tabs))
    codes: list[int] = []
    lock = threading.Lock()

    def send(tab: Any) -> None:
        barrier.wait()
        status = tab.post(path, json=body).status_code
        with lock:
            codes.append(status)

    threads = [threading.Thread(target=send, args=(t,)) for t in tabs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes


@pytest.mark.parametrize("servers", ["one app", "an app per tab"])
def test_simultaneous_requests_of_one_player_apply_once(
    db: Path, tmp_path: Path, servers: str
) -> None:
    """Many tabs send the same action at the same moment: exactly one is applied (one app:
    the per-player lock; an app per tab, like several server processes: SQLite's lock)."""
    tab1 = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    tab1.post("/api/deal", json={"bet": 100, "hand": 1})
    if servers == "one app":
        tabs = [TestClient(tab1.app) for _ in range(8)]
        for tab in tabs:
            tab.cookies.set(COOKIE, player_id(tab1), domain="testserver.local")
    else:
        tabs = [client_for(db, cookie=player_id(tab1), seed=i) for i in range(8)]
    codes = post_at_once(tabs, "/api/action", {"action": "hit", "hand": 1, "step": 0})
    assert sorted(codes) == [200] + [409] * (len(tabs) - 1)
    assert len(record(tab1).hand.actions) >= 1  # type: ignore[union-attr]
    assert tab1.get("/api/state").json()["table"]["seats"][0]["cards"] == ["TS", "6H", "4C"]


def test_simultaneous_deals_of_one_player_deal_once(db: Path) -> None:
    tab1 = client_for(db)
    tab1.get("/api/state")
    tabs = [client_for(db, cookie=player_id(tab1), seed=i) for i in range(6)]
    codes = post_at_once(tabs, "/api/deal", {"bet": 50, "hand": 1})
    assert sorted(codes) == [200] + [409] * (len(tabs) - 1)
    assert tab1.get("/api/state").json()["next_hand"] == 2
