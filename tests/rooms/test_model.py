"""The room model, pure, with a fake clock: seats, bots, bets, turns, timers, away,
the bank among people (K2), views (T22, B9, K17) and saving mid-hand."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.cards import parse_card
from banluck.core.refusal import Refusal
from banluck.rooms.names import display_name, is_code, new_code
from banluck.rooms.people import HOST_GRACE
from banluck.rooms.room import Room, new_room
from banluck.rooms.settings import parse_settings
from tests.rooms.helpers import CODE, finish_hand, first_format, hidden_leaks, room


def ready(r: Room, players: str = "AB", now: float = 0.0) -> None:
    for p in players:
        r.connect(p, now)


def bet_all(r: Room, players: str, amount: int = 20, now: float = 0.0) -> None:
    for p in players:
        if not r.in_hand and r.members[p].seat is not None:
            r.bet(p, r.last_number + 1, amount, now)


def snapshot(r: Room) -> str:
    return json.dumps(r.to_json(), sort_keys=True)


def test_names_and_codes() -> None:
    assert display_name(" Wei ") == "Wei"
    for bad in ["", " ", "x" * 25, "<script>", "a\u0000b", "a  b", 7, None]:
        with pytest.raises(Refusal) as e:
            display_name(bad)
        assert e.value.code == "bad_name"
    codes = {new_code() for _ in range(100)}
    assert len(codes) == 100 and all(is_code(c) and len(c) >= 22 for c in codes)


def test_settings_refused() -> None:
    bodies: list[dict[str, object]] = [
        {"game": "pontoon"},
        {"game": "table", "decks": 3},
        {"game": "classic", "decks": 1},
        {"game": "table", "bank": "rotate"},
        {"game": "kampung", "timer": 1},
        {"game": "kampung", "speed": "warp"},
    ]
    for body in bodies:
        with pytest.raises(Refusal) as e:
            parse_settings(body)
        assert e.value.code == "bad_settings"


def test_bots_fill_free_seats_and_leave_for_a_person() -> None:
    r = room("table")
    assert [s["bot"] for s in r.public()["seats"]] == [True, True, True]
    r.sit("B", "anna", 0.0)
    seats = {s["seat"]: s for s in r.public()["seats"]}
    assert seats["anna"]["name"] == "Bob" and not seats["anna"]["bot"]
    with pytest.raises(Refusal) as e:
        r.sit("A", "anna", 0.0)
    assert e.value.code == "seat_taken"
    r.stand_up("B", 0.0)
    assert all(s["bot"] for s in r.public()["seats"])


def test_seats_change_only_between_hands_and_the_host_frees_them() -> None:
    r = room("table")
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    ready(r)
    bet_all(r, "AB")
    assert r.in_hand
    before = snapshot(r)
    calls: list[Callable[[], None]] = [
        lambda: r.sit("C", "anna", 0.0),
        lambda: r.stand_up("B", 0.0),
        lambda: r.free("A", "ben", 0.0),
    ]
    for call in calls:
        with pytest.raises(Refusal) as e:
            call()
        assert e.value.code == "hand_in_progress"
    assert snapshot(r) == before
    while r.in_hand:
        h = r.hand
        assert h is not None
        seat = h.to_act()
        r.act(r.occupant[seat], h.number, h.step, h.auto_choice(), 0.0)  # type: ignore[index]
    with pytest.raises(Refusal) as e:
        r.free("B", "you", 0.0)
    assert e.value.code == "forbidden"
    r.free("A", "ben", 0.0)
    assert r.members["B"].seat is None and "ben" not in r.occupant


def test_stale_doubled_and_out_of_turn_choices_change_nothing() -> None:
    r = room("table")
    r.sit("A", "you", 0.0)
    r.sit("B", "anna", 0.0)
    ready(r)
    for _ in range(20):  # until a hand waits for "you" (a dealer's natural ends one, T4)
        bet_all(r, "AB")
        h = r.hand
        assert h is not None
        while r.in_hand and h.to_act() != "you":
            r.act(r.occupant[h.to_act()], h.number, h.step, h.auto_choice(), 0.0)  # type: ignore[index]
        if r.in_hand:
            break
    h = r.hand
    assert r.in_hand and h is not None
    before = snapshot(r)
    cases = [
        ("B", h.number, h.step, "stand", "not_your_turn"),
        ("A", h.number, h.step + 1, "stand", "stale"),
        ("A", h.number - 1, h.step, "stand", "stale"),
        ("A", h.number, h.step, "double", "bad_action"),
        ("A", h.number, True, "stand", "bad_request"),
        ("C", h.number, h.step, "stand", "not_seated"),
    ]
    for player, number, step, action, code in cases:
        with pytest.raises(Refusal) as e:
            r.act(player, number, step, action, 0.0)
        assert e.value.code == code
        assert snapshot(r) == before
    step = h.step
    r.act("A", h.number, step, "stand", 0.0)
    with pytest.raises(Refusal) as e:  # the same frame again: doubled
        r.act("A", h.number, step, "stand", 0.0)
    assert e.value.code in ("stale", "no_hand")


def test_bets_are_checked_and_the_hand_waits_for_every_present_person() -> None:
    r = room("table")
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    ready(r)
    for amount in [5, 501, 20.0, "20", True]:
        with pytest.raises(Refusal) as e:
            r.bet("A", 1, amount, 0.0)
        assert e.value.code == "bad_bet"
    with pytest.raises(Refusal) as e:
        r.bet("A", 2, 20, 0.0)
    assert e.value.code == "stale"
    r.bet("A", 1, 20, 0.0)
    assert not r.in_hand and r.deadline is None  # no timer before the first hand
    r.bet("B", 1, 500, 0.0)
    assert r.in_hand and r.hand is not None and r.hand.start.bets == {"you": 20, "ben": 500}


def test_nobody_connected_deals_nothing() -> None:
    r = room("table")
    r.sit("A", "you", 0.0)
    r.bet("A", 1, 20, 0.0)
    assert not r.in_hand and r.deadline is None
    r.connect("A", 1.0)
    assert r.in_hand


@pytest.mark.rule("I8")
def test_timer_plays_an_absent_blackjack_seat_by_I8_and_marks_it_away() -> None:
    r = room("classic", seed=3, timer=10)
    r.sit("A", "you", 0.0)
    r.sit("B", "anna", 0.0)
    ready(r)
    played = 0
    t = 0.0
    for _ in range(30):
        bet_all(r, "AB", now=t)
        h = r.hand
        assert h is not None
        while r.in_hand:
            seat = h.to_act()
            assert seat in ("you", "anna") and r.deadline == pytest.approx(t + 10)
            expected = h.auto_choice()
            step = h.step
            assert not r.tick(t + 9.99)
            t += 10
            assert r.tick(t)
            assert h.actions[step] == (seat, expected)
            assert r.members[r.occupant[seat]].away
            played += 1
            for p in "AB":  # back at the keyboard
                r.connect(p, t)
        if played >= 3:
            break
    assert played >= 3


@pytest.mark.rule("T16")
def test_an_absent_ban_luck_seat_throws_a_free_hand_and_stands_when_it_may() -> None:
    for seed in range(40):
        r = room("table", seed=seed)
        r.sit("A", "you", 0.0)
        ready(r, "A")
        bet_all(r, "A")
        h = r.hand
        assert h is not None
        if not r.in_hand:
            continue
        legal = set(h.legal())
        r.tick(r.deadline or 0.0)
        seat, action = h.actions[0]
        assert seat == "you"
        assert action == ("throw" if "throw" in legal else "stand" if "stand" in legal else "hit")
        assert r.members["A"].away


def test_an_away_person_is_played_at_once_and_bets_the_smallest_bet() -> None:
    r = room("table")
    r.sit("A", "you", 0.0)
    r.sit("B", "anna", 0.0)
    ready(r)
    bet_all(r, "AB")
    finish_hand(r)
    r.bet("A", 2, 100, 0.0)
    assert r.deadline == 30.0  # from the second hand on, the bets are timed
    assert r.tick(30.0)  # Bob never bet: away, the hand is dealt with his smallest bet
    assert r.members["B"].away and r.hand is not None and r.hand.number == 2
    assert r.hand.start.bets["anna"] == 10


def test_nobody_is_timed_before_the_first_hand_and_the_hosts_start_deals_it() -> None:
    """People are still arriving before the first hand: it waits for every seated person's
    bet with no timer, or for the host's Start, which deals it to those ready (the others
    sit it out: a bot plays their seat, their stack kept)."""
    r = room("table")
    r.sit("A", "you", 0.0)
    r.sit("B", "anna", 0.0)
    ready(r)
    with pytest.raises(Refusal) as e:
        r.start("A", 0.0)
    assert e.value.code == "not_ready"  # nobody has bet
    r.bet("A", 1, 100, 0.0)
    assert r.deadline is None and not r.tick(10_000.0) and not r.members["B"].away
    with pytest.raises(Refusal) as e:
        r.start("B", 0.0)
    assert e.value.code == "forbidden"
    r.start("A", 1.0)
    h = r.hand
    assert h is not None and h.number == 1 and r.sitting_out == {"anna"}
    assert h.start.people == ("you",) and h.start.bets == {"you": 100}
    stack = r.stacks["anna"]
    finish_hand(r)
    assert r.stacks["anna"] == stack and not r.members["B"].away
    with pytest.raises(Refusal) as e:
        r.start("A", 2.0)
    assert e.value.code == "bad_request"  # the table has started


@pytest.mark.rule("I2")
def test_infinite_takes_any_number_of_people_sharing_the_hand() -> None:
    r = room("infinite")
    people = [chr(ord("D") + i) for i in range(6)]
    for p in people:
        r.join(p, f"P {p}", 0.0)
    for p in people:
        r.sit(p, None, 0.0)
        r.connect(p, 0.0)
    assert r.seats == [f"p{i}" for i in range(1, 7)]
    bet_all(r, "".join(people))
    h = r.hand
    assert h is not None
    firsts = {tuple(s["first_two"]) for s in h.view("p1")["seats"]}
    assert len(firsts) == 1  # I2: one common row
    with pytest.raises(Refusal):
        r.sit("A", "p1", 0.0)


@pytest.mark.rule("K2")
def test_kampung_bank_passes_among_people_who_open_each_others_hands() -> None:
    r = room("kampung", seed=11, bank="rotate")
    r.sit("A", "dealer", 0.0)  # the bank starts with the dealer's seat (K2)
    r.sit("B", "you", 0.0)
    ready(r)
    opened = False
    for _ in range(12):
        bet_all(r, "AB")
        h = r.hand
        assert h is not None
        while r.in_hand:
            seat = h.to_act()
            assert seat is not None
            player = r.occupant[seat]
            legal = h.legal()
            if seat == h.start.banker and "open:you" in legal:
                assert player == "A"
                r.act(player, h.number, h.step, "open:you", 0.0)
                opened = True
                view_b = h.view("you")
                assert view_b["players"][0]["result"] is not None
                continue
            r.act(player, h.number, h.step, legal[-1] if seat == "you" else legal[0], 0.0)
        if opened:
            break
    assert opened
    # the bank moves on after rotate_every hands
    assert r.banker in ("dealer", "you")


@given(
    seed=st.integers(0, 10_000),
    game=st.sampled_from(["table", "one-on-one", "classic", "kampung", "xi-dach", "infinite"]),
)
@settings(max_examples=25, deadline=None)
def test_views_never_hold_a_hidden_card_and_a_saved_room_resumes_where_it_stood(
    seed: int, game: str
) -> None:
    r = room(game, seed=seed, **({"bank": "rotate"} if game in ("kampung", "xi-dach") else {}))
    rng = random.Random(seed)
    sits: list[tuple[str, str | None]] = [("A", None), ("B", None)]  # infinite
    if game == "one-on-one":
        sits = [("A", "you")]  # one person plays; B and C watch
    elif game != "infinite":
        sits = [("A", r.seats[0]), ("B", r.seats[2])]
    for p, s in sits:
        r.sit(p, s, 0.0)
    ready(r)
    for _ in range(3):
        bet_all(r, "A" if game == "one-on-one" else "AB", amount=rng.choice([10, 20, 100]))
        h = r.hand
        assert h is not None
        while True:
            for who in ["A", "B", "C", None]:
                assert hidden_leaks(r.view(who)) == [], who
            again = Room.from_json(json.loads(json.dumps(r.to_json())))
            again.connections = dict(r.connections)
            assert again.view("A") == r.view("A")
            if not r.in_hand:
                break
            seat = h.to_act()
            r.act(r.occupant[seat], h.number, h.step, rng.choice(h.legal()), 0.0)  # type: ignore[index]


@pytest.mark.rule("T22")
def test_a_person_who_sits_after_a_hand_sees_it_as_a_watcher_does() -> None:
    r = room("classic", seed=4)
    r.sit("A", "you", 0.0)
    ready(r, "A")
    bet_all(r, "A")
    h = r.hand
    assert h is not None
    while r.in_hand:
        r.act("A", h.number, h.step, h.auto_choice(), 0.0)
    r.sit("B", "anna", 0.0)  # the bot's seat, whose cards of hand 1 were never Bob's
    assert r.view("B")["table"] == r.view("C")["table"]
    assert r.view("B")["table"]["seat"] is None


@pytest.mark.parametrize(
    "game", ["table", "one-on-one", "classic", "kampung", "xi-dach", "infinite"]
)
def test_loading_a_room_shuffles_nothing_and_shares_the_shoe_in_play(game: str) -> None:
    """A saved room is rebuilt from its saved shoe: no secure entropy is drawn (no new shoe
    is shuffled and committed to be thrown away), and a hand in play holds the room's shoe
    itself, as in play, not a second copy. A room the first format saved (its table run at
    its top level) is the same room."""
    r = room(game, seed=3)
    sits = [("A", None), ("B", None)] if game == "infinite" else [("A", r.seats[0])]
    for p, s in sits:
        r.sit(p, s, 0.0)
    ready(r)

    def no_entropy() -> int:
        raise AssertionError("loading a room drew entropy")

    for _ in range(2):
        saved = json.loads(json.dumps(r.to_json()))
        again = Room.from_json(saved, entropy=no_entropy)
        assert again.to_json() == saved
        assert Room.from_json(first_format(saved), entropy=no_entropy).to_json() == saved
        bet_all(r, "AB" if game == "infinite" else "A")
    for _ in range(10):  # a hand may end at the deal (a natural): deal the next
        if r.in_hand:
            break
        bet_all(r, "AB" if game == "infinite" else "A")
    assert r.in_hand
    saved = json.loads(json.dumps(r.to_json()))
    again = Room.from_json(saved, entropy=no_entropy)
    assert again.to_json() == saved
    older = Room.from_json(first_format(saved), entropy=no_entropy)
    assert older.to_json() == saved and older.view("A") == again.view("A")
    assert again.hand is not None
    cards = "remaining" if "remaining" in again.shoe else "pack"  # Ban Luck's / blackjack's
    assert again.hand.start.shoe[cards] is again.shoe[cards]


def test_every_game_of_the_registry_can_be_a_room() -> None:
    """A room runs each game's driver: one-on-one too (one person plays, friends watch)."""
    from banluck.games.registry import GAMES

    for name in GAMES:
        assert parse_settings({"game": name}).game == name
    r = room("one-on-one", seed=4)
    r.sit("A", "you", 0.0)
    r.connect("A", 0.0)
    r.connect("B", 0.0)
    r.bet("A", 1, 30, 0.0)
    assert r.hand is not None and r.view("B")["table"]["game"] == "one-on-one"
    while r.in_hand:
        h = r.hand
        r.act("A", h.number, h.step, h.legal()[0], 0.0)
    assert r.last_number == 1 and r.settled
    with pytest.raises(Refusal) as e:
        r.sit("B", "anna", 0.0)
    assert e.value.code == "bad_request"


