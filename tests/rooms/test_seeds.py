"""Every room shoe is derived from the server's secret salt and its people's seeds (issue
20, docs/FAIRNESS.md "In a room"): the next shoe's salt is committed before anyone gives a
seed; the seeds given are the next shoe's client seed, by name; once the shoe is finished
anyone can recompute its order from the revealed salt and the seeds; a bad seed is refused
and changes nothing; the seeds given are kept across a restart; the next salt never
reaches a view."""

from __future__ import annotations

import hashlib
import json

import pytest

from banluck.core.fair import parse_history, verify_history
from banluck.core.fair.scheme import derive_order
from banluck.core.refusal import Refusal
from banluck.rooms.room import Room
from tests.rooms.helpers import room, secret_leaks


def _play_hand(r: Room) -> None:
    r.bet("A", r.last_number + 1, r.game.min_bet, 0.0)
    h = r.hand
    assert h is not None
    while r.in_hand:
        seat = h.to_act()
        assert seat is not None
        r.act(r.occupant[seat], h.number, h.step, h.auto_choice(), 0.0)


def test_the_next_shoe_is_derived_from_the_committed_salt_and_the_seeds_given() -> None:
    r = room("one-on-one")  # O2: a new shoe every hand
    r.sit("A", r.seats[0], 0.0)
    r.connect("A", 0.0)
    fair = r.view("A")["room"]["fair"]
    assert fair["client_seed"] == "" and len(fair["salt_commitment"]) == 64  # nobody's yet
    committed = fair["next"]["salt_commitment"]
    assert len(committed) == 64 and fair["next"]["seeds"] == []
    before = json.dumps(r.to_json(), sort_keys=True)
    for bad in ["", "   ", "x" * 65, "a\x00b", 7, None]:
        with pytest.raises(Refusal) as e:
            r.give_seed("A", bad, 0.0)
        assert e.value.code == "bad_request"
    with pytest.raises(Refusal):
        r.give_seed("stranger", "hi", 0.0)
    assert json.dumps(r.to_json(), sort_keys=True) == before  # nothing changed
    r.give_seed("A", "first try", 0.0)
    r.give_seed("A", "lucky", 0.0)  # hers replaces her first
    r.give_seed("B", "7 7 7", 0.0)  # a watcher may give one too
    for who in ("A", "B", "C", None):
        v = r.view(who)
        assert v["room"]["fair"]["next"] == {"salt_commitment": committed, "seeds": ["Ann", "Bob"]}
        assert secret_leaks(v, r) == [], who
    assert r.view("A")["you"]["shoe_seed"] == "lucky"
    # a restart keeps the seeds given and the salt committed
    again = Room.from_json(json.loads(json.dumps(r.to_json())), entropy=r.entropy)
    again.connections = dict(r.connections)
    assert again.view("A") == r.view("A")
    r = again

    _play_hand(r)  # its end makes shoe 2 from the salt committed and the seeds
    fair = r.view("A")["room"]["fair"]
    assert fair["shoe"] == 2 and fair["client_seed"] == "Ann: lucky; Bob: 7 7 7"
    assert fair["salt_commitment"] == committed and fair["next"]["seeds"] == []
    assert fair["next"]["salt_commitment"] != committed  # shoe 3's salt, fresh
    _play_hand(r)  # shoe 2 is finished and revealed
    history = parse_history(r.public_history())
    shoe = next(s for s in history.shoes if s.commitment.shoe == 2)
    assert shoe.reveal is not None
    salt, order = shoe.reveal.salt, shoe.reveal.order
    assert hashlib.sha256(salt.encode()).hexdigest() == committed
    assert derive_order(salt, "Ann: lucky; Bob: 7 7 7", order) == order
    first = next(s for s in history.shoes if s.commitment.shoe == 1)
    assert first.reveal is not None  # the room's first shoe: derived with no seed
    assert derive_order(first.reveal.salt, "", first.reveal.order) == first.reveal.order
    report = verify_history(history)
    assert report.ok, report.summary()


def test_a_seed_record_left_out_of_a_history_does_not_verify() -> None:
    """L-a: every shoe of a room is derived; a history that leaves out a later shoe's salt
    commitment and client seed (so that its derivation goes unchecked) is refused."""
    r = room("one-on-one")  # a new shoe every hand
    r.sit("A", r.seats[0], 0.0)
    r.connect("A", 0.0)
    r.give_seed("A", "lucky", 0.0)
    for _ in range(3):
        _play_hand(r)
    data = r.public_history()
    assert verify_history(parse_history(data)).ok
    cut = json.loads(json.dumps(data))
    shoe = next(s for s in cut["shoes"][1:] if s.get("client_seed") == "Ann: lucky")
    del shoe["client_seed"], shoe["salt_commitment"]
    report = verify_history(parse_history(cut))
    assert not report.ok and "seed record" in report.summary()
