"""Hypothesis properties of the blackjack round (issue 8): chips conserved, no card dealt
twice, I2's shared row, B9's hidden hole card, stacks never negative, legal actions exactly
as the rules allow."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.cards import ONE_DECK, Card, parse_card
from banluck.core.money import WagerSettled
from banluck.core.seating import seating_for
from banluck.core.shoe import Shoe
from banluck.games.blackjack.bets import SeatEntry
from banluck.games.blackjack.decisions import Decision
from banluck.games.blackjack.events import CardDealt
from banluck.games.blackjack.hands import is_pair
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import PRESETS, BlackjackRules
from banluck.games.blackjack.views import view_for
from banluck.games.house import House
from tests.houses.strategies import houses


def expected_legal(rules: BlackjackRules, d: Decision, first_choice: bool) -> frozenset[str]:
    """The rules' legal actions, written out again independently of the round."""
    legal = {"hit", "stand"}
    if len(d.cards) == 2:
        split_aces = d.from_split and d.cards[0].rank == "A" and rules.split_aces_one_card
        on_total = not rules.double_totals or d.total in rules.double_totals  # a house's I6
        doubles = rules.double and on_total
        if doubles and (not d.from_split or rules.double_after_split) and not split_aces:
            legal.add("double")
        if d.splits < rules.max_splits and is_pair(*d.cards, by_value=rules.split_by_value):
            legal.add("split")
        up = 1 if d.up.rank == "A" else min(10, "A23456789T".find(d.up.rank) + 1)
        if first_choice and not d.from_split and 2 <= up <= 9 and rules.surrender_against:
            legal.add("surrender")
    return frozenset(legal)


def _entries(rules: BlackjackRules, rnd: random.Random) -> list[SeatEntry]:
    entries = []
    seating = seating_for(rules)
    for name in rules.seats:
        stack = rnd.choice([0, 20, 60, 150, 600, 1000, 5000])
        stack = seating.fresh_stack_for(rules, name, stack)
        sides: dict[str, int] = {}
        if rules.side_bets:
            for s in ("pairs", "bust", "lucky3", "poker3"):
                if rnd.random() < 0.3:
                    sides[s] = rnd.randint(1, 20)
        room = stack - sum(sides.values())
        if room < rules.bet_min and not (seating.is_bot(name) and room >= 0):
            sides, room = {}, stack
        if sides and rnd.random() < 0.3:
            bet = 0
        elif seating.is_bot(name):
            bet = seating.bot_bet
            if bet > room:
                sides = {}
        else:
            bet = rnd.randint(rules.bet_min, min(rules.bet_max, room))
        entries.append(SeatEntry(name=name, stack=stack, bet=bet, side_bets=sides))
    return entries


def play(preset: str | BlackjackRules, seed: int) -> tuple[BlackjackRound, list[Card]]:
    """One round (of a preset, or of a house's rules) on a shuffled stacked shoe with random
    legal choices, checking as it goes."""
    rules = PRESETS[preset] if isinstance(preset, str) else preset
    rnd = random.Random(seed)
    cards = list(ONE_DECK * rules.decks)
    rnd.shuffle(cards)
    r = BlackjackRound.start(rules, Shoe.stacked(cards, decks=rules.decks), _entries(rules, rnd))
    acted: set[str] = set()
    while True:
        hole = r.dealer[1]
        for name in rules.seats:
            v = view_for(r, name)
            # B9: the hole card is never shown before it is turned over
            assert (v.dealer[1] is None) == (not r.hole_turned)
            if not r.hole_turned:
                assert v.dealer == (r.up_card, None) and v.dealer_total is None
            if rules.seat_cards_face_down:
                for s in v.seats:
                    if s.name != name:
                        for h, live in zip(s.hands, r.seat_state(s.name).hands, strict=True):
                            assert h.cards == tuple(live.cards) or set(h.cards) == {None}
                            assert live.turned_over or set(h.cards) == {None}
            del hole
            hole = r.dealer[1]
        for name in rules.seats:
            assert r.seat_state(name).uncovered >= 0  # B11: never more put down than held
        if r.to_act is None:
            break
        if r.phase == "insurance":
            r.apply(rnd.choice(["insure", "decline"]))
            continue
        d = r.decision()
        assert d.legal == expected_legal(rules, d, d.seat not in acted)
        assert d.total < 21
        acted.add(d.seat)
        r.apply(rnd.choice(sorted(d.legal)))
    return r, cards


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["classic", "infinite"]), st.integers(0, 2**32))
def test_chips_conserved_and_stacks_never_negative(preset: str, seed: int) -> None:
    check_chips(play(preset, seed)[0])


