"""The players' own tables in PostgreSQL: a server on it answers byte for byte as one on
the SQLite file; two servers on one database (two machines) serve one player as one server,
whichever answers each request; a SQLite save moved in (``banluck migrate``) and a backup
restored give every player the table they had."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from banluck.cli import main
from banluck.store import Saves
from banluck.store.move import _pg_tool
from banluck.store.pg_rooms import PgRoomStore
from banluck.store.pg_saves import PgStore
from banluck.web.app import COOKIE, create_app
from tests.conftest import ROOT, _free_port, new_database
from tests.rooms.test_postgres_restart import _pg
from tests.web.helpers import Json, TestClient, play_hand, random_chooser

pytestmark = pytest.mark.slow

GAMES = ("classic", "kampung")
EXAMPLE = json.loads((ROOT / "examples" / "ledger.json").read_text(encoding="utf-8"))


def _client(db: Path, *, seed: int | None = 1, saves: Saves | None = None) -> TestClient:
    rng = None if seed is None else random.Random(seed)
    app = create_app(db, rng=rng, host_names=["testserver"], saves=saves)
    return TestClient(app)


def _play_other(c: TestClient, game: str, rng: random.Random) -> Json:
    """One hand of ``game`` to its end, any legal choice."""
    api = f"/api/games/{game}"
    state = c.get(f"{api}/state").json()
    res = c.post(f"{api}/deal", json={"hand": state["next_hand"], "bet": 10})
    assert res.status_code == 200, res.text
    state = res.json()
    while not state["table"]["over"]:
        t = state["table"]
        res = c.post(
            f"{api}/action",
            json={"action": rng.choice(t["legal"]), "hand": t["hand"], "step": t["step"]},
        )
        assert res.status_code == 200, res.text
        state = res.json()
    out: Json = state
    return out


def _timeless(data: Any) -> Any:
    """``data`` without the clock's times (two runs a second apart differ only there)."""
    if isinstance(data, dict):
        return {k: _timeless(v) for k, v in data.items() if k != "time"}
    if isinstance(data, list):
        return [_timeless(v) for v in data]
    return data


def _evening(c: TestClient) -> list[Any]:
    """Everything a player sees over an evening: 20 hands of the table, 3 of two other
    games, the histories and a shared ledger."""
    seen: list[Any] = [c.get("/api/state").json()]
    choose = random_chooser(random.Random(5))
    seen += [play_hand(c, bet=50, choose=choose) for _ in range(20)]
    rng = random.Random(6)
    for game in GAMES:
        seen += [_play_other(c, game, rng) for _ in range(3)]
        seen.append(c.get(f"/api/games/{game}/history").json())
    seen.append(c.get("/api/history").json())
    return seen


def test_a_server_on_postgresql_answers_as_one_on_the_sqlite_file(
    pg_url: str, tmp_path: Path
) -> None:
    on_file = _client(tmp_path / "a.sqlite3")
    on_pg = _client(tmp_path / "b.sqlite3", saves=PgStore(pg_url))
    with on_file, on_pg:
        assert _timeless(_evening(on_pg)) == _timeless(_evening(on_file))
        assert not (tmp_path / "b.sqlite3").exists()  # nothing of the tables in a file


