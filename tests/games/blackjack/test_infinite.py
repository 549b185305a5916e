"""BLACKJACK.md I1–I10, ``infinite`` (seed 002): one test (or more) per rule id.
(I11, the exact return, is the solver's.)"""

from __future__ import annotations

import random

import pytest

from banluck.core.cards import parse_card, parse_cards
from banluck.core.errors import BadBet, IllegalAction, ReplayError
from banluck.core.money import HandRef
from banluck.games.blackjack.events import ActionTaken, CardDealt
from banluck.games.blackjack.rules import INFINITE
from banluck.games.blackjack.shoe import BlackjackShoe
from banluck.games.blackjack.side_bets import (
    PAYS,
    bust_line,
    lucky3_line,
    pairs_line,
    poker3_line,
    side_bet_net,
)
from banluck.games.blackjack.table import BlackjackTable
from tests.games.blackjack.helpers import replay, seat, start

STAND = {"moves": ["stand"]}


@pytest.mark.rule("I1")
def test_i1_burn_cut_card_and_hand_numbers() -> None:
    for seed in range(20):
        shoe = BlackjackShoe(INFINITE, random.Random(seed))
        first = shoe.burnt[0]
        assert len(shoe.burnt) == 1 + (1 if first.is_ace else first.points)
        assert len(shoe) == 416 - len(shoe.burnt)
    shoe = BlackjackShoe(INFINITE, random.Random(5))
    numbers = []
    while not shoe.cut_card_out:
        numbers.append(shoe.begin_hand())
        for _ in range(7):
            shoe.draw()
        shoe.end_hand()
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(shoe) <= 78 < len(shoe) + 7  # it came out during the last hand
    assert shoe.next_hand_number() == 1
    assert shoe.begin_hand() == 1 and shoe.shuffles == 2 and len(shoe) > 400


@pytest.mark.rule("I1")
def test_i1_side_bet_limits_follow_the_shoe_hand_number() -> None:
    shoe = BlackjackShoe(INFINITE, random.Random(2))
    for _ in range(40):
        shoe.begin_hand()
        shoe.end_hand()
    t = BlackjackTable(INFINITE, shoe=shoe, bot_policy=lambda d: "stand")
    with pytest.raises(BadBet, match="hands 1 to 40 of a shoe, not on hand 41"):
        t.deal(bet=0, side_bets={"pairs": 1})
    r = t.deal(bet=0, side_bets={"bust": 1})
    assert shoe.hand_number == 41 and r.seat_state("you").hands == []


@pytest.mark.rule("I2")
def test_i2_shared_cards_one_common_row() -> None:
    r = start("infinite", ["9D", "6C", "2S", "TD", "5H", "7S", "3C", "KC"])
    r.apply("double")  # you: 9 2 + 5H = 16, doubled
    r.apply("hit")  # anna: 9 2 5H
    r.apply("hit")  # anna: … 7S = 23, bust
    r.apply("hit")  # ben: 9 2 5H
    r.apply("stand")
    out = r.outcome()
    cards = [[c.code for c in s.hands[0].cards] for s in out.seats]
    assert cards == [["9D", "2S", "5H"], ["9D", "2S", "5H", "7S"], ["9D", "2S", "5H"]]
    assert [c.code for c in out.dealer_cards] == ["6C", "TD", "3C"]  # after the row's 7S
    assert out.cards_used == 7
    rows = [e.row for e in r.events if isinstance(e, CardDealt) and e.row is not None]
    assert rows == [0, 0, 1, 0]


@pytest.mark.rule("I3")
def test_i3_deal_order_every_seat_card_face_up() -> None:
    r = start("infinite", ["9D", "6C", "2S", "TD", "5H"])
    dealt = [
        (None if e.hand is None else e.hand.seat, e.card.code, e.face_up)
        for e in r.events
        if isinstance(e, CardDealt)
    ]
    assert dealt == [
        ("you", "9D", True), ("anna", "9D", True), ("ben", "9D", True), (None, "6C", True),
        ("you", "2S", True), ("anna", "2S", True), ("ben", "2S", True), (None, "TD", False),
    ]  # fmt: skip


@pytest.mark.rule("I4")
def test_i4_insurance() -> None:
    # pays 2 to 1 on the dealer's blackjack, a blackjack insured too
    out = replay(
        "infinite",
        ["AD", "AS", "KH", "JS"],
        you={"bet": 100, "insurance": True},
        anna={"insurance": True},
    )
    assert seat(out, "you")["insurance"] == {"bet": 50, "net": 100}
    assert seat(out, "you")["net"] == 100 and seat(out, "anna")["net"] == 50
    # lost otherwise, whatever else happens
    out = replay(
        "infinite",
        ["TS", "AD", "JC", "7H"],
        you={"insurance": True, "moves": ["stand"]},
        anna=STAND,
        ben=STAND,
    )
    assert seat(out, "you")["insurance"] == {"bet": 50, "net": -50}
    assert seat(out, "you")["net"] == 50
    with pytest.raises(ReplayError, match="needs an ace up"):
        replay("infinite", ["TS", "KD", "JC", "7H"], you={"insurance": True})
    with pytest.raises(ReplayError, match="even bet"):
        replay("infinite", ["TS", "AD", "JC", "7H"], you={"bet": 55, "insurance": True})
    # the round asks each eligible seat, in order, before play
    r = start("infinite", ["TS", "AD", "JC", "7H", "2C"], bets=(55, 50, 50))
    assert r.phase == "insurance" and r.to_act == "anna"
    assert r.legal_actions() == {"insure", "decline"}
    with pytest.raises(IllegalAction):
        r.apply("hit")
    r.apply("insure")
    r.apply("decline")
    assert r.phase == "play" and r.to_act == "you"


