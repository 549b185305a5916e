"""The blackjack solver's kernels compiled ahead of time (``solver_native``) give exactly
the figures of the just-in-time kernels (``solver_kernel``, their one home); that they are
built and loaded without Numba: ``tests/test_native.py``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import numpy as np
import pytest

from banluck.games.blackjack import solver, solver_bustplay, solver_kernel, solver_native
from banluck.games.blackjack.rules import CLASSIC, INFINITE, BlackjackRules
from banluck.games.blackjack.solver_dealer import N_OUTCOMES, dealer_graph


@pytest.fixture
def fresh_caches() -> Iterator[None]:
    """The solver's caches emptied before and after, so each side computes its own."""
    for fn in (solver._dealer_cached, solver.solve_shoe):
        fn.cache_clear()
    yield
    for fn in (solver._dealer_cached, solver.solve_shoe):
        fn.cache_clear()


def _solve_with(
    rules: BlackjackRules, *, jit: bool, monkeypatch: pytest.MonkeyPatch
) -> tuple[solver.Solution, float | None]:
    with monkeypatch.context() as m:
        if jit:
            m.setattr(solver_native, "kernels", lambda: solver_kernel)
        solver._dealer_cached.cache_clear()
        sol = solver.evaluate(rules, solver.shoe_counts(rules.decks))
        bust = solver_bustplay.bust_edge_after_play(rules) if rules.side_bets else None
        solver._dealer_cached.cache_clear()
        solver.solve_shoe.cache_clear()
        return sol, bust


HOUSES = {
    "infinite": INFINITE,
    "classic": CLASSIC,
    "infinite, no peek, soft 17 hit": dataclasses.replace(
        INFINITE, dealer_peeks=False, dealer_hits_soft_17=True
    ),
}


@pytest.mark.rule("I11")
@pytest.mark.parametrize("name", sorted(HOUSES))
def test_the_extension_gives_the_kernels_figures_exactly(
    name: str, monkeypatch: pytest.MonkeyPatch, fresh_caches: None
) -> None:
    assert solver_native.SOLVER.native() is not None
    rules = HOUSES[name]
    aot, aot_bust = _solve_with(rules, jit=False, monkeypatch=monkeypatch)
    jit, jit_bust = _solve_with(rules, jit=True, monkeypatch=monkeypatch)
    assert aot.player_ev == jit.player_ev and aot.std == jit.std
    assert aot.initial == jit.initial and aot.extra == jit.extra
    assert np.array_equal(aot.split_ev, jit.split_ev)
    for a, j in ((aot.regular, jit.regular), *zip(aot.splits, jit.splits, strict=True)):
        if a is None or j is None:
            assert a is j
            continue
        for f in ("value", "m2", "g", "ev", "ev_m2"):
            assert np.array_equal(getattr(a, f), getattr(j, f)), f
    assert aot_bust == jit_bust


def test_the_dealer_kernel_with_busts_by_card_count_matches() -> None:
    """The bust bet's column (``bust_by``), which a solve of a house without side bets never
    fills, on random removals."""
    mod = solver_native.SOLVER.native()
    assert mod is not None
    rng = np.random.default_rng(19)
    shoe = np.array(solver.shoe_counts(2), dtype=np.int64)
    removals = rng.integers(0, 4, size=(300, 10)).astype(np.int64)
    for up in range(10):
        g = dealer_graph(up, 17, peek=True, hits_soft_17=up % 2 == 0)
        outs = []
        for k in (mod, solver_kernel):
            out = np.zeros((len(removals), N_OUTCOMES))
            by = np.zeros((len(removals), 12))
            k.dealer_outcomes(shoe, removals, up, g.counts, g.size, g.child, g.next_out, out, by)
            outs.append((out, by))
        assert np.array_equal(outs[0][0], outs[1][0]) and np.array_equal(outs[0][1], outs[1][1])
        assert outs[0][1].sum() > 0