def test_an_away_person_is_told_and_comes_back_by_saying_so() -> None:
    """The timer marks a person away; a ``back`` (or any action) clears it before the next
    hand, so the seat is no longer dealt in at the smallest bet and played at once."""
    r = room("table", seed=2, timer=5)
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    ready(r)
    bet_all(r, "AB")
    finish_hand(r)
    r.bet("A", 2, 20, 0.0)
    r.tick(100.0)  # B's bet never came: B is away, the hand deals
    assert r.members["B"].away and r.view("B")["you"]["away"]
    r.back("B", 101.0)
    assert not r.members["B"].away and not r.view("B")["you"]["away"]


def test_the_host_gone_between_hands_hands_the_room_to_the_next_person_present() -> None:
    r = room("table", seed=3)
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    ready(r)
    r.disconnect("A", 1.0)  # Ann, the host, closes her tab for good
    assert r.host == "A"  # a reload or a phone asleep changes nothing
    r.free("B", "you", 1.0 + HOST_GRACE)  # Bob holds the role once her grace is over
    assert r.host == "B" and r.public()["seats"][2]["host"]
    assert "you" not in r.occupant
    with pytest.raises(Refusal):
        r.free("A", "ben", 3.0 + HOST_GRACE)


def test_the_rooms_own_host_keeps_the_role_through_a_reload_and_gets_it_back() -> None:
    """N4: Mal, present when Ann's page reloads, is not made host; after Ann's grace he
    holds the role for her, may not reset the room's money nor remove her, and hands it
    back the moment she returns."""
    r = room("table", seed=3)
    r.join("M", "Mal", 0.0)
    r.sit("A", "you", 0.0)
    r.sit("B", "ben", 0.0)
    for p in ("A", "B", "M"):
        r.connect(p, 0.0)
    r.disconnect("A", 10.0)  # a reload: 1.5 s without a socket
    with pytest.raises(Refusal) as e:
        r.new_session("M", 11.0)
    assert e.value.code == "forbidden" and r.host == "A"
    r.connect("A", 11.5)
    r.disconnect("A", 20.0)  # now gone for longer
    r.connect("M", 21.0)
    r.free("B", "ben", 20.0 + HOST_GRACE)  # Bob (first present) holds the role for Ann
    assert r.host == "B" and r.view("B")["you"]["holding"]
    assert "holding" not in r.view("A")["you"]
    stacks = dict(r.stacks)
    for who in ("B", "M"):
        with pytest.raises(Refusal) as e:
            r.new_session(who, 21.0 + HOST_GRACE)
        assert e.value.code == "forbidden"
    with pytest.raises(Refusal):
        r.remove("B", "Ann", 22.0 + HOST_GRACE)
    assert "A" in r.members and r.stacks == stacks
    r.connect("A", 30.0 + HOST_GRACE)  # Ann is back: the room is hers again
    assert r.host == "A" and r.view("A")["you"]["host"] and not r.view("B")["you"]["host"]
    again = Room.from_json(json.loads(json.dumps(r.to_json())), entropy=r.entropy)
    assert again.owner == "A" and again.host == "A"


