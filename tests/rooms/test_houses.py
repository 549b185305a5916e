"""House rules in a room (HOUSE_RULES.md H3): the host chooses the house when making the
room and may change it between hands; every seat plays it, sees it, and sees no card it may
not; a bad house is refused naming its field, and nothing changes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.refusal import Refusal
from banluck.games.house import House
from banluck.rooms.recall import for_person, hand_line
from banluck.rooms.room import Room, new_room
from banluck.rooms.settings import parse_settings
from banluck.web.rooms.frames import apply_frame
from tests.houses.strategies import houses
from tests.rooms.helpers import CODE, hidden_leaks, seeded
from tests.rooms.test_ws import ORIGIN, Player, _cookie, make_room, served

pytestmark = pytest.mark.slow


def _room(body: dict[str, Any], seed: int = 1) -> Room:
    r = new_room(CODE, parse_settings(body), "A", "Ann", 0.0, entropy=seeded(seed))
    r.join("B", "Bob", 0.0)
    r.join("C", "Cai", 0.0)
    return r


def _play(r: Room, rng: random.Random, hands: int) -> None:
    """``hands`` hands with A and B seated, random choices, every view checked (T22/K17)."""
    for _ in range(hands):
        for p in "AB":
            seat = r.members[p].seat
            amount = 0 if seat == r.banker else r.game.min_bet
            r.bet(p, r.last_number + 1, amount, 0.0)
        for _ in range(300):
            for who in ("A", "B", "C", None):
                assert hidden_leaks(r.view(who)) == [], who
            if not r.in_hand:
                break
            h = r.hand
            assert h is not None
            r.act(r.occupant[h.to_act()], h.number, h.step, rng.choice(h.legal()), 0.0)  # type: ignore[index]
        again = Room.from_json(json.loads(json.dumps(r.to_json())))
        assert again.to_json() == r.to_json()


@pytest.mark.rule("H3")
def test_a_room_is_made_with_a_house_and_plays_its_rules() -> None:
    house = {"base": "table", "name": "Grandma", "rules": {"five_card_bust": 1, "decks": 1}}
    s = parse_settings({"house": house})
    assert s.game == "table" and s.decks == 1 and s.house is not None
    r = _room({"house": house})
    rules = r.game.rules
    assert rules.five_card_bust_multiple == 1 and rules.decks == 1
    assert r.public()["settings"]["house"]["name"] == "Grandma"
    assert r.public()["settings"]["house"]["rules"]["five_card_bust"] == 1
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    r.connect("A", 0.0)
    r.connect("B", 0.0)
    _play(r, random.Random(3), 4)


@pytest.mark.rule("H4")
@pytest.mark.parametrize(
    ("body", "says", "field"),
    [
        ({"house": {"base": "table", "rules": {"five_card_bust": 9}}}, "allowed 1 to 3", "house"),
        ({"game": "kampung", "house": {"base": "table"}}, "house's base is 'table'", "house"),
        ({"house": {"base": "table", "rules": {"decks": 3}}, "decks": 2}, "3 deck(s)", "decks"),
        ({"house": {"base": "classic", "rules": {"splits": 5}}}, "allowed 0 to 3", "house"),
        ({"house": "grandma"}, "a house is a JSON object", "house"),
    ],
)
def test_a_bad_house_is_refused_naming_its_field(body: Any, says: str, field: str) -> None:
    with pytest.raises(Refusal) as e:
        parse_settings(body)
    assert e.value.code == "bad_settings" and says in e.value.message
    assert e.value.params["field"] == field


@pytest.mark.rule("H3")
def test_only_the_host_changes_the_house_and_only_between_hands() -> None:
    r = _room({"game": "table"})
    r.sit("A", "you", 0.0)
    r.connect("A", 0.0)
    saved = json.dumps(r.to_json())
    with pytest.raises(Refusal) as e:
        r.set_house("B", {"base": "table", "rules": {"five_card_bust": 1}}, 0.0)
    assert e.value.code == "forbidden" and json.dumps(r.to_json()) == saved
    with pytest.raises(Refusal) as e:
        apply_frame(r, "A", {"type": "house", "house": {"base": "table", "rules": {"x": 1}}}, 0.0)
    assert e.value.code == "bad_settings" and json.dumps(r.to_json()) == saved
    # a new deck count: a new shoe, committed before its first card
    apply_frame(r, "A", {"type": "house", "house": {"base": "table", "rules": {"decks": 1}}}, 0.0)
    assert r.settings.decks == 1 and r.shoe["decks"] == 1 and r.public()["fair"]["decks"] == 1
    r.bet("A", 1, 10, 0.0)
    while not r.in_hand:  # a hand that ends at the deal: the next one
        r.bet("A", r.last_number + 1, 10, 0.0)
    with pytest.raises(Refusal) as e:
        r.set_house("A", None, 0.0)
    assert e.value.code == "hand_in_progress"
    while r.in_hand:
        h = r.hand
        assert h is not None
        r.act("A", h.number, h.step, h.legal()[0], 0.0)
    r.set_house("A", None, 0.0)  # back to the preset, at its own deck count
    assert (
        r.settings.house is None
        and r.settings.decks == 2
        and "house" not in r.to_json()["settings"]
    )


@pytest.mark.rule("H3")
def test_each_kept_hand_names_the_house_it_was_played_under() -> None:
    """The room's kept hands (what its History lists and its download holds) name the house
    of each hand: a change between hands shows from the next hand on."""
    house = {"base": "table", "name": "Grandma", "rules": {"five_card_bust": 1}}
    r = _room({"house": house})
    r.sit("A", "you", 0.0)
    r.connect("A", 0.0)

    def one_hand() -> dict[str, Any]:
        r.bet("A", r.last_number + 1, 10, 0.0)
        while r.in_hand:
            h = r.hand
            assert h is not None
            r.act("A", h.number, h.step, h.legal()[0], 0.0)
        rec = r.take_recall()
        assert rec is not None
        return for_person(rec, "A")

    first = one_hand()
    assert first["house"]["name"] == "Grandma" and first["house"]["rules"]["five_card_bust"] == 1
    assert first["house"] == r.settings.house.to_json()  # type: ignore[union-attr]
    assert hand_line(first)["house"] == first["house"]
    r.set_house("A", {"base": "table", "rules": {"seven_seven_seven": 7}}, 0.0)
    second = one_hand()
    assert second["house"]["name"] is None and second["house"]["rules"]["seven_seven_seven"] == 7
    assert second["house"]["rules"]["five_card_bust"] == 2
    r.set_house("A", None, 0.0)
    assert "house" not in one_hand()  # the game's own rules: its preset, as the file says


@settings(max_examples=20, deadline=None)
@given(houses(("table", "kampung")), st.integers(0, 10_000))
def test_a_room_plays_any_house_with_people_and_bots(house: House, seed: int) -> None:
    body: dict[str, Any] = {"house": house.to_object()}
    if house.base == "kampung":
        body["bank"] = "rotate"
    r = _room(body, seed)
    seats = list(r.seats)
    r.sit("A", seats[0], 0.0)
    r.sit("B", seats[2], 0.0)
    r.connect("A", 0.0)
    r.connect("B", 0.0)
    _play(r, random.Random(seed), 3)


@pytest.mark.rule("H10")
def test_the_named_houses_are_offered_and_a_room_is_made_with_one_over_http(
    tmp_path: Path,
) -> None:
    with served(tmp_path / "h.sqlite3") as (client, _hub):
        houses_json = client.get("/api/houses").json()["houses"]
        lucky = next(h for h in houses_json if h["id"] == "lucky-sevens")
        assert lucky["changes"] == {"seven_seven_seven": 7} and lucky["source"]
        cookie = _cookie(client)
        body = {"house": {k: lucky[k] for k in ("base", "name", "rules")}}
        code = make_room(client, cookie, **body)
        ann = Player(client, cookie, "Ann")
        with ann.open(code) as ws:
            ann.ws = ws
            room = ann.sync()["room"]
            assert room["house"] == {
                "base": "table",
                "name": "Lucky sevens",
                "changes": {"seven_seven_seven": 7},
            }
            ann.send({"type": "house", "house": {"base": "table", "rules": {"ban_ban": 9}}})
            ann.sync()
            assert ann.errors()[-1]["code"] == "bad_settings"
            assert "'ban_ban' is 9" in ann.errors()[-1]["message"]
        bad = client.post(
            "/api/rooms",
            json={"name": "Ann", "house": {"base": "table", "rules": {"free_hand": 1}}},
            headers={**ORIGIN, "cookie": f"banluck_id={cookie}"},
        )
        assert bad.status_code == 422 and bad.json()["error"]["params"]["field"] == "house"


@pytest.mark.rule("H9")
def test_a_kampung_houses_solve_is_made_off_the_loop_when_the_house_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's new kampung house is solved in the rooms' lane's own process as the frame
    lands, and kept here: the next hand's bots and Hint find it made (this process never
    solves it, on its loop or off it)."""
    import time

    from banluck.games.kampung.bots import mixed, shipped

    with served(tmp_path / "k.sqlite3") as (client, hub):
        cookie = _cookie(client)
        code = make_room(client, cookie, game="kampung")
        ann = Player(client, cookie, "Ann")
        with ann.open(code) as ws:
            ann.ws = ws
            ann.sync()
            house = {"base": "kampung", "rules": {"banker_must_draw_under": 17, "any_21": 3}}
            ann.send({"type": "house", "house": house})
            assert ann.sync()["room"]["house"]["changes"] == house["rules"]
            room = hub.rooms[code]
            for _ in range(600):  # the child process's solve, kept here
                if hub.is_ready(room):
                    break
                time.sleep(0.05)
            assert hub.is_ready(room)
            rules = room.game.rules

            def never(*args: object) -> None:
                raise AssertionError("the server's own process solved the house")

            monkeypatch.setattr(shipped, "solved_data", never)
            monkeypatch.setattr(mixed, "equilibrium_data", never)
            assert shipped.solved(rules).decks == rules.decks
            assert mixed.equilibrium_play(rules) is not None
