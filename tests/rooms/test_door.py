"""Who comes into a room (``rooms.door``): the host's lock, passcode and knock, a removed or
refused person kept out, the host's role and a kampung bank handed to a named person, the
family's call link shown to members only; each refusal changes nothing, and the door is
saved with the room."""

from __future__ import annotations

import json
from typing import Any

import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.door import KNOCK_LIMIT
from banluck.rooms.room import Room
from banluck.web.clients import DOOR_BURST, DOOR_PER_MINUTE, ClientLimits
from banluck.web.rooms.frames import apply_frame
from tests.rooms.helpers import room


def _frame(r: Room, player: str, kind: str, **fields: Any) -> None:
    apply_frame(r, player, {"type": kind, **fields}, 1.0)


def _refused(code: str, r: Room, player: str, kind: str, **fields: Any) -> None:
    before = json.dumps(r.to_json(), sort_keys=True)
    with pytest.raises(Refusal) as e:
        _frame(r, player, kind, **fields)
    assert e.value.code == code, e.value
    assert json.dumps(r.to_json(), sort_keys=True) == before  # nothing changed


def _saved_again(r: Room) -> Room:
    return Room.from_json(json.loads(json.dumps(r.to_json())))


def test_an_open_room_saves_and_shows_no_door() -> None:
    r = room()
    assert "door" not in r.to_json() and "door" not in r.public()
    assert "knocks" not in r.view("A")["you"]


def test_a_locked_room_keeps_out_anyone_new_and_only_the_host_locks_it() -> None:
    r = room()
    _refused("forbidden", r, "B", "door", lock="closed")
    _frame(r, "A", "door", lock="closed")
    _refused("room_locked", r, "D", "join", name="Dan")
    _frame(r, "B", "join", name="Bobby")  # someone in already may change their name
    assert r.members["B"].name == "Bobby"
    assert r.view("D")["room"]["door"] == {"lock": "closed", "passcode": False, "knock": False}
    _frame(r, "A", "door", lock="open")
    _frame(r, "D", "join", name="Dan")
    assert "D" in r.members


def test_a_room_locked_to_watchers_lets_new_people_watch_but_not_sit() -> None:
    r = room()
    _frame(r, "A", "door", lock="watch")
    _frame(r, "D", "join", name="Dan")
    assert r.view("D")["you"]["watch_only"] is True
    _refused("room_locked", r, "D", "sit", seat="ben")
    _frame(r, "B", "sit", seat="anna")  # in before the lock: sits
    r = _saved_again(r)
    _frame(r, "A", "door", lock="open")
    assert "watch_only" not in r.view("D")["you"]
    _frame(r, "D", "sit", seat="ben")
    assert r.occupant["ben"] == "D"


def test_a_passcode_lets_in_the_right_code_only_and_is_never_kept_as_typed() -> None:
    r = room()
    _frame(r, "A", "door", passcode="  Tết 2027 ")
    saved = json.dumps(r.to_json(), ensure_ascii=False)
    assert "Tết" not in saved and "2027" not in saved
    assert r.view("D")["room"]["door"]["passcode"] is True
    _refused("bad_passcode", r, "D", "join", name="Dan")
    _refused("bad_passcode", r, "D", "join", name="Dan", passcode="tết 2027")
    _refused("bad_passcode", r, "D", "join", name="Dan", passcode=7)
    r = _saved_again(r)
    _frame(r, "D", "join", name="Dan", passcode="Tết 2027")
    assert "D" in r.members
    _refused("bad_request", r, "A", "door", passcode="")
    _refused("bad_request", r, "A", "door", passcode="x" * 33)
    _frame(r, "A", "door", passcode=None)
    _frame(r, "E", "join", name="Eve")
    assert "door" not in r.to_json()


def test_a_knock_waits_for_the_host_who_admits_one_and_refuses_another() -> None:
    r = room()
    _frame(r, "A", "door", knock=True)
    _frame(r, "D", "join", name="Dan")
    _frame(r, "E", "join", name="Eve")
    assert "D" not in r.members and "E" not in r.members
    assert r.view("A")["you"]["knocks"] == ["Dan", "Eve"]
    assert "knocks" not in r.view("B")["you"]  # the host alone sees who waits
    dan = r.view("D")
    assert dan["you"]["knocking"] == "Dan" and dan["room"]["seats"] == []
    _refused("name_taken", r, "F", "join", name="dan")
    _refused("forbidden", r, "B", "admit", name="Dan")
    _refused("not_found", r, "A", "admit", name="Zed")
    r = _saved_again(r)
    _frame(r, "A", "admit", name="Dan")
    _frame(r, "A", "refuse", name="Eve")
    assert r.members["D"].name == "Dan" and "E" not in r.members
    _refused("banned", r, "E", "join", name="Eve")  # the same browser cannot knock again
    assert r.view("E")["you"]["banned"] is True and "banned" not in r.view("F")["you"]
    assert "knocks" not in r.view("A")["you"]


def test_at_most_so_many_wait_at_the_door_and_opening_it_lets_them_in() -> None:
    r = room(watchers=50)
    _frame(r, "A", "door", knock=True)
    for i in range(KNOCK_LIMIT):
        _frame(r, f"k{i}", "join", name=f"Knock {i}")
    _refused("room_full", r, "late", "join", name="Late")
    _frame(r, "A", "door", knock=False)
    assert all(f"k{i}" in r.members for i in range(KNOCK_LIMIT))
    assert not r.door.knocking


