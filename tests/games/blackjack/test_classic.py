"""BLACKJACK.md C1–C8, ``classic`` (seed 001): one test (or more) per rule id."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from banluck.core.cards import parse_cards
from banluck.core.errors import BadCard, IllegalAction, ReplayError
from banluck.core.money import HandRef, WagerSettled
from banluck.games.blackjack.events import ActionTaken, CardDealt, DealerPeeked, HandTurnedOver
from banluck.games.blackjack.rules import CLASSIC
from banluck.games.blackjack.shoe import BlackjackShoe
from banluck.games.blackjack.table import BlackjackTable
from tests.games.blackjack.helpers import replay, start

STAND = {"moves": ["stand"]}


@pytest.mark.rule("C1")
def test_c1_two_decks() -> None:
    assert CLASSIC.decks == 2 and BlackjackShoe(CLASSIC, random.Random(1)).__len__() == 104
    with pytest.raises(ReplayError, match="2 decks"):
        replay("classic", ["TS"] * 9, decks=8)
    with pytest.raises(BadCard, match="appears 3 times"):
        replay("classic", ["TS", "TS", "TS", "6D", "7S", "9S", "9D", "AC"])


@pytest.mark.rule("C2")
def test_c2_deal_order_and_face_down_seat_cards() -> None:
    r = start("classic", ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"])
    dealt = [e for e in r.events if isinstance(e, CardDealt)]
    order = [("dealer" if e.hand is None else e.hand.seat, e.card.code, e.face_up) for e in dealt]
    assert order == [
        ("you", "2S", False), ("anna", "3S", False), ("ben", "4S", False),
        ("dealer", "5S", True),
        ("you", "6S", False), ("anna", "7S", False), ("ben", "8S", False),
        ("dealer", "9S", False),
    ]  # fmt: skip


@pytest.mark.rule("C3")
def test_c3_peek_with_ace_or_ten_up() -> None:
    # ten up, ace in the hole: the hand ends; only the bet is lost; a blackjack pushes
    out = replay(
        "classic",
        ["9S", "AH", "5C", "TD", "9H", "KS", "5D", "AC"],
        you={"moves": []},
        anna={"moves": []},
        ben={"moves": []},
    )
    assert out["dealer"]["hand"] == "blackjack" and out["cards_used"] == 8
    assert [s["net"] for s in out["seats"]] == [-100, 0, -50]
    # a 9 up: no peek (the dealer cannot hold a blackjack)
    r = start("classic", ["TS", "9H", "9C", "9D", "7S", "9S", "9D", "TD"])
    assert not any(isinstance(e, DealerPeeked) for e in r.events)
    r = start("classic", ["TS", "9H", "9C", "TD", "7S", "9S", "9D", "8D"])
    assert [e for e in r.events if isinstance(e, DealerPeeked)] == [DealerPeeked(False)]


@pytest.mark.rule("C4")
def test_c4_blackjack_turned_over_and_paid_at_once() -> None:
    r = start("classic", ["AS", "9H", "9C", "7D", "KS", "9S", "9D", "TD", "2C"], bets=(15, 50, 50))
    assert r.to_act == "anna"  # you have nothing to choose
    paid = [e for e in r.events if isinstance(e, WagerSettled)]
    assert paid == [WagerSettled(paid[0].hand, "main", 15, "win", 22)]
    assert any(isinstance(e, HandTurnedOver) and e.hand == paid[0].hand for e in r.events)
    assert not any(isinstance(e, ActionTaken) for e in r.events)


@pytest.mark.rule("C5")
def test_c5_hit_or_stand_only() -> None:
    r = start("classic", ["TS", "9H", "9C", "7D", "6S", "9S", "9D", "TD", "2C"])
    assert r.legal_actions() == {"hit", "stand"}
    for action in ("double", "surrender"):
        with pytest.raises(IllegalAction):
            r.apply(action)
    with pytest.raises(ReplayError, match="insurance is not played in 'classic'"):
        replay("classic", ["TS", "9H", "9C", "AD", "6S", "9S", "9D", "TD"], you={"insurance": True})
    with pytest.raises(ReplayError, match="'double' is not allowed at 16"):
        replay(
            "classic",
            ["TS", "9H", "9C", "7D", "6S", "9S", "9D", "TD", "2C"],
            you={"moves": ["double"]},
        )


@pytest.mark.rule("C6")
def test_c6_split_same_rank_once() -> None:
    # J + Q is not a pair in classic
    with pytest.raises(ReplayError, match="'split' is not allowed"):
        replay(
            "classic", ["JS", "9H", "9C", "7D", "QS", "9S", "9D", "TD"], you={"moves": ["split"]}
        )
    # 8-8 splits; the first hand draws another 8 and may not split again
    r = start("classic", ["8S", "9H", "9C", "7D", "8H", "9S", "9D", "TD", "8D", "3C", "5C"])
    assert "split" in r.legal_actions()
    r.apply("split")
    assert r.current_hand() == HandRef("you", 0)
    assert r.decision().cards == tuple(parse_cards(["8S", "8D"]))
    assert "split" not in r.legal_actions()
    r.apply("stand")  # the second hand gets its card now
    assert r.decision().cards == tuple(parse_cards(["8H", "3C"]))
    r.apply("hit")  # 8 3 5 = 16
    r.apply("stand")
    r.apply("stand")
    r.apply("stand")
    out = r.outcome()
    assert [h.bet for h in out.seats[0].hands] == [100, 100]
    assert [h.total for h in out.seats[0].hands] == [16, 16]
    assert out.seats[0].net == -200  # dealer 17


@pytest.mark.rule("C7")
def test_c7_dealer_draws_nothing_when_no_hand_stands() -> None:
    out = replay(
        "classic",
        ["AS", "TH", "TC", "6D", "KS", "5H", "6C", "6H", "KH", "KD", "2C"],
        you={"moves": []},
        anna={"moves": ["hit"]},
        ben={"moves": ["hit"]},
    )
    assert out["dealer"]["cards"] == ["6D", "6H"] and out["cards_used"] == 10
    assert [s["net"] for s in out["seats"]] == [150, -50, -50]


@pytest.mark.rule("C8")
def test_c8_reshuffle_below_26_and_discards_mid_hand() -> None:
    shoe = BlackjackShoe(CLASSIC, random.Random(3))
    assert shoe.burnt == ()  # no burn in classic
    while len(shoe) >= 26:
        shoe.begin_hand()
        for _ in range(10):
            shoe.draw()
        shoe.end_hand()
    assert shoe.needs_shuffle()
    shoe.begin_hand()
    assert len(shoe) == 104 and shoe.hand_number == 1
    # the pack runs out mid-hand: the earlier hands' cards are shuffled in; the table's stay
    shoe = BlackjackShoe(CLASSIC, random.Random(4))
    shoe.begin_hand()
    first = [shoe.draw() for _ in range(10)]
    shoe.end_hand()
    shoe.begin_hand()  # 94 cards left: no reshuffle
    hand = [shoe.draw() for _ in range(99)]
    assert shoe.mid_hand_reshuffles == 1
    assert Counter(hand[94:]) <= Counter(first)  # the new pack is the earlier hand's cards
    assert max(Counter(hand).values()) <= 2


def test_classic_table_plays_many_hands_and_conserves_chips() -> None:
    t = BlackjackTable(CLASSIC, rng=random.Random(11), bot_policy=lambda d: "stand")
    bank = 0
    for _ in range(200):
        r = t.deal(bet=10)
        before = sum(t.stacks.values())  # after T9
        while not r.over:
            if r.to_act == "you":
                r.apply("hit" if r.decision().total < 12 else "stand")
            t.play_bots(r)
        o = t.settle(r)
        bank += o.bank_net
        assert sum(t.stacks.values()) - before == -o.bank_net
    assert t.hands_played == 200
