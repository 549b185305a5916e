"""The shared chunk machinery (``banluck.sim.chunks``): sizes, exact merging, the checks
and the interval helpers every simulator uses."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from banluck.sim.chunks import (
    Z95,
    ChunkRun,
    batch_half_width,
    check_run,
    chunk_sizes,
    half_width,
    run_chunks,
)


@given(st.integers(0, 10_000), st.integers(1, 3_000))
def test_chunks_cover_the_hands_and_only_the_last_is_short(hands: int, chunk: int) -> None:
    sizes = chunk_sizes(hands, chunk)
    assert sum(sizes) == hands
    assert all(n == chunk for n in sizes[:-1])
    assert all(0 < n <= chunk for n in sizes)


def _counts(n: int, state: Any) -> list[int]:
    """A stand-in kernel: counts that depend on the chunk's stream and size only."""
    return [n, int(state[0]) % 97, n * n]


def _run(sizes: list[int], seeds: list[int], **options: Any) -> ChunkRun:
    """``run_chunks`` in this process with the stand-in kernel."""
    states = [np.array([s], dtype=np.uint64) for s in seeds]
    kernel: dict[str, Any] = {"local": _counts, "remote": _counts, "initializer": print}
    return run_chunks(sizes, states, size=3, initargs=(), **kernel, **options)


def test_run_chunks_adds_every_chunk_and_reports_progress() -> None:
    seen: list[int] = []
    run = _run([4, 4, 2], [5, 200, 1000], progress=seen.append)
    assert run.total.tolist() == [10, 5 + 200 % 97 + 1000 % 97, 36]
    assert [n for n, _ in run.parts] == [4, 4, 2] and seen == [4, 4, 2]
    assert run.workers == 1


def test_a_refused_chunk_stops_the_run() -> None:
    def refuse(acc: Any) -> None:
        if acc[0] == 2:
            raise RuntimeError("refused")

    with pytest.raises(RuntimeError, match="refused"):
        _run([4, 2], [1, 2], check=refuse)


@pytest.mark.parametrize("name", ["hands", "workers", "chunk"])
def test_check_run_refuses_zero(name: str) -> None:
    values = {"hands": 1, "workers": 1, "chunk": 1, name: 0}
    with pytest.raises(ValueError, match=f"{name} must be at least 1"):
        check_run(**values)


def test_half_width_is_z95_standard_errors() -> None:
    values = [1, -1, 1, -1, 2, 0]
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1))
    got = half_width(sum(values), sum(x * x for x in values), n)
    assert got == pytest.approx(Z95 * sd / math.sqrt(n))


def test_batch_means_need_twenty_full_chunks() -> None:
    assert batch_half_width([]) is None
    assert batch_half_width([(10, 1)] * 19 + [(5, 0)]) is None
    chunks = [(10, net) for net in range(20)] + [(3, 100)]  # the short chunk is left out
    means = [net / 10 for net in range(20)]
    m = sum(means) / 20
    sd = math.sqrt(sum((x - m) ** 2 for x in means) / 19)
    assert batch_half_width(chunks) == pytest.approx(Z95 * sd / math.sqrt(20))
