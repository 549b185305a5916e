"""Issue 7 for Ban Luck itself: hands addressed as (seat, index), one settlement record per
wager, seating as a table fact apart from the rules, and the dealer as a seat whose choices
are automatic by its rules.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core import BadBet, Shoe
from banluck.core.money import HandRef
from banluck.core.seating import Role, seating_for
from banluck.games.banluck import Action, Round, SeatEntry, preset, view_for
from banluck.games.banluck.dealer import dealer_choice, dealer_draws
from banluck.games.banluck.events import DEALER, CardDealt, DrawReason, HandSettled
from banluck.games.banluck.hands import hand_total
from banluck.games.banluck.rules import ONE_ON_ONE, ONE_ON_ONE_SEATING, TABLE, TABLE_SEATING, Rules
from banluck.games.banluck.strategy import policy_for
from banluck.games.banluck.table import Table
from tests.engine_helpers import cards, entries, table_shoe

VARIANTS = [("table", 2), ("table", 1), ("one-on-one", 1)]


def _played(name: str, decks: int, seed: int, bet: int, stacks: dict[str, int]) -> Table:
    """A table of ``name`` after one hand from a ``seed`` shuffle, the policy choosing."""
    rules = preset(name, decks)
    t = Table(rules, stacks=stacks, rng=random.Random(seed))
    you = t.seating.seats[0]
    at_deal = t.seating.fresh_stack_for(rules, you, stacks[you])
    r = t.start_round(max(rules.bet_min, min(bet, at_deal // rules.bet_cover)))
    policy = policy_for(rules)
    while r.to_act is not None:
        r.apply(policy(r.decision_point()))
    t.finish_round(r)
    return t


# ------------------------------------------------------------------ seating


def test_the_presets_seat_you_first_and_bots_after() -> None:
    assert TABLE_SEATING.seats == TABLE.seats == ("you", "anna", "ben")
    assert ONE_ON_ONE_SEATING.seats == ONE_ON_ONE.seats == ("you",)
    assert [TABLE_SEATING.is_bot(s) for s in TABLE.seats] == [False, True, True]
    assert TABLE_SEATING.bot_bet == 50 and TABLE_SEATING.dealer == DEALER
    assert seating_for(TABLE) is TABLE_SEATING and seating_for(preset("table", 1)) is TABLE_SEATING
    assert seating_for(ONE_ON_ONE) is ONE_ON_ONE_SEATING
    assert TABLE_SEATING.role(DEALER) is Role.DEALER and TABLE_SEATING.role("anna") is Role.PLAYER


def test_seating_is_not_a_rule() -> None:
    """The rules say nothing of who sits where; the seating gives each seat's minimum."""
    for rules in (TABLE, ONE_ON_ONE):
        for name in ("bot_bet", "is_bot", "min_stack", "fresh_stack_for", "check_bet"):
            assert not hasattr(rules, name), name
    mins = {s: TABLE_SEATING.min_stack(TABLE, s) for s in TABLE.seats}
    assert mins == {"you": 10, "anna": 50, "ben": 50}
    assert ONE_ON_ONE_SEATING.min_stack(ONE_ON_ONE, "you") == 30
    fresh = [ONE_ON_ONE_SEATING.fresh_stack_for(ONE_ON_ONE, "you", s) for s in (29, 30)]
    assert fresh == [1000, 30]
    other = seating_for(dataclasses.replace(TABLE, seats=("x", "y")))  # not a preset's seats
    assert other.seats == ("x", "y") and other.people == {"x"} and other.bot_bet == 50


def test_people_anywhere_bet_like_you_and_bots_bet_theirs() -> None:
    room = TABLE_SEATING.with_people({"ben"})
    assert room.is_bot("you") and not room.is_bot("ben")
    assert room.min_stack(TABLE, "ben") == 10 and room.min_stack(TABLE, "you") == 50
    assert room.bets({"ben": 200}) == {"you": 50, "anna": 50, "ben": 200}
    assert room.check_bet(TABLE, "ben", 200, 1000) == 200
    with pytest.raises(BadBet, match="must be 50"):
        room.check_bet(TABLE, "you", 100, 1000)


