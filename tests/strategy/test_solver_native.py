"""The Ban Luck solver's kernel compiled ahead of time (``strategy.native``) gives exactly
the figures of the just-in-time kernel (``strategy.kernel``, its one home); that it is built
and loaded without Numba: ``tests/test_native.py``."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from banluck.games.banluck.grids import N_OUTCOMES
from banluck.games.banluck.rules import Rules, preset
from banluck.games.banluck.strategy import kernel, native, solver

HOUSES = {
    "table": preset("table"),
    "one-on-one": preset("one-on-one"),
    "table, 7-7-7 paying 7, the dealer playing its 15": dataclasses.replace(
        preset("table"), seven_seven_seven=7, dealer_voids_15=False
    ),
}


def _solve(rules: Rules, *, jit: bool, monkeypatch: pytest.MonkeyPatch) -> solver.Solution:
    with monkeypatch.context() as m:
        if jit:
            m.setattr(native, "kernels", lambda: kernel)
        solver.solve.cache_clear()
        sol = solver.solve(rules)
        solver.solve.cache_clear()
        return sol


@pytest.mark.rule("T11")
@pytest.mark.parametrize("name", sorted(HOUSES))
def test_the_extension_gives_the_kernels_figures_exactly(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert native.KERNEL.native() is not None
    aot = _solve(HOUSES[name], jit=False, monkeypatch=monkeypatch)
    jit = _solve(HOUSES[name], jit=True, monkeypatch=monkeypatch)
    assert aot.player_ev == jit.player_ev and aot.std == jit.std
    assert aot.frequencies == jit.frequencies and aot.outcome == jit.outcome
    assert aot.extra == jit.extra and aot.hands == jit.hands


def test_the_kernel_with_and_without_an_up_card_matches() -> None:
    mod = native.KERNEL.native()
    assert mod is not None
    rules = preset("one-on-one")
    s = solver._Solver(rules)
    rng = np.random.default_rng(3)
    for _ in range(50):
        counts = s.shoe - rng.integers(0, 3, size=s.shoe.shape[0])
        up = int(rng.integers(-1, 10))
        if up >= 0:
            counts[up] -= 1
        outs = []
        for k in (mod, kernel):
            out = np.zeros(N_OUTCOMES)
            outs.append((k.dealer_outcomes(counts, up, s.tot, *s.dealer_args, out), out))
        assert outs[0][0] == outs[1][0] and np.array_equal(outs[0][1], outs[1][1])
        assert outs[0][0] > 0
