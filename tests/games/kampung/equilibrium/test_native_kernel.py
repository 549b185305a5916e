"""Kampung's kernels compiled ahead of time (``native``) give the just-in-time kernels'
figures bit for bit: the hand types of the equilibrium's tables and the banker's values at
its turn, on random shoes and hands."""

from __future__ import annotations

import numpy as np
import pytest

from banluck.games.kampung.equilibrium import dp
from banluck.games.kampung.equilibrium import kernel as jit
from banluck.games.kampung.equilibrium.nash import solved_equilibrium
from banluck.games.kampung.equilibrium.native import KERNEL
from banluck.games.kampung.equilibrium.posterior import N_TYPES
from banluck.games.kampung.rules import KAMPUNG


@pytest.fixture(scope="module")
def ext():  # type: ignore[no-untyped-def]
    mod = KERNEL.native()
    assert mod is not None, "scripts/setup.sh (banluck warm) builds kampung's extension"
    return mod


def _shoe(rng: np.random.Generator) -> np.ndarray:
    counts = np.array([8] * 9 + [32], dtype=np.int64) - rng.integers(0, 5, size=10)
    return dp.class_probs(counts)


@pytest.mark.rule("K17")
def test_hand_types_are_the_jit_kernels(ext) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(3)
    tot = dp.shared_totals(KAMPUNG)
    for _ in range(20):
        p = _shoe(rng)
        for _, t in solved_equilibrium(KAMPUNG).players:
            for shown in (False, True):
                a, b = np.zeros(N_TYPES), np.zeros(N_TYPES)
                burnt_a = ext.hand_types(tot, p, t.hit, t.burn, True, 15, shown, a)
                burnt_b = jit.hand_types(tot, p, t.hit, t.burn, True, 15, shown, b)
                assert burnt_a == burnt_b > 0.0
                assert np.array_equal(a, b)


@pytest.mark.rule("K14")
def test_the_bankers_values_are_the_jit_kernels(ext) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(4)
    tot = dp.shared_totals(KAMPUNG)
    g = dp.payoffs(KAMPUNG)
    for selective in (1.0, 0.0):
        prm = dp.params(KAMPUNG)
        prm[dp.P_SELECTIVE] = selective
        for _ in range(30):
            p = _shoe(rng)
            n = int(rng.integers(1, dp.MAX_HANDS + 1))
            h = np.zeros((dp.MAX_HANDS, dp.N_EV))
            for i in range(n):
                post = rng.dirichlet(np.ones(dp.N_OUT))
                bet = float(rng.integers(1, 5))
                ext.bank_gain(post, g, bet, h[i])
                row = np.zeros(dp.N_EV)
                jit.bank_gain(post, g, bet, row)
                assert np.array_equal(h[i], row)
            c = int(rng.integers(2, 5))
            base, aces = int(rng.integers(2, 12)), int(rng.integers(0, 2))
            t = int(tot[c, base, aces])
            w7 = float(rng.integers(0, 2))
            out = []
            for k in (ext, jit):
                v, act, r, f = dp.new_tables()
                vals = np.zeros(dp.V_OPEN + dp.MAX_HANDS)
                k.banker_values(tot, p, h, n, w7, prm, v, act, r, f, c, base, aces, t, True, vals)
                out.append(vals)
            assert np.array_equal(out[0], out[1])
            assert np.any(out[0] != 0.0)