@pytest.mark.rule("H2")
@settings(max_examples=200, deadline=None)
@given(houses(("classic", "infinite")), st.integers(0, 2**32))
def test_every_blackjack_house_conserves_chips_and_hides_cards(house: House, seed: int) -> None:
    """Random blackjack houses: the legal choices as the house says (written out again
    above), no card shown before its time, chips conserved."""
    check_chips(play(house.record(), seed)[0])


def check_chips(r: BlackjackRound) -> None:
    """Every wager settled once, the bank's net the seats' opposite, no stack below zero."""
    o = r.outcome()
    wagers = [e for e in r.events if isinstance(e, WagerSettled)]
    bank = -sum(w.net for w in wagers)
    assert sum(s.net for s in o.seats) + bank == 0 and o.bank_net == bank
    for s in o.seats:
        assert s.net == sum(w.net for w in wagers if w.hand.seat == s.name)
        assert s.stack == s.stack_before + s.net >= 0
        # one record per wager: each hand, the insurance, each side bet
        mine = [w for w in wagers if w.hand.seat == s.name]
        assert len(mine) == len(s.hands) + (s.insurance is not None) + len(s.side_bets)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["classic", "infinite"]), st.integers(0, 2**32))
def test_no_card_dealt_twice(preset: str, seed: int) -> None:
    r, shoe = play(preset, seed)
    o = r.outcome()
    taken = shoe[: o.cards_used]
    if r.rules.shared_cards:
        row = {e.row: e.card for e in r.events if isinstance(e, CardDealt) and e.row is not None}
        on_table = [*o.dealer_cards, *r.seat_state("you").first_two, *row.values()]
    else:
        on_table = [*o.dealer_cards, *(c for s in o.seats for h in s.hands for c in h.cards)]
    assert Counter(on_table) == Counter(taken)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_infinite_every_seat_plays_the_common_row(seed: int) -> None:
    r, shoe = play("infinite", seed)
    first_two = {tuple(r.seat_state(s).first_two) for s in r.rules.seats}
    assert first_two == {(shoe[0], shoe[2])}
    drawn: Counter[str] = Counter()
    for e in r.events:
        if isinstance(e, CardDealt) and e.row is not None:
            assert e.hand is not None
            assert e.row == drawn[e.hand.seat]  # the seat's n-th drawn card …
            assert e.card == shoe[4 + e.row]  # … is the row's n-th card
            drawn[e.hand.seat] += 1
    # the dealer draws right after the last row card any seat took
    o = r.outcome()
    longest = max(drawn.values(), default=0)
    assert list(o.dealer_cards[2:]) == shoe[4 + longest : o.cards_used]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["classic", "infinite"]), st.integers(0, 2**32))
def test_play_shoe_never_loses_or_doubles_a_card(preset: str, seed: int) -> None:
    """I1 / C8 at a table: between hands the pack and the discards are exactly the decks;
    stacks never go negative; hands are numbered 1, 2, … within a shoe."""
    from banluck.games.blackjack.decisions import auto_play
    from banluck.games.blackjack.table import BlackjackTable

    rules = PRESETS[preset]
    rnd = random.Random(seed)
    t = BlackjackTable(rules, rng=random.Random(seed), bot_policy=auto_play)
    full = Counter(ONE_DECK * rules.decks)
    last = 0
    for _ in range(80):
        r = t.deal(
            bet=min(t.stacks["you"], rnd.choice([10, 100, 500])) if t.stacks["you"] >= 10 else 10
        )
        number = t.shoe.hand_number
        assert number == last + 1 or number == 1
        last = number
        while not r.over:
            if r.to_act == "you":
                r.apply(rnd.choice(sorted(r.legal_actions())))
            t.play_bots(r)
        t.settle(r)
        assert all(stack >= 0 for stack in t.stacks.values())
        saved = t.shoe.to_json()
        assert Counter(parse_card(c) for c in saved["pack"] + saved["discards"]) == full
