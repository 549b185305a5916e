"""K13–K16 / K18: the banker's recursion against a plain recursion, the settlement table, and
the shipped solve against a fresh one."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.games.banluck.hands import total_from
from banluck.games.kampung.bots.shipped import data_path, load, solved_data
from banluck.games.kampung.bots.tables import simple_player
from banluck.games.kampung.equilibrium import dp
from banluck.games.kampung.equilibrium import kernel as kn
from banluck.games.kampung.equilibrium.model import solve
from banluck.games.kampung.equilibrium.player import BankBurn, player_values
from banluck.games.kampung.rules import KAMPUNG
from banluck.games.named_houses import named_house

Array = np.ndarray[Any, np.dtype[np.float64]]
P = dp.shoe_probs(2)
G = dp.payoffs(KAMPUNG)


def plain_value(start: tuple[int, ...], h: Array, w7: float, must: int = 16) -> float:
    """K14–K16 read literally, one card list at a time (no tables shared with equilibrium.dp; the
    events are named by ``equilibrium.dp``'s constants): ``must``, the banker's licence (H19)."""
    n = h.shape[0]

    def opened(t: int) -> int:
        return t - dp.LOWEST_OPEN

    def total(cards: tuple[int, ...]) -> int:
        aces = sum(1 for c in cards if c == 0)
        base = sum(c + 1 for c in cards if c != 0)
        return total_from(base, aces, KAMPUNG.totals.ace_values(len(cards)))

    @cache
    def value(cards: tuple[int, ...], unopened: frozenset[int]) -> float:
        t = total(cards)
        seven = 0.0 if t == 21 else -21.0 * w7
        if len(cards) == 5:  # K15: five cards
            e = dp.E_FIVE_BUST if t > 21 else (dp.E_DRAGON_21 if t == 21 else dp.E_DRAGON)
            return float(sum(h[i, e] for i in unopened)) + seven
        if t > 21:  # K15: a bust with two to four cards
            return float(sum(h[i, dp.E_BUST] for i in unopened)) + seven
        if not unopened and w7 == 0:
            return 0.0
        if t == 21:
            return float(sum(h[i, opened(21)] for i in unopened))
        hit = sum(P[k] * value(tuple(sorted((*cards, k))), unopened) for k in range(10))
        if t < must:
            return float(hit)
        options = [hit, sum(h[i, opened(t)] for i in unopened) + seven]
        options += [h[i, opened(t)] + value(cards, unopened - {i}) for i in unopened]
        return float(max(options))

    return value(tuple(sorted(start)), frozenset(range(n)))


@pytest.mark.rule("K14")
@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(0, 9), min_size=2, max_size=2),
    st.lists(st.lists(st.floats(0.0, 1.0), min_size=8, max_size=8), min_size=0, max_size=3),
    st.sampled_from([0.0, 0.0, 1.0]),
    st.sampled_from([16, 16, 14, 15, 18]),
)
def test_banker_recursion_matches_a_plain_one(
    start: list[int], posts: list[list[float]], w7: float, must: int
) -> None:
    """At kampung's licence of 16 and at a house's (H19: 14 to 18)."""
    rules = dataclasses.replace(KAMPUNG, banker_must_draw_under=must)
    g = dp.payoffs(rules)
    rows = []
    for post in posts:
        q = np.array(post) + 1e-3
        rows.append(-(q / q.sum()) @ g)
    h = np.zeros((dp.MAX_HANDS, dp.N_EV))
    for i, row in enumerate(rows):
        h[i] = row
    c, base, aces = dp.state_of(start)
    if dp.totals(KAMPUNG)[c, base, aces] == 21:
        return  # a natural never reaches K14
    v, act, r, f = dp.new_tables()
    kn.banker_dp(dp.totals(rules), P, h, len(rows), w7, dp.params(rules), v, act, r, f, False)
    got = v[c, base, aces, (1 << len(rows)) - 1]
    assert got == pytest.approx(plain_value(tuple(start), h[: len(rows)], w7, must), abs=1e-9)


@pytest.mark.rule("K16")
def test_opening_settles_by_the_totals() -> None:
    def o(total: int) -> int:
        return total - 15

    def b(total: int) -> int:
        return total - dp.LOWEST_OPEN

    assert G[o(18), b(17)] == 1  # a higher total wins 1 to 1
    assert G[o(21), b(20)] == 2  # 2 to 1 when it is 21
    assert G[o(18), b(18)] == 0  # equal totals push
    assert G[o(17), b(18)] == -1  # a lower total loses 1 bet
    assert G[o(20), b(21)] == -2  # 2 when the banker has 21
    assert G[dp.O_BUST, b(16)] == -1  # a bust loses 1
    assert G[dp.O_BUST, b(21)] == -2
    assert G[o(15), b(14)] == 1 and G[o(15), b(15)] == 0  # H19: a banker stopping at 14, 15


@pytest.mark.rule("K15")
def test_banker_specials_settle_every_unopened_hand() -> None:
    assert G[3, dp.E_BUST] == 1 and G[6, dp.E_BUST] == 2 and G[dp.O_BUST, dp.E_BUST] == -1
    assert all(G[o, dp.E_DRAGON] == -2 and G[o, dp.E_DRAGON_21] == -3 for o in range(8))
    assert all(G[o, dp.E_FIVE_BUST] == 2 for o in range(8))


@pytest.mark.rule("X4")
def test_the_model_settles_a_xi_dach_house_as_the_round_does() -> None:
    """X4: against the banker's bust (its five-card bust too) an unopened hand wins its own
    multiple and an unopened bust pushes; X5: equal totals as the house says. Kampung's own
    table is the one K15 / K16 give (above): the model reads the round's settlement."""
    rules = named_house("xi-dach").record()
    g = dp.payoffs(rules)
    assert g[dp.O_BUST, dp.E_BUST] == 0 and g[dp.O_BUST, dp.E_FIVE_BUST] == 0
    assert g[3, dp.E_BUST] == 1 and (g[:, dp.E_FIVE_BUST] == g[:, dp.E_BUST]).all()
    assert g[6, dp.E_BUST] == rules.twenty_one_multiple
    as_kampung = dp.payoffs(dataclasses.replace(rules, compare="kampung"))
    assert (g[:, : dp.E_BUST] == as_kampung[:, : dp.E_BUST]).all()  # openings alike
    assert as_kampung[dp.O_BUST, dp.E_BUST] == -1  # K15: a hidden bust still loses
    eighteen, at_18 = 18 - 15, 18 - dp.LOWEST_OPEN
    for equal, value in (("push", 0), ("banker", -1), ("player", 1)):
        house = dataclasses.replace(KAMPUNG, equal_totals=equal)
        assert dp.payoffs(house)[eighteen, at_18] == value


@pytest.mark.rule("K13")
def test_a_waiting_777_makes_the_banker_chase_21() -> None:
    """With only a 7-7-7 left, standing on 20 pays 21 bets; drawing may make 21."""
    v, act, r, f = dp.new_tables()
    h = np.zeros((dp.MAX_HANDS, dp.N_EV))
    kn.banker_dp(dp.totals(KAMPUNG), P, h, 0, 1.0, dp.params(KAMPUNG), v, act, r, f, False)
    assert act[2, 20, 0, 0] == dp.A_HIT
    assert v[2, 20, 0, 0] == pytest.approx(-21.0 * (1 - P[0]))  # only an ace makes 21
    # without it, the banker's turn is over (K21)
    kn.banker_dp(dp.totals(KAMPUNG), P, h, 0, 0.0, dp.params(KAMPUNG), v, act, r, f, False)
    assert act[2, 20, 0, 0] == dp.A_NONE and v[2, 20, 0, 0] == 0.0


@pytest.mark.rule("K14")
def test_resolution_chances_sum_to_one() -> None:
    """The first hand (the one whose resolution is kept) is settled by exactly one event,
    whichever of three differently drawn hands it is."""
    rows = [-post @ G for post in (np.full(8, 1 / 8), np.eye(8)[2], np.eye(8)[7])]
    for first in range(3):
        h = np.zeros((dp.MAX_HANDS, dp.N_EV))
        for i, row in enumerate(rows[first:] + rows[:first]):
            h[i] = row
        v, act, r, f = dp.new_tables(with_r=True)
        kn.banker_dp(dp.totals(KAMPUNG), P, h, 3, 0.0, dp.params(KAMPUNG), v, act, r, f, True)
        for base, aces in ((12, 0), (6, 1), (16, 0)):
            assert r[2, base, aces, 7, 0].sum() == pytest.approx(1.0)
            assert r[2, base, aces, 7, 1:].sum() == 0.0  # the others' are not kept


@pytest.mark.rule("K18")
def test_best_response_beats_any_fixed_player() -> None:
    m = solve(KAMPUNG)
    burn = BankBurn(ban_ban=0.006, ban_luck=0.047, fifteen_played=0.01, fifteen_voided=0.07)
    best = player_values(KAMPUNG, m.tot, m.p, m.w, m.v777, burn)
    for fixed in (m.players, simple_player(KAMPUNG)):
        assert player_values(KAMPUNG, m.tot, m.p, m.w, m.v777, burn, fixed=fixed).ev <= best.ev
    assert 0.0 <= m.player_gap < 0.01


@pytest.mark.rule("K18")
def test_shipped_solve_matches_a_fresh_one() -> None:
    shipped = json.loads(data_path().read_text(encoding="utf-8"))
    fresh = json.loads(json.dumps(solved_data(KAMPUNG)))
    assert shipped.keys() == fresh.keys()
    for key in ("players", "best_response", "bank15", "rounds", "decks"):
        assert shipped[key] == fresh[key], key
    for key in ("gain", "w", "hand", "start", "double_ev", "bank15_ev"):
        assert np.allclose(shipped[key], fresh[key], atol=1e-9), key
    assert load().players.hit.shape == (dp.MAXC, dp.MAXB, dp.MAXA)
