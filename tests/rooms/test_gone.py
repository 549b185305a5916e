"""A seat nobody is at for a whole hand goes back to a bot, and its person is told (issue of
the friends' table: a tab closed for good must not leave a seat the timer plays for ever);
someone whose socket was open at any time in the hand keeps their seat; a restart does not
count as being gone."""

from __future__ import annotations

import json

from banluck.rooms.room import Room
from tests.rooms.helpers import room


def _play_out(r: Room, now: float) -> float:
    """Play the hand to its end: people present choose, the timer plays for the others."""
    for _ in range(200):
        if not r.in_hand:
            return now
        h = r.hand
        assert h is not None
        seat = h.to_act()
        assert seat is not None
        player = r.occupant.get(seat)
        if player is not None and r.connections.get(player):
            r.act(player, h.number, h.step, h.auto_choice(), now)
        else:
            now += 31
            r.tick(now)
    raise AssertionError("the hand did not end")


def test_a_seat_gone_for_a_whole_hand_goes_back_to_a_bot() -> None:
    r = room("table", seed=3)
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    r.connect("A", 0.0)
    r.connect("B", 0.0)
    r.bet("A", 1, 20, 0.0)
    r.bet("B", 1, 20, 0.0)
    now = _play_out(r, 1.0)
    assert r.members["B"].seat == "ben" and not r.view("B")["you"]["freed"]
    r.disconnect("B", now)  # B's tab closes between hands, for good
    r.bet("A", 2, 20, now)
    now += 31
    r.tick(now)  # B's bet times out: B is dealt in at the smallest bet, away
    assert r.in_hand and r.dealt_to["ben"] == "B"
    stack = r.stacks["ben"]
    now = _play_out(r, now)
    net = next(line["net"] for line in r.last_summary if line["seat"] == "ben")
    assert r.members["B"].seat is None and "ben" not in r.occupant  # a bot sits there
    assert r.kept_stacks["B"] == stack + net  # B's chips are kept for B
    assert r.view("B")["you"]["freed"] and not r.view("A")["you"]["freed"]
    saved = Room.from_json(json.loads(json.dumps(r.to_json())))
    assert saved.view("B")["you"]["freed"]
    r.connect("B", now)
    r.sit("B", "ben", now)
    assert r.stacks["ben"] == stack + net and not r.view("B")["you"]["freed"]


def test_a_socket_open_at_any_time_in_the_hand_keeps_the_seat() -> None:
    r = room("table", seed=5)
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    r.connect("A", 0.0)
    r.connect("B", 0.0)
    r.bet("A", 1, 20, 0.0)
    r.disconnect("B", 0.1)
    r.bet("B", 1, 20, 0.2)  # gone when the hand is dealt ...
    assert r.in_hand and r.present == {"A"}
    r.connect("B", 0.6)  # ... back for a moment before its end
    r.disconnect("B", 0.7)
    _play_out(r, 1.0)
    assert r.members["B"].seat == "ben"
    # a room saved mid-hand and loaded again (a restart) keeps who was there
    r.connect("B", 2.0)
    for n in range(2, 20):  # a hand still in play after its deal (not ended by T4)
        r.bet("A", n, 20, 2.0)
        r.bet("B", n, 20, 2.0)
        if r.in_hand:
            break
    assert r.in_hand
    again = Room.from_json(json.loads(json.dumps(r.to_json())))
    assert again.present == r.present == {"A", "B"}
