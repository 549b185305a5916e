"""The room maker offers what a room accepts: every game of the registry (the lobby's), each
with the deck counts and banks ``parse_settings`` takes for it, the first the default; the
page builds its form from that and names no game itself."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route, expect

from banluck.core.refusal import Refusal
from banluck.games.registry import GAMES
from banluck.rooms.settings import offered, parse_settings
from tests.rooms.test_room_page import Person, server
from tests.web.games_helpers import game_client

__all__ = ["server"]  # the room page's server fixture, used here too

NEW = Path(__file__).resolve().parents[2] / "src/banluck/web/static/room"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_offered_choice_makes_a_room_and_no_other_deck_count_does(game: str) -> None:
    room = offered(game)
    assert room["decks"] and room["banks"]
    default = parse_settings({"game": game})
    assert (default.decks, default.bank) == (room["decks"][0], room["banks"][0])
    for decks, bank in itertools.product(room["decks"], room["banks"]):
        s = parse_settings({"game": game, "decks": decks, "bank": bank})
        assert (s.decks, s.bank) == (decks, bank)
    for decks in set(range(1, 9)) - set(room["decks"]):
        with pytest.raises(Refusal) as e:
            parse_settings({"game": game, "decks": decks})
        assert e.value.params["field"] == "decks"


def test_the_lobby_says_what_a_room_of_each_game_offers(tmp_path: Path) -> None:
    with game_client(tmp_path / "db.sqlite3") as c:
        lobby = c.get("/api/games").json()["games"]
    assert [g["name"] for g in lobby] == list(GAMES)
    assert all(g["room"] == offered(g["name"]) for g in lobby)


def test_the_room_makers_page_names_no_game() -> None:
    page = (NEW / "new.html").read_text() + (NEW / "new.js").read_text()
    names = [n for n in GAMES if re.search(rf"""["'`]{re.escape(n)}["'`]""", page)]
    assert names == ["table"]  # the game whose state gives the player's language


@pytest.mark.browser
def test_the_form_is_sent_only_once_the_games_are_there(server: str, browser: Browser) -> None:
    """The lobby's answer held back: the page is in the reader's language, the name typed,
    and still Make waits (a room sent now would have no game); the answer in, it makes one."""
    held: list[Route] = []
    anke = Person(browser.new_context(locale="de-DE"), "Anke")
    page = anke.page
    page.route("**/api/games", lambda route: held.append(route))
    page.goto(f"{server}/room/new")
    expect(page.locator("#create h2")).to_have_text("Einen Raum eröffnen")
    page.fill("input[name=name]", "Anke")
    make = page.locator("#create-form button[type=submit]")
    expect(make).to_be_disabled()
    page.wait_for_function("() => document.readyState === 'complete'")
    assert len(held) == 1 and page.locator("select[name=game] option").count() == 0
    held[0].continue_()
    expect(make).to_be_enabled()
    make.click()
    page.wait_for_url(re.compile(r"/room/[A-Za-z0-9_-]{16,}$"))
    expect(page.locator("#verify")).to_have_text("Prüfen")
