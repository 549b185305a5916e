"""Rooms play from provably fair shoes (issue 11 #6, docs/FAIRNESS.md): every shoe is
committed, and its commitment is in every seat's and watcher's view, before its first card;
no view holds the salt or order of the shoe in use; the public history verifies, and so does
a room's after a restart in the middle of a hand; a room saved before the ledger goes on."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest

from banluck.core.cards import ONE_DECK
from banluck.core.fair import FairLedger, parse_history, verify_history
from banluck.rooms.room import Room
from tests.rooms.helpers import first_format, hidden_leaks, room, secret_leaks

VIEWERS = ("A", "B", "C", None)


def _seated(game: str, seed: int) -> Room:
    r = room(game, seed=seed, decks=1) if game in ("table", "kampung") else room(game, seed=seed)
    for p, s in (("A", None), ("B", None)) if game == "infinite" else (("A", r.seats[0]),):
        r.sit(p, s, 0.0)
    for p in "AB":
        r.connect(p, 0.0)
    return r


def _check_views(r: Room) -> None:
    for who in VIEWERS:
        v = r.view(who)
        assert hidden_leaks(v) == [], who
        assert secret_leaks(v, r) == [], who
        fair = v["room"]["fair"]
        current = r.ledger.current
        assert current is not None and fair["commitment"] == current.commitment
        assert (fair["shoe"], fair["decks"], fair["cards"]) == (
            current.shoe,
            current.decks,
            current.cards,
        )
    assert secret_leaks(r.public_history(), r, history=True) == []


def _play(r: Room, hands: int, rng: random.Random, restart: bool = False) -> Room:
    """``hands`` hands, every view checked; with ``restart`` the room is saved and loaded
    again after every command (a server killed at any moment). Each shoe a hand draws from
    (but C8's discards) was in every view before that hand was dealt."""
    seen_before: dict[int, str] = {}
    for _ in range(hands):
        _check_views(r)
        fair = r.view(None)["room"]["fair"]
        seen_before[fair["shoe"]] = fair["commitment"]
        for p in sorted(p for p, m in r.members.items() if m.seat is not None):
            if not r.in_hand and r.members[p].seat != r.banker:
                r.bet(p, r.last_number + 1, r.game.min_bet, 0.0)
        h = r.hand
        assert h is not None and h.number == r.last_number
        while True:
            _check_views(r)
            if restart:
                again = Room.from_json(json.loads(json.dumps(r.to_json())), entropy=r.entropy)
                again.connections = dict(r.connections)
                assert again.view("A") == r.view("A")
                r, h = again, again.hand
                assert h is not None
            if not r.in_hand:
                break
            seat = h.to_act()
            assert seat is not None
            r.act(r.occupant[seat], h.number, h.step, rng.choice(h.legal()), 0.0)
        full = r.ledger.full_history()
        by_number = {s.commitment.shoe: s.commitment for s in full.shoes}
        for d in full.deals:
            if d.hand == h.number:
                c = by_number[d.shoe]
                assert c.source == "discards" or seen_before.get(d.shoe) == c.commitment, d
    _check_views(r)
    return r


def _dealt(r: Room) -> dict[tuple[int, int | None], list[str]]:
    """The cards of each shoe and hand, however the deals were split by restarts."""
    out: dict[tuple[int, int | None], list[str]] = defaultdict(list)
    for d in r.ledger.full_history().deals:
        out[(d.shoe, d.hand)] += d.cards
    return dict(out)


@pytest.mark.parametrize(
    ("game", "hands"), [("table", 8), ("kampung", 8), ("classic", 14), ("infinite", 70)]
)
def test_every_shoe_is_committed_before_its_first_card_and_the_history_verifies(
    game: str, hands: int
) -> None:
    r = _play(_seated(game, 3), hands, random.Random(3))
    assert r.ledger.revealable() >= 1  # a shoe was finished and revealed
    history = r.public_history()
    report = verify_history(parse_history(history))
    assert report.ok, report.summary()
    assert report.pending == 1 and report.hands >= 1
    # a tampered card is caught
    deal = history["deals"][-1]
    deal["cards"][0] = next(c for c in ("AS", "KD") if c != deal["cards"][0])
    assert not verify_history(parse_history(history)).ok


@pytest.mark.parametrize("game", ["table", "classic", "kampung"])
def test_a_room_restarted_after_every_command_records_the_same_shoes_and_deals(
    game: str,
) -> None:
    plain = _play(_seated(game, 5), 8, random.Random(8))
    restarted = _play(_seated(game, 5), 8, random.Random(8), restart=True)
    assert plain.public_history()["shoes"] == restarted.public_history()["shoes"]
    assert _dealt(plain) == _dealt(restarted)
    assert [s.reveal for s in plain.ledger.full_history().shoes] == [
        s.reveal for s in restarted.ledger.full_history().shoes
    ]
    assert verify_history(parse_history(restarted.public_history())).ok


def test_a_long_lived_room_keeps_its_last_shoes_and_its_history_still_verifies() -> None:
    r = _seated("table", 4)
    r.keep_shoes = 2
    r = _play(r, 30, random.Random(4))
    full = r.ledger.full_history()
    current = r.ledger.current
    assert current is not None and current.shoe >= 6  # numbering goes on
    assert [s.commitment.shoe for s in full.shoes] == list(
        range(current.shoe - len(full.shoes) + 1, current.shoe + 1)
    )
    assert r.ledger.revealable() == 2 and len(full.shoes) == 3
    assert {d.shoe for d in full.deals} <= {s.commitment.shoe for s in full.shoes}
    # saved and loaded again, it goes on from where it stood
    again = Room.from_json(json.loads(json.dumps(r.to_json())), entropy=r.entropy)
    again.keep_shoes = 2
    again.connections = dict(r.connections)
    again = _play(again, 6, random.Random(5))
    history = parse_history(again.public_history())
    assert history.shoes[0].commitment.shoe > 1
    report = verify_history(history)
    assert report.ok and report.shoes == 3, report.summary()


def test_a_room_saved_before_the_ledger_deals_its_next_hand_from_a_committed_shoe() -> None:
    for seed in range(6, 60):  # a hand still in play after its deal (not ended by T4)
        r = _seated("table", seed)
        r.bet("A", 1, 20, 0.0)
        if r.in_hand:
            break
    assert r.in_hand
    data: dict[str, Any] = first_format(json.loads(json.dumps(r.to_json())))
    del data["fair"]  # as saved before the ledger: in the middle of hand 1
    old = Room.from_json(data, entropy=r.entropy)
    assert old.view("A")["table"] == r.view("A")["table"]
    assert old.public()["fair"] is None
    h = old.hand
    assert h is not None
    while old.in_hand:  # hand 1 ends; the next shoe is committed at once
        old.act("A", 1, h.step, "stand" if "stand" in h.legal() else h.legal()[0], 0.0)
    assert old.public()["fair"]["shoe"] == 1
    old = _play(old, 3, random.Random(6))
    history = parse_history(old.public_history())
    assert history.shoes[0].commitment.shoe == 1
    assert all(d.hand != 1 for d in old.ledger.full_history().deals)  # hand 1 unrecorded
    assert verify_history(history).ok


def test_a_room_saved_before_the_ledger_between_hands_commits_its_shoe_when_loaded() -> None:
    data = first_format(json.loads(json.dumps(_seated("kampung", 9).to_json())))
    del data["fair"]
    r = Room.from_json(data)
    assert r.public()["fair"]["shoe"] == 1
    for p in "AB":
        r.connect(p, 0.0)
    assert verify_history(parse_history(_play(r, 2, random.Random(9)).public_history())).ok


def test_a_saved_ledger_that_is_not_one_is_refused_as_a_room_that_cannot_be_read() -> None:
    data = json.loads(json.dumps(_seated("table", 7).to_json()))
    data["table"]["fair"]["shoes"][0]["commitment"] = "xyz"
    with pytest.raises(ValueError, match="fair ledger"):
        Room.from_json(data)


def test_the_ledger_forgets_a_pack_of_discards_only_with_the_shoe_before_it() -> None:
    ledger = FairLedger(salt_source=random.Random(1).randbytes)
    ledger.committed(ONE_DECK, decks=1)
    ledger.begin_hand()
    ledger.drew(ONE_DECK[0])
    ledger.committed(ONE_DECK[1:], decks=1, source="discards")  # C8, mid-hand
    ledger.drew(ONE_DECK[1])
    ledger.end_hand()
    ledger.committed(ONE_DECK, decks=1)
    assert ledger.revealable() == 2
    assert ledger.forget(1) == 0  # shoe 2 may not be the first: it follows shoe 1
    assert ledger.forget(0) == 2
    assert [s.commitment.shoe for s in ledger.full_history().shoes] == [3]
    assert ledger.full_history().deals == ()
    assert ledger.committed(ONE_DECK, decks=1).shoe == 4
    saved = FairLedger.from_json(ledger.to_json())
    assert saved.to_json() == ledger.to_json() and saved.revealable() == 1


@pytest.mark.parametrize("game", ["table", "kampung", "classic", "infinite"])
def test_a_hand_resumed_after_a_restart_is_recorded_once(game: str) -> None:
    """A room saved and loaded again at every step of its hands (kill -9 anywhere) keeps
    the same fair ledger as one that never stopped: each hand one deal entry per shoe, not
    one for each time the room was loaded in its middle."""
    import random

    from banluck.rooms.room import Room
    from tests.rooms.helpers import room

    def play(reload: bool) -> dict[str, Any]:
        r = room(game, seed=5, **({"bank": "rotate"} if game == "kampung" else {}))
        r.sit("A", None if game == "infinite" else r.seats[0], 0.0)
        r.connect("A", 0.0)
        rng = random.Random(1)
        for _ in range(5):
            r.bet("A", r.last_number + 1, 0 if r.members["A"].seat == r.banker else 10, 0.0)
            while r.in_hand:
                if reload:
                    again = Room.from_json(json.loads(json.dumps(r.to_json())), entropy=r.entropy)
                    again.connections = dict(r.connections)
                    r = again
                h = r.hand
                assert h is not None
                r.act("A", h.number, h.step, rng.choice(h.legal()), 0.0)
        ledger: dict[str, Any] = r.ledger.to_json()
        return ledger

    steady, restarted = play(False), play(True)
    assert restarted == steady
    hands = [(d["shoe"], d["hand"]) for d in steady["deals"] if d.get("hand") is not None]
    assert len(hands) == len(set(hands))