@pytest.mark.rule("I5")
def test_i5_peek_dealer_blackjack_ends_the_hand() -> None:
    out = replay(
        "infinite",
        ["AC", "KS", "JH", "AD"],
        you={"moves": [], "side_bets": {"bust": 5}},
        anna={"moves": []},
        ben={"moves": []},
    )
    assert out["dealer"]["hand"] == "blackjack" and out["cards_used"] == 4
    assert seat(out, "you")["hands"][0]["result"] == "push"
    assert seat(out, "you")["side_bets"]["bust"]["net"] == -5
    out = replay(
        "infinite",
        ["9C", "TS", "JH", "AD"],
        you={"moves": []},
        anna={"moves": []},
        ben={"moves": []},
    )
    assert [s["net"] for s in out["seats"]] == [-100, -50, -50]
    with pytest.raises(ReplayError, match="left over"):
        replay("infinite", ["9C", "TS", "JH", "AD"], you=STAND)


@pytest.mark.rule("I6")
def test_i6_surrender_double_split() -> None:
    # surrender against 2-9 only, half the bet lost, rounded up
    out = replay(
        "infinite",
        ["3H", "9S", "KS", "TH"],
        you={"bet": 395, "moves": ["surrender"]},
        anna=STAND,
        ben=STAND,
    )
    assert seat(out, "you")["hands"][0]["result"] == "surrender"
    assert seat(out, "you")["net"] == -198
    for up in ("AS", "TS"):
        r = start("infinite", ["3H", up, "KS", "7H", "5C", "5D"])
        assert "surrender" not in r.legal_actions()
    # J + Q splits; each split hand may double; split once only
    r = start("infinite", ["JS", "9S", "QH", "8H", "TC", "AC", "9D", "2C", "3C"])
    assert "split" in r.legal_actions()
    r.apply("split")  # hand 1: J + TC
    assert "split" not in r.legal_actions() and "double" in r.legal_actions()
    r.apply("double")  # J TC + AC: 21, doubled, done
    assert r.seat_state("you").hands[0].bet == 200
    assert r.decision().cards == tuple(parse_cards(["QH", "9D"]))  # the row's third card
    assert "double" in r.legal_actions()
    # split aces take one card each and stand; they cannot double
    r = start("infinite", ["AS", "9S", "AH", "8H", "TC", "5D", "9D", "2C", "3C"])
    r.apply("split")
    assert r.to_act == "anna"
    assert [len(h.cards) for h in r.seat_state("you").hands] == [2, 2]
    assert "double" in r.legal_actions()  # anna's A-A itself may double


@pytest.mark.rule("I7")
def test_i7_not_enough_chips() -> None:
    out = replay(
        "infinite",
        ["3C", "7H", "6S", "JS", "AH", "9C"],
        you={"stack": 150, "moves": ["double", "stand"]},
        anna={"stack": 60, "moves": ["double", "stand"]},
        ben=STAND,
    )
    you = seat(out, "you")["hands"][0]
    assert you["cards"] == ["3C", "6S", "AH"] and not you["doubled"] and you["bet"] == 100
    assert seat(out, "anna")["hands"][0]["bet"] == 50
    r = start("infinite", ["TC", "7H", "TS", "JS", "AH"], stacks=(150, 1000, 1000))
    events = r.apply("split")  # 20: played as a stand
    assert events[0] == ActionTaken(HandRef("you", 0), "split", "stand")


@pytest.mark.rule("I8")
def test_i8_auto_hits_to_12_then_stands() -> None:
    out = replay(
        "infinite",
        ["2H", "AH", "7H", "9S", "2C", "AC", "4H"],
        you={"moves": ["auto"]},
        anna={"moves": ["hit", "auto"]},
        ben={"moves": ["stand"]},
    )
    # 9 → 2C = 11 → AC = 12 (an ace as 11 would bust): stand
    assert seat(out, "you")["hands"][0]["cards"] == ["2H", "7H", "2C", "AC"]
    assert seat(out, "anna")["hands"][0]["cards"] == ["2H", "7H", "2C", "AC"]
    with pytest.raises(ReplayError, match="'auto' must be the last move"):
        replay("infinite", ["2H", "AH", "7H", "9S"], you={"moves": ["auto", "stand"]})