def test_the_host_gone_hands_the_room_to_a_watcher_when_nobody_seated_is_there() -> None:
    """One-on-one: Ann, the host, holds the only seat and goes; Bob, who watches, is handed
    the room and may free her seat (before, nobody could)."""
    r = room("one-on-one", seed=3)
    r.sit("A", "you", 0.0)
    r.connect("A", 0.0)
    r.connect("B", 0.0)
    r.disconnect("A", 1.0)
    r.free("B", "you", 1.0 + HOST_GRACE)
    assert r.host == "B" and r.view("B")["you"]["host"]
    assert "you" not in r.occupant


def test_the_host_removes_a_watcher_and_caps_how_many_may_watch() -> None:
    """Anyone with the link could fill a room with watchers: the room takes at most
    ``watchers`` of them (50 unless the host says), and the host removes anyone between
    hands; a removed person is told nothing more until they join again."""
    r = new_room(CODE, parse_settings({"game": "table", "watchers": 2}), "A", "Ann", 0.0)
    r.join("B", "Bob", 0.0)
    with pytest.raises(Refusal) as e:
        r.join("C", "Cai", 0.0)  # Ann and Bob watch already: two
    assert e.value.code == "room_full"
    with pytest.raises(Refusal) as e:
        r.remove("B", "Ann", 0.0)
    assert e.value.code == "forbidden"
    r.remove("A", "Bob", 0.0)
    assert "B" not in r.members and r.view("B")["room"]["seats"] == []
    r.join("C", "Cai", 0.0)
    r.sit("C", "ben", 0.0)
    r.remove("A", "Cai", 0.0)  # a seated person: the seat goes back to a bot
    assert "ben" not in r.occupant and "C" not in r.members
    with pytest.raises(Refusal):
        parse_settings({"game": "table", "watchers": 999})
    assert parse_settings({"game": "table"}).to_json().get("watchers") is None


@pytest.mark.rule("I1")
def test_a_rooms_infinite_shoe_shows_its_burn_to_everyone_as_the_solo_table_does() -> None:
    """The card turned after the shuffle and how many were burnt with it reach every seat
    and watcher (the burnt cards themselves stay unseen), and a saved room keeps them."""
    r = room("infinite", seed=5)
    for p in "AB":
        r.sit(p, None, 0.0)
    ready(r)
    bet_all(r, "AB")
    h = r.hand
    assert h is not None
    burnt = h.start.shoe["burnt"]
    assert len(burnt) == 1 + parse_card(burnt[0]).points  # I1
    burn = {"turned": burnt[0], "count": len(burnt)}
    for who in ("A", "B", "C", None):
        assert r.view(who)["table"]["shoe"]["burn"] == burn
    again = Room.from_json(json.loads(json.dumps(r.to_json())))
    assert again.view("C")["table"]["shoe"]["burn"] == burn
