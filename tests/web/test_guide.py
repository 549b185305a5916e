"""The guided first hand's lessons (issue 18): each game's stacked hand, played through its
own driver, asks for choices that are legal where they are asked, shows the rule it
teaches, ends, hides what the player may not see, and moves no chip of the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banluck.games.registry import GAMES
from banluck.web.solo.guide import LESSONS, YOU, lesson_play
from tests.web.games_helpers import api, game_client


def _guide(tmp_path: Path, game: str) -> Any:
    c = game_client(tmp_path / "g.sqlite3")
    before = c.get(api(game, "state")).json()
    res = c.get(api(game, "guide"))
    assert res.status_code == 200, res.text
    after = c.get(api(game, "state")).json()
    assert after == before  # the lesson is not a hand of the table
    return res.json()


def test_every_game_has_a_lesson() -> None:
    assert set(LESSONS) == set(GAMES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_lesson_asks_only_legal_choices_and_ends(game: str, tmp_path: Path) -> None:
    data = _guide(tmp_path, game)
    assert [s["choice"] for s in data["steps"]] == list(LESSONS[game].choices)
    for n, step in enumerate(data["steps"]):
        table = step["table"]
        assert table["to_act"] == "you" and not table["over"]
        assert step["choice"] in table["legal"]
        assert table["step"] >= n
    assert data["end"]["over"] and data["end"]["legal"] == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_lesson_shows_no_card_the_player_may_not_see(game: str, tmp_path: Path) -> None:
    data = _guide(tmp_path, game)
    first = data["steps"][0]["table"]
    dealt = [e for e in first["events"] if e["type"] == "dealt" and e["seat"] != "you"]
    hidden = [e for e in dealt if not e.get("face_up")]
    assert hidden and all(e["card"] is None for e in hidden), json.dumps(first)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_choice_a_lesson_asks_is_the_solvers_best_play(game: str) -> None:
    """A lesson never teaches a play the table's own Hint calls a mistake: each choice it
    asks for is worth as much as the best (a tie is a best play too)."""
    asked = 0
    for hand, choice in lesson_play(game):
        if choice is None:
            assert hand.over
            continue
        ev = hand.hint(YOU).ev
        assert ev[choice] >= max(ev.values()) - 1e-9, (game, choice, dict(ev))
        asked += 1
    assert asked == len(LESSONS[game].choices)


def test_ban_luck_lesson_the_ace_and_the_free_hand(tmp_path: Path) -> None:
    """T16: a two-card 15 with an ace may be thrown in; T3: three cards, the ace is 10."""
    data = _guide(tmp_path, "table")
    first, second = (s["table"]["seats"][0] for s in data["steps"])
    assert first["cards"] == ["AS", "4H"] and first["total"] == 15
    assert "throw" in data["steps"][0]["table"]["legal"]
    assert second["cards"] == ["AS", "4H", "6S"] and second["total"] == 20
    you = data["end"]["seats"][0]
    assert you["result"] == "win" and you["net"] == 100


def test_kampung_lesson_the_banker_opens_a_hand(tmp_path: Path) -> None:
    data = _guide(tmp_path, "kampung")
    first = data["steps"][0]["table"]
    assert first["you_bank"] and first["bank"]["total"] == 16
    drew = {p["seat"]: p["card_count"] for p in first["players"]}
    assert drew == {"anna": 2, "ben": 2, "dealer": 3}
    opened = data["steps"][2]["table"]["players"]
    assert [(p["seat"], p["total"]) for p in opened if p["turned"]] == [("dealer", 16)]
    end = data["end"]
    assert all(p["result"] == "lose" for p in end["players"])
    assert end["bank"]["total"] == 19 and end["bank"]["net"] == 150


def test_classic_lesson_splits_eights_and_infinite_pays_pairs(tmp_path: Path) -> None:
    classic = _guide(tmp_path, "classic")["end"]["seats"][0]
    assert [h["result"] for h in classic["hands"]] == ["win", "win"]
    infinite = _guide(tmp_path, "infinite")
    hands = infinite["end"]["seats"][0]["hands"]
    assert [(h["total"], h["result"]) for h in hands] == [(18, "win"), (18, "win")]
    events = infinite["end"]["events"]
    pairs = [e for e in events if e["type"] == "settled" and e.get("wager") == "pairs"]
    assert pairs and pairs[0]["result"] == "win" and pairs[0]["net"] == 50