@pytest.mark.rule("I9")
def test_i9_dealer_plays_out_when_every_seat_busts() -> None:
    out = replay(
        "infinite",
        ["QD", "6D", "KD", "TS", "5S", "2H"],
        you={"moves": ["hit"]},
        anna={"moves": ["hit"]},
        ben={"moves": ["surrender"]},
    )
    assert out["dealer"]["cards"] == ["6D", "TS", "2H"] and out["cards_used"] == 6


@pytest.mark.rule("I10")
def test_i10_side_bet_pay_tables() -> None:
    c = parse_card
    assert pairs_line(c("7H"), c("7D")) == "coloured"
    assert pairs_line(c("7H"), c("7S")) == "mixed"
    assert pairs_line(c("7H"), c("7H")) == "perfect"
    assert pairs_line(c("7H"), c("8H")) is None
    busts = {
        "3": ["TS", "6S", "9H"],
        "4": ["2S", "3S", "TH", "KH"],
        "5": ["2S", "2H", "2D", "TC", "KC"],
        "6": ["AS", "AH", "2S", "2H", "TC", "KC"],
        "7": ["AS", "AH", "AD", "2S", "2H", "TC", "KC"],
        "8+": ["AS", "AH", "AD", "AC", "2S", "TH", "2D", "KC"],
    }
    for line, codes in busts.items():
        assert bust_line(parse_cards(codes)) == line
    assert bust_line(parse_cards(["AS", "AH", "AD", "AC", "2S", "2H", "2D", "TC", "KC"])) == "8+"
    assert bust_line(parse_cards(["TS", "6S", "5H"])) is None
    l3 = lucky3_line
    assert l3(c("9S"), c("KH"), c("QD")) is None
    assert l3(c("AS"), c("8H"), c("QD")) == "19-20"
    assert l3(c("AS"), c("KH"), c("QD")) == "21"
    assert l3(c("AS"), c("KS"), c("QS")) == "suited-21"
    assert l3(c("6S"), c("8H"), c("7D")) == "678"
    assert l3(c("6S"), c("8S"), c("7S")) == "suited-678"
    assert l3(c("7S"), c("7H"), c("7D")) == "777"
    assert l3(c("7S"), c("7S"), c("7S")) == "suited-777"
    p3 = poker3_line
    assert p3(c("2S"), c("9S"), c("KS")) == "flush"
    assert p3(c("AS"), c("2H"), c("3D")) == "straight"
    assert p3(c("QS"), c("AH"), c("KD")) == "straight"
    assert p3(c("KS"), c("AH"), c("2D")) is None
    assert p3(c("4S"), c("4H"), c("4D")) == "three-of-a-kind"
    assert p3(c("4S"), c("5S"), c("6S")) == "straight-flush"
    assert p3(c("4S"), c("4S"), c("4S")) == "suited-three-of-a-kind"
    assert PAYS["bust"]["8+"] == 250 and side_bet_net("lucky3", 2, "suited-777") == 400
    # in a hand: limits, stakes, and the settlement
    with pytest.raises(BadBet, match="hands 1 to 45"):
        replay("infinite", ["2H"] * 8, shoe_hand=46, you={"side_bets": {"poker3": 1}})
    with pytest.raises(BadBet, match="from 1 to 100"):
        replay("infinite", ["2H"] * 8, you={"side_bets": {"pairs": 101}})
    out = replay(
        "infinite",
        ["7D", "7D", "7D", "KH"],
        you={"bet": 0, "side_bets": {"pairs": 10, "lucky3": 10, "poker3": 10, "bust": 10}},
        anna=STAND,
        ben=STAND,
    )
    sides = seat(out, "you")["side_bets"]
    assert {k: (v["line"], v["net"]) for k, v in sides.items()} == {
        "pairs": ("perfect", 300), "lucky3": ("suited-777", 2000),
        "poker3": ("suited-three-of-a-kind", 1000), "bust": (None, -10),
    }  # fmt: skip


def test_replay_md_example_for_you() -> None:
    """REPLAY.md's blackjack example gives its stated result for ``you``."""
    out = replay(
        "infinite",
        ["8S", "6H", "8D", "TC", "3C", "KD", "9H", "5S"],
        shoe_hand=1,
        you={
            "insurance": False,
            "side_bets": {"pairs": 10, "lucky3": 5},
            "moves": ["split", "double", "stand"],
        },
        ben={"bet": 0, "side_bets": {"bust": 10}},
    )
    assert out["dealer"] == {"cards": ["6H", "TC", "5S"], "total": 21, "hand": "plain"}
    assert seat(out, "you") == {
        "name": "you",
        "hands": [
            {"cards": ["8S", "3C", "KD"], "total": 21, "hand": "plain", "bet": 200,
             "doubled": True, "result": "push", "net": 0},
            {"cards": ["8D", "9H"], "total": 17, "hand": "plain", "bet": 100,
             "doubled": False, "result": "lose", "net": -100},
        ],
        "insurance": None,
        "side_bets": {"pairs": {"bet": 10, "line": "mixed", "net": 50},
                      "lucky3": {"bet": 5, "line": None, "net": -5}},
        "net": -55,
        "stack": 945,
    }  # fmt: skip
    assert out["cards_used"] == 8