def test_a_removed_person_cannot_come_back_by_the_link() -> None:
    r = room()
    _frame(r, "B", "sit", seat="anna")
    _frame(r, "A", "remove", name="Bob")
    _refused("banned", r, "B", "join", name="Bob")
    _refused("banned", r, "B", "join", name="Robert")
    assert "B" not in _saved_again(r).members
    _refused("banned", _saved_again(r), "B", "join", name="Bob")


def test_the_host_caps_the_watchers_and_sets_a_call_link_members_alone_see() -> None:
    r = room()
    _frame(r, "A", "door", watchers=3)
    _refused("room_full", r, "D", "join", name="Dan")  # Ann, Bob and Cai watch
    _refused("bad_request", r, "A", "door", watchers=-1)
    _refused("bad_request", r, "A", "door", call="http://meet.example.com/x")
    _refused("bad_request", r, "A", "door", call="javascript:alert(1)")
    _refused("bad_request", r, "A", "door", call="https://[::1")
    _frame(r, "A", "door", call="https://meet.example.com/family-tet")
    assert r.view("B")["room"]["call"] == "https://meet.example.com/family-tet"
    assert "call" not in r.view("stranger")["room"]
    assert _saved_again(r).door.call == "https://meet.example.com/family-tet"
    _frame(r, "A", "door", call=None)
    assert "call" not in r.view("B")["room"]


def test_the_rooms_own_host_hands_the_role_to_a_named_person() -> None:
    r = room()
    _refused("forbidden", r, "B", "make_host", name="Cai")
    _refused("not_found", r, "A", "make_host", name="Zed")
    _frame(r, "A", "make_host", name="Bob")
    assert r.host == r.owner == "B"
    assert r.view("B")["you"]["host"] and not r.view("A")["you"]["host"]
    _refused("forbidden", r, "A", "door", lock="closed")
    _frame(r, "B", "door", lock="closed")
    # the one holding the role for an absent host may not give it away
    r.owner, r.host = "B", "C"
    _refused("forbidden", r, "C", "make_host", name="Ann")


def test_a_kampung_bank_goes_to_a_seated_person_who_takes_it() -> None:
    r = room("kampung", seed=11, bank="rotate")
    _frame(r, "A", "sit", seat="you")
    _frame(r, "B", "sit", seat="anna")
    assert r.banker == "dealer"
    _refused("not_seated", r, "A", "offer_bank", name="Cai")
    _refused("forbidden", r, "B", "offer_bank", name="Bob")
    _frame(r, "A", "offer_bank", name="Bob")
    assert r.view("B")["you"]["bank_offered"] is True and r.public()["bank_offer"] == "Bob"
    assert "bank_offer" not in r.view("stranger")["room"]
    _refused("not_found", r, "C", "take_bank")
    _frame(r, "B", "decline_bank")
    assert r.banker == "dealer" and r.bank_offer is None
    _frame(r, "A", "offer_bank", name="Bob")
    r = _saved_again(r)
    _frame(r, "B", "take_bank")
    assert r.banker == "anna" and r.hands_banked == 0
    r.connect("A", 1.0)
    r.connect("B", 1.0)
    r.bet("A", 1, 50, 1.0)
    r.bet("B", 1, 0, 1.0)  # the banker says it is ready (K3)
    assert r.hand is not None and r.hand.start.banker == "anna"


def test_the_bank_is_handed_on_only_where_it_passes_round() -> None:
    r = room("kampung", seed=11)
    _frame(r, "A", "sit", seat="you")
    _frame(r, "B", "sit", seat="anna")
    _refused("bad_request", r, "A", "offer_bank", name="Bob")


def test_tries_at_a_door_are_slowed_per_address_and_per_room() -> None:
    now = [0.0]
    limits = ClientLimits(clock=lambda: now[0])
    for _ in range(DOOR_BURST):
        limits.door_try("room1", "10.0.0.9")
    with pytest.raises(Refusal) as e:
        limits.door_try("room1", "10.0.0.9")
    assert e.value.code == "rate_limited"
    limits.door_try("room2", "10.0.0.9")  # another room's door is counted apart
    limits.door_try("room1", "10.0.0.10")  # and another address
    now[0] += 60 / DOOR_PER_MINUTE
    limits.door_try("room1", "10.0.0.9")
    for i in range(40):  # many addresses at one room: the room's own count stops them
        try:
            limits.door_try("room3", f"10.1.0.{i}")
        except Refusal as exc:
            assert exc.code == "rate_limited" and i >= 30
            break
    else:
        raise AssertionError("the room's door was never slowed")


def test_a_full_room_keeps_at_the_door_those_it_cannot_take() -> None:
    """Letting in someone the watchers' cap has no room for is refused and changes nothing;
    turning the knock off lets in those who fit, and the others wait for the host."""
    r = room(watchers=4)  # Ann, Bob and Cai watch: room for one more
    _frame(r, "A", "door", knock=True)
    _frame(r, "D", "join", name="Dan")
    _frame(r, "E", "join", name="Eve")
    _frame(r, "A", "admit", name="Dan")
    _refused("room_full", r, "A", "admit", name="Eve")
    assert r.view("A")["you"]["knocks"] == ["Eve"]
    _frame(r, "F", "join", name="Fay")
    _frame(r, "A", "door", knock=False)
    assert "E" not in r.members and "F" not in r.members
    assert r.view("A")["you"]["knocks"] == ["Eve", "Fay"]
    _frame(r, "A", "refuse", name="Fay")
    assert r.view("A")["you"]["knocks"] == ["Eve"]