def test_start_round_takes_each_seats_bet() -> None:
    shoe = Shoe.stacked(table_shoe("T7", "T8", "T9", "TQ"), decks=2)
    t = Table(TABLE, shoe=shoe)
    r = t.start_round({"you": 200})  # the bots' bets come from the seating
    assert r.bets == {"you": 200, "anna": 50, "ben": 50}
    t2 = Table(TABLE, shoe=Shoe.stacked(table_shoe("T7", "T8", "T9", "TQ"), decks=2))
    assert t2.start_round(200).bets == r.bets  # one bet for the person: the same
    t3 = Table(TABLE, shoe=Shoe.stacked(table_shoe("T7", "T8", "T9", "TQ"), decks=2))
    with pytest.raises(BadBet, match="'anna': bet 60 must be 50"):
        t3.start_round({"you": 200, "anna": 60})
    assert t3.round is None and t3.stacks == dict.fromkeys(TABLE.seats, 1000)


def test_a_table_with_people_in_other_seats() -> None:
    seating = TABLE_SEATING.with_people({"you", "ben"})
    shoe = Shoe.stacked(table_shoe("T7", "T8", "T9", "TQ"), decks=2)
    t = Table(TABLE, shoe=shoe, seating=seating, stacks={"you": 1000, "anna": 1000, "ben": 20})
    r = t.start_round({"you": 100, "ben": 20})
    assert r.bets == {"you": 100, "anna": 50, "ben": 20}  # ben, a person, keeps his 20 (T9)
    with pytest.raises(ValueError, match="seats"):
        Table(TABLE, seating=ONE_ON_ONE_SEATING)


# ------------------------------------------------------------------ hands and wagers


def test_hands_are_addressed_by_seat_and_index() -> None:
    shoe = Shoe.stacked(table_shoe("T7", "T8", "T9", "TQ"), decks=2)
    r = Round.start(TABLE, shoe, entries(TABLE, 10))
    assert [r.hands_of(s) for s in (*TABLE.seats, DEALER)] == [
        (HandRef("you", 0),),
        (HandRef("anna", 0),),
        (HandRef("ben", 0),),
        (HandRef(DEALER, 0),),
    ]
    anna = r.hand(HandRef("anna"))
    assert anna.cards == r.hands["anna"] and [c.rank for c in anna.cards] == ["T", "8"]
    assert r.total(HandRef("ben", 0)) == r.total("ben") == 19
    assert r.hand("you").bet == 10 and r.hand(HandRef(DEALER)).bet == 0
    assert r.decision_point().hand == HandRef("you", 0)
    with pytest.raises(IndexError):
        r.hand(HandRef("you", 1))


