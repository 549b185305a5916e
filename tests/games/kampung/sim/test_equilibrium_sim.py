"""K18: the simulator plays the model's equilibrium (``--banker equilibrium``, ``--players
equilibrium``): mixed strategies drawn each hand from a stream of their own, so a pure
policy's hands are untouched, and a mixture that always draws its first strategy plays that
strategy's hands exactly."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from banluck.games.kampung.equilibrium.nash import solved_equilibrium
from banluck.games.kampung.rules import KAMPUNG
from banluck.games.kampung.sim import hand as kh
from banluck.games.kampung.sim import kernel as k
from banluck.games.kampung.sim.runner import (
    SimArrays,
    compare,
    mix_state,
    new_cache,
    run_chunk,
    sim_arrays,
    simulate,
)
from banluck.sim.rng import full_shoe, pick_j, rng_states

STATE = rng_states(11, 1)[0]


def _chunk(a: SimArrays, n: int = 3_000) -> list[int]:
    return run_chunk(a, n, STATE)


def test_a_mixture_is_drawn_by_its_weights() -> None:
    """``pick``: each index as often as its weight says, within five standard errors."""
    e = solved_equilibrium(KAMPUNG)
    weights = np.array(e.table_weights)
    cum = np.cumsum(weights)
    cum[-1] = 1.0
    s = np.array(STATE)
    n = 200_000
    counts = np.bincount([pick_j(cum, s) for _ in range(n)], minlength=len(weights))
    for q, c in zip(weights, counts, strict=True):
        assert abs(c / n - q) <= 5 * math.sqrt(q * (1 - q) / n) + 1e-12


@pytest.mark.rule("K18")
@pytest.mark.parametrize(
    ("banker", "players", "draws"),
    [
        ("project", "project", False),
        ("never-open", "simple", False),
        ("project", "equilibrium", True),
        ("equilibrium", "project", True),
    ],
)
def test_only_a_mixture_draws_from_its_stream(banker: str, players: str, draws: bool) -> None:
    a = sim_arrays(KAMPUNG, banker, players)
    acts, filled = new_cache()
    mrng = mix_state(STATE)
    before = mrng.copy()
    net = np.zeros(kh.NP, dtype=np.int64)
    acc = np.zeros(kh.ACC_SIZE, dtype=np.int64)
    shoe = full_shoe(2)
    st = np.zeros(1, dtype=np.int64)
    k.play_hands(*a.kernel_args(), acts, filled, shoe, st, STATE.copy(), mrng, 50, 1, net, acc)
    assert (not np.array_equal(mrng, before)) == draws


@pytest.mark.rule("K18")
def test_a_mixture_held_to_its_first_strategy_plays_that_strategys_hands() -> None:
    """The equilibrium's first table is the bots' (the pure solve), and its banker's first
    strategy answers exactly that table: held there, each side plays the project's hands."""
    project = _chunk(sim_arrays(KAMPUNG, "project", "project"))
    eq_players = sim_arrays(KAMPUNG, "project", "equilibrium")
    held = dataclasses.replace(eq_players, mix=np.ones_like(eq_players.mix))
    assert _chunk(held) == project
    assert _chunk(eq_players) != project  # the other tables are drawn and change hands
    eq_banker = sim_arrays(KAMPUNG, "equilibrium", "project")
    held = dataclasses.replace(eq_banker, banker_mix=np.ones_like(eq_banker.banker_mix))
    assert _chunk(held) == project
    assert _chunk(eq_banker) != project


def test_equilibrium_runs_repeat_by_seed_whatever_the_workers() -> None:
    kw = {"banker": "equilibrium", "players": "equilibrium", "seed": 9, "chunk": 4_000}
    one = simulate(KAMPUNG, 12_000, **kw)  # type: ignore[arg-type]
    two = simulate(KAMPUNG, 12_000, workers=2, **kw)  # type: ignore[arg-type]
    assert one.acc == two.acc and one.hands == 12_000


def test_paired_equilibrium_runs_share_their_draws() -> None:
    same = ("equilibrium", "equilibrium")
    assert compare(KAMPUNG, 3_000, first=same, second=same, seed=2) == (0.0, 0.0)
