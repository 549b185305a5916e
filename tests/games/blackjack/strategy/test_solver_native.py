"""The blackjack solver's kernels compiled ahead of time (``solver_native`` and the shared
``banluck.draws.native``) give exactly the figures of the just-in-time kernels; that they are
built and loaded without Numba: ``tests/test_native.py``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import numpy as np
import pytest

from banluck.draws import kernel as draws_kernel
from banluck.draws import native as draws_native
from banluck.games.blackjack.rules import CLASSIC, INFINITE, BlackjackRules
from banluck.games.blackjack.strategy import bustplay as solver_bustplay
from banluck.games.blackjack.strategy import kernel as solver_kernel
from banluck.games.blackjack.strategy import native as solver_native
from banluck.games.blackjack.strategy import solver


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
            m.setattr(draws_native, "kernels", lambda: draws_kernel)
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
