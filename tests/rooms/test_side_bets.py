"""I10 in an ``infinite`` room: each person may place the side bets beside their bet, checked
when placed as the hand will check them (the names, the range, the stack covering every
stake, the last hand of the shoe they may be placed on), settled with the hand, and a game
without side bets refuses them."""

from __future__ import annotations

import json

import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.room import Room
from tests.rooms.helpers import hidden_leaks, room


def _infinite() -> Room:
    r = room("infinite", seed=9)
    for p in "AB":
        r.sit(p, None, 0.0)
        r.connect(p, 0.0)
    return r


def test_side_bets_are_checked_when_placed_and_settled_with_the_hand() -> None:
    r = _infinite()
    assert r.public()["side_bets"] == ["pairs", "bust", "lucky3", "poker3"]
    before = json.dumps(r.to_json())
    for sides, why in [
        ({"fours": 5}, "unknown side bet"),
        ({"pairs": 500}, "must be a whole number from"),
        ({"pairs": 2.5}, "must be a whole number from"),
        ([5], "object of stakes"),
    ]:
        with pytest.raises(Refusal) as e:
            r.bet("A", 1, 20, 0.0, sides)
        assert e.value.code == "bad_bet" and why in e.value.message, e.value.message
    assert json.dumps(r.to_json()) == before  # nothing changed
    r.bet("A", 1, 20, 0.0, {"pairs": 5, "bust": 0, "lucky3": 10})
    assert r.side_bets == {"p1": {"pairs": 5, "lucky3": 10}}
    assert Room.from_json(json.loads(json.dumps(r.to_json()))).side_bets == r.side_bets
    r.bet("B", 1, 20, 0.0)
    assert r.in_hand and r.side_bets == {}
    h = r.hand
    assert h is not None
    seat = next(s for s in h.view("p1")["seats"] if s["name"] == "p1")
    assert seat["side_bets"] == {"pairs": 5, "lucky3": 10}
    while r.in_hand:
        h = r.hand
        assert h is not None
        to_act = h.to_act()
        assert to_act is not None
        r.act(r.occupant[to_act], h.number, h.step, h.auto_choice(), 1.0)
        assert hidden_leaks(r.view("A")) == [] and hidden_leaks(r.view("C")) == []
    mine = next(x for x in r.last_summary if x["seat"] == "p1")
    over = r.hand
    assert over is not None
    seat = next(s for s in over.view("p1")["seats"] if s["name"] == "p1")
    assert mine["net"] == seat["net"]  # the side bets are in the seat's net


@pytest.mark.rule("I10")
def test_a_seat_may_place_side_bets_alone() -> None:
    """I10: a bet of 0 with side bets: the seat takes no turn and its net is its side bets';
    a bet of 0 without any is refused, as at the solo table."""
    r = _infinite()
    with pytest.raises(Refusal) as e:
        r.bet("A", 1, 0, 0.0, {"pairs": 0})
    assert e.value.code == "bad_bet" and "side bet" in e.value.message
    r.bet("A", 1, 0, 0.0, {"pairs": 5})
    r.bet("B", 1, 20, 0.0)
    assert r.in_hand
    while r.in_hand:
        h = r.hand
        assert h is not None
        to_act = h.to_act()
        assert to_act is not None and to_act != "p1"  # no turn for a seat that bet 0
        r.act(r.occupant[to_act], h.number, h.step, h.auto_choice(), 1.0)
    mine = next(x for x in r.last_summary if x["seat"] == "p1")
    assert mine["net"] in (-5, 25, 50, 150)  # the pairs bet lost, or paid 5, 10 or 30 to 1


def test_a_game_without_side_bets_refuses_them() -> None:
    r = room("classic")
    r.sit("A", "you", 0.0)
    with pytest.raises(Refusal) as e:
        r.bet("A", 1, 20, 0.0, {"pairs": 5})
    assert e.value.code == "bad_bet"
    assert "side_bets" not in r.public()
