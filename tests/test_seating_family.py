"""One ``Seating`` for every game (issue 7): Ban Luck, blackjack and kampung read who is a
bot, what a bot bets and each seat's fresh stack from the table's seating, not the rules."""

from __future__ import annotations

import random

import pytest

from banluck.core.errors import BadBet
from banluck.core.seating import Seating, room_seating, seating_for
from banluck.core.shoe import Shoe
from banluck.games.blackjack.bets import SeatEntry, check_entry
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import BLACKJACK_SEATING, CLASSIC, INFINITE
from banluck.games.blackjack.table import BlackjackTable
from banluck.games.kampung.rules import KAMPUNG, KAMPUNG_SEATING
from banluck.games.kampung.table import KampungTable


def test_the_rules_of_every_game_hold_no_seating() -> None:
    for rules in (CLASSIC, INFINITE, KAMPUNG):
        for name in ("bot_bet", "is_bot", "min_stack", "fresh_stack_for", "check_bet"):
            assert not hasattr(rules, name), (rules.name, name)
    assert seating_for(CLASSIC) is seating_for(INFINITE) is BLACKJACK_SEATING
    assert seating_for(KAMPUNG) is KAMPUNG_SEATING
    assert KAMPUNG_SEATING.seats == KAMPUNG.seats and KAMPUNG_SEATING.people == {"you"}


def test_the_bank_needs_its_own_minimum_only_when_named() -> None:
    s = KAMPUNG_SEATING
    assert [s.min_stack(KAMPUNG, x) for x in KAMPUNG.seats] == [10, 50, 50, 50]
    assert s.min_stack(KAMPUNG, "anna", "anna") == KAMPUNG.banker_min_stack == 100
    assert s.min_stack(KAMPUNG, "you", None) == 10  # no banker named: no bank minimum
    assert s.fresh_stack_for(KAMPUNG, "you", 99, "you") == 1000
    assert s.fresh_stack_for(KAMPUNG, "you", 99, "anna") == 99


def test_a_bots_bet_above_its_stack_is_refused_only_when_asked() -> None:
    s = KAMPUNG_SEATING
    assert s.check_bet(KAMPUNG, "anna", 50, 40) == 50  # Ban Luck's check: T9 comes first
    with pytest.raises(BadBet, match="'anna': bet 50 is more than the stack of 40"):
        s.check_bet(KAMPUNG, "anna", 50, 40, bot_covered=True)
    with pytest.raises(BadBet, match="'anna': bet 60 must be 50"):
        s.check_bet(KAMPUNG, "anna", 60, 1000, bot_covered=True)
    with pytest.raises(BadBet, match="'you': bet 120 is more than the stack of 119"):
        s.check_bet(KAMPUNG, "you", 120, 119, bot_covered=True)


def test_blackjack_reads_the_seating_it_is_given() -> None:
    people = BLACKJACK_SEATING.with_people({"ben"})  # a room: ben a person, you a bot
    entry = SeatEntry(name="you", stack=1000, bet=60)
    with pytest.raises(BadBet, match=r"'you': bets 50 \(or 0 with side bets\), not 60"):
        check_entry(INFINITE, entry, seating=people)
    assert check_entry(INFINITE, SeatEntry(name="ben", stack=1000, bet=300), seating=people)
    seats = Seating(seats=("p1", "p2"), people=frozenset({"p1", "p2"}))
    entries = [SeatEntry(name="p1", stack=500, bet=20), SeatEntry(name="p2", stack=100, bet=10)]
    shoe = Shoe(INFINITE.decks, random.Random(3))
    r = BlackjackRound.start(INFINITE, shoe, entries, seating=seats)
    assert r.seat_names() == ("p1", "p2")
    with pytest.raises(BadBet, match="needs the seats p1, p2 in that order"):
        BlackjackRound.start(INFINITE, shoe, entries[::-1], seating=seats)


def test_tables_deal_by_their_seating() -> None:
    t = BlackjackTable(
        CLASSIC, rng=random.Random(5), seating=BLACKJACK_SEATING.with_people({"anna"})
    )
    t.stacks.update(you=40, anna=5)  # you, a bot now, below 50; anna a person above 0
    r = t.deal(bet=30, bots={"ben": (50, {})})
    assert t.stacks == {"you": 1000, "anna": 1000, "ben": 1000}
    assert [r.seat_state(s).entry.bet for s in r.seat_names()] == [50, 30, 50]
    k = KampungTable(KAMPUNG, rng=random.Random(5), seating=room_seating(KAMPUNG, ("ben",)))
    kr = k.start_round(200)
    assert {p.seat: p.bet for p in kr.hands} == {"you": 50, "anna": 50, "ben": 200}
