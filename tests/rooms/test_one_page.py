"""One page for a solo table and a room: a room's frame tells the game page what the solo
State tells it (the bets this seat may place: ``you.limits``, by the game's own bet check;
whether sitting down makes a new seat), and ``/room/{code}`` is the game page itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banluck.core.refusal import Refusal
from tests.rooms.helpers import room
from tests.rooms.test_ws import _cookie, make_room, served
from tests.web.games_helpers import api, game_client


def test_a_seat_is_told_the_bets_it_may_place_by_the_games_own_check() -> None:
    r = room("table")
    r.sit("A", "you", 0.0)
    limits = r.view("A")["you"]["limits"]
    assert limits == {
        "bet_min": 10,
        "bet_max": 500,
        "bot_bet": 50,
        "bet_cap": 500,
        "bet_cover": 1,
        "fresh_stack": 1000,
        "min_stack": 10,
    }
    # O1: one-on-one's stack covers three times the bet, and the page is told so
    solo = room("one-on-one")
    solo.sit("A", "you", 0.0)
    assert solo.view("A")["you"]["limits"]["bet_cover"] == 3
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
    # the game's buttons, as its rules have them: the page names no game
    assert inf.public()["features"] == {
        "choices": ["hit", "stand", "double", "split", "surrender", "insure", "decline"],
        "common_row": True,
    }
    assert room("classic").public()["features"]["common_row"] is False
    assert room("one-on-one").public()["features"] == {"choices": ["hit", "stand"]}
    assert "burn" in room("kampung").public()["features"]["choices"]
    no_burn = room("kampung", house={"base": "kampung", "name": "x", "rules": {"burn": False}})
    assert "burn" not in no_burn.public()["features"]["choices"]
    inf.sit("A", None, 0.0)
    limits = inf.view("A")["you"]["limits"]
    assert limits["side_bets"] == ["pairs", "bust", "lucky3", "poker3"]
    assert limits["side_bet_min"] <= limits["side_bet_max"]
    assert limits["side_bet_last_hand"]["pairs"] == 40


def test_a_rooms_address_is_the_game_page_and_new_makes_one(tmp_path: Path) -> None:
    with served(tmp_path / "save.sqlite3") as (client, _hub):
        code = make_room(client, _cookie(client), game="kampung")
        game_page = client.get("/play/kampung").text
        room_page = client.get(f"/room/{code}").text
        # the same page; its head names what it imports at once there (a room's modules)
        preload = re.compile(r'\n\s*<link rel="modulepreload" href="[^"]+">')
        assert preload.sub("", room_page) == preload.sub("", game_page)
        assert "/static/js/room/room.js" in room_page and "/js/room/room.js" not in game_page
        assert '<script type="module" src="/static/js/main.js">' in game_page
        made = client.get("/room/new").text
        assert 'id="create-form"' in made and "/static/room/new.js" in made


@pytest.mark.parametrize(
    ("game", "choices", "decks"),
    [
        ("table", ["hit", "stand", "throw"], True),
        ("one-on-one", ["hit", "stand"], False),
        ("kampung", ["hit", "stand", "burn", "play", "void", "double", "forfeit"], True),
        ("classic", ["hit", "stand", "split"], False),
        ("infinite", ["hit", "stand", "double", "split", "surrender", "insure", "decline"], False),
    ],
)
def test_a_solo_table_tells_the_page_its_buttons_and_deck_choice(
    game: str, choices: list[str], decks: bool, tmp_path: Path
) -> None:
    """The page names no game: the State says which buttons the game has (its rules'
    choices, in order) and whether it offers a choice of decks."""
    c = game_client(tmp_path / "save.sqlite3")
    features = c.get(api(game, "state")).json()["features"]
    assert features["choices"] == choices
    assert features["decks"] is decks
    assert features.get("common_row", False) is (game == "infinite")
