"""The Ban Luck solver on the kernels compiled ahead of time (the drawing graph's,
``banluck.draws.native``, and the seat's and dealer graph's own, ``strategy.native``) gives
exactly the figures of the just-in-time kernels (their one home); that they are built and
loaded without Numba: ``tests/test_native.py``."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from banluck.draws import kernel, native
from banluck.games.banluck.rules import Rules, preset
from banluck.games.banluck.strategy import dealer_graph as banluck_graph
from banluck.games.banluck.strategy import kernel as seat_kernel
from banluck.games.banluck.strategy import native as seat_native
from banluck.games.banluck.strategy import solver
from banluck.games.blackjack.strategy.dealer_graph import BUST, N_OUTCOMES, dealer_graph
from banluck.games.blackjack.strategy.solver import shoe_counts as blackjack_shoe

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
            m.setattr(solver, "kernels", lambda: seat_kernel)
            m.setattr(banluck_graph, "kernels", lambda: seat_kernel)
        for cached in (solver.solve, banluck_graph._graph):
            cached.cache_clear()
        sol = solver.solve(rules)
        for cached in (solver.solve, banluck_graph._graph):
            cached.cache_clear()
        return sol


@pytest.mark.rule("T11")
@pytest.mark.parametrize("name", sorted(HOUSES))
def test_the_extension_gives_the_kernels_figures_exactly(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert native.DRAWS.native() is not None and seat_native.SEAT.native() is not None
    aot = _solve(HOUSES[name], jit=False, monkeypatch=monkeypatch)
    jit = _solve(HOUSES[name], jit=True, monkeypatch=monkeypatch)
    assert aot.player_ev == jit.player_ev and aot.std == jit.std
    assert aot.frequencies == jit.frequencies and aot.outcome == jit.outcome
    assert aot.extra == jit.extra and aot.hands == jit.hands


def test_the_kernel_counting_the_cards_of_an_outcome_matches() -> None:
    """The count of cards of one outcome (``by``, blackjack's bust bet), which no Ban Luck
    solve asks for, on random removals."""
    mod = native.DRAWS.native()
    assert mod is not None
    rng = np.random.default_rng(19)
    shoe = np.array(blackjack_shoe(2), dtype=np.int64)
    removals = rng.integers(0, 4, size=(300, 10)).astype(np.int64)
    for up in range(10):
        g = dealer_graph(up, 17, peek=True, hits_soft_17=up % 2 == 0)
        outs = []
        for k in (mod, kernel):
            out = np.zeros((len(removals), N_OUTCOMES))
            by = np.zeros((len(removals), 12))
            k.graph_outcomes(
                shoe, removals, up, g.counts, g.size, g.child, g.next_out, out, by, BUST
            )
            outs.append((out, by))
        assert np.array_equal(outs[0][0], outs[1][0]) and np.array_equal(outs[0][1], outs[1][1])
        assert outs[0][1].sum() > 0
