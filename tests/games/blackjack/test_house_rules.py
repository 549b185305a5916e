"""Blackjack houses (HOUSE_RULES.md, family ``blackjack``): the round plays each field as the
table says, the exact solver follows the house (its dealer against an independent brute
force, a soft 17 hit included), ``replay`` and ``odds`` take a house and refuse, in one
line, what the exact solve does not model."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from banluck.cli import main
from banluck.core.shoe import Shoe
from banluck.games.blackjack.bets import SeatEntry
from banluck.games.blackjack.hands import dealer_draws, points_total
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import CLASSIC, INFINITE, BlackjackRules
from banluck.games.blackjack.strategy.solver import dealer_table, solve, structure
from banluck.games.house import read_house
from banluck.replay import replay_hand


def rules_of(base: str, **fields: Any) -> BlackjackRules:
    record: BlackjackRules = read_house({"base": base, "rules": fields}).record()
    return record


def dealt(rules: BlackjackRules, shoe: list[str]) -> BlackjackRound:
    entries = [SeatEntry(name=n, stack=1000, bet=50, side_bets={}) for n in rules.seats]
    return BlackjackRound.start(rules, Shoe.stacked(shoe, decks=rules.decks), entries)


# classic deals seat by seat, one card each round: you, anna, ben, the dealer (up), twice
SOFT_17 = ["TS", "TD", "TC", "AS", "9D", "9C", "8C", "6H", "4C", "3C", "2C"]


@pytest.mark.rule("B7")
@pytest.mark.parametrize(("hits", "dealer"), [(False, ["AS", "6H"]), (True, ["AS", "6H", "4C"])])
def test_the_dealer_hits_a_soft_17_only_in_a_house_that_says_so(
    hits: bool, dealer: list[str]
) -> None:
    r = dealt(rules_of("classic", dealer_hits_soft_17=hits), SOFT_17)
    while r.to_act is not None:
        r.apply("stand")
    assert [c.code for c in r.dealer] == dealer


@pytest.mark.rule("I6")
@pytest.mark.parametrize(
    ("double", "total", "offered"),
    [
        ("any", 9, True),
        ("9-11", 9, True),
        ("10-11", 9, False),
        ("10-11", 10, True),
        ("none", 11, False),
    ],
)
def test_a_double_is_offered_on_the_totals_the_house_allows(
    double: str, total: int, offered: bool
) -> None:
    first = {9: ["5S", "4D"], 10: ["6S", "4D"], 11: ["7S", "4D"]}[total]
    shoe = [first[0], "TD", "TC", "9S", first[1], "9C", "8C", "8H", "2C", "3C", "2D"]
    r = dealt(rules_of("classic", double=double), shoe)
    assert r.to_act == "you"
    assert ("double" in r.legal_actions()) is offered


@pytest.mark.rule("C6")
def test_no_split_in_a_house_without_splits_and_a_resplit_where_there_are_three() -> None:
    pairs = ["8S", "TD", "TC", "9S", "8D", "9C", "8C", "7H", "8H", "3C", "2C", "4D", "5D", "6D"]
    r = dealt(rules_of("classic", splits=0), pairs)
    assert "split" not in r.legal_actions()
    r = dealt(rules_of("classic", splits=3), pairs)
    r.apply("split")
    assert "split" in r.legal_actions()  # 8 and 8 again: a second split


@pytest.mark.rule("B6")
def test_six_to_five_pays_whole_chips_rounded_down() -> None:
    data = {
        "house": {"base": "classic", "rules": {"blackjack_pays": "6:5"}},
        "shoe": ["AS", "TD", "TC", "9S", "KD", "9C", "8C", "7H", "2C", "3C"],
        "seats": [
            {"name": "you", "stack": 1000, "bet": 15, "moves": []},
            {"name": "anna"},
            {"name": "ben"},
        ],
    }
    out = replay_hand(data)
    you = next(s for s in out["seats"] if s["name"] == "you")
    assert you["net"] == 18  # 6:5 of 15
    assert out["house"]["rules"]["blackjack_pays"] == "6:5"


@pytest.mark.rule("C3")
def test_without_a_peek_a_dealer_blackjack_takes_a_double_in_full() -> None:
    # infinite deals the common row: shared, up, shared, hole; you double 11 against an ace
    house = {"base": "infinite", "rules": {"peek": False, "insurance": False}}
    shoe = ["7S", "AH", "4D", "KH", "9C", "2C", "3C", "2D", "3D", "2H", "3H"]
    data: dict[str, Any] = {
        "house": house,
        "shoe": shoe,
        "seats": [
            {"name": "you", "stack": 1000, "bet": 100, "moves": ["double"]},
            {"name": "anna", "moves": ["stand"]},
            {"name": "ben", "moves": ["stand"]},
        ],
    }
    out = replay_hand(data)
    you = next(s for s in out["seats"] if s["name"] == "you")
    assert you["net"] == -200
    with_peek = {**data, "house": {"base": "infinite", "rules": {"insurance": False}}}
    with_peek["seats"] = [{**s, "moves": []} for s in data["seats"]]  # nobody plays: peeked
    peeked = next(s for s in replay_hand(with_peek)["seats"] if s["name"] == "you")
    assert peeked["net"] == -100


def _brute_dealer(shoe: tuple[int, ...], up: int, hits_soft_17: bool) -> list[float]:
    """P(no dealer blackjack and the dealer ends on 17..21 / busts), the hole card dealt from
    ``shoe`` and the dealer drawing by the engine's own B7 (``hands.dealer_draws``)."""

    @cache
    def go(left: tuple[int, ...], points: int, aces: int, cards: int) -> tuple[float, ...]:
        total, soft = points_total(points, aces)
        if cards == 2 and total == 21:
            return (0.0,) * 6  # a blackjack: not counted (the peek)
        if total > 21:
            return (0.0,) * 5 + (1.0,)
        if not dealer_draws(total, 17, soft, hits_soft_17):
            return (*(float(total == t) for t in range(17, 22)), 0.0)
        n = sum(left)
        out = [0.0] * 6
        for r in range(10):
            if left[r]:
                rest = (*left[:r], left[r] - 1, *left[r + 1 :])
                sub = go(rest, points + r + 1, aces + (r == 0), cards + 1)
                for i in range(6):
                    out[i] += left[r] / n * sub[i]
        return tuple(out)

    rest = (*shoe[:up], shoe[up] - 1, *shoe[up + 1 :])
    return list(go(rest, up + 1, int(up == 0), 1))


