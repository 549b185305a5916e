"""The solo tables' fair shoe (docs/FAIRNESS.md): every game commits each shoe before its
first card, derives it from a salt committed before and the seed you give, records every
card dealt by hand, and its history verifies against what the page was shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banluck.core.fair import History, VerifyReport, parse_history, verify_history
from banluck.games.registry import GAMES
from banluck.web.app import COOKIE, create_app
from tests.web.games_helpers import Json, api, game_client, write_record
from tests.web.helpers import TestClient, db_key


def stored(c: TestClient, game: str) -> Any:
    """The game's record as stored (JSON), or None (``table`` keeps its own place)."""
    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.reading() as tx:
        raw = tx.load_player(db_key(c)) if game == "table" else tx.load_game(db_key(c), game)
    return None if raw is None else json.loads(raw)


def _secure(db: Path, cookie: str | None = None) -> TestClient:
    """A client of a server in play: every shuffle and salt from the secure source."""
    client = TestClient(create_app(db, host_names=["testserver"]))
    if cookie is not None:
        client.cookies.set(COOKIE, cookie, domain="testserver.local")
    return client


def _stake(state: Json) -> Json:
    banker = state["player"].get("banker")
    return {} if banker == "you" else {"bet": state["limits"]["bet_min"]}


def _choose(table: Json) -> str:
    legal = table["legal"]
    for name in ("stand", "decline"):
        if name in legal:
            return name
    return str(legal[0])


class Seen:
    """What a page was shown: each commitment, and the shoe in use at each bet."""

    def __init__(self) -> None:
        self.shoes: dict[int, str] = {}
        self.hands: dict[int, int] = {}

    def note(self, state: Json) -> None:
        fair = state["fair"]
        assert fair is not None, "every table shows the shoe it deals from"
        self.shoes[fair["shoe"]] = fair["commitment"]

    def check(self, history: History) -> VerifyReport:
        """``verify_history`` with what was seen of the shoes it keeps (the oldest go)."""
        first = history.shoes[0].commitment.shoe
        seen = [c for n, c in self.shoes.items() if n >= first]
        return verify_history(history, seen, self.hands)


def _play(c: TestClient, game: str, hands: int, seen: Seen) -> Json:
    state: Json = c.get(api(game, "state")).json()
    for _ in range(hands):
        seen.note(state)
        number, shoe = state["next_hand"], state["fair"]["shoe"]
        res = c.post(api(game, "deal"), json={"hand": number, **_stake(state)})
        assert res.status_code == 200, res.text
        state = res.json()
        seen.hands[number] = shoe  # the shoe shown at the bet deals the hand
        assert state["fair"]["last_hand"] == {"hand": number, "shoe": shoe}  # and says so
        while not state["table"]["over"]:
            t = state["table"]
            body = {"action": _choose(t), "hand": t["hand"], "step": t["step"]}
            res = c.post(api(game, "action"), json=body)
            assert res.status_code == 200, res.text
            state = res.json()
    seen.note(state)
    return state


def _history(c: TestClient, game: str) -> Any:
    res = c.get(api(game, "fair.json"))
    assert res.status_code == 200, res.text
    assert res.headers["content-disposition"].startswith("attachment")
    return res.json()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.slow
def test_every_solo_game_deals_only_committed_shoes_and_its_history_verifies(
    game: str, tmp_path: Path
) -> None:
    c = game_client(tmp_path / "f.sqlite3", seed=5)
    seen = Seen()
    hands = 150 if game == "infinite" else 40  # eight decks: a shoe lasts long
    _play(c, game, hands, seen)
    data = _history(c, game)
    history = parse_history(data)
    report = seen.check(history)
    assert report.ok, report.summary()
    # the hands of the shoes kept (the oldest go), one after another; the shoe in use is
    # not shown yet
    dealt = {d.hand for d in history.deals if d.hand is not None}
    assert dealt == set(range(min(dealt), max(dealt) + 1)) and max(dealt) <= hands
    assert report.shoes >= 2 and report.pending == 1
    # every shoe was derived from a salt committed before (an empty seed: none given)
    assert all(s.commitment.client_seed == "" for s in history.shoes)


@pytest.mark.parametrize("game", ["table", "classic"])
def test_a_tampered_or_cut_history_does_not_verify_against_what_was_seen(
    game: str, tmp_path: Path
) -> None:
    c = game_client(tmp_path / "f.sqlite3", seed=6)
    seen = Seen()
    _play(c, game, 30, seen)
    data = _history(c, game)
    assert seen.check(parse_history(data)).ok
    first = data["deals"][-1]
    changed = json.loads(json.dumps(data))
    changed["deals"][-1]["cards"][0] = "AS" if first["cards"][0] != "AS" else "KD"
    assert not verify_history(parse_history(changed)).ok
    cut = json.loads(json.dumps(data))
    cut["shoes"] = cut["shoes"][:-1]
    cut["deals"] = [d for d in cut["deals"] if d["shoe"] != data["shoes"][-1]["shoe"]]
    assert not seen.check(parse_history(cut)).ok


