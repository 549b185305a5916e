"""One page for a solo table and a room: a room's frame tells the game page what the solo
State tells it (the bets this seat may place: ``you.limits``, by the game's own bet check;
whether sitting down makes a new seat), and ``/room/{code}`` is the game page itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.core.refusal import Refusal
from tests.rooms.helpers import room
from tests.rooms.test_ws import _cookie, make_room, served


def test_a_seat_is_told_the_bets_it_may_place_by_the_games_own_check() -> None:
    r = room("table")
    r.sit("A", "you", 0.0)
    limits = r.view("A")["you"]["limits"]
    assert limits == {"bet_min": 10, "bet_max": 500, "bet_cap": 500}
    # T8: the stack must cover the bet (the cap follows the stack)
    r.stacks["you"] = 300
    cap = r.view("A")["you"]["limits"]["bet_cap"]
    assert cap is not None and cap <= 300
    r.bet("A", r.last_number + 1, cap, 0.0)  # the cap is accepted
    r.bets.clear()
    with pytest.raises(Refusal) as e:
        r.bet("A", r.last_number + 1, cap + 1, 0.0)  # one chip more is not
    assert e.value.code == "bad_bet"
    # a watcher places no bet
    assert r.view("B")["you"]["limits"]["bet_cap"] is None


def test_the_banker_bets_nothing_and_an_infinite_seat_is_told_its_side_bets() -> None:
    k = room("kampung", bank="rotate")
    k.sit("A", "dealer", 0.0)
    assert k.banker == "dealer"
    assert k.view("A")["you"]["limits"]["bet_cap"] is None  # K3
    inf = room("infinite")
    assert inf.public()["open_seats"] is True
    assert "open_seats" not in room("classic").public()
    inf.sit("A", None, 0.0)
    limits = inf.view("A")["you"]["limits"]
    assert limits["side_bets"] == ["pairs", "bust", "lucky3", "poker3"]
    assert limits["side_bet_min"] <= limits["side_bet_max"]
    assert limits["side_bet_last_hand"]["pairs"] == 40


def test_a_rooms_address_is_the_game_page_and_new_makes_one(tmp_path: Path) -> None:
    with served(tmp_path / "save.sqlite3") as (client, _hub):
        code = make_room(client, _cookie(client), game="kampung")
        game_page = client.get("/play/kampung").text
        assert client.get(f"/room/{code}").text == game_page
        assert '<script type="module" src="/static/js/main.js">' in game_page
        made = client.get("/room/new").text
        assert 'id="create-form"' in made and "/static/room/new.js" in made
