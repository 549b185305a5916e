"""The value of each rule (I6, C5, C6, I11) and the best play being best."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.games.blackjack.rules import CLASSIC, INFINITE
from banluck.games.blackjack.strategy.rulevalues import chart_edge, rule_values
from banluck.games.blackjack.strategy.solver import (
    Counts,
    evaluate,
    resplit_counts,
    shoe_counts,
    solve,
    ten_pair_same_rank,
)


@pytest.mark.rule("I6")
def test_split_aces_one_card_costs_the_player() -> None:
    one = solve(INFINITE).house_edge
    hit = solve(INFINITE.replace(split_aces_one_card=False, double_after_split=False))
    assert hit.house_edge < one


@pytest.mark.rule("I6")
def test_resplitting_helps_and_aces_help_more() -> None:
    base = solve(INFINITE).house_edge
    four = INFINITE.replace(max_splits=3)
    no_aces = evaluate(four, shoe_counts(8)).house_edge
    aces = evaluate(four, shoe_counts(8), resplit_aces=True).house_edge
    assert aces < no_aces < base
    assert 0.0002 < base - no_aces < 0.001  # published: about 0.05 %


def test_resplit_counts_add_up() -> None:
    for p in (0.0, 0.1, 0.3):
        other, stuck = resplit_counts(p, 2)
        assert other + stuck == pytest.approx(2.0)
        other4, stuck4 = resplit_counts(p, 4)
        assert other4 + stuck4 >= 2.0
        assert stuck4 <= stuck + 1e-12
    assert resplit_counts(0.0, 4) == (2.0, 0.0)


@pytest.mark.rule("C6")
def test_classic_ten_pairs_split_by_rank_change_nothing() -> None:
    """C6: J+Q is no pair in classic; splitting tens never pays, so it costs nothing."""
    assert solve(CLASSIC.replace(split_by_value=True)).player_ev == pytest.approx(
        solve(CLASSIC).player_ev, abs=1e-15
    )
    assert ten_pair_same_rank(2, 4) == pytest.approx(7 / 31)


def test_the_printed_chart_is_worth_a_little_less_than_composition_play() -> None:
    for rules in (INFINITE, CLASSIC):
        best = solve(rules).house_edge
        assert best < chart_edge(rules) < best + 0.0005


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1))
@pytest.mark.slow
def test_no_fixed_strategy_beats_the_solved_one(seed: int) -> None:
    """Any strategy the solver can value is worth at most its best play."""
    import random

    rng = random.Random(seed)
    choice: dict[tuple[int, Counts, int], str | None] = {}

    def play(pair: int, counts: Counts, up: int) -> str | None:
        key = (pair, counts, up)
        if key not in choice:
            choice[key] = rng.choice(["hit", "stand", None, None])
        return choice[key]

    fixed = evaluate(CLASSIC, shoe_counts(2), strategy=play)
    assert fixed.player_ev <= solve(CLASSIC).player_ev + 1e-12


@pytest.mark.rule("I11")
def test_every_rule_value_has_the_expected_sign() -> None:
    values = {v.label: v.delta for v in rule_values(INFINITE)}
    assert values["no surrender"] > 0
    assert values["surrender against any up card (ace and ten too)"] < 0
    assert values["no double after split"] > 0
    assert values["no doubling at all (classic's C5)"] > 0.01
    assert values["6 deck(s)"] < 0
    assert values["split by rank only"] == pytest.approx(0.0, abs=1e-12)
