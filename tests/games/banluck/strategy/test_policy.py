"""The shipped tables, the solved policy, the hint, and the commands (issue 4)."""

from __future__ import annotations

import dataclasses
import json
import random
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path

import pytest

from banluck.cli import main
from banluck.core.cards import ONE_DECK, Card, parse_cards, rank_class
from banluck.core.seating import BOT_BET
from banluck.core.shoe import Shoe
from banluck.games.banluck.actions import Action
from banluck.games.banluck.hands import class_natural
from banluck.games.banluck.records import SeatEntry
from banluck.games.banluck.round import Round
from banluck.games.banluck.rules import Rules, preset
from banluck.games.banluck.strategy import policy_for
from banluck.games.banluck.strategy.hint import Hint, hint_for
from banluck.games.banluck.strategy.solver import solve
from banluck.games.banluck.strategy.tables import (
    SolvedOnDemand,
    StrategyTable,
    data_name,
    strategy_table,
    table_data,
)

PRESETS = [("table", 2), ("table", 1), ("one-on-one", 1)]


@pytest.mark.parametrize(("name", "decks"), PRESETS)
def test_fresh_solve_reproduces_the_shipped_table(name: str, decks: int) -> None:
    """``python -m banluck.games.banluck.strategy.generate`` output is what a fresh solve gives."""
    rules = preset(name, decks)
    path = resources.files("banluck.games.banluck.strategy").joinpath("data", data_name(rules))
    shipped = json.loads(path.read_text(encoding="utf-8"))
    fresh = json.loads(json.dumps(table_data(rules)))
    assert shipped["hands"].keys() == fresh["hands"].keys()
    for key, row in fresh["hands"].items():
        old = shipped["hands"][key]
        assert old[0] == row[0], key  # the best choice, exactly
        assert old[1:] == pytest.approx(row[1:], abs=1e-9), key
    assert shipped["summary"]["house_edge"] == pytest.approx(
        fresh["summary"]["house_edge"], abs=1e-12
    )
    assert shipped["summary"]["frequencies"] == pytest.approx(
        fresh["summary"]["frequencies"], abs=1e-12
    )


@pytest.mark.rule("T23")
@pytest.mark.parametrize(("name", "decks"), PRESETS)
def test_policy_plays_legal_solved_choices_in_real_rounds(name: str, decks: int) -> None:
    """Every seat (Anna and Ben too) gets a legal choice, the solver's best, in 300 hands."""
    rules = preset(name, decks)
    policy = policy_for(rules)
    sol = solve(rules)
    rng = random.Random(4)
    choices = 0
    for _ in range(300):
        seats = [SeatEntry(s, 10**6, 10 if s == "you" else BOT_BET) for s in rules.seats]
        r = Round.start(rules, Shoe(decks, rng), seats)
        while r.to_act is not None:
            point = r.decision_point()
            action = policy(point)
            assert action in point.legal
            assert action is sol.best_for(point.cards, point.dealer_up)
            r.apply(action)
            choices += 1
    assert choices > 200


#: Houses with no shipped table (H: five-card busts costing 3, the dealer playing its 15)
HOUSES = [
    dataclasses.replace(preset("one-on-one"), five_card_bust_multiple=3),
    dataclasses.replace(preset("table", 1), dealer_voids_15=False, seven_seven_seven=7),
]


@pytest.mark.parametrize("rules", HOUSES, ids=["one-on-one", "table"])
def test_a_house_solved_hand_by_hand_answers_as_its_whole_table(rules: Rules) -> None:
    """A house's strategy is solved as its hands are asked (``SolvedOnDemand``), every
    answer the whole table's: the best choice and each value, to the shipped digits; a hand
    no seat decides is refused alike."""
    lazy = strategy_table(rules)
    assert isinstance(lazy, SolvedOnDemand)
    whole = StrategyTable(table_data(rules))
    rng = random.Random(11)
    cards = list(ONE_DECK * rules.decks)
    asked = 0
    for _ in range(400):
        hand = rng.sample(cards, rng.choice((2, 2, 3, 4)))
        if class_natural(rank_class(hand[0]), rank_class(hand[1])) is not None:
            continue  # a natural is paid at once: no hand grows from it
        up = rng.choice(cards) if rules.dealer_up_card else None
        try:
            expected = whole.entry(hand, up)
        except KeyError:
            with pytest.raises(KeyError, match="no solved hand"):
                lazy.entry(hand, up)
            continue
        assert lazy.entry(hand, up) == expected, (hand, up)
        asked += 1
    assert asked > 200
    assert lazy.data["summary"] == whole.data["summary"]