def test_a_first_visit_is_shown_the_commitment_its_first_deal_uses(tmp_path: Path) -> None:
    """Nothing is stored for a visitor who only looks, yet the shoe they are shown is the
    one their first deal deals from (in play: the secure source)."""
    c = _secure(tmp_path / "f.sqlite3")
    for game in sorted(GAMES):
        first = c.get(api(game, "state")).json()["fair"]
        again = c.get(api(game, "state")).json()["fair"]
        assert first == again
        saved = stored(c, game)  # ``table`` is stored with the first game played
        assert saved is None or (saved["fair"]["fresh"] and game == "table")
        assert first["shoe"] == 1 and first["revealed"] == 0
        state = c.get(api(game, "state")).json()
        res = c.post(api(game, "deal"), json={"hand": 1, **_stake(state)})
        assert res.status_code == 200, res.text
        assert res.json()["fair"]["commitment"] == first["commitment"] or (
            res.json()["table"]["over"] and res.json()["fair"]["shoe"] == 2
        )
        history = parse_history(_history(c, game))
        assert history.shoes[0].commitment.commitment == first["commitment"]
    # another visitor is shown another shoe
    other = _secure(tmp_path / "f.sqlite3")
    assert other.get(api("table", "state")).json()["fair"]["commitment"] != first["commitment"]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.slow
def test_your_seed_makes_the_next_shoe_and_anyone_can_recompute_it(
    game: str, tmp_path: Path
) -> None:
    c = game_client(tmp_path / "f.sqlite3", seed=8)
    state = c.get(api(game, "state")).json()
    salt = state["fair"]["next"]["salt_commitment"]
    res = c.post(api(game, "seed"), json={"seed": "lucky 8"})
    assert res.status_code == 200, res.text
    assert res.json()["fair"]["seed"] == "lucky 8"
    assert res.json()["fair"]["next"]["salt_commitment"] == salt  # fixed before the seed
    seen = Seen()
    shoe = state["fair"]["shoe"]
    for _ in range(200):  # until the shoe seeded is made, then finished
        state = _play(c, game, 1, seen)
        if state["fair"]["shoe"] == shoe + 1:
            assert state["fair"]["client_seed"] == "lucky 8"
            assert state["fair"]["salt_commitment"] == salt
            assert state["fair"]["seed"] is None  # a seed serves one shoe
        if state["fair"]["revealed"] >= shoe + 1:
            break
    else:
        pytest.fail("the seeded shoe was never finished")
    history = parse_history(_history(c, game))
    seeded = next(s for s in history.shoes if s.commitment.shoe == shoe + 1)
    assert seeded.commitment.client_seed == "lucky 8" and seeded.reveal is not None
    assert seen.check(history).ok


@pytest.mark.parametrize("seed", ["", "   ", "x" * 65, "bad\x07", 7, None])
def test_a_bad_seed_is_refused_and_changes_nothing(seed: object, tmp_path: Path) -> None:
    c = game_client(tmp_path / "f.sqlite3")
    c.put(api("table", "settings"), json={"speed": "fast"})
    before = stored(c, "table")
    res = c.post(api("table", "seed"), json={"seed": seed})
    assert res.status_code == 422 and res.json()["error"]["code"] == "bad_request"
    assert res.json()["error"]["params"]["field"] == "seed"
    assert stored(c, "table") == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hand_resumed_after_a_restart_is_recorded_once(game: str, tmp_path: Path) -> None:
    db = tmp_path / "f.sqlite3"
    c = game_client(db, seed=9)
    seen = Seen()
    for _ in range(60):  # a hand that waits for you
        state = c.get(api(game, "state")).json()
        seen.note(state)
        number = state["next_hand"]
        seen.hands[number] = state["fair"]["shoe"]
        state = c.post(api(game, "deal"), json={"hand": number, **_stake(state)}).json()
        if not state["table"]["over"]:
            break
    else:
        pytest.fail("every hand ended at its deal")
    cookie = c.cookies.get(COOKIE)
    c.close()
    c2 = game_client(db, seed=10, cookie=cookie)  # a new process on the same file
    state = _play(c2, game, 0, seen)
    while not state["table"]["over"]:
        t = state["table"]
        body = {"action": _choose(t), "hand": t["hand"], "step": t["step"]}
        state = c2.post(api(game, "action"), json=body).json()
    _play(c2, game, 30, seen)
    history = parse_history(_history(c2, game))
    assert seen.check(history).ok
    entries = [d for d in history.deals if d.hand == number]
    assert len({d.shoe for d in entries}) == len(entries)  # one entry a shoe: not twice


