"""Xì Dách as a room game (XI_DACH.md): a room made for ``xi-dach`` plays kampung's table
under the named house ``xi-dach`` unless its host picks another of Xì Dách's houses, and only
the person to act is asked to confirm a stand that makes the hand non (X17)."""

from __future__ import annotations

import pytest

from banluck.core.refusal import Refusal
from banluck.games.named_houses import named_house
from banluck.rooms.settings import parse_settings
from tests.rooms.helpers import hidden_leaks, room
from tests.rooms.test_model import bet_all, ready


@pytest.mark.rule("X13")
def test_a_xi_dach_room_plays_its_named_house_or_another_of_its_family() -> None:
    own = parse_settings({"game": "xi-dach"})
    assert own.house is not None and own.house.name == "Xì Dách" and own.decks == 1
    rooms = named_house("xi-dach-rooms").to_object()
    assert parse_settings({"game": "xi-dach", "house": rooms}).house == named_house("xi-dach-rooms")
    with pytest.raises(Refusal) as refused:
        parse_settings({"game": "xi-dach", "house": {"base": "table"}})
    assert refused.value.params["field"] == "house"
    with pytest.raises(Refusal):
        parse_settings({"game": "xi-dach", "decks": 2})  # the house plays one deck


@pytest.mark.rule("X17")
def test_only_the_person_to_act_is_asked_to_confirm_a_non_stand() -> None:
    asked = 0
    for seed in range(12):
        r = room("xi-dach", seed=seed)
        r.sit("A", "you", 0.0)
        r.sit("B", "anna", 0.0)
        ready(r)
        bet_all(r, "AB")
        h = r.hand
        assert h is not None
        while r.in_hand:
            seat = h.to_act()
            assert seat is not None
            player = r.occupant[seat]
            for who in ("A", "B", "C", None):
                frame = r.view(who)
                assert hidden_leaks(frame) == [], who
                confirm = frame["table"].get("confirm")
                if confirm is not None:
                    assert who == player and confirm["stand"]["code"] == "non_pays"
                    asked += 1
            r.act(player, h.number, h.step, "stand" if "stand" in h.legal() else h.legal()[0], 0.0)
    assert asked > 0


@pytest.mark.rule("X13")
def test_a_xi_dach_rooms_limits_are_its_houses_as_at_the_solo_table() -> None:
    """Sitting needs twice the bet (``bet_cover`` 2): the room says so, and its limits are
    the driver's, the same call the solo table answers with."""
    r = room("xi-dach")
    r.sit("A", "you", 0.0)
    r.sit("B", "anna", 0.0)
    limits = r.view("A")["you"]["limits"]
    assert limits["bet_cover"] == 2 and limits["min_stack"] is not None
    people = ("you", "anna")
    assert limits == r.game.limits("you", people, r.stacks["you"], r.banker)
    assert limits["bet_cap"] is not None and limits["bet_cap"] * 2 <= r.stacks["you"]
    assert r.view(None)["you"]["limits"]["bet_cap"] is None  # a stranger has no seat to bet
