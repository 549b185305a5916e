"""KAMPUNG.md K1–K23: at least one test per rule id, on stacked shoes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from banluck.core.errors import BadBet, IllegalAction, ReplayError
from banluck.core.shoe import Shoe
from banluck.games.kampung.decisions import BankerDecision, PlayerDecision
from banluck.games.kampung.events import (
    ActionTaken,
    CardDealt,
    DrawReason,
    HandSettled,
    HandTurned,
    RoundOver,
)
from banluck.games.kampung.replay import replay_hand
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG, KAMPUNG_SEATING, SEVEN_SEVEN_SEVEN_MULTIPLE
from banluck.games.kampung.table import KampungTable
from banluck.games.kampung.views import view_for
from tests.games.kampung.helpers import by_name, drive, replay, shoe_order, start

STAND_ALL = {"anna": ["stand"], "ben": ["stand"]}


def settled_order(r: KampungRound) -> list[str]:
    return [e.wager.hand.seat for e in r.events if isinstance(e, HandSettled)]


@pytest.mark.rule("K1")
def test_k1_totals_follow_t1_to_t6_and_a_hand_stops_at_five_cards() -> None:
    # you: A 5 (16) hit 2 -> 17 (three cards: ace 10); hit 3 -> four cards, ace 1: 11;
    # must draw 9 -> five cards of 20: a five dragon, settled at once (2 to 1).
    out = replay(
        {"you": "AS 5H", "anna": "8S 8H", "ben": "9S 9H", "dealer": "TS 7C"},
        "2C 3D 9D",
        moves={"you": ["hit", "hit"], "anna": ["stand"], "ben": ["stand"], "dealer": ["stand"]},
    )
    seats = by_name(out)
    assert seats["you"]["cards"] == ["AS", "5H", "2C", "3D", "9D"]
    assert (seats["you"]["total"], seats["you"]["hand"]) == (20, "five-dragon")
    assert (seats["you"]["result"], seats["you"]["net"]) == ("win", 200)
    # K1: pairs are nothing special: 8 8 is a plain 16.
    assert (seats["anna"]["total"], seats["anna"]["hand"], seats["anna"]["net"]) == (
        16,
        "plain",
        -50,
    )
    assert seats["ben"]["net"] == 50


@pytest.mark.rule("K2")
def test_k2_house_bank_stays_with_the_dealer() -> None:
    t = KampungTable(KAMPUNG, rng=random.Random(3))
    for _ in range(12):
        assert t.banker == "dealer"
        r = t.start_round(100)
        assert r.banker == "dealer"
        while r.to_act:
            r.apply(r.legal_actions()[-1])
        t.finish_round(r)
    assert t.banker == "dealer"


@pytest.mark.rule("K2")
def test_k2_rotate_passes_the_bank_every_five_hands_in_order() -> None:
    rich = dict.fromkeys(KAMPUNG.seats, 10**9)
    t = KampungTable(KAMPUNG.with_bank("rotate"), rng=random.Random(5), stacks=rich)
    seen = []
    for _ in range(21):
        r = t.start_round(100)
        seen.append(r.banker)
        while r.to_act:
            r.apply(r.legal_actions()[-1])
        t.finish_round(r)
    assert seen == ["dealer"] * 5 + ["you"] * 5 + ["anna"] * 5 + ["ben"] * 5 + ["dealer"]


@pytest.mark.rule("K2")
def test_k2_rotate_passes_the_bank_at_once_when_its_stack_is_empty() -> None:
    # The dealer banks 100; your Ban-Luck wins 200: the bank is empty and passes to you.
    order = shoe_order({"you": "AS KH", "anna": "TS 9S", "ben": "TD 9D", "dealer": "5C 4C"})
    shoe = Shoe.stacked([*order, "9C", "2C", "3C"], decks=2)
    stacks = {"you": 1000, "anna": 1000, "ben": 1000, "dealer": 100}
    t = KampungTable(KAMPUNG.with_bank("rotate"), shoe=shoe, stacks=stacks)
    r = t.start_round(100)
    drive(r, {"anna": ["stand"], "ben": ["stand"], "dealer": ["stand"]})
    out = t.finish_round(r)
    assert out.bank.stack == 0
    assert t.banker == "you"
    assert t.last_pass is not None and t.last_pass.reason == "empty"
    assert t.hands_banked == 0


@pytest.mark.rule("K2")
def test_k2_a_void_counts_as_a_hand_for_the_rotation() -> None:
    order = shoe_order({"you": "4C 4S", "anna": "2C QD", "ben": "TD 6H", "dealer": "6D 9C"})
    shoe = Shoe.stacked(order, decks=2)
    t = KampungTable(KAMPUNG.with_bank("rotate"), shoe=shoe, hands_banked=4)
    r = t.start_round(100)
    drive(r, {"dealer": ["void"]})
    assert t.finish_round(r).void
    assert t.banker == "you"


@pytest.mark.rule("K3")
def test_k3_bets_you_ten_to_five_hundred_bots_fifty_banker_none() -> None:
    hands = {"you": "TS 9S", "anna": "TH 9H", "ben": "TD 9D", "dealer": "TC 9C"}
    base: dict[str, Any] = {
        "preset": "kampung",
        "shoe": shoe_order(hands),
        "seats": [
            {"name": "you", "bet": 100, "moves": ["stand"]},
            {"name": "anna", "moves": ["stand"]},
            {"name": "ben", "moves": ["stand"]},
            {"name": "dealer", "moves": ["stand"]},
        ],
    }
    assert replay_hand(base)["bank"]["net"] == 0
    for bad_bet in (9, 501, 100.0, True):
        data = {**base, "seats": [{**base["seats"][0], "bet": bad_bet}, *base["seats"][1:]]}
        with pytest.raises(BadBet):
            replay_hand(data)
    with pytest.raises(BadBet, match="more than the stack"):
        replay_hand({**base, "seats": [{**base["seats"][0], "stack": 50}, *base["seats"][1:]]})
    with pytest.raises(BadBet, match="must be 50"):
        anna = {"name": "anna", "bet": 40}
        replay_hand({**base, "seats": [base["seats"][0], anna, *base["seats"][2:]]})
    with pytest.raises(ReplayError, match="holds the bank"):
        replay_hand({**base, "seats": [*base["seats"][:3], {"name": "dealer", "bet": 50}]})


@pytest.mark.rule("K3")
def test_k3_a_loss_is_capped_by_the_stack_and_the_bank_pays_as_far_as_it_goes() -> None:
    # A Ban-Ban banker takes 3 bets: your 300 is capped at your stack of 150.
    out = replay(
        {"you": "9S 4H", "anna": "TH 5C", "ben": "9D 2H", "dealer": "AS AH"},
        stacks={"you": 150},
    )
    assert by_name(out)["you"]["net"] == -150
    assert by_name(out)["you"]["stack"] == 0
    assert by_name(out)["ben"]["net"] == -150
    # A bank of 100 pays your Ban-Luck's 200 as far as it goes; Anna's win gets nothing.
    out = replay(
        {"you": "AD KD", "anna": "AC QC", "ben": "TS 9S", "dealer": "7H 7D"},
        "5C",
        moves={"ben": ["stand"], "dealer": ["stand"]},
        stacks={"dealer": 100},
    )
    seats = by_name(out)
    assert (seats["you"]["result"], seats["you"]["net"]) == ("win", 100)
    assert (seats["anna"]["result"], seats["anna"]["net"]) == ("win", 0)
    assert out["bank"]["stack"] == 0


@pytest.mark.rule("K3")
def test_k3_t9_fresh_stacks_with_the_bankers_minimum_of_100() -> None:
    hands = {"you": "TS 9S", "anna": "TH 9H", "ben": "TD 9D", "dealer": "TC 9C"}
    moves = {"you": ["stand"], "anna": ["stand"], "ben": ["stand"], "dealer": ["stand"]}
    out = replay(hands, moves=moves, stacks={"dealer": 99, "you": 9, "anna": 49, "ben": 50})
    assert out["bank"]["stack"] == 1000
    assert [s["stack"] for s in out["seats"]] == [1000, 1000, 50]
    # The same 99 held by a player is not below a bot player's minimum of 50.
    assert KAMPUNG_SEATING.fresh_stack_for(KAMPUNG, "dealer", 99, "anna") == 99


@pytest.mark.rule("K4")
def test_k4_two_decks_and_t12_reshuffle_before_a_hand() -> None:
    assert KAMPUNG.decks == 2 and KAMPUNG.with_decks(1).decks == 1
    with pytest.raises(ValueError):
        KAMPUNG.with_decks(3)
    t = KampungTable(KAMPUNG, rng=random.Random(1))
    r = t.start_round(100)
    assert not t.last_start.reshuffled
    while r.to_act:
        r.apply(r.legal_actions()[-1])
    t.finish_round(r)
    while len(t.shoe) >= KAMPUNG.reshuffle_below():
        t.shoe.draw()
    t.start_round(100)
    assert t.last_start.reshuffled
    assert KAMPUNG.reshuffle_below() >= 4 * (5 + 2)  # five cards and a burnt pair per seat


@pytest.mark.rule("K5")
def test_k5_deal_order_players_then_banker_twice_face_down() -> None:
    r = start(
        {"you": "2S 3S", "ben": "4S 5S", "dealer": "6S 7S", "anna": "8S 9S"},
        "TC",
        banker="anna",
    )
    dealt = [e for e in r.events if isinstance(e, CardDealt)][:8]
    assert [e.seat for e in dealt] == ["you", "ben", "dealer", "anna"] * 2
    codes = [e.card.code for e in dealt if e.card]
    assert codes == ["2S", "4S", "6S", "8S", "3S", "5S", "7S", "9S"]
    assert not any(e.face_up for e in dealt)
    # Every seat sees only its own cards.
    for seat in KAMPUNG.seats:
        seen = [e for e in view_for(r, seat).events if isinstance(e, CardDealt)][:8]
        assert all((e.card is not None) == (e.seat == seat) for e in seen)


@pytest.mark.rule("K6")
def test_k6_bankers_ban_luck_against_naturals_and_escapes() -> None:
    out = replay({"you": "AH AD", "anna": "AC QH", "ben": "7S 8S", "dealer": "AS KS"})
    seats = by_name(out)
    assert (seats["you"]["result"], seats["you"]["net"]) == ("win", 300)  # Ban-Ban 3 to 1
    assert (seats["anna"]["result"], seats["anna"]["net"]) == ("push", 0)  # equal naturals
    assert (seats["ben"]["result"], seats["ben"]["net"]) == ("push", 0)  # a 15 escapes
    assert out["bank"]["hand"] == "ban-luck" and out["bank"]["net"] == -300


@pytest.mark.rule("K6")
def test_k6_bankers_ban_ban_collects_three_bets_and_turns_every_hand_over() -> None:
    r = drive(start({"you": "AD KD", "anna": "AC AS", "ben": "9S 2H", "dealer": "AS AH"}), {})
    seats = {s.name: s for s in r.outcome().seats}
    assert seats["you"].net == -300  # Ban-Luck against Ban-Ban loses 3 bets
    assert seats["anna"].result == "push"
    assert seats["ben"].net == -150
    turned = {e.seat for e in r.events if isinstance(e, HandTurned)}
    assert turned == set(KAMPUNG.seats)
    assert r.cards_used == 8


@pytest.mark.rule("K7")
def test_k7_void_returns_every_bet() -> None:
    out = replay(
        {"you": "AD KD", "anna": "5S 5H", "ben": "TS 2C", "dealer": "9S 6H"},
        moves={"dealer": ["void"]},
    )
    assert out["void"] is True
    assert [(s["result"], s["net"]) for s in out["seats"]] == [
        ("push", 0),  # your Ban-Luck escaped (K20)
        ("void", 0),
        ("void", 0),
    ]


@pytest.mark.rule("K7")
def test_k7_burn_double_or_forfeit_then_a_fresh_pair() -> None:
    out = replay(
        {"you": "TS 8S", "anna": "TH 7H", "ben": "9D 9C", "dealer": "9S 6H"},
        "TC 7C",
        moves={"you": ["double", "stand"], "anna": ["forfeit"], "dealer": ["burn", "stand"]},
        stacks={"ben": 60},
    )
    seats = by_name(out)
    assert (seats["you"]["bet"], seats["you"]["result"], seats["you"]["net"]) == (200, "win", 200)
    assert (seats["anna"]["result"], seats["anna"]["net"]) == ("forfeit", -50)
    assert (seats["ben"]["result"], seats["ben"]["net"], seats["ben"]["bet"]) == (
        "forfeit",
        -50,
        50,
    )
    assert out["bank"]["burnt"] == ["9S", "6H"] and out["bank"]["cards"] == ["TC", "7C"]
    assert out["bank"]["net"] == -100


@pytest.mark.rule("K7")
def test_k7_a_natural_in_the_fresh_pair_is_k6_on_the_doubled_bets() -> None:
    out = replay(
        {"you": "TS 8S", "anna": "7H 8H", "ben": "TH 2H", "dealer": "9S 6H"},
        "AS KS",
        moves={"you": ["double"], "anna": ["double"], "ben": ["double"], "dealer": ["burn"]},
    )
    assert [(s["bet"], s["result"], s["net"]) for s in out["seats"]] == [
        (200, "lose", -400),
        (100, "push", 0),  # anna's 15 escapes
        (100, "lose", -200),
    ]


@pytest.mark.rule("K7")
def test_k7_second_15_asks_void_or_play_only() -> None:
    r = start({"you": "TS 8S", "anna": "TH 7H", "ben": "TD 2H", "dealer": "9S 6H"}, "7C 8C")
    for move in ["burn", "double", "forfeit", "double"]:
        r.apply(move)
    assert r.to_act == "dealer" and r.legal_actions() == ("void", "play")
    d = r.decision()
    assert isinstance(d, BankerDecision) and d.burnt
    r.apply("void")
    out = {s.name: s for s in r.outcome().seats}
    assert (out["you"].result, out["you"].bet, out["you"].net) == ("void", 200, 0)
    assert (out["anna"].result, out["anna"].net) == ("forfeit", -50)  # K20: it stands


@pytest.mark.rule("K7")
def test_k7_play_keeps_the_15_and_the_hand_goes_on() -> None:
    out = replay(
        {"you": "TS 8S", "anna": "TH 7H", "ben": "TD 9H", "dealer": "9S 6H"},
        "2C",
        moves={"you": ["stand"], "anna": ["stand"], "ben": ["stand"], "dealer": ["play", "stand"]},
    )
    assert out["bank"]["cards"] == ["9S", "6H", "2C"]  # under 16 it drew
    assert [s["net"] for s in out["seats"]] == [100, 0, 50]


@pytest.mark.rule("K8")
def test_k8_players_naturals_are_paid_in_seat_order_before_the_first_turn() -> None:
    r = start({"you": "9S 5S", "anna": "AS AH", "ben": "AD KD", "dealer": "TS 7S"}, "3C")
    assert settled_order(r) == ["anna", "ben"]
    paid = next(i for i, e in enumerate(r.events) if isinstance(e, HandSettled))
    first_draw = next(
        i for i, e in enumerate(r.events) if isinstance(e, CardDealt) and e.reason == "draw"
    )
    assert paid < first_draw
    drive(r, {"you": ["stand"], "dealer": ["stand"]})
    nets = {s.name: s.net for s in r.outcome().seats}
    assert nets == {"you": 0, "anna": 150, "ben": 100}


@pytest.mark.rule("K9")
def test_k9_the_licence_draw_under_15_choose_from_15_stand_at_21() -> None:
    r = start({"you": "9S 4S", "anna": "TS 6H", "ben": "TH 9H", "dealer": "TD 8D"}, "2C 6C")
    # 13 must draw (no move asked): 2C makes a three-card 15, which may hit or stand.
    assert r.to_act == "you" and r.legal_actions() == ("hit", "stand")
    assert r.total("you") == 15
    r.apply("hit")  # 6C: 21 stands by itself
    assert r.to_act == "anna"
    drive(r, {"anna": ["stand"], "ben": ["stand"], "dealer": ["stand"]})
    nets = {s.name: s.net for s in r.outcome().seats}
    assert nets == {"you": 200, "anna": -50, "ben": 50}  # a three-card 21 wins 2 to 1 (K16)


@pytest.mark.rule("K10")
def test_k10_burn_doubles_and_a_fresh_natural_is_paid_at_once() -> None:
    out = replay(
        {"you": "TS 5S", "anna": "TH 9H", "ben": "TD 9D", "dealer": "TC 9C"},
        "AS KS",
        moves={"you": ["burn"], **STAND_ALL, "dealer": ["stand"]},
    )
    you = by_name(out)["you"]
    assert (you["burnt"], you["cards"], you["bet"], you["net"]) == (
        ["TS", "5S"],
        ["AS", "KS"],
        200,
        400,
    )


@pytest.mark.rule("K10")
def test_k10_a_fresh_15_cannot_be_burnt_and_the_stack_must_cover_the_burn() -> None:
    r = start({"you": "TS 5S", "anna": "TH 9H", "ben": "TD 9D", "dealer": "TC 9C"}, "9C 6C")
    assert r.legal_actions() == ("burn", "play")
    r.apply("burn")
    assert r.to_act == "you" and r.legal_actions() == ("hit", "stand")  # K19
    # A stack of 150 cannot cover a burn of a 100 bet: the 15 is played on.
    r = start(
        {"you": "TS 5S", "anna": "TH 9H", "ben": "TD 9D", "dealer": "TC 9C"},
        stacks={"you": 150},
    )
    assert r.to_act == "you" and r.legal_actions() == ("hit", "stand")


@pytest.mark.rule("K11")
def test_k11_a_bust_with_three_cards_stays_hidden_until_opened() -> None:
    r = start({"you": "TS 6S", "anna": "TH 9H", "ben": "TD 8D", "dealer": "TC 7C"}, "9C")
    r.apply("hit")  # 25: bust, face down
    assert r.to_act == "anna"
    you = r.player("you")
    assert you.result is None and not you.turned and you.done
    for seat in ("anna", "ben", "dealer"):
        v = view_for(r, seat)
        mine = next(h for h in v.players if h.seat == "you")
        assert mine.cards == (None, None, None) and mine.total is None and mine.stood
    assert view_for(r, "you").players[0].total == 25
    drive(r, {"anna": ["stand"], "ben": ["stand"], "dealer": ["open:you", "stand"]})
    out = {s.name: s for s in r.outcome().seats}
    assert (out["you"].result, out["you"].net) == ("lose", -100)


@pytest.mark.rule("K12")
def test_k12_five_cards_are_settled_at_once() -> None:
    hands = {"you": "2S 3S", "anna": "TH 9H", "ben": "TD 9D", "dealer": "TC 9C"}
    rest = {**STAND_ALL, "dealer": ["stand"]}
    dragon21 = by_name(replay(hands, "4S 2H TH", moves=rest))["you"]
    assert (dragon21["hand"], dragon21["total"], dragon21["net"]) == ("five-dragon", 21, 300)
    dragon = by_name(replay(hands, "4S 6H AH", moves={"you": ["hit"], **rest}))["you"]
    assert (dragon["hand"], dragon["net"]) == ("five-dragon", 200)
    bust = by_name(replay(hands, "4S 6H KH", moves={"you": ["hit"], **rest}))["you"]
    assert (bust["hand"], bust["total"], bust["net"]) == ("bust", 25, -200)
    r = start(hands, "4S 2H TH")
    assert settled_order(r) == ["you"]  # before anyone else has played


@pytest.mark.rule("K13")
def test_k13_seven_seven_seven_wins_21_to_1_after_the_bankers_turn() -> None:
    r = start(
        {"you": "7S 7H", "anna": "TH 9H", "ben": "KH 8H", "dealer": "TS 8S"},
        "7D",
        stacks={"dealer": 5000},
    )
    assert r.player("you").turned and r.player("you").seven
    r.apply("stand")
    r.apply("stand")
    assert r.to_act == "dealer"
    assert r.legal_actions() == ("hit", "stand", "open:anna", "open:ben")
    r.apply("stand")
    assert settled_order(r) == ["anna", "ben", "you"]
    out = {s.name: s for s in r.outcome().seats}
    assert out["you"].kind == "seven-seven-seven"
    assert out["you"].net == 100 * SEVEN_SEVEN_SEVEN_MULTIPLE


@pytest.mark.rule("K13")
def test_k13_seven_seven_seven_pushes_against_a_final_21_and_cannot_be_opened() -> None:
    hands = {"you": "7S 7H", "anna": "TH 9H", "ben": "KH 8H", "dealer": "TS 6S"}
    out = replay(hands, "7D 5C", moves={**STAND_ALL, "dealer": ["hit"]})
    assert [(s["result"], s["net"]) for s in out["seats"]] == [
        ("push", 0),
        ("lose", -100),  # two bets against a 21 (K16)
        ("lose", -100),
    ]
    with pytest.raises(ReplayError, match="7-7-7"):
        replay(hands, "7D", moves={**STAND_ALL, "dealer": ["open:you", "stand"]})


@pytest.mark.rule("K14")
def test_k14_banker_draws_under_16_chooses_from_16_and_opens_all_at_21() -> None:
    r = start({"you": "9S KS", "anna": "TH 8H", "ben": "TD QD", "dealer": "5C 6C"}, "7D 3S")
    for move in ["stand", "stand", "stand"]:
        r.apply(move)
    assert r.to_act == "dealer" and r.cards("dealer")[-1].code == "7D"  # 11 drew by itself
    assert r.legal_actions() == ("hit", "stand", "open:you", "open:anna", "open:ben")
    r.apply("open:anna")  # 18 against 18: a push, settled now
    assert r.player("anna").result == "push" and not r.is_over
    r.apply("hit")  # 3S: 21 opens every remaining hand
    assert r.is_over
    assert {s.name: s.net for s in r.outcome().seats} == {"you": -200, "anna": 0, "ben": -100}
    turned = [e for e in r.events if isinstance(e, HandTurned) and e.seat == "dealer"]
    assert turned and turned[0].cards[:2] == tuple(r.cards("dealer")[:2])


@pytest.mark.rule("K14")
def test_k14_the_bankers_draws_are_face_up_and_it_stops_at_five_cards() -> None:
    r = start({"you": "TH 9H", "anna": "TS 9S", "ben": "TD 9D", "dealer": "2S 3S"}, "4S 2H 3H")
    drive(r, {"you": ["stand"], "anna": ["stand"], "ben": ["stand"]})
    draws = [e for e in r.events if isinstance(e, CardDealt) and e.reason == DrawReason.BANKER]
    assert len(draws) == 3 and all(e.face_up for e in draws)
    assert len(r.cards("dealer")) == 5


@pytest.mark.rule("K15")
def test_k15_banker_bust_pays_unopened_hands_and_collects_hidden_busts() -> None:
    out = replay(
        {"you": "TH 9H", "anna": "TD 4D", "ben": "7S 4S", "dealer": "TS 6S"},
        "8C TC KC",
        moves={"you": ["stand"], "dealer": ["hit"]},
    )
    assert out["bank"]["hand"] == "bust"
    assert [(s["result"], s["net"]) for s in out["seats"]] == [
        ("win", 100),
        ("lose", -50),  # a hidden bust loses 1 bet
        ("win", 100),  # a three-card 21 wins 2 to 1
    ]


@pytest.mark.rule("K15")
def test_k15_banker_five_dragon_collects_two_or_three_bets_bust_or_not() -> None:
    hands = {"you": "TH 9H", "anna": "TD 4D", "ben": "TS 9S", "dealer": "2S 3S"}
    out = replay(hands, "8C 4S 2H 3H", moves={"you": ["stand"], "ben": ["stand"]})
    assert out["bank"]["hand"] == "five-dragon" and out["bank"]["total"] == 14
    assert [s["net"] for s in out["seats"]] == [-200, -100, -100]
    out = replay(hands, "8C 4S 2H TH", moves={"you": ["stand"], "ben": ["stand"]})
    assert out["bank"]["total"] == 21
    assert [s["net"] for s in out["seats"]] == [-300, -150, -150]


@pytest.mark.rule("K15")
def test_k15_banker_five_card_bust_pays_two_to_one_bust_or_not() -> None:
    out = replay(
        {"you": "TH 9H", "anna": "TD 4D", "ben": "TS 9S", "dealer": "TC 2S"},
        "8C 2H AH KD",
        moves={"you": ["stand"], "ben": ["stand"]},
    )
    assert out["bank"]["hand"] == "bust" and len(out["bank"]["cards"]) == 5
    assert [s["net"] for s in out["seats"]] == [200, 100, 100]


@pytest.mark.rule("K16")
def test_k16_opening_against_a_plain_total() -> None:
    out = replay(
        {"you": "TH 9H", "anna": "TD 8D", "ben": "TS 7S", "dealer": "TC 8C"},
        moves={"you": ["stand"], "anna": ["stand"], "ben": ["stand"], "dealer": ["stand"]},
    )
    assert [(s["result"], s["net"]) for s in out["seats"]] == [
        ("win", 100),
        ("push", 0),
        ("lose", -50),
    ]


@pytest.mark.rule("K16")
def test_k16_opening_against_21_and_a_players_21() -> None:
    # The banker's 20 opens your three-card 21 (2 to 1), then draws to 21 (A: four cards).
    out = replay(
        {"you": "9H 5H", "anna": "TD 9D", "ben": "TS 7S", "dealer": "TC QC"},
        "7H 4D",
        moves={"ben": ["hit"], "anna": ["stand"], "dealer": ["open:you", "stand"]},
    )
    # you: 14 draws 7H: 21. ben: 17 hits 4D: 21. The banker stands on 20.
    assert [(s["result"], s["net"]) for s in out["seats"]] == [
        ("win", 200),
        ("lose", -50),
        ("win", 100),
    ]
    out = replay(
        {"you": "9H 8H", "anna": "TD 9D", "ben": "TS 7S", "dealer": "9C 5C"},
        "KC 7C",
        moves={"you": ["hit"], "anna": ["stand"], "ben": ["stand"]},
    )
    # you: 17 hits KC: a hidden bust. The banker's 14 draws 7C: 21 takes 2 bets from all.
    assert [(s["result"], s["net"]) for s in out["seats"]] == [
        ("lose", -200),
        ("lose", -100),
        ("lose", -100),
    ]


@pytest.mark.rule("K17")
def test_k17_views_show_own_cards_turned_hands_and_the_bankers_cards_from_its_turn() -> None:
    r = start({"you": "TS 5S", "anna": "AH KH", "ben": "TD 8D", "dealer": "TC 7C"}, "9C 6C")
    # anna's Ban-Luck was turned over; your 15 is yours alone; you burn it (shown).
    v = view_for(r, "ben")
    hands = {h.seat: h for h in v.players}
    assert hands["anna"].cards[0] is not None and hands["anna"].result == "win"
    assert hands["you"].cards == (None, None)
    assert v.bank.cards == (None, None) and v.legal_actions == ()
    assert view_for(r, "you").legal_actions == ("burn", "play")
    r.apply("burn")
    v = view_for(r, "ben")
    hands = {h.seat: h for h in v.players}
    assert [c.code for c in hands["you"].burnt] == ["TS", "5S"]
    assert hands["you"].cards == (None, None)
    assert view_for(r, "dealer").bank.cards == tuple(r.cards("dealer"))
    r.apply("stand")  # a fresh 15 is not burnt again (K19): hit or stand
    assert not any(
        isinstance(e, ActionTaken) and e.action in {"play", "hit", "stand"} and e.seat == "you"
        for e in view_for(r, "ben").events
    )
    drive(r, {"ben": ["stand"], "dealer": ["stand"]})
    v = view_for(r, "ben")
    assert all(c is not None for h in (*v.players, v.bank) for c in h.cards)


@pytest.mark.rule("K18")
def test_k18_seats_without_moves_are_played_by_the_bots_with_what_they_may_see() -> None:
    hands = {"you": "TS 6S", "anna": "TH 5H", "ben": "9D 4D", "dealer": "TC 7C"}
    data = {
        "preset": "kampung",
        "shoe": [*shoe_order(hands), *["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D"]],
        "seats": [
            {"name": "you", "bet": 100, "moves": ["stand"]},
            {"name": "anna"},
            {"name": "ben"},
            {"name": "dealer"},
        ],
    }
    out = replay_hand(data)
    assert sum(s["net"] for s in out["seats"]) + out["bank"]["net"] == 0
    r = start(hands, "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D")
    while r.to_act:
        d = r.decision()
        if isinstance(d, PlayerDecision):
            for other in d.others:
                assert other.cards is None or r.player(other.seat).turned
        else:
            for h in d.hands:
                assert h.cards is None or r.player(h.seat).turned
        r.apply(r.legal_actions()[-1])


@pytest.mark.rule("K19")
def test_k19_only_one_choice_asks_none() -> None:
    # A banker's burn that ben (stack 60) cannot double: he forfeits without being asked.
    r = start(
        {"you": "TS 8S", "anna": "TH 7H", "ben": "9D 9C", "dealer": "9S 6H"},
        "TC 7C",
        stacks={"ben": 60},
    )
    r.apply("burn")
    r.apply("double")
    r.apply("double")
    assert r.player("ben").result == "forfeit"
    assert not any(isinstance(e, ActionTaken) and e.seat == "ben" for e in r.events)
    # "Covers" is at most the stack the player began the hand with: 100 of 100 is asked.
    r = start(
        {"you": "TS 8S", "anna": "TH 7H", "ben": "9D 9C", "dealer": "9S 6H"},
        stacks={"ben": 100},
    )
    r.apply("burn")
    r.apply("double")
    r.apply("double")
    assert r.to_act == "ben" and r.legal_actions() == ("double", "forfeit")


@pytest.mark.rule("K20")
def test_k20_escaped_naturals_are_not_asked_to_double_and_stay_push() -> None:
    out = replay(
        {"you": "AD KD", "anna": "TH 7H", "ben": "9D 9C", "dealer": "9S 6H"},
        "8C 7D",
        moves={"anna": ["forfeit"], "ben": ["double"], "dealer": ["burn", "void"]},
    )
    assert [(s["result"], s["net"], s["bet"]) for s in out["seats"]] == [
        ("push", 0, 100),
        ("forfeit", -50, 50),
        ("void", 0, 100),
    ]


@pytest.mark.rule("K21")
def test_k21_no_banker_choice_when_every_player_had_a_natural() -> None:
    r = start({"you": "AD KD", "anna": "AH QH", "ben": "AS JS", "dealer": "9S 6H"})
    assert r.is_over and r.cards_used == 8
    assert all(s.result == "push" for s in r.outcome().seats)


@pytest.mark.rule("K21")
def test_k21_no_fresh_pair_when_every_player_forfeited_and_no_draw_when_none_is_left() -> None:
    r = start({"you": "TS 8S", "anna": "TH 7H", "ben": "9D 9C", "dealer": "9S 6H"}, "AS AH")
    for move in ["burn", "forfeit", "forfeit", "forfeit"]:
        r.apply(move)
    assert r.is_over and r.cards_used == 8 and r.outcome().bank.net == 200
    # Every player paid a natural: the banker's 5 draws nothing.
    r = start({"you": "AD KD", "anna": "AH QH", "ben": "AS JS", "dealer": "2S 3S"}, "TC")
    assert r.is_over and r.cards_used == 8


@pytest.mark.rule("K21")
def test_k21_the_bankers_turn_ends_once_every_hand_is_opened_but_a_777_waits() -> None:
    r = start({"you": "7S 7H", "anna": "TH 9H", "ben": "KH 8H", "dealer": "TS 8S"}, "7D 2C")
    r.apply("stand")
    r.apply("stand")
    r.apply("open:anna")
    r.apply("open:ben")
    assert r.to_act == "dealer" and r.legal_actions() == ("hit", "stand")
    r.apply("hit")  # 20
    r.apply("stand")
    assert r.is_over
    r = start({"you": "TS 9S", "anna": "TH 9H", "ben": "KH 8H", "dealer": "TD 8S"})
    for move in ["stand", "stand", "stand", "open:you", "open:anna", "open:ben"]:
        r.apply(move)
    assert r.is_over


@pytest.mark.rule("K22")
def test_k22_the_bankers_five_cards_are_k15_and_777_is_only_a_players_hand() -> None:
    hands = {"you": "TH 9H", "anna": "TS 9S", "ben": "TD 9D", "dealer": "2S 3S"}
    out = replay(hands, "4S 2H TH", moves={"you": ["stand"], "anna": ["stand"], "ben": ["stand"]})
    assert (out["bank"]["hand"], out["bank"]["total"]) == ("five-dragon", 21)
    assert [s["net"] for s in out["seats"]] == [-300, -150, -150]
    out = replay(
        {"you": "TH 9H", "anna": "TS 9S", "ben": "TD 8D", "dealer": "7S 7H"},
        "7D",
        moves={"you": ["stand"], "anna": ["stand"], "ben": ["stand"]},
    )
    assert (out["bank"]["hand"], out["bank"]["total"]) == ("plain", 21)
    assert [s["net"] for s in out["seats"]] == [-200, -100, -100]


@pytest.mark.rule("K23")
def test_k23_settlement_order_and_wins_not_paid_in_full() -> None:
    r = start(
        {"you": "7S 7H", "anna": "TH 9H", "ben": "KH 8H", "dealer": "TS 6S"},
        "7D KC",
        stacks={"dealer": 120},
    )
    drive(r, {"anna": ["stand"], "ben": ["stand"], "dealer": ["hit"]})
    # The banker busts: anna and ben are paid in seat order, then your 7-7-7 (2,100 due)
    # gets what is left, 20, and is still a win.
    assert settled_order(r) == ["anna", "ben", "you"]
    out = {s.name: s for s in r.outcome().seats}
    assert (out["you"].result, out["you"].net) == ("win", 20)
    assert r.outcome().bank.stack == 0
    assert isinstance(r.events[-1], RoundOver)


def test_apply_rejects_an_action_that_is_not_legal() -> None:
    r = start({"you": "TS 6S", "anna": "TH 9H", "ben": "TD 8D", "dealer": "TC 7C"})
    with pytest.raises(IllegalAction):
        r.apply("burn")
