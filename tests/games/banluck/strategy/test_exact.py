"""The exact solver against an independent enumeration by the rules engine (issue 4)."""

from __future__ import annotations

import pytest

from banluck.core.cards import class_counts, parse_cards, rank_class
from banluck.games.banluck.actions import Action
from banluck.games.banluck.records import DecisionPoint
from banluck.games.banluck.rules import preset
from banluck.games.banluck.strategy.solver import SeatHand, solve
from tests.games.banluck.strategy.engine_enum import enumerate_ev

CASES = [
    # preset, decks, seat cards (dealt, then forced draws), up card, first choice
    ("table", 1, ["6S", "TH"], None, Action.STAND),  # T17: the dealer's play-out
    ("table", 1, ["9S", "7H"], None, Action.HIT),  # the posterior after a draw
    ("table", 1, ["7S", "8H"], None, Action.THROW),  # T16: a free hand thrown in
    ("table", 1, ["AS", "2H", "4C"], None, Action.STAND),  # T2: three cards, the ace 10
    ("table", 1, ["2S", "3H", "4C", "9D"], None, Action.HIT),  # T16: five-card bust costs 2
    ("table", 1, ["2S", "3H", "4C", "7D"], None, Action.STAND),  # T18: dealer five dragon
    ("table", 2, ["9S", "8H"], None, Action.HIT),  # two decks: two of a card
    ("one-on-one", 1, ["6S", "TH"], "TC", Action.STAND),  # O5, O8: no natural, draw to 17
    ("one-on-one", 1, ["9S", "8H"], "TC", Action.HIT),
    ("one-on-one", 1, ["2S", "3H", "4C", "9D"], "5C", Action.HIT),  # O6, O7
]


@pytest.mark.rule("T17")
@pytest.mark.parametrize(("name", "decks", "seat", "up", "first"), CASES)
def test_solver_matches_engine_enumeration(
    name: str, decks: int, seat: list[str], up: str | None, first: Action
) -> None:
    """The EV of a choice, then the solved play, equals an exhaustive engine enumeration."""
    rules = preset(name, decks)
    sol = solve(rules)

    def policy(point: DecisionPoint) -> Action:
        return sol.best_for(point.cards, point.dealer_up)

    mass, ev = enumerate_ev(rules, seat, up, first, policy)
    cards = parse_cards(seat)
    up_rank = rank_class(parse_cards([up])[0]) if up else None
    value = sol.value(class_counts(cards), up_rank)
    assert mass > 0.5
    assert value.ev[first] == pytest.approx(ev, abs=1e-10)


def _stand_at_16(hv: SeatHand) -> Action | None:
    """A simple strategy: play on every free hand, stand at 16 or more."""
    if hv.total >= 16:
        return Action.STAND
    return Action.HIT


@pytest.mark.slow
def test_override_evaluates_another_strategy_exactly() -> None:
    """``solve(rules, override)`` values a fixed strategy; checked against the engine, and
    never better than the best strategy."""
    rules = preset("table", 1)
    fixed = solve(rules, _stand_at_16)
    best = solve(rules)
    assert fixed.player_ev < best.player_ev

    def policy(point: DecisionPoint) -> Action:
        return Action.STAND if point.total >= 16 else Action.HIT

    _mass, ev = enumerate_ev(rules, ["9S", "7H"], None, Action.HIT, policy)
    value = fixed.value(class_counts(parse_cards(["9S", "7H"])))
    assert value.best is Action.STAND
    assert value.ev[Action.HIT] == pytest.approx(ev, abs=1e-10)
    for hv in fixed.hands.values():
        assert hv.best is (Action.STAND if hv.total >= 16 else Action.HIT)
