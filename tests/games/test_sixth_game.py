"""A new game is its package and one registry line: a test-only "high card" game
(``highcard.py``, a driver and a replay) added to the registry is played by a room of two
people and a watcher, hiding every card a seat may not see, by the solo table and by
``banluck replay``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from banluck.games import registry
from banluck.games.registry import Game
from banluck.replay import replay_text
from banluck.rooms.room import new_room
from banluck.rooms.settings import parse_settings
from tests.rooms.helpers import seeded
from tests.web.games_helpers import api, game_client
from tests.web.helpers import db_key

MODULE = "tests.games.highcard"


@pytest.fixture
def highcard(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    g = Game(
        name="highcard",
        family="highcard",
        title="High card",
        replay=f"{MODULE}:replay_hand",
        driver=f"{MODULE}:HighCardDriver",
    )
    monkeypatch.setitem(registry.GAMES, "highcard", g)
    yield "highcard"


def test_a_room_plays_the_new_game_through_its_driver(highcard: str) -> None:
    settings = parse_settings({"game": highcard})
    assert settings.decks == 1
    r = new_room("h" * 22, settings, "A", "Ann", 0.0, entropy=seeded(3))
    r.join("B", "Bob", 0.0)
    r.join("C", "Cai", 0.0)
    r.sit("A", "you", 0.0)
    r.sit("B", "anna", 0.0)
    for p in "ABC":
        r.connect(p, 0.0)
    for hand in range(1, 6):
        r.bet("A", hand, 20, 0.0)
        r.bet("B", hand, 10, 0.0)
        assert r.in_hand
        while r.in_hand:
            table = r.view("C")["table"]
            assert set(table["cards"].values()) == {None}  # a watcher sees nothing yet
            mine = r.view("A")["table"]["cards"]
            assert mine["you"] is not None and mine["anna"] is None and mine["dealer"] is None
            h = r.hand
            assert h is not None
            player = "A" if h.to_act() == "you" else "B"
            other = "B" if player == "A" else "A"
            with pytest.raises(Exception, match="turn"):
                r.act(other, h.number, h.step, "show", 0.0)
            r.act(player, h.number, h.step, "show", 0.0)
        over = r.view("C")["table"]
        assert None not in over["cards"].values()
        assert r.stacks["you"] + r.stacks["anna"] == 2000 + sum(over["nets"].values())
        r.stacks = {"you": 1000, "anna": 1000}
    saved = json.loads(json.dumps(r.to_json()))
    assert saved["settings"]["game"] == highcard


def test_replay_plays_the_new_game_by_its_registry_entry(highcard: str) -> None:
    out = replay_text(json.dumps({"preset": highcard, "shoe": ["KS", "2H", "7D"]}))
    assert out == {
        "preset": "highcard",
        "nets": {"you": 10, "anna": -10},
        "stacks": {"you": 1010, "anna": 990},
    }


def test_the_solo_table_plays_the_new_game_through_its_driver(
    highcard: str, tmp_path: Path
) -> None:
    """No code in ``web/`` names the game: its solo table is saved as its driver plays it
    (``web.solo.driver_table``), a card a seat may not see never leaves, a stale or doubled
    choice is refused, a reload finds the same hand, and the history keeps every hand."""
    c = game_client(tmp_path / "solo.sqlite3", seed=5)
    state = c.get(api(highcard, "state")).json()
    assert state["table"] is None and state["next_hand"] == 1
    for number in range(1, 4):
        before = state["player"]["stacks"]["you"]
        res = c.post(api(highcard, "deal"), json={"hand": number, "bet": 500})
        assert res.status_code == 422 and res.json()["error"]["code"] == "bad_bet"
        state = c.post(api(highcard, "deal"), json={"hand": number, "bet": 20}).json()
        t = state["table"]
        assert t["to_act"] == "you" and t["legal"] == ["show"]
        assert t["cards"]["you"] is not None
        assert t["cards"]["anna"] is None and t["cards"]["dealer"] is None  # hidden
        assert c.get(api(highcard, "state")).json()["table"] == t  # a reload: the same hand
        stale = {"action": "show", "hand": number, "step": t["step"] + 1}
        res = c.post(api(highcard, "action"), json=stale)
        assert res.status_code == 409 and res.json()["error"]["code"] == "stale"
        body = {"action": "show", "hand": number, "step": t["step"]}
        state = c.post(api(highcard, "action"), json=body).json()
        t = state["table"]
        assert t["over"] and None not in t["cards"].values()  # anna showed: the bot played
        assert state["player"]["stacks"]["you"] == before + t["nets"]["you"]
        res = c.post(api(highcard, "action"), json=body)  # the same click again
        assert res.status_code == 409 and res.json()["error"]["code"] in ("stale", "no_hand")
    hands = c.get(api(highcard, "history")).json()["hands"]
    assert [h["hand"] for h in hands] == [3, 2, 1]
    entry = c.get(api(highcard, "history/1")).json()
    assert entry["replay"]["game"] == highcard
    assert [a for _, a in entry["replay"]["actions"]] == ["show", "show"]
    stats = c.get(api(highcard, "stats")).json()
    assert stats["hands"] == 3


def test_a_new_game_without_a_lesson_has_no_guided_hand(highcard: str, tmp_path: Path) -> None:
    """The guided first hand is a lesson per game (``web.guide``): a game without one says
    so (404), and its table shows its fair shoe all the same."""
    c = game_client(tmp_path / "solo.sqlite3", seed=5)
    res = c.get(api(highcard, "guide"))
    assert res.status_code == 404 and res.json()["error"]["code"] == "not_found"
    assert c.get(api(highcard, "state")).json()["fair"]["shoe"] == 1


def test_a_solo_save_of_the_first_form_is_read_into_the_table_run(
    highcard: str, tmp_path: Path
) -> None:
    """A save of the first form (the table's stacks, shoe, bank and next hand at its top
    level, the ledger inside ``fair``) loads in the middle of its hand to the same answer as
    the same save in today's form (``table``: the table run) and plays on."""
    c = game_client(tmp_path / "solo.sqlite3", seed=5)
    c.post(api(highcard, "deal"), json={"hand": 1, "bet": 20})
    c.post(api(highcard, "action"), json={"action": "show", "hand": 1, "step": 0})
    c.post(api(highcard, "deal"), json={"hand": 2, "bet": 30})
    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.reading() as tx:
        now = json.loads(tx.load_game(db_key(c), highcard))
    assert now["v"] == 4 and "ledger" not in now["fair"]
    table = now.pop("table")
    first = {**now, "v": 1, **{k: v for k, v in table.items() if k != "fair"}}
    first["fair"] = {**now["fair"], "ledger": table["fair"]}
    answer = c.get(api(highcard, "state")).text
    with store.transaction() as tx:
        tx.save_game(db_key(c), highcard, json.dumps(first))
    assert c.get(api(highcard, "state")).text == answer
    state = c.post(api(highcard, "action"), json={"action": "show", "hand": 2, "step": 0}).json()
    assert state["table"]["over"] and state["next_hand"] == 3
    with store.reading() as tx:
        assert json.loads(tx.load_game(db_key(c), highcard))["v"] == 4
