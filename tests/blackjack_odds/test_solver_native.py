"""The solver's kernels compiled ahead of time (``solver_native``): built by the set-up,
loaded without Numba, and giving exactly the figures of the just-in-time kernels
(``solver_kernel``, their one home)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest

from banluck.games.blackjack import solver, solver_bustplay, solver_kernel, solver_native
from banluck.games.blackjack.rules import CLASSIC, INFINITE, BlackjackRules
from banluck.games.blackjack.solver_dealer import N_OUTCOMES, dealer_graph


@pytest.fixture
def fresh_caches() -> Iterator[None]:
    """The solver's caches emptied before and after, so each side computes its own."""
    for fn in (solver._dealer_cached, solver.solve_shoe, solver_native.native):
        fn.cache_clear()
    yield
    for fn in (solver._dealer_cached, solver.solve_shoe, solver_native.native):
        fn.cache_clear()


def test_the_set_up_built_the_extension_for_todays_source() -> None:
    mod = solver_native.native()
    assert mod is not None, (
        f"no {solver_native.module_name()} extension: scripts/setup.sh (banluck warm) builds it"
    )
    assert solver_native.kernels() is mod
    assert mod.__name__.endswith(solver_native.module_name())


def test_an_extension_of_another_source_is_never_loaded(
    monkeypatch: pytest.MonkeyPatch, fresh_caches: None
) -> None:
    """The name carries the source's and signatures' digest: a change leaves the built module
    unloaded and the solver on the just-in-time kernels."""
    before = solver_native.module_name()
    changed = {**solver_native.SIGNATURES, "play_family": "i8()"}
    monkeypatch.setattr(solver_native, "SIGNATURES", changed)
    assert solver_native.module_name() != before
    assert solver_native.native() is None
    assert solver_native.kernels() is solver_kernel


def _solve_with(
    rules: BlackjackRules, *, jit: bool, monkeypatch: pytest.MonkeyPatch
) -> tuple[solver.Solution, float | None]:
    with monkeypatch.context() as m:
        if jit:
            m.setattr(solver_native, "native", lambda: None)
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
    assert solver_native.native() is not None
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
    mod = solver_native.native()
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


def test_banluck_odds_for_blackjack_loads_no_numba() -> None:
    """A new process answers ``banluck odds`` for a blackjack preset on the extension, with
    NumPy alone: Numba's import and set-up were most of its time."""
    code = (
        "import sys, io, contextlib\n"
        "from banluck.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    assert main(['odds', '--preset', 'infinite', '--json']) == 0\n"
        "assert 'house_edge' in out.getvalue(), out.getvalue()[:200]\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numba'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stdout