def test_the_shoe_in_use_is_never_shown_before_it_is_finished(tmp_path: Path) -> None:
    c = game_client(tmp_path / "f.sqlite3", seed=4)
    _play(c, "classic", 3, Seen())
    data = _history(c, "classic")
    current = data["shoes"][-1]
    assert "reveal" not in current or current["reveal"] is None
    state = c.get(api("classic", "state")).json()
    assert current["commitment"] == state["fair"]["commitment"]
    text = json.dumps(state)
    assert '"salt"' not in text and '"order"' not in text
    saved = stored(c, "classic")
    assert saved["table"]["fair"]["shoes"][-1]["reveal"]["salt"] not in json.dumps(data)


def test_a_save_with_a_damaged_ledger_is_set_aside(tmp_path: Path) -> None:
    c = game_client(tmp_path / "f.sqlite3")
    c.put(api("kampung", "settings"), json={"bank": "house"})
    data = stored(c, "kampung")
    data["table"]["fair"]["shoes"][0]["commitment"] = "zz"
    write_record(c, "kampung", data)
    state = c.get(api("kampung", "state")).json()
    assert state["player"]["notices"][0]["code"] == "save_reset"
    assert state["fair"] is not None and state["fair"]["shoe"] == 1


@pytest.mark.slow
def test_a_table_made_anew_after_its_save_is_lost_never_replays_a_revealed_shoe(
    tmp_path: Path,
) -> None:
    """N6: a one-on-one table plays a hand (its shoe is then revealed); the server stops and
    the table's save is lost (a removed ``-wal``, a damaged save set aside, a backup from
    before); the table made anew after the restart deals from a shoe never shown before."""
    import sqlite3

    from tests.rooms.servers import free_port, http, start_server, stop

    db = tmp_path / "f.sqlite3"
    port = free_port()
    proc = start_server(port, "--db", str(db))
    try:
        _, state, cookie = http(port, "GET", "/api/games/one-on-one/state")
        first = state["fair"]
        _, state, _ = http(
            port, "POST", "/api/games/one-on-one/deal", cookie, {"hand": 1, **_stake(state)}
        )
        while not state["table"]["over"]:
            t = state["table"]
            body = {"action": _choose(t), "hand": t["hand"], "step": t["step"]}
            _, state, _ = http(port, "POST", "/api/games/one-on-one/action", cookie, body)
        _, history, _ = http(port, "GET", "/api/games/one-on-one/fair.json", cookie)
    finally:
        stop(proc)
    revealed = {s["commitment"] for s in history["shoes"] if s.get("reveal")}
    assert first["commitment"] in revealed  # the player knows that shoe's every card
    with sqlite3.connect(db) as conn:  # the save is lost
        conn.execute("DELETE FROM game_saves")
        conn.execute("DELETE FROM game_history")
    proc = start_server(port, "--db", str(db))
    try:
        _, again, _ = http(port, "GET", "/api/games/one-on-one/state", cookie)
    finally:
        stop(proc)
    assert again["next_hand"] == 1 and again["fair"]["shoe"] == 1
    assert again["fair"]["commitment"] not in revealed
    assert again["fair"]["commitment"] != first["commitment"]


def test_the_fair_history_keeps_the_shoes_of_every_hand_in_your_history(tmp_path: Path) -> None:
    """L-b: one-on-one deals every hand from a new shoe; its fair history keeps the shoe of
    each hand the History lists (its last 50), so a commitment noted 15 hands ago checks."""
    c = game_client(tmp_path / "f.sqlite3", seed=5)
    seen = Seen()
    _play(c, "one-on-one", 15, seen)
    history = parse_history(_history(c, "one-on-one"))
    dealt = {d.hand for d in history.deals if d.hand is not None}
    assert set(range(1, 16)) <= dealt
    report = seen.check(history)
    assert report.ok and history.shoes[0].commitment.commitment == seen.shoes[1]


def test_a_worker_derives_its_first_salts_from_its_supervisors_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--workers``: every worker is a new process started with its supervisor's start
    value (``web.workers``), so a visitor is shown the same first shoe by any of them; a
    value that is not one is not used."""
    from banluck.web.solo import fair as solo_fair
    from banluck.web.workers import START_ENV

    given = bytes(range(16))
    monkeypatch.setenv(START_ENV, given.hex())
    assert solo_fair._start() == given
    for bad in ("zz", "00ff", ""):
        monkeypatch.setenv(START_ENV, bad)
        drawn = solo_fair._start()
        assert len(drawn) == 16 and drawn != given
