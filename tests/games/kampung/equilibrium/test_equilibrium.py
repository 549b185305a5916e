"""K18: the model game's equilibrium (``equilibrium.nash``): both sides' exact best
answers gain nothing against the mixtures, every pure strategy in a mixture earns the same,
and the banker's recursion values a given strategy as it values its own best."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.games.kampung.bots.shipped import load
from banluck.games.kampung.equilibrium import dp
from banluck.games.kampung.equilibrium import kernel as kn
from banluck.games.kampung.equilibrium.double_oracle import maxmin
from banluck.games.kampung.equilibrium.model import solve_against
from banluck.games.kampung.equilibrium.nash import solved_equilibrium
from banluck.games.kampung.equilibrium.player import player_values
from banluck.games.kampung.rules import KAMPUNG, KampungRules

pytestmark = pytest.mark.slow

P = dp.shoe_probs(2)


def _ev(rules: KampungRules, others: object, banker: object, tables: object) -> float:
    ans = solve_against(rules, P, others, banker=banker)  # type: ignore[arg-type]
    return player_values(
        rules,
        dp.totals(rules),
        P,
        ans.w,
        ans.v777,
        ans.burn,
        fixed=tables,  # type: ignore[arg-type]
    ).ev


@pytest.mark.rule("K18")
@pytest.mark.parametrize(
    "rules",
    [
        KAMPUNG,
        dataclasses.replace(KAMPUNG, banker_must_draw_under=17),
        dataclasses.replace(KAMPUNG, busts_shown=True),
    ],
    ids=["kampung", "licence-17", "busts-shown"],
)
def test_neither_side_gains_by_deviating(rules: KampungRules) -> None:
    """NashConv (issue 19's target: 0.01 % of a bet) and the indifference that makes it:
    every table the players mix earns the value against the banker's mixture, and every
    strategy the banker mixes earns the bank the same against the players'."""
    e = solved_equilibrium(rules)
    assert e.converged
    assert -1e-12 <= e.player_gain <= 1e-9 and -1e-12 <= e.banker_gain <= 1e-9
    assert e.nash_conv <= 1e-4
    for side in (e.players, e.bankers):
        weights = [q for q, _ in side]
        assert all(q > 0 for q in weights) and sum(weights) == pytest.approx(1.0, abs=1e-12)
    # the banker's strategies agree on their 15s (what makes a player's best answer exact)
    assert all(np.array_equal(b.bank15, e.bankers[0][1].bank15) for _, b in e.bankers)
    others = e.players
    per_table = [sum(qb * _ev(rules, others, b, t) for qb, b in e.bankers) for _, t in e.players]
    per_banker = [sum(qt * _ev(rules, others, b, t) for qt, t in e.players) for _, b in e.bankers]
    assert per_table == pytest.approx([e.value] * len(per_table), abs=1e-9)
    assert per_banker == pytest.approx([e.value] * len(per_banker), abs=1e-9)


@pytest.mark.rule("K18")
def test_the_pure_solve_is_where_it_starts_and_the_value_lies_in_its_bracket() -> None:
    """The first growth values the shipped pure solve: its NashConv is the shipped best
    response's gain (the bank's is 0, its banker being the players' best answer), and the
    equilibrium's value lies between the pure pair's and what the best response gets."""
    e = solved_equilibrium(KAMPUNG)
    shipped = load()
    assert e.pure_nash_conv == pytest.approx(shipped.player_gap, abs=1e-12)
    assert e.pure_value < e.value < e.pure_value + shipped.player_gap
    assert len(e.players) > 1 and len(e.bankers) > 1  # no pure equilibrium (the 2-cycle)


@pytest.mark.rule("K14")
@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.lists(st.floats(0.0, 1.0), min_size=8, max_size=8), min_size=1, max_size=3),
    st.integers(0, 2**32 - 1),
)
def test_the_banker_recursion_values_a_given_strategy(posts: list[list[float]], seed: int) -> None:
    """With ``P_FIXED`` the recursion values the choices already in ``act``: its own best
    choices give its best values, and any other legal choices give no more, anywhere."""
    g = dp.payoffs(KAMPUNG)
    h = np.zeros((dp.MAX_HANDS, dp.N_EV))
    for i, post in enumerate(posts):
        q = np.array(post) + 1e-3
        h[i] = -(q / q.sum()) @ g
    n = len(posts)
    tot = dp.totals(KAMPUNG)
    v, act, r, f = dp.new_tables()
    kn.banker_dp(tot, P, h, n, 0.0, dp.params(KAMPUNG), v, act, r, f, False)
    fixed = dp.params(KAMPUNG)
    fixed[dp.P_FIXED] = 1.0
    v2, act2 = np.zeros_like(v), act.copy()
    kn.banker_dp(tot, P, h, n, 0.0, fixed, v2, act2, r, f, False)
    assert np.array_equal(v2, v) and np.array_equal(act2, act)
    # another strategy: at every choice, hit or stand at random
    rng = np.random.default_rng(seed)
    chosen = act >= dp.A_STAND
    other = act.copy()
    other[chosen] = rng.integers(dp.A_STAND, dp.A_HIT + 1, size=int(chosen.sum()))
    v3 = np.zeros_like(v)
    kn.banker_dp(tot, P, h, n, 0.0, fixed, v3, other, r, f, False)
    assert np.all(v3 <= v + 1e-12)
    # a two-card hard 17 told to stand opens every hand at 17
    full = (1 << n) - 1
    other[2, 17, 0, full] = dp.A_STAND
    kn.banker_dp(tot, P, h, n, 0.0, fixed, v3, other, r, f, False)
    assert v3[2, 17, 0, full] == pytest.approx(h[:n, 17 - dp.LOWEST_OPEN].sum(), abs=1e-12)


def test_a_matrix_game_by_linear_programming(capfd: pytest.CaptureFixture[str]) -> None:
    """Rock, paper, scissors, and a game with a dominated row; the solver writes nothing
    (``banluck odds --json`` prints its answer on the same stdout)."""
    x, value = maxmin(np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]))
    assert x == pytest.approx([1 / 3] * 3, abs=1e-9) and value == pytest.approx(0.0, abs=1e-12)
    x, value = maxmin(np.array([[3.0, 1.0], [1.0, 3.0], [0.0, 0.0]]))
    assert x == pytest.approx([0.5, 0.5, 0.0], abs=1e-9) and value == pytest.approx(2.0)
    assert capfd.readouterr() == ("", "")
