"""The simulator's random source: xoshiro256** as published, and unbiased bounded draws."""

from __future__ import annotations

import numpy as np

from banluck.sim import rng as kernel

MASK = (1 << 64) - 1


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


def reference(s: list[int]) -> int:
    """xoshiro256** from Blackman and Vigna's C code, in Python integers."""
    result = (_rotl((s[1] * 5) & MASK, 7) * 9) & MASK
    t = (s[1] << 17) & MASK
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


def test_xoshiro_matches_reference() -> None:
    state = kernel.rng_states(123, 1)[0]
    ref = [int(v) for v in state]
    for _ in range(1000):
        assert int(kernel.next64_j(state)) == reference(ref)
    assert [int(v) for v in state] == ref


def test_streams_differ() -> None:
    a, b = kernel.rng_states(1, 2)
    assert not np.array_equal(a, b)
    assert np.array_equal(kernel.rng_states(1, 2)[1], b)


def test_bounded_draws_are_uniform() -> None:
    state = kernel.rng_states(9, 1)[0]
    n, draws = 104, 208_000
    counts = np.bincount([kernel.below_j(state, n) for _ in range(draws)], minlength=n)
    assert counts.shape == (n,)
    expected = draws / n
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 160  # 103 degrees of freedom: the 99.9 % point is about 150