def test_policy_is_cached_and_loaded_from_package_data() -> None:
    rules = preset("table", 2)
    assert strategy_table(rules) is strategy_table(rules)
    assert "summary" in strategy_table(rules).data


@pytest.mark.rule("T16")
def test_hint_free_hand_values_throw_at_zero() -> None:
    rules = preset("table", 2)
    legal = frozenset({Action.THROW, Action.HIT})
    hint = hint_for(rules, parse_cards(["9S", "6H"]), None, legal)
    assert isinstance(hint, Hint)
    assert set(hint.ev) == legal
    assert hint.ev[Action.THROW] == 0.0
    assert hint.best is max(hint.ev, key=lambda a: hint.ev[a])


def test_hint_one_on_one_uses_the_up_card() -> None:
    rules = preset("one-on-one")
    legal = frozenset({Action.HIT, Action.STAND})
    cards = parse_cards(["TS", "6H"])
    weak = hint_for(rules, cards, parse_cards(["6C"])[0], legal)
    strong = hint_for(rules, cards, parse_cards(["TC"])[0], legal)
    assert weak.ev[Action.STAND] > strong.ev[Action.STAND]
    assert set(weak.ev) == legal
    # a hint values only the legal choices and picks the best of them
    only_hit = hint_for(rules, cards, parse_cards(["6C"])[0], [Action.HIT])
    assert only_hit.best is Action.HIT and set(only_hit.ev) == {Action.HIT}


def test_hint_agrees_with_solution_for_every_table_hand() -> None:
    rules = preset("table", 1)
    sol = solve(rules)
    for hv in sol.hands.values():
        ranks = [r for r, c in zip("A23456789T", hv.counts, strict=True) for _ in range(c)]
        suits = iter("SHDC" * 3)
        cards = parse_cards([r + next(suits) for r in ranks])
        legal = frozenset(a for a in hv.ev if a is not Action.STAND or hv.total >= 16)
        if Action.THROW in hv.ev:
            legal = frozenset({Action.THROW, Action.HIT})
        hint = hint_for(rules, cards, None, legal)
        assert hint.best is hv.best
        for a in legal:
            assert hint.ev[a] == pytest.approx(hv.ev[a], abs=1e-9)


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--preset", "table", "--decks", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["frequencies"]) == {
        "ban-ban",
        "ban-luck",
        "five-dragon",
        "dealer-natural",
        "void",
    }
    assert data["house_edge"] == pytest.approx(-data["player_ev"])
    assert data["house_edge"] == pytest.approx(solve(preset("table", 2)).house_edge)
    assert data["std"] > 1.0
    assert "fresh shoe" in data["model"]


def test_odds_rejects_a_bad_deck_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--preset", "one-on-one", "--decks", "2"]) == 2
    assert "one-on-one" in capsys.readouterr().err


def test_strategy_chart_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "chart.png"
    assert main(["strategy", "--preset", "table", "--decks", "2", "--png", str(png)]) == 0
    out = capsys.readouterr().out
    assert "15 (free hand)" in out and "3 cards soft" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_strategy_chart_one_on_one_by_up_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--preset", "one-on-one"]) == 0
    out = capsys.readouterr().out
    assert "up card" in out and "4 cards 17" in out


def test_a_house_solved_hand_by_hand_answers_many_threads_at_once() -> None:
    """The web server asks one house's strategy from several threads at once (two players
    of one house, each with a Hint): every answer is still the whole table's."""
    rules = dataclasses.replace(preset("one-on-one"), five_card_bust_multiple=4)
    whole = StrategyTable(table_data(rules))
    lazy = SolvedOnDemand(rules)
    cards = list(ONE_DECK)
    asks: list[tuple[list[Card], Card]] = []
    rng = random.Random(5)
    while len(asks) < 240:
        hand = rng.sample(cards, 2)
        if class_natural(rank_class(hand[0]), rank_class(hand[1])) is None:
            asks.append((hand, rng.choice([c for c in cards if c not in hand])))
    with ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(lambda ask: lazy.entry(*ask), asks))
    assert got == [whole.entry(*ask) for ask in asks]
