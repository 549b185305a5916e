"""BLACKJACK.md B1–B14, the rules both games share: one test (or more) per rule id."""

from __future__ import annotations

from typing import Any

import pytest

from banluck.core.cards import parse_cards
from banluck.core.errors import BadBet, IllegalAction, ReplayError
from banluck.core.money import WagerSettled
from banluck.games.blackjack.decisions import Decision
from banluck.games.blackjack.events import DealerPeeked, HandTurnedOver
from banluck.games.blackjack.hands import is_blackjack, total_and_soft
from banluck.games.blackjack.replay import replay_hand
from banluck.games.blackjack.rules import CLASSIC, INFINITE
from banluck.games.blackjack.table import BlackjackTable
from banluck.games.blackjack.views import view_for
from tests.games.blackjack.helpers import hand_input, replay, seat, start

STAND = {"moves": ["stand"]}


@pytest.mark.rule("B1")
def test_b1_totals_aces_one_or_eleven() -> None:
    def t(*codes: str) -> tuple[int, bool]:
        return total_and_soft(parse_cards(codes))

    assert t("AS", "6H") == (17, True)
    assert t("AS", "6H", "9C") == (16, False)
    assert t("AS", "AH", "9C") == (21, True)
    assert t("AS", "AH", "AD", "AC") == (14, True)
    assert t("KS", "QH", "2C") == (22, False)
    # in a replay too: A + 6 + A is a soft 18 that stands
    out = replay(
        "classic",
        ["AS", "9H", "9C", "TD", "6S", "9S", "9D", "7D", "AH"],
        you={"moves": ["hit", "stand"]},
        anna=STAND,
        ben=STAND,
    )
    assert seat(out, "you")["hands"][0]["total"] == 18


@pytest.mark.rule("B2")
def test_b2_blackjack_is_two_first_cards_not_from_a_split() -> None:
    assert is_blackjack(parse_cards(["AS", "QH"]))
    assert not is_blackjack(parse_cards(["AS", "QH"]), from_split=True)
    assert not is_blackjack(parse_cards(["AS", "5H", "5C"]))
    # classic: you split A-A and draw a K and a Q: two plain 21s paid 1 to 1
    out = replay(
        "classic",
        ["AS", "5H", "5C", "9D", "AH", "6H", "6C", "8D", "KS", "QS"],
        you={"moves": ["split"]},
        anna=STAND,
        ben=STAND,
    )
    hands = seat(out, "you")["hands"]
    assert [h["hand"] for h in hands] == ["plain", "plain"]
    assert [h["net"] for h in hands] == [100, 100]


@pytest.mark.rule("B3")
def test_b3_bust_loses_at_once_and_is_turned_over() -> None:
    r = start("classic", ["TS", "9H", "9C", "6D", "6S", "9S", "9D", "TD", "KC", "9C"])
    events = r.apply("hit")
    assert isinstance(events[-2], HandTurnedOver) and events[-2].hand is not None
    settled = events[-1]
    assert isinstance(settled, WagerSettled) and settled.result == "lose" and settled.net == -100
    r.apply("stand")
    r.apply("stand")
    out = r.outcome()
    assert out.dealer_total > 21  # the dealer busts too, the bust seat has lost all the same
    assert out.seats[0].net == -100 and out.seats[1].net == 50


@pytest.mark.rule("B4")
def test_b4_a_hand_at_21_stands_by_itself() -> None:
    r = start("classic", ["5S", "9H", "9C", "6D", "6S", "9S", "9D", "TD", "TC"])
    assert r.to_act == "you"
    r.apply("hit")  # 5 + 6 + 10 = 21: no more choice for you
    assert r.to_act == "anna"
    with pytest.raises(ReplayError, match="left over"):
        replay(
            "classic",
            ["5S", "9H", "9C", "6D", "6S", "9S", "9D", "TD", "TC"],
            you={"moves": ["hit", "stand"]},
            anna=STAND,
            ben=STAND,
        )


