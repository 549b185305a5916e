"""The chunk machinery every simulator shares: cut a run into chunks, give chunk ``i`` random
stream ``i`` of ``SeedSequence(seed)``, play the chunks here or over worker processes, and add
their integer counts exactly.

The sum depends on the seed and the chunk size only, never on the number of workers, the
machines or the order in which chunks finish: the chunks run here, over worker processes,
or as Dask tasks on a cluster (``dask``: a scheduler's address, or ``local:N`` for a local
cluster of N worker processes), and give the same counts bit for bit. The statistics
helpers turn counts into 95 % half-widths.
"""

from __future__ import annotations

import math
import multiprocessing
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np

IntArray = np.ndarray[Any, np.dtype[np.int64]]
State = np.ndarray[Any, np.dtype[np.uint64]]
#: Plays ``n`` hands from one random stream and returns the counts.
ChunkFn = Callable[[int, State], Any]

#: The 97.5 % point of the standard normal: a 95 % two-sided interval.
Z95 = 1.959963984540054


def chunk_sizes(hands: int, chunk: int) -> list[int]:
    """``hands`` cut into chunks of ``chunk`` hands, the last one shorter.

    >>> chunk_sizes(10, 4)
    [4, 4, 2]
    """
    return [chunk] * (hands // chunk) + ([hands % chunk] if hands % chunk else [])


def fresh_seed() -> int:
    """A seed from the operating system's entropy (for a run given none)."""
    return int(np.random.SeedSequence().entropy) % (1 << 63)  # type: ignore[arg-type]


@dataclass(frozen=True, kw_only=True)
class ChunkRun:
    """The summed counts, each chunk's (hands, counts), the workers used, the seconds, and
    the seed of the random streams."""

    total: IntArray
    parts: tuple[tuple[int, IntArray], ...]
    workers: int
    seconds: float
    seed: int = 0

    def run_fields(self) -> dict[str, Any]:
        """The fields every table result takes from the run: seed, workers, seconds and
        the summed counts."""
        counts = tuple(int(v) for v in self.total)
        return {
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "counts": counts,
        }

    def chunk_nets(self, slot: int) -> tuple[tuple[int, int], ...]:
        """Each chunk's (hands, count in ``slot``), sorted: the batch means' input."""
        return tuple(sorted((n, int(acc[slot])) for n, acc in self.parts))


def run_chunks(
    sizes: Sequence[int],
    states: Sequence[State],
    *,
    size: int,
    local: ChunkFn,
    remote: ChunkFn,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    workers: int = 1,
    context: str | None = "spawn",
    check: Callable[[IntArray], None] | None = None,
    progress: Callable[[int], None] | None = None,
    dask: str | None = None,
) -> ChunkRun:
    """Play chunk ``i`` (``sizes[i]`` hands from ``states[i]``) and add the counts (``size``
    of them). One worker (or one chunk) plays in this process with ``local``; more start a
    pool whose processes run ``initializer(*initargs)`` and then ``remote`` (both must be
    picklable module functions); with ``dask`` every chunk is a task of that Dask cluster,
    whose worker processes run the same two. ``check`` may refuse a chunk's counts;
    ``progress`` hears the hands of each finished chunk."""
    total = np.zeros(size, dtype=np.int64)
    parts: list[tuple[int, IntArray]] = []

    def add(n: int, counts: Any) -> None:
        acc = np.asarray(counts, dtype=np.int64)
        if check is not None:
            check(acc)
        total[:] += acc
        parts.append((n, acc))
        if progress is not None:
            progress(n)

    start = time.perf_counter()
    if dask is not None:
        used = run_on_dask(dask, sizes, states, remote, initializer, initargs, add)
    elif workers <= 1 or len(sizes) <= 1:
        for n, state in zip(sizes, states, strict=True):
            add(n, local(n, state))
        used = 1
    else:
        used = min(workers, len(sizes))
        ctx = multiprocessing.get_context(context) if context is not None else None
        with ProcessPoolExecutor(
            used, mp_context=ctx, initializer=initializer, initargs=initargs
        ) as pool:
            futures: dict[Future[Any], int] = {
                pool.submit(remote, n, state): n for n, state in zip(sizes, states, strict=True)
            }
            for fut in as_completed(futures):
                add(futures[fut], fut.result())
    return ChunkRun(
        total=total, parts=tuple(parts), workers=used, seconds=time.perf_counter() - start
    )


#: The run whose initializer a Dask worker process ran last (``_dask_chunk``).
_DASK_RUN: str | None = None
_DASK_LOCK = threading.Lock()


def _dask_chunk(
    run_id: str,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    remote: ChunkFn,
    n: int,
    state: State,
) -> Any:
    """One chunk as a Dask task: the worker process runs the run's initializer the first
    time it plays one of its chunks (as a pool's process does at its start), then the
    chunk. One chunk at a time per process (a worker with several threads takes turns)."""
    global _DASK_RUN
    with _DASK_LOCK:
        if run_id != _DASK_RUN:
            initializer(*initargs)
            _DASK_RUN = run_id
        return remote(n, state)


def dask_client(address: str) -> tuple[Any, Any]:
    """A ``distributed.Client`` of the cluster at ``address`` (a scheduler's, such as
    ``tcp://10.0.0.5:8786``), or of a new local cluster for ``local:N`` (N worker processes,
    one thread each), and that local cluster (None for an address): the caller closes both."""
    from distributed import Client, LocalCluster

    if address.startswith("local:"):
        count = address.removeprefix("local:")
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"--dask local:N takes 1 or more workers, not {count!r}")
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=int(count),
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            host="127.0.0.1",
        )
        return Client(cluster), cluster  # type: ignore[no-untyped-call]
    return Client(address, timeout=30), None  # type: ignore[no-untyped-call]


