"""The exact odds, the chart and the simulator follow the house (HOUSE_RULES.md H9): the
solver's value of a choice under a house equals an exhaustive enumeration by the rules
engine playing that house, the simulated edge of a few houses agrees with the exact one
within its interval, and the commands take ``--house`` and ``--rule``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banluck.cli import main
from banluck.core.cards import class_counts, parse_cards, rank_class
from banluck.games.banluck.actions import Action
from banluck.games.banluck.records import DecisionPoint
from banluck.games.banluck.strategy.solver import solve
from banluck.games.house import read_house
from banluck.games.named_houses import NAMED, named_house
from tests.games.banluck.strategy.engine_enum import enumerate_ev

pytestmark = pytest.mark.slow

HIT = Action.HIT

CASES: list[tuple[str, dict[str, Any], list[str], str | None, Action]] = [
    # base, the house's fields, seat cards (dealt, then forced draws), up card, first choice
    ("table", {"decks": 1, "equal_totals": "banker"}, ["9S", "8H"], None, Action.STAND),
    (
        "table",
        {"decks": 1, "five_against_five": "push"},
        ["2S", "3H", "4C", "7D"],
        None,
        Action.HIT,
    ),
    ("table", {"decks": 1, "dealer_15": "play"}, ["9S", "8H"], None, Action.STAND),
    ("table", {"decks": 1, "seat_must_draw_under": 15}, ["7S", "8H"], None, Action.STAND),
    (
        "table",
        {"decks": 1, "dealer_stands_on": 17, "dealer_draws_16_with_four": False},
        ["TS", "7H"],
        None,
        Action.STAND,
    ),
    ("table", {"decks": 1, "dealer_five_cards": "plain"}, ["TS", "7H"], None, Action.STAND),
    ("table", {"decks": 1, "five_dragon": 4}, ["2S", "3H", "4C", "7D"], None, Action.HIT),
    ("table", {"decks": 1, "five_card_bust": 1}, ["2S", "3H", "4C", "9D"], None, Action.HIT),
    (
        "table",
        {"decks": 1, "seven_seven_seven": 7, "seat_must_draw_under": 14},
        ["7S", "7H"],
        None,
        Action.HIT,
    ),
    ("table", {"decks": 1, "ace_three_cards": [1, 10, 11]}, ["AS", "2H", "4C"], None, Action.STAND),
    ("one-on-one", {"five_dragon": 3}, ["2S", "3H", "4C", "9D"], "5C", Action.HIT),
]


@pytest.mark.rule("H9")
@pytest.mark.parametrize(("base", "fields", "seat", "up", "first"), CASES)
def test_the_solver_plays_the_house_as_the_engine_does(
    base: str, fields: dict[str, Any], seat: list[str], up: str | None, first: Action
) -> None:
    rules = read_house({"base": base, "rules": fields}).record()
    sol = solve(rules)

    def policy(point: DecisionPoint) -> Action:
        return sol.best_for(point.cards, point.dealer_up)

    mass, ev = enumerate_ev(rules, seat, up, first, policy)
    up_rank = rank_class(parse_cards([up])[0]) if up else None
    value = sol.value(class_counts(parse_cards(seat)), up_rank)
    assert mass > 0.5
    assert value.ev[first] == pytest.approx(ev, abs=1e-10)


@pytest.mark.rule("H5")
def test_a_seven_seven_seven_lowers_the_edge_by_what_it_pays() -> None:
    plain = solve(read_house({"base": "table"}).record()).house_edge
    sevens = [solve(named_house("lucky-sevens").record()).house_edge]
    sevens.append(
        solve(read_house({"base": "table", "rules": {"seven_seven_seven": 21}}).record()).house_edge
    )
    assert plain > sevens[0] > sevens[1]


@pytest.mark.rule("H9")
@pytest.mark.parametrize(
    ("base", "rules"),
    [
        ("table", {"dealer_15": "play"}),
        ("table", {"equal_totals": "banker", "five_card_bust": 1}),
        ("table", {"ban_luck": 4}),
        ("table", {"seven_seven_seven": 7, "five_card_bust": 1}),
        ("one-on-one", {"seven_seven_seven": 21}),
        ("infinite", {"dealer_hits_soft_17": True, "double": "10-11", "decks": 6}),
        ("classic", {"dealer_hits_soft_17": True, "double": "any", "surrender": "late"}),
        ("classic", {"splits": 0, "double": "any"}),
        ("infinite", {"blackjack_pays": "6:5", "decks": 6}),
        # no peek: a dealer blackjack also takes doubles and split hands (solved exactly)
        ("infinite", {"peek": False, "decks": 2}),
        ("classic", {"peek": False, "double": "any", "double_after_split": True}),
    ],
)
def test_the_simulated_edge_of_a_house_agrees_with_the_exact_one(
    base: str, rules: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    changes = [f"--rule={k}={json.dumps(v)}" for k, v in rules.items()]
    argv = ["odds", "--preset", base, *changes, "--json"]
    assert main(argv) == 0
    exact = json.loads(capsys.readouterr().out)
    assert exact["house"]["rules"] | rules == exact["house"]["rules"]
    sim = ["simulate", "--fresh-shoe", "--hands", "1500000", "--seed", "7", "--no-progress"]
    assert main([*sim, *argv[1:]]) == 0
    got = json.loads(capsys.readouterr().out)
    assert abs(got["house_edge"] - exact["house_edge"]) <= got["ci95"] * 1.2, (got, exact)


def test_the_commands_take_a_house_file_a_named_house_and_refuse_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "grandma.json"
    path.write_text(
        json.dumps({"base": "one-on-one", "name": "Grandma", "rules": {"five_dragon": 3}})
    )
    assert main(["odds", "--house", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["preset"] == "one-on-one" and out["house"]["name"] == "Grandma"
    assert main(["strategy", "--house", "dealer-17"]) == 0
    capsys.readouterr()
    for argv, says in (
        (["odds", "--rule", "five_card_bust=9"], "'five_card_bust' is 9, allowed 1 to 3"),
        (["odds", "--house", "nosuch"], "neither a file nor a named house"),
        (["odds", "--preset", "classic", "--rule", "peek=maybe"], "'peek'"),
        (["odds", "--preset", "table", "--house", str(path)], "not the house's base"),
        (["odds", "--preset", "kampung", "--rule", "banker_must_draw_under=13"], "allowed 14"),
        (["strategy", "--preset", "kampung"], "Kampung has no exact strategy"),
    ):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert says in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.rule("H10")
def test_every_named_house_is_valid_and_says_where_it_comes_from() -> None:
    assert len(NAMED) >= 5
    for name, named in NAMED.items():
        house = named_house(name)
        assert house.name and named.source
        assert house.record() != read_house({"base": house.base}).record(), name
