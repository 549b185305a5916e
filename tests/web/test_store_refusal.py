"""``--db`` on a file that is not our save is refused before anything is written (issue 7,
hardening): the file's bytes stay exactly as they were, no WAL file appears. And the store's
player limit and expiry (a browser that only looks is never stored)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from banluck.store import SaveError, Store
from banluck.store.sqlite import APPLICATION_ID
from banluck.web.app import create_app
from tests.web.helpers import client_for, db_key, play_hand


def _notes_app(db: Path) -> None:
    """Another program's database: a notes table (rollback journal, as most programs)."""
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("INSERT INTO notes (text) VALUES ('buy milk')")
    conn.close()


def _notes_and_ours(db: Path) -> None:
    """Another program's file that happens to have a table named like ours."""
    _notes_app(db)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT)")
    conn.close()


def _other_application(db: Path) -> None:
    """An empty database another program has claimed (its ``application_id``)."""
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA application_id = 1234")
    conn.close()


def _newer_save(db: Path) -> None:
    """Our save from a newer version: format 9, with a table this version does not know."""
    Store(db).close()
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE meta SET value = '9' WHERE key = 'schema'")
        conn.execute("CREATE TABLE rooms (id TEXT)")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()


def _same_layout_wrong_columns(db: Path) -> None:
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT, extra TEXT)")
        conn.execute("INSERT INTO meta (key, value) VALUES ('schema', '1')")
    conn.close()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_notes_app, "another program's data"),
        (_notes_and_ours, "another program's data"),
        (_other_application, "belongs to another program"),
        (_newer_save, "format 9"),
        (_same_layout_wrong_columns, "another program's data"),
    ],
)
def test_a_file_that_is_not_our_save_is_refused_untouched(
    tmp_path: Path, make: Callable[[Path], None], message: str
) -> None:
    db = tmp_path / "other.sqlite3"
    make(db)
    before = db.read_bytes()
    files_before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(SaveError, match=message):
        create_app(db)
    assert db.read_bytes() == before, "the file was modified before it was refused"
    assert sorted(p.name for p in tmp_path.iterdir()) == files_before  # no -wal, no -shm
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal"
    conn.close()


def test_serve_on_another_programs_file_exits_2_and_leaves_it(tmp_path: Path) -> None:
    db = tmp_path / "notes.sqlite3"
    _notes_app(db)
    before = db.read_bytes()
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "serve", "--db", str(db), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("banluck serve: ") and "another program" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert db.read_bytes() == before