@pytest.fixture
def machines(pg_url: str, tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two servers on one database, no file shared, secure shuffles as in play."""
    a = _client(tmp_path / "a" / "s.sqlite3", seed=None, saves=PgStore(pg_url))
    b = _client(tmp_path / "b" / "s.sqlite3", seed=None, saves=PgStore(pg_url))
    with a, b:
        yield a, b


def test_twenty_hands_answered_by_two_machines_in_turn(
    machines: tuple[TestClient, TestClient],
) -> None:
    a, b = machines
    a.get("/api/state")
    b.cookies.set(COOKIE, str(a.cookies.get(COOKIE)), domain="testserver.local")
    turn = [a, b]
    state = a.get("/api/state").json()
    start = state["player"]["stacks"]["you"]
    net = 0
    rng = random.Random(3)
    for n in range(20):
        c = turn[n % 2]
        res = c.post("/api/deal", json={"bet": 50, "hand": state["next_hand"]})
        assert res.status_code == 200, res.text
        state = res.json()
        i = n
        while not state["table"]["over"]:
            i += 1
            c = turn[i % 2]  # every request to the other machine
            t = state["table"]
            res = c.post(
                "/api/action",
                json={"action": rng.choice(t["legal"]), "hand": t["hand"], "step": t["step"]},
            )
            assert res.status_code == 200, res.text
            state = res.json()
            # the other machine sees exactly this table
            assert turn[(i + 1) % 2].get("/api/state").json() == state
        net += state["table"]["seats"][0]["net"]
    assert state["player"]["stacks"]["you"] == start + net or net <= -start  # refilled at 0
    history_a, history_b = a.get("/api/history").json(), b.get("/api/history").json()
    assert history_a == history_b and len(history_a["hands"]) == 20


def test_a_double_click_sent_to_two_machines_at_once_deals_once(
    machines: tuple[TestClient, TestClient],
) -> None:
    a, b = machines
    a.get("/api/state")
    b.cookies.set(COOKIE, str(a.cookies.get(COOKIE)), domain="testserver.local")
    for _ in range(5):
        hand = a.get("/api/state").json()["next_hand"]
        answers: dict[str, Any] = {}

        def click(name: str, c: TestClient, hand: int, answers: dict[str, Any]) -> None:
            answers[name] = c.post("/api/deal", json={"bet": 50, "hand": hand})

        clicks = [
            threading.Thread(target=click, args=(name, c, hand, answers))
            for name, c in (("a", a), ("b", b))
        ]
        for t in clicks:
            t.start()
        for t in clicks:
            t.join()
        codes = sorted(r.status_code for r in answers.values())
        assert codes == [200, 409], [r.text for r in answers.values()]
        dealt = next(r.json() for r in answers.values() if r.status_code == 200)
        assert a.get("/api/state").json() == dealt == b.get("/api/state").json()
        assert dealt["table"]["hand"] == hand
        while not dealt["table"]["over"]:
            t = dealt["table"]
            action = "stand" if "stand" in t["legal"] else t["legal"][0]
            body = {"action": action, "hand": t["hand"], "step": t["step"]}
            dealt = a.post("/api/action", json=body).json()


def _dump(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the players' tables, in order (not the timestamps)."""
    tables = {
        "banluck_players": "id, data",
        "banluck_history": "player, hand, data",
        "banluck_game_saves": "player, game, data",
        "banluck_game_history": "player, game, hand, data",
        "banluck_ledgers": "code, owner, version, data",
        "banluck_rooms": "code, data, host",
        "banluck_room_hands": "code, hand, data",
    }
    with psycopg.connect(url) as conn:
        return {
            t: conn.execute(f"SELECT {cols} FROM {t} ORDER BY {cols}").fetchall()
            for t, cols in tables.items()
        }


def test_a_sqlite_save_moved_into_postgresql_keeps_every_table(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "old.sqlite3"
    with _client(save) as c:
        before = _evening(c)
        cookie = str(c.cookies.get(COOKIE))
        made = c.post("/api/ledgers", json={"ledger": EXAMPLE})
        room = c.post("/api/rooms", json={"game": "table", "name": "Ann"}).json()["code"]
    assert made.status_code == 200, made.text

    assert main(["migrate", str(save), "--db", pg_url]) == 0
    out = capsys.readouterr().out
    assert "players: 1" in out and "rooms: 1" in out and "ledgers: 1" in out
    with _client(tmp_path / "new.sqlite3", saves=PgStore(pg_url)) as c:
        c.cookies.set(COOKIE, cookie, domain="testserver.local")  # the same browser
        assert c.get("/api/state").json() == before[20]  # the table as it was left
        assert c.get("/api/history").json() == before[-1]
        for i, game in enumerate(GAMES):
            assert c.get(f"/api/games/{game}/history").json() == before[24 + 4 * i]
    rooms = PgRoomStore(pg_url)
    try:
        assert json.loads(rooms.load(room) or "{}")["code"] == room
    finally:
        rooms.close()

    # a second move would make two of the same: refused, nothing written
    kept = _dump(pg_url)
    assert main(["migrate", str(save), "--db", pg_url]) == 2
    assert "already holds" in capsys.readouterr().err
    assert _dump(pg_url) == kept


@pytest.fixture
def other_db(postgres_url: str) -> Iterator[str]:
    with new_database(postgres_url) as url:
        yield url


def test_a_postgresql_backup_restored_elsewhere_serves_the_same_tables(
    pg_url: str, other_db: str, tmp_path: Path
) -> None:
    with _client(tmp_path / "a.sqlite3", saves=PgStore(pg_url)) as c:
        seen = _evening(c)
        cookie = str(c.cookies.get(COOKIE))
        dump = tmp_path / "banluck.dump"
        assert main(["backup", pg_url, str(dump)]) == 0  # while the server runs
    # the restore HOSTING.md gives
    subprocess.run(
        [_pg_tool("pg_restore"), "--no-owner", "--clean", "--if-exists", "-d", other_db, dump],
        check=True,
        capture_output=True,
    )
    assert _dump(other_db) == _dump(pg_url)
    with _client(tmp_path / "b.sqlite3", saves=PgStore(other_db)) as c:
        c.cookies.set(COOKIE, cookie, domain="testserver.local")
        assert c.get("/api/history").json() == seen[-1]


def test_a_sqlite_backup_taken_while_serving_is_a_whole_save(tmp_path: Path) -> None:
    save = tmp_path / "live.sqlite3"
    with _client(save) as c:
        seen = _evening(c)
        cookie = str(c.cookies.get(COOKIE))
        copy = tmp_path / "copy" / "backup.sqlite3"
        copy.parent.mkdir()
        assert main(["backup", str(save), str(copy)]) == 0
        play_hand(c)  # after the backup: not in it
    with _client(copy) as c:
        c.cookies.set(COOKIE, cookie, domain="testserver.local")
        assert c.get("/api/history").json() == seen[-1]


def test_the_database_away_and_back_under_a_solo_table(tmp_path: Path) -> None:
    """The database stopped in the middle of a hand: a request is refused with
    ``unavailable`` (503, never a 500) and changes nothing; once it is back the same server
    goes on with the hand where it was, without a restart."""
    where = Path(tempfile.mkdtemp(prefix="banluck-pg-away-"))
    try:
        url = _pg("start", where, str(_free_port()))
        with _client(tmp_path / "s.sqlite3", saves=PgStore(url)) as c:
            dealt = c.get("/api/state").json()
            for _ in range(20):  # until a hand waits for a choice (a natural ends at the deal)
                deal = {"bet": 50, "hand": dealt["next_hand"]}
                dealt = c.post("/api/deal", json=deal).json()
                if not dealt["table"]["over"]:
                    break
            _pg("stop", where)
            t = dealt["table"]
            move = {"action": t["legal"][0], "hand": t["hand"], "step": t["step"]}
            refused = c.post("/api/action", json=move)
            assert refused.status_code == 503, refused.text
            assert refused.json()["error"]["code"] == "unavailable"
            assert c.get("/readyz").json()["checks"]["saves"] == "not answering"
            _pg("start", where, url.rsplit(":", 1)[1].split("/")[0])
            assert c.get("/api/state").json() == dealt  # nothing changed while it was away
            assert c.post("/api/action", json=move).status_code == 200
    finally:
        _pg("stop", where)
        shutil.rmtree(where, ignore_errors=True)
