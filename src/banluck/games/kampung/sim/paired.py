"""Common random numbers for the kampung simulator (``banluck simulate --preset kampung``
comparing two policies, ``runner``): every hand is played twice, from the same shoe and
random states, by each arm in turn, so the difference of the bank's nets has far less
variance than two separate runs' (Numba; the hand is ``kernel``'s)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from banluck.games.kampung.sim.hand import (
    A_HANDS,
    A_NET,
    A_NET2,
    ACC_SIZE,
    NP,
    P_FRESH,
    P_RESHUFFLE_BELOW,
)
from banluck.games.kampung.sim.kernel import _play_hand_j, _scratch_j


def _run_paired(
    arm_a: Any,
    arm_b: Any,
    tot: Any,
    gain: Any,
    p: Any,
    dprm: Any,
    bank15: Any,
    g: Any,
    acts: Any,
    filled: Any,
    shoe: Any,
    rng: Any,
    mrng: Any,
    n_hands: int,
    acc: Any,
) -> None:
    """Common random numbers: every hand is played twice from the same shoe and random
    states, by ``arm_a`` then by ``arm_b`` (each ``(prm, hit, burn, dbl, mix, bhit, bburn,
    bmix, bsel)``: a banker and players, as ``play_hands`` takes them); ``acc`` sums the
    bank's net of the second minus the first (``A_NET``) and its square (``A_NET2``)."""
    st = np.zeros(1, dtype=np.int64)
    net = np.zeros(NP, dtype=np.int64)
    v, act, r, f = _scratch_j()
    size = shoe.shape[0]
    saved_shoe = shoe.copy()
    saved_rng = rng.copy()
    saved_mrng = mrng.copy()
    scratch = np.zeros(ACC_SIZE, dtype=np.int64)
    for _ in range(n_hands):
        if arm_a[0][P_FRESH] or size - st[0] < arm_a[0][P_RESHUFFLE_BELOW]:
            st[0] = 0
        pos = st[0]
        saved_shoe[:] = shoe
        saved_rng[:] = rng
        saved_mrng[:] = mrng
        bank_a = 0
        for second in range(2):
            arm = arm_a
            if second:  # the same shoe and random states again
                arm = arm_b
                shoe[:] = saved_shoe
                rng[:] = saved_rng
                mrng[:] = saved_mrng
                st[0] = pos
            _play_hand_j(
                arm[0],
                tot,
                arm[1],
                arm[2],
                arm[3],
                arm[4],
                gain,
                p,
                dprm,
                bank15,
                g,
                arm[5],
                arm[6],
                arm[7],
                arm[8],
                acts,
                filled,
                v,
                act,
                r,
                f,
                shoe,
                st,
                rng,
                mrng,
                1,
                net,
                scratch,
            )
            if not second:
                bank_a = -(net[0] + net[1] + net[2])
        diff = -(net[0] + net[1] + net[2]) - bank_a
        acc[A_HANDS] += 1
        acc[A_NET] += diff
        acc[A_NET2] += diff * diff


run_paired = njit(cache=True)(_run_paired)
