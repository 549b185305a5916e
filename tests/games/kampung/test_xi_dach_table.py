"""Xì Dách at the table (XI_DACH.md): the game's own named house played through kampung's
driver, what each seat sees while the banker opens hands (X17, X21), and its solo table's
shoe made for every hand (X13's ``shuffle_every_hand``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from banluck.games.driver import HandDriver, HandStart
from banluck.games.drivers import driver_for, house_base, own_house
from tests.web.games_helpers import act, api, deal, game_client

# K5: anna, ben, dealer, then you (the banker), twice; then small cards for any draw.
# anna 9C 8C (17), ben TC 7D (17), dealer TD 9D (19), you TS 6S (16)
BANKER_16 = ("9C", "TC", "TD", "TS", "8C", "7D", "9D", "6S", "2C", "2D", "2H", "2S", "3C")


def _hand(cards: tuple[str, ...], banker: str) -> HandDriver:
    driver = driver_for("xi-dach", decks=1)
    seats = driver.layout
    start = HandStart(
        number=1,
        seed=0,
        shoe=driver.stacked_shoe(cards),
        seats=seats,
        people=("you",),
        stacks=dict.fromkeys(seats, 1000),
        bets={} if banker == "you" else {"you": 100},
        banker=banker,
    )
    return driver.begin(start)


def _bots(hand: HandDriver) -> Any:
    return lambda seat: None if seat == "you" else hand.bot_choice()


def _seat(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(p for p in [*view["players"], view["bank"]] if p["seat"] == seat)


@pytest.mark.rule("X13")
def test_xi_dach_is_kampung_under_its_named_house() -> None:
    own = own_house("xi-dach")
    assert own is not None and own.name == "Xì Dách" and house_base("xi-dach") == "kampung"
    rules = driver_for("xi-dach", decks=2).rules
    assert rules == own.record().with_bank("house")  # the house's one deck, not the 2 asked
    assert own_house("kampung") is None


@pytest.mark.rule("X21")
@pytest.mark.slow
def test_the_bankers_cards_stay_face_down_while_it_opens_and_turn_over_at_its_end() -> None:
    hand = _hand(BANKER_16, banker="you")
    hand.play_until(_bots(hand))
    assert hand.to_act() == "you" and "open:anna" in hand.legal()
    anna = hand.view("anna")
    assert _seat(anna, "you")["cards"] == [None, None]  # the banker's 16, face down
    hand.apply("open:anna")
    hand.play_until(_bots(hand))
    anna = hand.view("anna")
    mine = _seat(anna, "anna")
    assert mine["result"] == "win" and mine["net"] == 100 // 2  # a bot bets 50: 17 beats 16
    assert _seat(anna, "you")["cards"] == [None, None]  # still face down (X21)
    ben = _seat(hand.view("ben"), "anna")
    assert ben["cards"] == ["9C", "8C"] and ben["result"] == "win"  # opened: shown at once
    assert _seat(hand.view("ben"), "dealer")["cards"] == [None, None]  # not opened yet
    assert not any(
        e.get("card") in ("TS", "6S") for e in hand.view("anna")["events"] if e["seat"] == "you"
    )
    hand.apply("stand")
    hand.play_until(_bots(hand))
    assert hand.over
    assert _seat(hand.view("anna"), "you")["cards"] == ["TS", "6S"]


@pytest.mark.rule("X17")
def test_a_non_hand_looks_like_any_other_until_it_is_opened() -> None:
    # you A 4 (15) against the dealer: you stand on 15, non; the others see two cards
    cards = ("AS", "9C", "TC", "TD", "4H", "8C", "7D", "8D", "2C", "2D", "3C", "3D")
    hand = _hand(cards, banker="dealer")
    hand.play_until(_bots(hand))
    assert hand.legal() == ("hit", "stand")
    hand.apply("stand")
    mine = _seat(hand.view("you"), "you")
    assert mine["kind"] == "non" and mine["total"] == 15  # you know what you did
    for other in ("anna", "ben", "dealer", None):
        seen = _seat(hand.view(other), "you")
        assert seen["cards"] == [None, None] and seen["kind"] is None and seen["total"] is None
    hand.play_until(_bots(hand))
    assert hand.over
    seen = _seat(hand.view("anna"), "you")
    assert seen["kind"] == "non" and seen["result"] == "penalty" and seen["net"] <= -100


@pytest.mark.rule("X13")
def test_the_solo_table_deals_every_hand_from_a_shoe_made_for_it(tmp_path: Path) -> None:
    """``shuffle_every_hand``: each hand's shoe is made between hands, committed, and dealt
    as made (never shuffled again inside the hand with a fixed seed)."""
    c = game_client(tmp_path / "db.sqlite3", seed=5)
    rng = random.Random(5)
    firsts = set()
    for _ in range(6):
        state = deal(c, "xi-dach", bet=20)
        firsts.add(tuple(state["table"]["players"][0]["cards"]))
        while not state["table"]["over"]:
            state = act(c, "xi-dach", state, rng.choice(state["table"]["legal"]))
    assert len(firsts) >= 5
    fair = c.get(api("xi-dach", "fair.json")).json()
    assert len(fair["shoes"]) >= 6  # a committed shoe for every hand


@pytest.mark.rule("X9")
def test_the_hint_prices_a_non_stand_at_its_bet_and_nobody_absent_stands_non() -> None:
    # you 9H 4C (13) against the dealer's 18: standing is non
    cards = ("9H", "TC", "TD", "TS", "4C", "9C", "8D", "8S", "2C", "3C", "2D", "3D")
    hand = _hand(cards, banker="dealer")
    hand.play_until(_bots(hand))
    assert hand.legal() == ("hit", "stand")
    hint = hand.hint("you")
    assert hint.ev["stand"] == -100.0  # X9: at best the bet (the model would price a 13)
    assert hint.best == "hit" and hint.ev["hit"] > -100.0
    assert hand.auto_choice() == "hit"  # X7: the timer never makes a hand non
    hand.apply("hit")  # 2C: 15, still under the licence
    assert hand.auto_choice() == "hit"