@pytest.mark.rule("B5")
def test_b5_bets_and_fresh_stacks() -> None:
    shoe = ["TS", "9H", "9C", "6D", "7S", "9S", "9D", "TD", "2C"]
    for bet, stack in ((9, 1000), (501, 1000), (200, 150)):
        with pytest.raises(BadBet):
            start("classic", shoe, bets=(bet, 50, 50), stacks=(stack, 1000, 1000))
    with pytest.raises(BadBet, match="anna"):
        start("classic", shoe, bets=(100, 40, 50))
    # T9: a stack below the minimum (10 for you, 50 for the bots) is a fresh 1,000
    out = replay(
        "classic",
        shoe,
        you={"stack": 9, "bet": 500, "moves": ["stand"]},
        anna={"stack": 49, "moves": ["stand"]},
        ben={"stack": 50, "moves": ["stand"]},
    )
    assert [s["stack"] - s["net"] for s in out["seats"]] == [1000, 1000, 50]


@pytest.mark.rule("B6")
def test_b6_blackjack_pays_3_to_2_rounded_down() -> None:
    out = replay(
        "classic",
        ["AS", "9H", "9C", "6D", "KH", "9S", "9D", "TD", "2C"],
        you={"bet": 15, "moves": []},
        anna=STAND,
        ben=STAND,
    )
    assert seat(out, "you")["hands"][0]["net"] == 22
    # a push returns the bet, a win pays 1 to 1 (dealer 18: anna 18 pushes, ben 18 too)
    out = replay(
        "classic",
        ["TS", "9H", "9C", "8D", "9S", "9S", "9D", "TD", "2C"],
        you={"moves": ["stand"]},
        anna=STAND,
        ben=STAND,
    )
    assert [s["net"] for s in out["seats"]] == [100, 0, 0]


@pytest.mark.rule("B7")
def test_b7_dealer_draws_to_17_and_stands_on_soft_17() -> None:
    out = replay(
        "classic",
        ["TS", "9H", "9C", "6D", "7S", "9S", "9D", "AC", "5C"],
        you=STAND,
        anna=STAND,
        ben=STAND,
    )
    assert out["dealer"]["cards"] == ["6D", "AC"] and out["dealer"]["total"] == 17
    out = replay(
        "classic",
        ["TS", "9H", "9C", "6D", "7S", "9S", "9D", "TD", "AC", "5C"],
        you=STAND,
        anna=STAND,
        ben=STAND,
    )
    assert out["dealer"]["cards"] == ["6D", "TD", "AC"]  # 16 draws; hard 17 stands


@pytest.mark.rule("B8")
def test_b8_settling() -> None:
    # dealer 7 4 K = 21: your blackjack beats it, anna's 20 loses, ben's 3-card 21 pushes
    out = replay(
        "classic",
        ["AS", "TH", "5C", "7D", "KS", "QH", "6C", "4D", "TC", "KD"],
        you={"moves": []},
        anna=STAND,
        ben={"moves": ["hit"]},
    )
    assert [s["hands"][0]["result"] for s in out["seats"]] == ["win", "lose", "push"]
    assert seat(out, "you")["net"] == 150
    # a dealer bust pays every hand still standing; a bust hand has already lost
    out = replay(
        "classic",
        ["TS", "9H", "9C", "6D", "6S", "9S", "9D", "TD", "KC", "9C"],
        you={"moves": ["hit"]},
        anna=STAND,
        ben=STAND,
    )
    assert [s["net"] for s in out["seats"]] == [-100, 50, 50]


