"""One tie-break for equal EVs (issue 7): the solver, the hint and the tables all use it."""

from __future__ import annotations

from banluck.core.cards import parse_cards
from banluck.games.banluck.actions import Action
from banluck.games.banluck.records import DecisionPoint
from banluck.games.banluck.rules import preset
from banluck.games.banluck.strategy.hint import hint_for
from banluck.games.banluck.strategy.solver import solve
from banluck.games.banluck.strategy.tables import StrategyTable, strategy_table
from banluck.games.banluck.strategy.ties import CALM_ORDER, best_choice

H, S, T = Action.HIT, Action.STAND, Action.THROW


def test_equal_evs_go_to_the_calmer_choice() -> None:
    assert CALM_ORDER == (S, T, H)
    assert best_choice({H: 0.5, S: 0.5, T: 0.5}, [H, S, T]) is S
    assert best_choice({H: 0.0, T: 0.0}, [T, H]) is T
    assert best_choice({H: 0.1, T: 0.0}, [T, H]) is H
    assert best_choice({S: 1.0}, [H]) is H  # a legal choice without a value still counts


def test_table_policy_falls_back_on_the_same_tie_break() -> None:
    """Where the stored best is not legal, the policy takes ``best_choice`` of the legal ones."""
    table = StrategyTable(
        {"format": 1, "hands": {"9T": ["s", 0.25, 0.25]}}  # hit and stand of equal EV
    )
    cards = parse_cards(["9S", "TH"])
    point = DecisionPoint("you", cards, 19, frozenset({H, S}), None)
    assert table.policy(point) is S
    only_hit = DecisionPoint("you", cards, 19, frozenset({H}), None)
    assert table.policy(only_hit) is H


def test_hint_solver_and_table_agree_on_every_hand() -> None:
    rules = preset("table", 2)
    sol = solve(rules)
    table = strategy_table(rules)
    for hv in list(sol.hands.values())[::9]:
        ranks = [r for r, c in zip("A23456789T", hv.counts, strict=True) for _ in range(c)]
        suits = iter("SHDC" * 3)
        cards = parse_cards([r + next(suits) for r in ranks])
        legal = {H, T} if T in hv.ev else ({H, S} if hv.total >= 16 else {H})
        point = DecisionPoint("you", cards, hv.total, frozenset(legal), None)
        assert hint_for(rules, cards, None, legal).best is hv.best is table.policy(point)
