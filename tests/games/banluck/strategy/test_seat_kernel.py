"""The seat's recursion in the compiled kernel: its choice is the rules' tie-break, one hand
solved alone equals the same hand in the whole table, and the dealer's graph is the same
for houses that deal alike. (Its values against the engine: ``tests/houses/test_house_brute``
and ``test_exact``.)"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
from hypothesis import given, settings

from banluck.games.banluck.actions import Action
from banluck.games.banluck.choices import seat_choices
from banluck.games.banluck.grids import N_OUTCOMES
from banluck.games.banluck.rules import preset
from banluck.games.banluck.strategy.dealer_graph import dealer_graph
from banluck.games.banluck.strategy.native import HIT, STAND, THROW, kernels
from banluck.games.banluck.strategy.solver import Solver, solve
from banluck.games.banluck.strategy.tally import I_DRAGON, I_DRAGON21, NETS
from banluck.games.banluck.strategy.ties import CALM_ORDER, best_choice
from banluck.games.house import House
from tests.houses.strategies import houses


@settings(max_examples=8, deadline=None)
@given(houses(("table", "one-on-one")))
def test_every_choice_is_the_rules_tie_break_and_alone_as_in_the_whole_table(
    house: House,
) -> None:
    rules = house.record()
    sol = solve(rules)
    assert sol.hands
    for hv in sol.hands.values():
        assert hv.best is best_choice(hv.ev, seat_choices(rules, hv.total, hv.cards))
    alone = Solver(rules)
    for up, counts in itertools.islice(sol.hands, 0, None, 37):
        assert alone.value_at(counts, up) == sol.hands[(up, counts)]


def test_houses_that_deal_alike_share_one_graph() -> None:
    base = preset("table")
    paid_more = dataclasses.replace(base, ban_ban_multiple=base.ban_ban_multiple + 1)
    assert dealer_graph(paid_more, None) is dealer_graph(base, None)
    stands_on_17 = dataclasses.replace(base, dealer_stands_on=17)
    assert dealer_graph(stands_on_17, None) is not dealer_graph(base, None)
    assert len(dealer_graph(stands_on_17, None).counts) > len(dealer_graph(base, None).counts)


def _tie(calm: np.ndarray) -> int:
    """The kernel's choice for a hand whose standing and hitting are both worth exactly 0
    (every dealer outcome a push, no card left to draw)."""
    m, n_stats = 3, NETS + 7
    best = np.full(1, -1, dtype=np.int64)
    outcomes = np.zeros((1, N_OUTCOMES))
    outcomes[0, 17] = 1.0
    assert (
        kernels().seat_values(
            np.zeros(10, dtype=np.int64),
            np.zeros((1, 10), dtype=np.int64),
            np.full((1, 10), -1, dtype=np.int64),
            np.array([2]),
            np.array([17]),
            np.array([(1 << STAND) | (1 << HIT)]),
            outcomes,
            np.ones(1),
            np.zeros((1, N_OUTCOMES), dtype=np.int64),
            np.zeros(1, dtype=np.int64),
            np.zeros((7, n_stats)),
            calm,
            np.full(1, -1, dtype=np.int64),
            np.array([NETS, m, I_DRAGON, I_DRAGON21, 5]),
            np.zeros((1, n_stats)),
            np.zeros((1, 3)),
            best,
        )
        == 0
    )
    return int(best[0])


def test_equal_values_go_to_the_calmer_choice_as_ties_says() -> None:
    codes = {Action.STAND: STAND, Action.HIT: HIT, Action.THROW: THROW}
    calm = np.array([codes[a] for a in CALM_ORDER], dtype=np.int64)
    assert _tie(calm) == codes[best_choice({Action.STAND: 0.0, Action.HIT: 0.0}, CALM_ORDER[::2])]
    assert _tie(calm[::-1].copy()) == HIT