@pytest.mark.rule("B9")
def test_b9_what_a_seat_sees() -> None:
    r = start("classic", ["TS", "9H", "8C", "6D", "7S", "QH", "9C", "TD", "5S", "4S"])
    v = view_for(r, "you")
    assert v.dealer == (r.up_card, None) and v.dealer_total is None
    assert v.seats[0].hands[0].cards == tuple(parse_cards(["TS", "7S"]))
    assert v.seats[1].hands[0].cards == (None, None) and v.seats[1].hands[0].total is None
    assert view_for(r, "anna").seats[0].hands[0].cards == (None, None)
    for _ in range(3):
        r.apply("stand")
    v = view_for(r, "you")
    assert None not in v.dealer and v.seats[1].hands[0].cards == tuple(parse_cards(["9H", "QH"]))
    # infinite: every seat card is face up; the hole card stays hidden until turned
    r = start("infinite", ["TS", "6D", "7S", "TD", "5S", "4S"])
    v = view_for(r, "anna")
    assert v.seats[0].hands[0].cards == tuple(parse_cards(["TS", "7S"]))
    assert v.dealer[1] is None


@pytest.mark.rule("B10")
def test_b10_bots_play_the_strategy_and_never_insure() -> None:
    seen: list[Decision] = []

    def policy(d: Decision) -> str:
        seen.append(d)
        return "stand"

    data = hand_input("infinite", ["TS", "6D", "7S", "TD", "5S", "4S"], you={"moves": ["stand"]})
    out = replay_hand(data, policy)
    assert [d.seat for d in seen] == ["anna", "ben"]
    assert all(d.legal >= {"hit", "stand"} for d in seen)
    assert [s["hands"][0]["total"] for s in out["seats"]] == [17, 17, 17]
    # at a table the bots decline insurance and choose only legal actions
    t = BlackjackTable(INFINITE, bot_policy=lambda d: "stand")
    r = start("infinite", ["TS", "AD", "7S", "6D", "5S", "4S"])
    assert r.phase == "insurance" and r.to_act == "you"
    r.apply("decline")
    t.play_bots(r)
    assert all(r.seat_state(s).insurance == 0 for s in ("anna", "ben"))


@pytest.mark.rule("B11")
def test_b11_stack_covers_every_chip_put_down() -> None:
    # classic: a split the stack cannot cover is played by I7 (8-8 = 16: stand; 5-5: hit)
    out = replay(
        "classic",
        ["8S", "9H", "9C", "7D", "8H", "9S", "9D", "TD", "2C"],
        you={"stack": 150, "moves": ["split"]},
        anna=STAND,
        ben=STAND,
    )
    hands = seat(out, "you")["hands"]
    assert len(hands) == 1 and hands[0]["cards"] == ["8S", "8H"]
    out = replay(
        "classic",
        ["5S", "9H", "9C", "7D", "5H", "9S", "9D", "TD", "2C"],
        you={"stack": 150, "moves": ["split", "stand"]},
        anna=STAND,
        ben=STAND,
    )
    assert seat(out, "you")["hands"][0]["cards"] == ["5S", "5H", "2C"]
    # a seat bet plus side bets above the stack, or insurance above it, is refused
    with pytest.raises(BadBet, match="above the stack"):
        start(
            "infinite",
            ["TS"] * 6,
            bets=(100, 50, 50),
            stacks=(105, 1000, 1000),
            side_bets=({"pairs": 10}, {}, {}),
        )
    with pytest.raises(ReplayError, match="insurance of 50 is above"):
        replay(
            "infinite",
            ["TS", "AD", "7S", "6D", "5S"],
            you={"stack": 140, "bet": 100, "insurance": True, "moves": ["stand"]},
        )


@pytest.mark.rule("B12")
def test_b12_surrender_only_as_the_first_choice() -> None:
    r = start("infinite", ["TS", "6D", "3S", "TD", "2S", "4S", "5S", "6S", "7S"])
    assert "surrender" in r.legal_actions()
    r.apply("hit")
    assert "surrender" not in r.legal_actions()
    # split hands never surrender
    r = start("infinite", ["8S", "6D", "8H", "TD", "2S", "4S", "5S", "6S", "7S"])
    r.apply("split")
    assert "surrender" not in r.legal_actions()
    with pytest.raises(IllegalAction):
        r.apply("surrender")