def test_one_wager_record_per_hand_with_the_exact_net() -> None:
    shoe = Shoe.stacked(table_shoe("T7", "T8", "T9", "TQ"), decks=2)
    r = Round.start(TABLE, shoe, entries(TABLE, 10))
    for _ in range(3):
        r.apply(Action.STAND)
    out = r.outcome()
    assert [(w.hand, w.wager, w.stake, w.result, w.net) for w in out.settlements] == [
        (HandRef("you"), "main", 10, "lose", -10),
        (HandRef("anna"), "main", 50, "lose", -50),
        (HandRef("ben"), "main", 50, "lose", -50),
    ]
    assert r.settlements == list(out.settlements)  # all opened at the showdown, in seat order
    assert [s.hand for s in out.seats] == [HandRef(s) for s in TABLE.seats]


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    bet=st.integers(10, 500),
    stacks=st.lists(st.integers(0, 3000), min_size=3, max_size=3),
)
def test_wager_records_sum_to_the_old_nets_and_chips_are_conserved(
    variant: tuple[str, int], seed: int, bet: int, stacks: list[int]
) -> None:
    """Each seat's wagers sum to its net (the HandSettled event's); the bank's net is minus
    the seats'; stacks change by exactly the nets (chips neither created nor lost)."""
    name, decks = variant
    rules = preset(name, decks)
    before = dict(zip(rules.seats, stacks, strict=False))
    t = Table(rules, stacks=before, rng=random.Random(seed))
    seating = t.seating
    at_deal = {s: seating.fresh_stack_for(rules, s, before[s]) for s in rules.seats}
    you = seating.seats[0]
    r = t.start_round(max(rules.bet_min, min(bet, at_deal[you] // rules.bet_cover)))
    policy = policy_for(rules)
    while r.to_act is not None:
        r.apply(policy(r.decision_point()))
    out = t.finish_round(r)
    events = {e.seat: e for e in r.events if isinstance(e, HandSettled)}
    by_seat: dict[str, int] = {}
    for w in r.settlements:
        assert w.wager == "main" and w.hand.index == 0
        by_seat[w.hand.seat] = by_seat.get(w.hand.seat, 0) + w.net
    assert by_seat == {s.name: s.net for s in out.seats} == {s: e.net for s, e in events.items()}
    assert sum(w.net for w in out.settlements) == -out.bank_net
    assert all(t.stacks[s] == at_deal[s] + by_seat[s] >= 0 for s in rules.seats)


def test_a_copy_keeps_its_own_hands() -> None:
    r = Round.start(
        ONE_ON_ONE, Shoe.stacked(["TS", "7H", "6C", "TH"], decks=1), [SeatEntry("you", 1000, 10)]
    )
    twin = r.copy(Shoe.stacked(["5D", "8D"], decks=1))
    twin.apply(Action.HIT)
    r.apply(Action.STAND)
    assert len(twin.hand("you").cards) == 3 and len(r.hand("you").cards) == 2
    assert [w.hand for w in r.settlements] == [HandRef("you")]
    assert r.hand("you") is not twin.hand("you")


# ------------------------------------------------------------------ the dealer's seat


@pytest.mark.parametrize("rules", [TABLE, ONE_ON_ONE], ids=["table", "one-on-one"])
def test_the_dealer_choice_is_its_drawing_rule(rules: Rules) -> None:
    for held in range(2, 12):
        for total in range(2, 31):
            draws = dealer_draws(rules, total, held)
            assert dealer_choice(rules, total, held) is (Action.HIT if draws else Action.STAND)


def test_the_dealer_is_a_seat_whose_choices_are_automatic() -> None:
    # you stand on 17; the dealer holds 12 and draws by its rule: 3 (15), 2 (17), stands.
    shoe = Shoe.stacked(cards("T", "T", "7", "2", "3", "2", "9"), decks=1)
    r = Round.start(ONE_ON_ONE, shoe, [SeatEntry("you", 1000, 10)])
    assert r.role(DEALER) is Role.DEALER and r.role("you") is Role.PLAYER
    assert r.must_act() == ("you",) and r.auto_choice("you") is None
    assert r.auto_choice(DEALER) is Action.HIT  # the rule's choice at its 12 (T17 / O8)
    r.apply(Action.STAND)
    assert r.must_act() == () and r.is_over
    dealer_cards = [e.card for e in r.events if isinstance(e, CardDealt) and e.seat == DEALER]
    assert [c.code[0] for c in dealer_cards if c] == ["T", "2", "3", "2"]
    assert r.auto_choice(DEALER) is Action.STAND and r.total(DEALER) == 17


@settings(max_examples=100, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32))
def test_every_dealer_draw_is_the_automatic_choice(variant: tuple[str, int], seed: int) -> None:
    """Replayed card by card, each dealer draw came where ``dealer_choice`` says hit, and the
    dealer stopped where it says stand."""
    name, decks = variant
    rules = preset(name, decks)
    t = _played(name, decks, seed, 100, dict.fromkeys(rules.seats, 1000))
    r = t.round
    assert r is not None
    dealer = r.hand(DEALER).cards
    draws = [e for e in r.events if isinstance(e, CardDealt) and e.reason is DrawReason.DEALER]
    if draws:
        for k in range(2, len(dealer)):
            assert dealer_choice(rules, hand_total(dealer[:k], rules), k) is Action.HIT
        assert dealer_choice(rules, r.total(DEALER), len(dealer)) is Action.STAND
        assert r.auto_choice(DEALER) is Action.STAND


def test_the_dealer_seat_has_a_view() -> None:
    shoe = Shoe.stacked(table_shoe("T7", "T8", "T9", "TQ"), decks=2)
    r = Round.start(TABLE, shoe, entries(TABLE, 10))
    v = view_for(r, DEALER)
    assert v.dealer.cards == tuple(r.hand(DEALER).cards)  # its own cards, face down to others
    assert all(c is None for h in v.hands for c in h.cards)  # nobody's is turned over yet
    assert v.legal_actions == frozenset() and v.to_act == "you"
    assert all(c is None for c in view_for(r, "you").dealer.cards)