def test_an_empty_file_and_our_own_save_are_accepted(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    Store(empty).close()
    conn = sqlite3.connect(empty)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    conn.close()
    # a save made before application_id was set (0) is still ours
    old = tmp_path / "old.sqlite3"
    Store(old).close()
    conn = sqlite3.connect(old)
    conn.execute("PRAGMA application_id = 0")
    conn.close()
    Store(old).close()


def _players(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    rows = [str(r[0]) for r in conn.execute("SELECT id FROM players ORDER BY rowid")]
    conn.close()
    return rows


def test_a_browser_that_only_looks_is_not_stored(db: Path) -> None:
    """Reads without a cookie create no stored player; the first change does."""
    for _ in range(5):
        c = client_for(db)
        assert c.get("/api/state").status_code == 200
        assert c.get("/api/state").status_code == 200  # with its (unstored) cookie
        assert c.get("/api/history").json() == {"hands": []}
        assert c.get("/api/hint?hand=1&step=0").status_code == 409
        refused = c.post("/api/action", json={"action": "hit", "hand": 1, "step": 0})
        assert refused.status_code == 409  # a refused change stores nothing either
        assert c.post("/api/deal", json={"bet": 5, "hand": 1}).status_code == 422
    assert _players(db) == []
    c = client_for(db)
    c.put("/api/settings", json={"speed": "fast"})
    assert _players(db) == [db_key(c)]


def test_stored_players_are_limited_and_never_forgotten_to_make_room(db: Path) -> None:
    """At most ``player_limit`` players: a new one past it is refused (503 ``server_full``)
    and stores nothing, and no stored player loses a chip or a hand of history to make room
    (strangers making fresh cookies cannot push a real player out)."""
    import random

    from starlette.testclient import TestClient

    app = create_app(db, rng=random.Random(1), host_names=["testserver"], player_limit=3)
    clients = [TestClient(app) for _ in range(5)]
    play_hand(clients[0], bet=10)
    before = clients[0].get("/api/state").json()
    keys = []
    for c in clients[1:3]:
        assert c.put("/api/settings", json={"speed": "fast"}).status_code == 200
        keys.append(db_key(c))
    for c in clients[3:]:
        res = c.put("/api/settings", json={"speed": "fast"})
        assert res.status_code == 503 and res.json()["error"]["code"] == "server_full"
        res = c.post("/api/deal", json={"bet": 10, "hand": 1})
        assert res.status_code == 503
    assert set(_players(db)) == {db_key(clients[0]), *keys}
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT COUNT(*) FROM history").fetchone()[0] == 1
    conn.close()
    assert clients[0].get("/api/state").json() == before  # the first player is untouched


def test_idle_players_expire(db: Path) -> None:
    """A player idle for over ``PLAYER_IDLE_DAYS`` (400) is forgotten when a new one is
    stored; an active one stays."""
    old, active = client_for(db), client_for(db)
    play_hand(old, bet=10)
    active.put("/api/settings", json={"speed": "slow"})
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "UPDATE players SET updated = '2020-01-01T00:00:00Z' WHERE id = ?", (db_key(old),)
        )
    conn.close()
    client_for(db).put("/api/settings", json={"speed": "fast"})
    players = _players(db)
    assert db_key(old) not in players and db_key(active) in players and len(players) == 2


def _age(db: Path, player: str, stamp: str) -> None:
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE players SET updated = ? WHERE id = ?", (stamp, player))
    conn.close()


def _hours_ago(hours: float) -> str:
    import datetime

    t = datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=hours)
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_a_visitor_who_never_played_expires_in_days_and_makes_room_when_full(db: Path) -> None:
    """A stored visitor with no finished hand is forgotten after ``VISITOR_HOURS`` (48);
    a full store forgets one idle an hour for a new player; a player who finished a hand
    is never forgotten to make room."""
    import random

    from starlette.testclient import TestClient

    from banluck.store.sqlite import VISITOR_FULL_HOURS, VISITOR_HOURS

    app = create_app(db, rng=random.Random(1), host_names=["testserver"], player_limit=3)
    player, recent, old = (TestClient(app) for _ in range(3))
    play_hand(player, bet=10)
    for c in (recent, old):
        assert c.put("/api/settings", json={"speed": "fast"}).status_code == 200
    _age(db, db_key(player), _hours_ago(VISITOR_HOURS + 1))  # played: kept
    _age(db, db_key(old), _hours_ago(VISITOR_HOURS + 1))  # never played: forgotten
    _age(db, db_key(recent), _hours_ago(VISITOR_FULL_HOURS / 2))
    newcomer = TestClient(app)
    assert newcomer.put("/api/settings", json={"speed": "slow"}).status_code == 200
    assert set(_players(db)) == {db_key(player), db_key(recent), db_key(newcomer)}
    # full now: a visitor idle over an hour makes room, a recent one does not
    _age(db, db_key(recent), _hours_ago(VISITOR_FULL_HOURS + 0.5))
    late = TestClient(app)
    assert late.put("/api/settings", json={"speed": "slow"}).status_code == 200
    assert set(_players(db)) == {db_key(player), db_key(newcomer), db_key(late)}
    refused = TestClient(app).put("/api/settings", json={"speed": "slow"})
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "server_full"
