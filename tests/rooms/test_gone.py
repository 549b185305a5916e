"""The table never waits for someone gone: a person whose last socket closed ``GONE_GRACE``
seconds ago (a reload is not being gone) is played for at once, as the timer would, and
sits out a hand dealt while they are gone (a bot plays their seat; their stack stays as it
was; ``infinite``: their seat is left out); they are back in on their next bet. A kampung
banker is never sat out: gone for a whole hand they banked, their seat goes back to a bot
after it, and they are told. A restart of the server does not count as being gone."""

from __future__ import annotations

import json

from banluck.rooms.people import GONE_GRACE
from banluck.rooms.room import Room
from tests.rooms.helpers import room

TIMER = 30.0


def _play_out(r: Room, now: float) -> float:
    """Play the hand to its end: people here choose; for anyone gone the room plays within
    ``GONE_GRACE`` seconds, never waiting for the timer."""
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
            before = h.step
            now += GONE_GRACE
            assert r.gone_due(now) and r.tick(now) and (h.over or h.step != before)
    raise AssertionError("the hand did not end")


def _two_seated(game: str, seed: int, seats: tuple[str | None, str | None]) -> Room:
    r = room(game, seed=seed)
    for player, seat in zip("AB", seats, strict=True):
        r.connect(player, 0.0)
        r.sit(player, seat, 0.0)
    return r


def test_a_reload_is_not_being_gone() -> None:
    r = _two_seated("table", 3, ("you", "ben"))
    r.bet("A", 1, 20, 0.0)
    r.disconnect("B", 1.0)  # B's page reloads ...
    r.connect("B", 1.8)  # ... and is back
    r.tick(1.0 + GONE_GRACE + 1)
    assert not r.in_hand and not r.members["B"].away  # the hand waits for B's bet
    r.bet("B", 1, 20, 5.0)
    assert r.last_number == 1 and r.dealt_to["ben"] == "B" and not r.sitting_out


def test_a_person_gone_when_the_hand_is_dealt_sits_it_out_and_nobody_waits() -> None:
    r = _two_seated("table", 3, ("you", "ben"))
    r.bet("A", 1, 20, 0.0)
    r.bet("B", 1, 20, 0.0)
    now = _play_out(r, 1.0)
    stack = r.stacks["ben"]
    r.disconnect("B", now)  # B's tab closes between hands
    r.bet("A", 2, 20, now)
    assert not r.in_hand  # a moment: it may be a reload
    now += GONE_GRACE  # gone: the hand is dealt without B, the timer far from over
    assert r.gone_due(now) and r.tick(now)
    assert r.last_number == 2 and r.sitting_out == {"ben"} and "ben" not in r.dealt_to
    assert r.hand is not None and "ben" not in r.hand.start.people  # a bot plays the seat
    seats = {s["seat"]: s for s in r.public()["seats"]}
    assert seats["ben"]["sitting_out"] and seats["ben"]["name"] == "Bob"
    again = Room.from_json(json.loads(json.dumps(r.to_json())))  # a restart mid-hand
    assert again.sitting_out == {"ben"}
    now = _play_out(r, now)
    assert r.stacks["ben"] == stack  # the bot's result is not Bob's
    assert r.members["B"].seat == "ben" and not r.sitting_out
    assert {row["name"]: row["hands"] for row in r.tally.rows()}["Bob"] == 1  # hand 1 only
    # Bob comes back: the next hand waits for his bet, and he is dealt in
    r.connect("B", now)
    assert not r.members["B"].away
    r.bet("A", 3, 20, now)
    assert not r.in_hand
    r.bet("B", 3, 20, now)
    assert r.last_number == 3 and r.dealt_to.get("ben") == "B"


def test_a_turn_of_someone_who_left_mid_hand_is_played_without_the_timer() -> None:
    for seed in range(40):
        r = _two_seated("classic", seed, ("you", "ben"))
        r.bet("A", 1, 20, 0.0)
        r.bet("B", 1, 20, 0.0)
        h = r.hand
        if h is None or h.over or h.to_act() != "you":
            continue  # wanted: a hand where Ann acts before Bob
        r.disconnect("B", 0.5)  # Bob leaves while Ann thinks
        r.act("A", h.number, h.step, "stand", 1.0)
        if h.over or h.to_act() != "ben":
            continue
        assert not r.gone_due(2.0)  # a moment: it may be a reload
        assert r.gone_due(0.5 + GONE_GRACE) and r.tick(0.5 + GONE_GRACE)
        assert h.over or h.to_act() != "ben"  # played for Bob, long before the timer
        assert r.members["B"].away and 0.5 + GONE_GRACE < TIMER
        r.connect("B", 5.0)
        assert not r.members["B"].away
        return
    raise AssertionError("no hand where Ann acted before Bob")


def test_infinite_leaves_the_seat_of_someone_gone_out_of_the_hand() -> None:
    r = _two_seated("infinite", 4, (None, None))
    r.bet("A", 1, 20, 0.0)
    r.bet("B", 1, 20, 0.0)
    now = _play_out(r, 1.0)
    b_seat = r.members["B"].seat
    assert b_seat is not None
    stack = r.stacks[b_seat]
    r.disconnect("B", now)
    r.bet("A", 2, 20, now)
    r.tick(now + GONE_GRACE)
    assert r.hand is not None and b_seat not in r.hand.start.seats
    assert r.sitting_out == {b_seat}
    _play_out(r, now + GONE_GRACE)
    assert r.stacks[b_seat] == stack and r.members["B"].seat == b_seat


def test_a_kampung_banker_gone_for_the_whole_hand_gives_the_seat_back_to_a_bot() -> None:
    r = room("kampung", seed=2, bank="rotate")
    for p, seat in (("A", "you"), ("B", "anna")):
        r.connect(p, 0.0)
        r.sit(p, seat, 0.0)
    now = 0.0
    for _ in range(40):  # play until the bank passes to Ann (K2: after the dealer's hands)
        if r.banker == "you" and not r.in_hand:
            break
        for p in "AB":
            held = r.members[p].seat
            if not r.in_hand and held is not None and held not in r.bets:
                r.bet(p, r.last_number + 1, 10, now)
        now = _play_out(r, now + 1)
    assert r.banker == "you"
    r.disconnect("A", now)  # the banker's tab closes
    number = r.last_number + 1
    r.bet("B", number, 10, now)
    now += GONE_GRACE
    assert r.tick(now) and r.last_number == number
    assert r.dealt_to.get("you") == "A" and "you" not in r.sitting_out  # never sat out
    _play_out(r, now)
    assert r.members["A"].seat is None and r.view("A")["you"]["freed"]
