"""The solver against independent computations (B7, C3, I5, I6, I11)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from banluck.draws import kernel as k
from banluck.games.blackjack.hands import points_total
from banluck.games.blackjack.rules import CLASSIC, INFINITE
from banluck.games.blackjack.strategy.dealer_graph import BUST, dealer_graph
from banluck.games.blackjack.strategy.solver import (
    shoe_counts,
    solve,
    solve_shoe,
    structure,
)
from tests.games.blackjack.strategy import brute

#: Published dealer outcome probabilities, infinite deck, stand on soft 17, no peek
#: (17, 18, 19, 20, 21, bust; a blackjack counted apart), e.g. the Wizard of Odds tables.
PUBLISHED = {
    5: (0.1654, 0.1063, 0.1063, 0.1017, 0.0972, 0.4232),  # up 6
    9: (0.1114, 0.1114, 0.1114, 0.3422, 0.0345, 0.2121),  # up ten
    0: (0.1308, 0.1308, 0.1308, 0.1308, 0.0539, 0.1153),  # up ace
}


def _dealer(shoe: tuple[int, ...], up: int, *, peek: bool) -> npt.NDArray[np.float64]:
    g = dealer_graph(up, 17, peek=peek)
    arr = np.array(shoe, dtype=np.int64)
    out = np.zeros((1, 7))
    k.graph_outcomes(
        arr,
        np.zeros((1, 10), dtype=np.int64),
        up,
        g.counts,
        g.size,
        g.child,
        g.next_out,
        out,
        np.zeros((0, 0)),
        BUST,
    )
    row: npt.NDArray[np.float64] = out[0]
    return row


@pytest.mark.rule("B7")
@pytest.mark.parametrize("up", sorted(PUBLISHED))
def test_dealer_probabilities_match_published_infinite_deck_values(up: int) -> None:
    out = _dealer(shoe_counts(2000), up, peek=False)
    assert out[:6] == pytest.approx(PUBLISHED[up], abs=6e-4)
    assert out.sum() == pytest.approx(1.0, abs=1e-12)


@pytest.mark.rule("B7")
def test_eight_deck_dealer_bust_against_six_is_close_to_infinite_deck() -> None:
    out = _dealer(shoe_counts(8), 5, peek=False)
    assert out[5] == pytest.approx(0.4232, abs=2e-3)


@pytest.mark.rule("C3")
@pytest.mark.rule("I5")
@pytest.mark.parametrize("up", [0, 9])
def test_the_peek_removes_exactly_the_dealer_blackjacks(up: int) -> None:
    shoe = shoe_counts(8)
    full = _dealer(shoe, up, peek=False)
    peeked = _dealer(shoe, up, peek=True)
    left = sum(shoe) - 1
    p_bj = (shoe[9] if up == 0 else shoe[0]) / left
    assert full[6] == pytest.approx(p_bj, rel=1e-12)
    assert peeked.sum() == pytest.approx(1 - p_bj, rel=1e-12)


TINY = (3, 2, 2, 2, 3, 2, 2, 2, 2, 8)  # 28 cards: A, 2..9, ten-value


@pytest.mark.rule("B8")
@pytest.mark.rule("C3")
@pytest.mark.rule("I5")
@pytest.mark.parametrize("peek", [True, False])
@pytest.mark.parametrize("up", [0, 4, 9])
@pytest.mark.parametrize("hand", [(9, 5), (9, 1), (0, 5), (3, 6), (1, 2)])
def test_every_ev_agrees_with_a_brute_force_on_a_tiny_shoe(
    peek: bool, up: int, hand: tuple[int, int]
) -> None:
    """With a peek every value is given no dealer blackjack; without one (a house's ``peek``
    false) nothing is conditioned and a dealer blackjack takes the hand's whole bet, a
    double's too."""
    sol = solve_shoe(INFINITE.replace(dealer_peeks=peek), TINY)
    counts = tuple(hand.count(r) for r in range(10))
    left = list(TINY)
    for r in (*hand, up):
        left[r] -= 1
    shoe = tuple(left)
    points = sum(r + 1 for r in hand)
    aces = hand.count(0)
    total, _ = points_total(points, aces)
    evs = sol.actions(counts, up)
    assert evs["stand"] == pytest.approx(brute.stand_ev(shoe, up, total, peek), abs=1e-12)
    assert evs["hit"] == pytest.approx(brute.hit_ev(shoe, up, points, aces, peek), abs=1e-12)
    double = brute.double_ev(shoe, up, points, aces, peek)
    assert evs["double"] == pytest.approx(double, abs=1e-12)
    if not peek and up in (0, 9):  # a blackjack is possible: it costs the unpeeked hand more
        peeked = solve_shoe(INFINITE, TINY).actions(counts, up)
        assert evs["double"] < peeked["double"]