def run_on_dask(
    address: str,
    sizes: Sequence[int],
    states: Sequence[State],
    remote: ChunkFn,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    add: Callable[[int, Any], None],
) -> int:
    """Every chunk as one Dask task on the cluster at ``address`` (``dask_client``), each
    chunk's counts added as it finishes; the number of the cluster's workers."""
    from distributed import as_completed as dask_completed

    client, cluster = dask_client(address)
    try:
        workers = len(client.scheduler_info()["workers"])
        shared = client.scatter(initargs, broadcast=True)  # the tables, sent once per worker
        run_id = uuid.uuid4().hex
        futures = {
            client.submit(
                _dask_chunk,
                run_id,
                initializer,
                shared,
                remote,
                n,
                state,
                key=f"chunk-{run_id}-{i}",
            ): n
            for i, (n, state) in enumerate(zip(sizes, states, strict=True))
        }
        for fut in dask_completed(futures):  # type: ignore[no-untyped-call]
            add(futures[fut], fut.result())
        return workers
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def half_width(total: int, squares: int, n: int) -> float:
    """The 95 % half-width of the mean of ``n`` independent values with sum ``total`` and
    sum of squares ``squares`` (the sample variance, n - 1 in the denominator)."""
    mean = total / n
    var = max(squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
    return Z95 * math.sqrt(var / n)


def batch_half_width(chunks: Sequence[tuple[int, int]]) -> float | None:
    """The 95 % half-width of the mean per hand from the spread of the full chunks' means
    (batch means: it holds when the hands of one shoe depend on each other); None with
    fewer than 20 full chunks. ``chunks`` are (hands, summed net) pairs."""
    if not chunks:
        return None
    size = max(n for n, _ in chunks)
    full = [net / n for n, net in chunks if n == size]
    if len(full) < 20:
        return None
    k = len(full)
    mean = sum(full) / k
    var = sum((x - mean) ** 2 for x in full) / (k - 1)
    return Z95 * math.sqrt(var / k)


#: A compiled simulator's entry: ``run(tables, n, state)`` plays ``n`` hands, returns counts.
KernelRun = Callable[[Any, int, State], Any]

_KERNEL: tuple[KernelRun, Any] | None = None


def _warm(run: KernelRun, tables: Any) -> None:
    """One hand, so that Numba compiles (or loads its cache) before any clock starts."""
    from banluck.games.banluck.sim.kernel import rng_states

    run(tables, 1, rng_states(0, 1)[0])


def _init_kernel_worker(run: KernelRun, tables: Any) -> None:
    global _KERNEL
    _KERNEL = (run, tables)
    _warm(run, tables)  # load the compiled code now


def _kernel_chunk(n: int, state: State) -> list[int]:
    assert _KERNEL is not None
    run, tables = _KERNEL
    return [int(v) for v in run(tables, n, state)]


def check_run(hands: int, workers: int, chunk: int) -> None:
    """Refuse (ValueError) a run of no hands, no workers or empty chunks."""
    for name, value in (("hands", hands), ("workers", workers), ("chunk", chunk)):
        if value < 1:
            raise ValueError(f"{name} must be at least 1")


def run_kernel(
    run: KernelRun,
    tables: Any,
    hands: int,
    *,
    size: int,
    seed: int | None,
    chunk: int,
    workers: int = 1,
    check: Callable[[IntArray], None] | None = None,
    progress: Callable[[int], None] | None = None,
    dask: str | None = None,
) -> ChunkRun:
    """``hands`` hands of a compiled kernel ``run`` (a module function, so that workers can
    find it) on ``tables``, in chunks of ``chunk`` from the streams of ``seed`` (a fresh one
    when None); the kernel is compiled or loaded before the clock starts."""
    from banluck.games.banluck.sim.kernel import rng_states

    if seed is None:
        seed = fresh_seed()
    sizes = chunk_sizes(hands, chunk)
    _warm(run, tables)
    played = run_chunks(
        sizes,
        rng_states(seed, len(sizes)),
        size=size,
        local=lambda n, state: run(tables, n, state),
        remote=_kernel_chunk,
        initializer=_init_kernel_worker,
        initargs=(run, tables),
        workers=workers,
        check=check,
        progress=progress,
        dask=dask,
    )
    return replace(played, seed=seed)


@dataclass(frozen=True)
class TableRun:
    """What every table simulator's merged result has: the run's settings and counts, and
    the figures that follow from the hands alone. A subclass names its counts' slots."""

    #: the counts' slots of the table hands played and of the cards dealt
    HANDS_SLOT: ClassVar[int]
    CARDS_SLOT: ClassVar[int]

    rules: Any
    fresh_shoe: bool
    seed: int
    workers: int
    seconds: float
    counts: tuple[int, ...] = field(repr=False)

    @property
    def hands(self) -> int:
        """Table hands played (each deals every seat and the dealer)."""
        return self.counts[self.HANDS_SLOT]

    @property
    def seats(self) -> int:
        return len(self.rules.seats)

    @property
    def seat_hands(self) -> int:
        return self.hands * self.seats

    @property
    def cards_per_hand(self) -> float:
        return self.counts[self.CARDS_SLOT] / self.hands

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    @property
    def seat_hands_per_second(self) -> float:
        return self.seat_hands / self.seconds if self.seconds > 0 else math.inf
