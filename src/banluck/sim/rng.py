"""The simulators' shared random source and shoe: xoshiro256** (Blackman and Vigna), one
independent stream per worker seeded from ``numpy.random.SeedSequence``; bounded draws by
Lemire's unbiased method; a draw in *shuffle* mode is one Fisher–Yates step, so a shuffle
costs only the cards a hand uses. Every family's Numba kernel draws through these.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from banluck.core.cards import N_CLASSES, TEN_CLASS

_U32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(0x100000000)


def rotl(x: Any, k: int) -> Any:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


def next64(s: Any) -> Any:
    """xoshiro256**: the next 64 random bits; ``s`` is the uint64[4] state."""
    result = rotl_j(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl_j(s[3], 45)
    return result


def below(s: Any, n: int) -> int:
    """A uniform integer in [0, n), n < 2**32 (Lemire's multiply-and-reject)."""
    un = np.uint64(n)
    m = (next64_j(s) >> np.uint64(32)) * un
    low = m & _U32
    if low < un:
        t = (_TWO32 - un) % un
        while low < t:
            m = (next64_j(s) >> np.uint64(32)) * un
            low = m & _U32
    return int(m >> np.uint64(32))


def pick(cum: Any, s: Any) -> int:
    """An index drawn with the chances whose running sums are ``cum`` (the last one 1): a
    mixed strategy's pure strategy for a hand."""
    u = float(next64_j(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
    n = cum.shape[0]
    for i in range(n - 1):
        if u < cum[i]:
            return int(i)
    return int(n - 1)


def draw(shoe: Any, st: Any, rng: Any, shuffle: int) -> int:
    """The next card: in shuffle mode a Fisher–Yates step, else the next stacked card."""
    p = st[0]
    if shuffle:
        j = p + below_j(rng, shoe.shape[0] - p)
        c = shoe[j]
        shoe[j] = shoe[p]
        shoe[p] = c
    else:
        c = shoe[p]
    st[0] = p + 1
    return c  # type: ignore[no-any-return]


_JIT: dict[str, Any] = {"cache": True, "_nrt": False}
rotl_j = njit(cache=True, inline="always")(rotl)
next64_j = njit(cache=True, inline="always")(next64)
below_j = njit(**_JIT)(below)
draw_j = njit(**_JIT)(draw)
pick_j = njit(**_JIT)(pick)


def full_shoe(decks: int) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The card classes of a full shoe of ``decks`` decks."""
    counts = [4 * decks * (4 if c == TEN_CLASS else 1) for c in range(N_CLASSES)]
    return np.repeat(np.arange(N_CLASSES, dtype=np.int64), counts)


def rng_states(seed: int | None, streams: int) -> list[np.ndarray[Any, np.dtype[np.uint64]]]:
    """Independent xoshiro256** states, one per stream, from one seed."""
    children = np.random.SeedSequence(seed).spawn(streams)
    out: list[np.ndarray[Any, np.dtype[np.uint64]]] = []
    for child in children:
        state = np.asarray(child.generate_state(4, dtype=np.uint64), dtype=np.uint64)
        if not state.any():  # the one state xoshiro cannot leave
            state[0] = 1
        out.append(state)
    return out


__all__ = [
    "below",
    "below_j",
    "draw",
    "draw_j",
    "full_shoe",
    "next64",
    "pick",
    "pick_j",
    "rng_states",
    "rotl",
]
