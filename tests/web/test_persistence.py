"""What the store keeps: stacks, settings and a hand in progress survive a reload and a server
restart; a corrupt save is never silently lost; a fault mid-request changes nothing."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from banluck.store import SaveError, Store, Transaction
from banluck.web.app import ShoeFileError, create_app
from tests.web.helpers import client_for, db_key, play_hand, player_id, record, write_shoe

# you TS 6H (16), anna TD 9H, ben QC 5C, dealer 9C 8D (17); then 4C.
STACK = "TS TD QC 9C 6H 9H 5C 8D 4C"


def test_a_restart_in_the_middle_of_a_hand_continues_it(db: Path, tmp_path: Path) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    c.put("/api/settings", json={"speed": "slow", "language": "de", "decks": 1})
    c.post("/api/deal", json={"bet": 120, "hand": 1})
    before = c.post("/api/action", json={"action": "hit", "hand": 1, "step": 0}).json()
    pid = player_id(c)
    shoe_before = record(c).shoe_cards
    c.close()
    # a new server process on the same file (without --shoe: the saved shoe is used)
    c2 = client_for(db, seed=99, cookie=pid)
    after = c2.get("/api/state").json()
    assert after == before
    assert record(c2).shoe_cards == shoe_before
    s = c2.post("/api/action", json={"action": "stand", "hand": 1, "step": 1}).json()
    you = s["table"]["seats"][0]
    assert you["cards"] == ["TS", "6H", "4C"] and (you["result"], you["net"]) == ("win", 120)
    assert s["player"]["stacks"]["you"] == 1120
    assert s["player"]["settings"] == {"decks": 1, "speed": "slow", "language": "de"}
    assert s["player"]["last_bet"] == 120
    # the hand went on drawing from the saved shoe, not from a new one
    hand = record(c2).hand
    assert hand is not None
    drawn_after_restart = len(hand.cards) - 9
    assert record(c2).shoe_cards == shoe_before[drawn_after_restart:]


def test_stacks_and_settings_survive_a_restart(db: Path) -> None:
    c = client_for(db, seed=4)
    for _ in range(5):
        play_hand(c, bet=40)
    c.put("/api/settings", json={"speed": "instant"})
    before = c.get("/api/state").json()
    pid = player_id(c)
    c.close()
    after = client_for(db, seed=8, cookie=pid).get("/api/state").json()
    assert after == before
    assert after["player"]["last_bet"] == 40 and after["next_hand"] == 6


def test_a_stacked_shoe_only_starts_a_new_browser(db: Path, tmp_path: Path) -> None:
    shoe = write_shoe(tmp_path / "s.json", STACK)
    a = client_for(db, shoe_file=shoe)
    play_hand(a)
    b = client_for(db, shoe_file=shoe)
    s = b.post("/api/deal", json={"bet": 10, "hand": 1}).json()
    assert s["table"]["seats"][0]["cards"] == ["TS", "6H"]
    # the first browser's second hand goes on with its own shoe
    s = a.post("/api/deal", json={"bet": 10, "hand": 2}).json()
    assert record(a).hand.cards[:9] != record(b).hand.cards[:9]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not JSON"),
        ('{"cards": ["TS"]}', "JSON list"),
        ('["TS", "ZZ"]', "unknown card 'ZZ'"),
        ('["TS", "TS", "TS"]', "appears 3 times"),
    ],
)
def test_a_bad_shoe_file(db: Path, tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "shoe.json"
    path.write_text(content)
    with pytest.raises(ShoeFileError, match=message):
        create_app(db, shoe_file=path)
    with pytest.raises(ShoeFileError, match="cannot read"):
        create_app(db, shoe_file=tmp_path / "missing.json")


def _write_raw(db: Path, pid: str, raw: str) -> None:
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE players SET data = ? WHERE id = ?", (raw, pid))
    conn.close()


def _with_shoe(data: dict[str, Any], shoe: dict[str, Any]) -> dict[str, Any]:
    """A save whose table run has ``shoe`` for its shoe."""
    return {**data, "table": {**data["table"], "shoe": {**shoe, "drawn": 0}}}


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw[: len(raw) // 2],
        lambda raw: raw.replace('"you":', '"yuo":', 1),
        lambda raw: raw.replace('"decks":2', '"decks":7', 1),
        lambda raw: "null",
        lambda raw: json.dumps({**json.loads(raw), "v": 99}),
        lambda raw: json.dumps(
            _with_shoe(json.loads(raw), {"decks": 2, "remaining": [], "drawn": 0})
        ),
    ],
)
def test_a_corrupt_save_starts_afresh_with_a_notice_and_is_kept(db: Path, damage: object) -> None:
    """Decision: an unreadable save is moved aside (kept in corrupt_saves), the browser gets
    a fresh 1,000 and a ``save_reset`` notice; it is never lost silently."""
    c = client_for(db, seed=6)
    for _ in range(3):
        play_hand(c, bet=30)
    pid = db_key(c)
    conn = sqlite3.connect(db)
    raw = conn.execute("SELECT data FROM players WHERE id = ?", (pid,)).fetchone()[0]
    conn.close()
    bad = damage(raw)  # type: ignore[operator]
    _write_raw(db, pid, bad)
    s = c.get("/api/state").json()
    assert s["player"]["stacks"] == {"you": 1000, "anna": 1000, "ben": 1000}
    assert s["player"]["notices"] == [{"code": "save_reset", "params": {"stack": 1000}}]
    store = Store(db)
    with store.transaction() as tx:
        kept = tx.corrupt_saves(pid)
    store.close()
    assert [d for d, _ in kept] == [bad] and kept[0][1]
    # the history of played hands is untouched, and play goes on
    assert len(c.get("/api/history").json()["hands"]) == 3
    assert s["next_hand"] == 4  # numbering goes on after the kept history
    play_hand(c)
    assert [h["hand"] for h in c.get("/api/history").json()["hands"]] == [4, 3, 2, 1]


def test_a_save_with_an_impossible_hand_is_refused(db: Path, tmp_path: Path) -> None:
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    c.post("/api/deal", json={"bet": 100, "hand": 1})
    pid = db_key(c)
    conn = sqlite3.connect(db)
    data = json.loads(conn.execute("SELECT data FROM players").fetchone()[0])
    conn.close()
    data["hand"]["actions"] = [["you", "throw"]]  # not a free hand: cannot have happened
    _write_raw(db, pid, json.dumps(data))
    s = c.get("/api/state").json()
    assert s["player"]["notices"][0]["code"] == "save_reset" and s["table"] is None


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    with pytest.raises(SaveError, match="not a usable Ban Luck save"):
        create_app(bad)
    assert bad.read_bytes().startswith(b"this is not a database")  # left as it was
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "serve", "--db", str(bad), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("banluck serve: ") and "Traceback" not in proc.stderr


def test_a_save_from_a_newer_version_is_refused(db: Path) -> None:
    Store(db).close()
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE meta SET value = '9' WHERE key = 'schema'")
    conn.close()
    with pytest.raises(SaveError, match="format 9"):
        create_app(db)


def test_a_fault_mid_request_changes_nothing(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player's record is written, then the history write fails: all is rolled back."""
    c = client_for(db, shoe_file=write_shoe(tmp_path / "s.json", STACK))
    c.post("/api/deal", json={"bet": 100, "hand": 1})
    before = c.get("/api/state").json()

    def boom(self: Transaction, player: str, hand: int, data: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(Transaction, "add_history", boom)
    c2 = client_for(db, cookie=player_id(c))
    c2_raise = c2.__class__(c2.app, raise_server_exceptions=False)
    c2_raise.cookies.set("banluck_id", player_id(c), domain="testserver.local")
    res = c2_raise.post("/api/action", json={"action": "stand", "hand": 1, "step": 0})
    assert res.status_code == 500
    assert res.json()["error"]["code"] == "server_error"
    assert c.get("/api/state").json() == before  # the hand is still to play, no chips moved
    monkeypatch.undo()
    s = c.post("/api/action", json={"action": "stand", "hand": 1, "step": 0}).json()
    assert s["table"]["over"] and s["player"]["stacks"]["you"] == 900  # 16 loses to 17


def test_fresh_stacks_when_out_of_chips(db: Path) -> None:
    """T9: below the minimum a seat gets a fresh 1,000 at the next hand, with a notice."""
    c = client_for(db, seed=9)
    play_hand(c)
    pid = db_key(c)
    conn = sqlite3.connect(db)
    data = json.loads(conn.execute("SELECT data FROM players").fetchone()[0])
    conn.close()
    data["table"]["stacks"] = {"you": 5, "anna": 49, "ben": 50}
    _write_raw(db, pid, json.dumps(data))
    state = c.get("/api/state").json()
    assert state["player"]["stacks"] == {"you": 5, "anna": 49, "ben": 50}
    s = c.post("/api/deal", json={"bet": 10, "hand": state["next_hand"]}).json()
    notices = [n for n in s["player"]["notices"] if n["code"] == "fresh_stack"]
    assert notices == [
        {"code": "fresh_stack", "params": {"seat": "you", "stack": 1000}},
        {"code": "fresh_stack", "params": {"seat": "anna", "stack": 1000}},
    ]
    before = {h["name"]: h["stack"] for h in s["table"]["seats"]}
    assert before["you"] == 1000 or s["table"]["over"]


def test_an_unreadable_history_entry_is_left_out(db: Path) -> None:
    c = client_for(db, seed=12)
    for _ in range(3):
        play_hand(c)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE history SET data = '{broken' WHERE hand = 2")
    conn.close()
    assert [h["hand"] for h in c.get("/api/history").json()["hands"]] == [3, 1]
    res = c.get("/api/history/2")
    assert res.status_code == 404 and res.json()["error"]["code"] == "not_found"
    assert c.get("/api/history/3").status_code == 200


@pytest.mark.parametrize(
    ("drawn", "why"), [(1, "cannot hold"), (-1, "cannot hold"), ("x", "bad shoe count")]
)
def test_a_saved_shoe_that_does_not_add_up_is_corrupt(drawn: object, why: str) -> None:
    """The saved shoe is checked by the core's ``Shoe.restore``: remaining + drawn must be
    the whole shoe, or the record is corrupt (and set aside, never played)."""
    import random

    from banluck.core import Shoe
    from banluck.games.banluck.rules import TABLE
    from banluck.web.saves.banluck_save import PlayerRecord
    from banluck.web.saves.records import CorruptSave
    from tests.web.helpers import from_json

    saved = PlayerRecord.fresh(TABLE, Shoe(2, random.Random(1)), "en").to_json()
    assert from_json(saved, TABLE)[0].shoe_drawn == 0
    saved["table"]["shoe"] = dict(saved["table"]["shoe"], drawn=drawn)  # a fresh one drew 0
    with pytest.raises(CorruptSave, match=why):
        from_json(saved, TABLE)