@pytest.mark.rule("I6")
@pytest.mark.parametrize("peek", [True, False])
@pytest.mark.parametrize("up", [0, 5, 9])
@pytest.mark.parametrize("pair", [7, 1])
def test_a_split_hand_agrees_with_the_brute_force(peek: bool, up: int, pair: int) -> None:
    """One split hand (C6 / I6): the pair card, a second card from the shoe less both pair
    cards and the up card, then best play with a double after the split; without a peek a
    dealer blackjack takes the hand and its double."""
    sol = solve_shoe(INFINITE.replace(dealer_peeks=peek), TINY)
    left = list(TINY)
    for r in (pair, pair, up):
        left[r] -= 1
    shoe = tuple(left)
    one = 0.0
    for c, p in brute.next_card(shoe, up, peek).items():
        after = brute._take(shoe, c)
        points, aces = pair + 1 + c + 1, (pair == 0) + (c == 0)
        best = brute.best_ev(after, up, points, aces, peek)
        if points_total(points, aces)[0] < 21:
            best = max(best, brute.double_ev(after, up, points, aces, peek))
        one += p * best
    assert sol.split_value(pair, up) == pytest.approx(2 * one, abs=1e-12)


def test_a_three_card_hand_agrees_with_the_brute_force() -> None:
    sol = solve_shoe(CLASSIC, TINY)
    up, hand = 9, (1, 3, 6)  # 2, 4, 7 = 13 against a ten
    counts = tuple(hand.count(r) for r in range(10))
    left = list(TINY)
    for r in (*hand, up):
        left[r] -= 1
    evs = sol.actions(counts, up)
    assert evs["hit"] == pytest.approx(brute.hit_ev(tuple(left), up, 13, 0), abs=1e-12)
    assert evs["stand"] == pytest.approx(brute.stand_ev(tuple(left), up, 13), abs=1e-12)


@pytest.mark.rule("I11")
def test_infinite_edge_is_near_the_seed_and_published_figures() -> None:
    """I11: 002 states 99.46 %; 8 decks, S17, DAS, no resplit: published edges 0.4-0.55 %."""
    sol = solve(INFINITE)
    assert 0.004 < sol.house_edge < 0.0055
    assert sol.rtp == pytest.approx(1 - sol.house_edge)
    assert 1.1 < sol.std < 1.2


@pytest.mark.rule("C5")
def test_classic_without_doubling_costs_the_player() -> None:
    classic = solve(CLASSIC)
    with_double = solve(CLASSIC.replace(double=True))
    assert classic.extra["double"] == 0.0
    assert 0.01 < with_double.player_ev - classic.player_ev < 0.02


@pytest.mark.rule("I6")
def test_surrender_only_against_two_to_nine_is_worth_less_than_against_all() -> None:
    base = solve(INFINITE).player_ev
    none = solve(INFINITE.replace(surrender_against=frozenset())).player_ev
    every = solve(INFINITE.replace(surrender_against=frozenset(range(1, 11)))).player_ev
    assert none < base < every


@pytest.mark.rule("B6")
def test_blackjack_frequencies_are_exact() -> None:
    sol = solve(INFINITE)
    n = 416
    p_bj = 2 * (32 / n) * (128 / (n - 1))
    assert sol.extra["seat_blackjack"] == pytest.approx(p_bj, rel=1e-12)
    assert sol.extra["dealer_blackjack"] == pytest.approx(p_bj, rel=1e-12)


def test_figures_match_between_runs() -> None:
    first = solve_shoe.__wrapped__(INFINITE, shoe_counts(8))
    second = solve_shoe.__wrapped__(INFINITE, shoe_counts(8))
    assert first.player_ev == second.player_ev
    assert first.std == second.std
    assert first.initial == second.initial


def test_structure_covers_every_hand_of_21_or_less() -> None:
    st = structure()
    assert len(st.regular.keys) == 3072
    assert all(sum(c) >= 2 for c in st.regular.keys)