@pytest.mark.rule("B13")
def test_b13_bot_bets_and_insurance_needs_a_bet() -> None:
    shoe = ["TS", "AD", "7S", "6D", "5S", "4S", "3S", "2S"]
    out = replay(
        "infinite",
        shoe,
        you={"moves": ["stand"]},
        anna={"bet": 0, "side_bets": {"bust": 5}, "moves": []},
        ben=STAND,
    )
    assert seat(out, "anna")["hands"] == []
    with pytest.raises(BadBet, match="needs at least one side bet"):
        replay("infinite", shoe, you={"moves": ["stand"]}, anna={"bet": 0}, ben=STAND)
    with pytest.raises(BadBet, match="not allowed in 'classic'"):
        replay("classic", shoe, you={"moves": ["stand"]}, anna={"bet": 0}, ben=STAND)
    with pytest.raises(ReplayError, match="needs a seat bet"):
        replay("infinite", shoe, you={"bet": 0, "side_bets": {"pairs": 1}, "insurance": True})
    with pytest.raises(ReplayError, match="side bets are not played"):
        replay("classic", shoe, you={"side_bets": {"pairs": 1}})
    out = replay(
        "classic",
        ["TS", "9H", "9C", "6D", "7S", "9S", "9D", "AC"],
        you={"side_bets": None, "moves": ["stand"]},
        anna=STAND,
        ben=STAND,
    )
    assert seat(out, "you")["side_bets"] == {} and seat(out, "you")["insurance"] is None


@pytest.mark.rule("B14")
def test_b14_auto_in_both_games_never_doubles() -> None:
    out = replay(
        "classic",
        ["5S", "9H", "9C", "7D", "6S", "9S", "9D", "TD", "2C", "TC"],
        you={"moves": ["auto"]},
        anna=STAND,
        ben=STAND,
    )
    assert seat(out, "you")["hands"][0]["cards"] == ["5S", "6S", "2C"]  # 11: hit; 13: stand
    out = replay(
        "infinite",
        ["5S", "9D", "6S", "TD", "TC", "2C"],
        you={"moves": ["auto"]},
        anna={"moves": ["auto"]},
        ben={"moves": ["auto"]},
    )
    assert all(not s["hands"][0]["doubled"] for s in out["seats"])
    assert seat(out, "you")["hands"][0]["cards"] == ["5S", "6S", "TC"]


def _peeked(r: Any) -> bool:
    return any(isinstance(e, DealerPeeked) for e in r.events)


def test_classic_has_no_insurance_fields_left_over() -> None:
    assert not CLASSIC.insurance and not CLASSIC.double


@pytest.mark.rule("B11")
def test_b11_the_view_offers_only_what_the_stack_covers() -> None:
    from banluck.games.blackjack.views import view_json

    r = start("infinite", ["5S", "6D", "5H", "TD", "2S"], stacks=(150, 1000, 1000))
    v = view_for(r, "you")
    assert "double" in v.legal and "split" in v.legal
    assert v.offered == v.legal - {"double", "split"}
    assert view_json(v)["offered"] == ["hit", "stand", "surrender"]
    assert view_for(r, "anna").legal == frozenset()


@pytest.mark.rule("B9")
def test_b9_no_hidden_card_reaches_the_json_view() -> None:
    import json

    from banluck.games.blackjack.views import view_json

    # you 2S 6S, anna 3H 7H, ben 4D 8D, up 5C, hole KC
    r = start("classic", ["2S", "3H", "4D", "5C", "6S", "7H", "8D", "KC", "9S", "9H"])
    text = json.dumps(view_json(view_for(r, "you")))
    assert "2S" in text and "6S" in text and "5C" in text
    for hidden in ("3H", "7H", "4D", "8D", "KC"):
        assert hidden not in text
