"""Every endpoint of docs/API.md, on a real app over a temporary SQLite file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from banluck.core.cards import parse_cards
from banluck.games.banluck import Action
from banluck.games.banluck.rules import TABLE
from banluck.games.banluck.strategy.hint import hint_for
from banluck.replay import replay_text
from tests.web.helpers import client_for, play_hand, player_id, write_shoe

# A stacked shoe (dealt top first, two passes: you, anna, ben, dealer):
# you TS 6H (16), anna TD 9H (19), ben QC 5C (a free 15), dealer 9C 8D (17, stands: T17);
# your hit draws 4C: 20 beats 17.
STACK = "TS TD QC 9C 6H 9H 5C 8D 4C"


def test_the_page_and_its_assets_are_served(db: Path) -> None:
    c = client_for(db)
    page = c.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "<html" in page.text.lower()
    assets = sorted(
        p.name for p in (Path(__file__).parents[2] / "src/banluck/web/static").iterdir()
    )
    assert assets, "the static folder is empty"
    res = c.get(f"/static/{assets[0]}")
    assert res.status_code == 200 and res.content
    missing = c.get("/static/no-such-file.js")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"


def test_first_request_gets_an_http_only_cookie(db: Path) -> None:
    c = client_for(db)
    res = c.get("/api/state")
    cookie = res.headers["set-cookie"]
    assert cookie.startswith("banluck_id=")
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    assert "Max-Age=31536000" in cookie
    pid = player_id(c)
    # the same browser keeps its id: no new cookie
    assert "set-cookie" not in c.get("/api/state").headers
    assert player_id(c) == pid


def test_a_forged_cookie_is_replaced(db: Path) -> None:
    c = client_for(db, cookie="../../etc/passwd")
    res = c.get("/api/state")
    assert res.status_code == 200
    assert "banluck_id=" in res.headers["set-cookie"]
    assert player_id(c) != "../../etc/passwd"


def test_initial_state(db: Path) -> None:
    s = client_for(db).get("/api/state").json()
    assert s["player"]["stacks"] == {"you": 1000, "anna": 1000, "ben": 1000}
    assert s["player"]["settings"] == {"decks": 2, "speed": "normal", "language": "en"}
    assert s["player"]["pending_decks"] is None and s["player"]["notices"] == []
    assert s["limits"] == {
        "bet_min": 10,
        "bet_max": 500,
        "bot_bet": 50,
        "bet_cover": 1,
        "fresh_stack": 1000,
        "min_stack": 10,
        "bet_cap": 500,
    }
    assert s["next_hand"] == 1 and s["table"] is None


def test_state_says_whether_the_server_gives_hints(db: Path) -> None:
    """``features.hint`` matches whether ``GET /api/hint`` exists (no probe needed)."""
    c = client_for(db)
    features = c.get("/api/state").json()["features"]
    probe = c.get("/api/hint")
    assert features["hint"] == (probe.status_code != 404)
    assert features["hint"]  # this project ships the solver (issue 4)


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("de-DE,de;q=0.9,en;q=0.5", "de"),
        ("zh-CN,zh;q=0.9", "zh"),
        ("fr-FR", "en"),
        ("fr;q=0.9, zh-TW;q=0.8, de;q=0.7", "zh"),
    ],
)
def test_language_defaults_from_the_browser(db: Path, header: str, language: str) -> None:
    c = client_for(db, headers={"Accept-Language": header})
    assert c.get("/api/state").json()["player"]["settings"]["language"] == language
    # once chosen it sticks, whatever the browser says later
    c.put("/api/settings", json={"language": "en"})
    assert c.get("/api/state").json()["player"]["settings"]["language"] == "en"


def test_a_stacked_hand_from_deal_to_settlement(db: Path, tmp_path: Path) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "shoe.json", STACK))
    s = c.post("/api/deal", json={"bet": 100, "hand": 1}).json()
    t = s["table"]
    assert t["hand"] == 1 and t["step"] == 0 and not t["over"]
    assert t["to_act"] == "you" and t["legal"] == ["hit", "stand"]
    you, anna, ben = t["seats"]
    assert you["cards"] == ["TS", "6H"] and you["total"] == 16 and you["bet"] == 100
    assert anna["cards"] == [None, None] and anna["total"] is None and anna["bet"] == 50
    assert ben["cards"] == [None, None]
    assert t["dealer"]["cards"] == [None, None]
    assert [e["type"] for e in t["events"][:8]] == ["dealt"] * 8
    assert s["player"]["last_bet"] == 100 and s["next_hand"] == 2
    s = c.post("/api/action", json={"action": "hit", "hand": 1, "step": 0}).json()
    t = s["table"]
    assert t["seats"][0]["cards"] == ["TS", "6H", "4C"] and t["step"] == 1
    assert t["events"][-1] == {
        "type": "dealt",
        "seat": "you",
        "card": "4C",
        "face_up": False,
        "reason": "hit",
    }
    s = c.post("/api/action", json={"action": "stand", "hand": 1, "step": 1}).json()
    t = s["table"]
    assert t["over"] and t["to_act"] is None and t["legal"] == []
    you = t["seats"][0]
    assert (you["result"], you["net"], you["stack"]) == ("win", 100, 1100)
    assert t["dealer"]["cards"] == ["9C", "8D"] and t["dealer"]["total"] == 17
    assert t["dealer"]["revealed"] and t["dealer"]["kind"] == "plain"
    # Ben's free 15 (T16): the bots' own policy decides; his hand is settled either way
    assert all(h["result"] is not None for h in t["seats"])
    assert t["events"][-1] == {"type": "over"}
    settled = [e for e in t["events"] if e["type"] == "settled"]
    assert [e["seat"] for e in settled if e["seat"] == "you"] == ["you"]
    assert s["player"]["stacks"]["you"] == 1100
    assert s["player"]["stacks"]["anna"] == 1000 + t["seats"][1]["net"]


def test_history_lists_and_replays_every_hand(db: Path) -> None:
    c = client_for(db, seed=7)
    finals = [play_hand(c, bet=20 + 10 * i) for i in range(6)]
    hands = c.get("/api/history").json()["hands"]
    assert [h["hand"] for h in hands] == [6, 5, 4, 3, 2, 1]
    for item, final in zip(reversed(hands), finals, strict=True):
        you = final["table"]["seats"][0]
        assert item["bet"] == you["bet"] and item["net"] == you["net"]
        assert item["result"] == you["result"] and item["void"] == final["table"]["void"]
        assert item["you"]["cards"] == you["cards"]
        assert item["dealer"]["cards"] == final["table"]["dealer"]["cards"]
        entry = c.get(f"/api/history/{item['hand']}").json()
        assert entry["hand"] == item["hand"]
        assert replay_text(json.dumps(entry["replay"])) == entry["result"]
        stacks = {s["name"]: s["stack"] for s in entry["result"]["seats"]}
        assert stacks == {h["name"]: h["stack"] for h in final["table"]["seats"]}


def test_the_replay_download_settles_the_same_with_banluck_replay(db: Path, tmp_path: Path) -> None:
    c = client_for(db, seed=3)
    for _ in range(3):
        play_hand(
            c,
            choose=lambda t: (
                "hit" if "hit" in t["legal"] and t["seats"][0]["total"] < 18 else t["legal"][-1]
            ),
        )
    res = c.get("/api/history/2/replay.json")
    assert res.status_code == 200
    assert res.headers["content-disposition"] == 'attachment; filename="banluck-hand-2.json"'
    path = tmp_path / "hand.json"
    path.write_bytes(res.content)
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == c.get("/api/history/2").json()["result"]


def test_history_keeps_the_last_50_hands(db: Path) -> None:
    c = client_for(db, seed=11)
    for _ in range(53):
        play_hand(c, bet=10)
    hands = c.get("/api/history").json()["hands"]
    assert len(hands) == 50
    assert hands[0]["hand"] == 53 and hands[-1]["hand"] == 4
    assert c.get("/api/history/3").status_code == 404
    assert c.get("/api/history/4").status_code == 200


def test_history_of_another_browser_is_not_yours(db: Path) -> None:
    a = client_for(db)
    play_hand(a)
    b = client_for(db)
    assert b.get("/api/history").json() == {"hands": []}
    res = b.get("/api/history/1")
    assert res.status_code == 404 and res.json()["error"]["code"] == "not_found"
    assert b.get("/api/history/1/replay.json").status_code == 404


@pytest.mark.parametrize("path", ["/api/history/abc", "/api/history/-1", "/api/history/1e3"])
def test_history_with_a_bad_hand_number(db: Path, path: str) -> None:
    res = client_for(db).get(path)
    assert res.status_code == 422 and res.json()["error"]["code"] == "bad_request"


def test_settings(db: Path) -> None:
    c = client_for(db)
    s = c.put("/api/settings", json={"speed": "fast", "language": "zh"}).json()
    assert s["player"]["settings"] == {"decks": 2, "speed": "fast", "language": "zh"}
    # T11: the shoe made for the next hand, not dealt from yet, is made again at once
    s = c.put("/api/settings", json={"decks": 1}).json()
    assert s["player"]["settings"]["decks"] == 1
    assert s["player"]["pending_decks"] is None and s["player"]["decks_in_play"] == 1
    assert s["fair"]["decks"] == 1 and s["fair"]["shoe"] == 2
    play_hand(c, bet=10)  # a shoe dealt from: a new deck count waits for its shuffle
    s = c.put("/api/settings", json={"decks": 2}).json()
    assert s["player"]["pending_decks"] == 2 and s["player"]["decks_in_play"] == 1


def test_decks_change_at_the_next_shuffle(db: Path) -> None:
    """T11 / T12: a new deck count waits for the reshuffle (made as the hand before it
    ends), then comes with a notice at the next deal."""
    c = client_for(db, seed=5)
    play_hand(c, bet=10)
    c.put("/api/settings", json={"decks": 1})
    for _ in range(40):
        state = play_hand(c, bet=10)
        if state["player"]["decks_in_play"] == 1:
            break
        assert state["player"]["pending_decks"] == 1
    else:
        pytest.fail("the shoe was never reshuffled")
    state = play_hand(c, bet=10)
    codes = [n["code"] for n in state["player"]["notices"]]
    assert "reshuffled" in codes and "decks_changed" in codes
    assert state["player"]["pending_decks"] is None
    entry = c.get(f"/api/history/{state['table']['hand']}").json()
    assert entry["replay"]["decks"] == 1


def test_hint(db: Path, tmp_path: Path) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "shoe.json", STACK))
    res = c.get("/api/hint?hand=1&step=0")
    assert res.status_code == 409 and res.json()["error"]["code"] == "no_hand"
    c.post("/api/deal", json={"bet": 100, "hand": 1})
    res = c.get("/api/hint?hand=1&step=0")
    assert res.status_code == 200, res.text
    hint = res.json()
    expected = hint_for(TABLE, parse_cards(["TS", "6H"]), None, {Action.HIT, Action.STAND})
    assert hint == {
        "best": expected.best.value,
        "ev": {a.value: v for a, v in expected.ev.items()},
        "cell": {"row": "16", "column": "2 cards"},
        "house": None,  # the game's own rules (H9)
    }
    assert set(hint["ev"]) == {"hit", "stand"}
    res = c.get("/api/hint?hand=1&step=1")
    assert res.status_code == 409 and res.json()["error"]["code"] == "stale"
    assert c.get("/api/hint?hand=x&step=0").status_code == 422
    assert c.get("/api/hint?hand=1").status_code == 422
    step = c.post("/api/action", json={"action": "stand", "hand": 1, "step": 0}).json()["table"][
        "step"
    ]
    res = c.get(f"/api/hint?hand=1&step={step}")  # the hand is over, as in every game
    assert res.status_code == 409 and res.json()["error"]["code"] == "no_hand"