TINY = (3, 2, 2, 2, 3, 2, 2, 2, 2, 8)  # 28 cards: A, 2..9, ten-value


@pytest.mark.rule("B7")
@pytest.mark.parametrize("hits", [False, True])
@pytest.mark.parametrize("up", [0, 5, 9])
def test_the_solvers_dealer_is_the_engines_on_a_tiny_shoe(hits: bool, up: int) -> None:
    table = dealer_table(TINY, 17, hits)
    removals = structure().removals  # the seat's cards, e.g. a 6 and a 7
    i = next(k for k, row in enumerate(removals) if row[5] == 1 and row[6] == 1 and sum(row) == 2)
    left = tuple(int(n - m) for n, m in zip(TINY, removals[i], strict=True))
    want = _brute_dealer(left, up, hits)
    assert list(table[i, up, :]) == pytest.approx(want, abs=1e-12)


def test_a_soft_17_hit_and_a_restricted_double_cost_the_player() -> None:
    base = solve(CLASSIC).house_edge
    assert solve(rules_of("classic", dealer_hits_soft_17=True)).house_edge > base
    infinite = solve(INFINITE).house_edge
    assert solve(rules_of("infinite", double="10-11")).house_edge > infinite


def test_odds_take_a_blackjack_house_without_a_peek_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["odds", "--preset", "classic", "--rule", "dealer_hits_soft_17=true", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    want = solve(rules_of("classic", dealer_hits_soft_17=True)).house_edge
    assert out["house"]["rules"]["dealer_hits_soft_17"] is True
    assert out["house_edge"] == pytest.approx(want, abs=1e-15)
    assert main(["odds", "--preset", "classic", "--rule", "peek=false", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["house"]["rules"]["peek"] is False
    want = solve(rules_of("classic", peek=False)).house_edge
    assert out["house_edge"] == pytest.approx(want, abs=1e-15)


@pytest.mark.rule("C6")
@pytest.mark.rule("I6")
def test_a_house_that_splits_nothing_is_solved_exactly() -> None:
    """splits=0: a pair is played by its total, its values those of a brute force on a tiny
    shoe; no split is valued, the edge rises and the chart has no pair rows."""
    from banluck.games.blackjack.strategy.chart import build_chart
    from banluck.games.blackjack.strategy.solver import solve_shoe
    from tests.games.blackjack.strategy import brute
    from tests.games.blackjack.strategy.test_solver import TINY

    rules = rules_of("infinite", splits=0)
    sol = solve_shoe(rules, TINY)
    for up, pair in ((5, 7), (9, 0), (0, 2)):  # 8,8 against a 6; A,A against a ten; 3,3 / A
        counts = tuple(2 * int(r == pair) for r in range(10))
        left = list(TINY)
        left[pair] -= 2
        left[up] -= 1
        points, aces = 2 * (pair + 1), 2 * int(pair == 0)
        evs = sol.actions(counts, up)
        assert "split" not in evs
        shoe = tuple(left)
        total, _ = points_total(points, aces)
        assert evs["stand"] == pytest.approx(brute.stand_ev(shoe, up, total), abs=1e-12)
        assert evs["hit"] == pytest.approx(brute.hit_ev(shoe, up, points, aces), abs=1e-12)
        assert evs["double"] == pytest.approx(brute.double_ev(shoe, up, points, aces), abs=1e-12)
    full = solve(rules)
    assert full.house_edge > solve(INFINITE).house_edge
    assert full.extra["split"] == 0.0
    rows = build_chart(full).rows
    assert not any(r.startswith("pair") for r in rows) and "hard 4" in rows and "soft 12" in rows
