"""The pace of a room is its host's: the turn timer set between 5 and 300 seconds or turned
off (a relaxed family table: nobody is timed, only someone gone is played for), and paused
and resumed at any time (a deadline running is dropped; resumed, the wait starts again)."""

from __future__ import annotations

import json

import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.people import GONE_GRACE
from banluck.rooms.room import Room
from banluck.rooms.settings import parse_settings
from tests.rooms.helpers import finish_hand, room


def _second_hand_waiting_for_bob(timer: int = 10) -> Room:
    """Ann and Bob seated and here, hand 1 played; Ann has bet on hand 2, Bob not yet."""
    r = room("table", timer=timer)
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    for p in "AB":
        r.connect(p, 0.0)
        r.bet(p, 1, 20, 0.0)
    finish_hand(r)
    r.bet("A", 2, 20, 0.0)
    return r


def test_a_timer_turned_off_times_nobody_but_the_gone_are_still_played_for() -> None:
    r = _second_hand_waiting_for_bob()
    assert r.deadline == 10.0
    with pytest.raises(Refusal) as e:
        r.set_timer("B", 0, None, 1.0)
    assert e.value.code == "forbidden"
    r.set_timer("A", 0, None, 1.0)
    assert r.settings.timer == 0 and r.deadline is None and r.public()["settings"]["timer"] == 0
    assert not r.tick(10_000.0) and not r.members["B"].away and not r.in_hand
    r.disconnect("B", 10_000.0)  # Bob leaves: the table does not wait for him
    assert r.tick(10_000.0 + GONE_GRACE)
    assert r.last_number == 2 and r.hand is not None and r.hand.start.people == ("you",)
    assert parse_settings({"game": "table", "timer": 0}).timer == 0  # off from the start


def test_a_paused_timer_drops_its_deadline_and_starts_again_when_resumed() -> None:
    r = _second_hand_waiting_for_bob()
    r.set_timer("A", None, True, 3.0)
    assert r.paused and r.deadline is None and r.public()["paused"] is True
    assert not r.tick(500.0) and not r.members["B"].away
    again = Room.from_json(json.loads(json.dumps(r.to_json())))
    assert again.paused and again.deadline is None
    r.set_timer("A", 20, False, 600.0)
    assert not r.paused and "paused" not in r.public()
    assert r.deadline == 620.0 and r.settings.timer == 20
    assert r.tick(620.0) and r.members["B"].away and r.last_number == 2  # timed again


@pytest.mark.parametrize("timer", [4, 301, -1, 2.5, "30", True])
def test_a_timer_out_of_range_is_refused_and_changes_nothing(timer: object) -> None:
    r = _second_hand_waiting_for_bob()
    before = json.dumps(r.to_json())
    with pytest.raises(Refusal) as e:
        r.set_timer("A", timer, None, 1.0)
    assert e.value.code == "bad_settings" and json.dumps(r.to_json()) == before
    with pytest.raises(Refusal):
        r.set_timer("A", None, "yes", 1.0)
    assert json.dumps(r.to_json()) == before
