"""Expensive work apart from the game's own requests: a house's solve or simulated edge runs
on this lane's own thread, never on the event loop nor in the pool the tables' requests use.

The lane is bounded and fair:
- each piece of work has a key, and is done once however many ask for it at the same time;
- each asker (an owner: a room, a player) has at most one piece of work waiting: a newer one
  replaces its older one that has not started (a host clicking through houses, a form
  asking the edge of every change), unless someone else waits for it too;
- work nobody waits for any more is dropped before it starts (``release``);
- at most ``waiting`` pieces wait in all: past that a new one is refused (``busy``, 503),
  and what already waits goes on.

>>> lane = HeavyLane(waiting=4)
>>> lane.submit("k", lambda: 6 * 7, owner="a").result(timeout=5)
42
>>> lane.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import multiprocessing
import os
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from banluck.core.refusal import Refusal

T = TypeVar("T")

#: Seconds a lane keeps its idle worker (a child process) before letting it go.
IDLE = 30.0
#: Pieces of work that may wait at once (past it: ``busy``).
WAITING = 16
#: How often an HTTP request waiting on the lane checks that its client is still there.
CHECK_GONE = 0.25


#: How much a child process of a lane yields the CPU to the server (``os.nice``)
NICE = 10


#: How often a lane's child process looks whether the server that started it is still there
PARENT_CHECK = 1.0


def _yield_cpu() -> None:
    """In a lane's child process: the server's own requests come first for the CPU, and the
    child ends when the server does, however the server ended (a killed server's children
    would otherwise wait for work forever, each holding its memory)."""
    os.nice(NICE)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="banluck-heavy-parent", daemon=True).start()


def _busy() -> Refusal:
    return Refusal("busy", "the server is busy computing other houses: try again in a moment")


@dataclass
class _Job:
    future: Future[Any]
    owners: set[Hashable] = field(default_factory=set)


class HeavyLane:
    """One thread (``workers``) for expensive work, keyed, deduplicated and bounded."""

    def __init__(
        self, *, workers: int = 1, waiting: int = WAITING, processes: bool = False
    ) -> None:
        #: with ``processes`` the work runs in a child process of its own (``spawn``): its
        #: Python never takes the server's interpreter lock from the event loop; the work
        #: is then a picklable callable (a module function and its arguments) and so is its
        #: answer
        self.workers, self.processes = workers, processes
        #: made at the first piece of work, and let go after ``IDLE`` seconds without any
        #: (an idle child process costs its memory, about 200 MB)
        self._pool: Executor | None = None
        self._idle: threading.Timer | None = None
        self._jobs: dict[Hashable, _Job] = {}
        self._by_owner: dict[Hashable, Hashable] = {}
        #: reentrant: a future done at once runs its callback (``_finished``) in ``submit``
        self._lock = threading.RLock()
        self.waiting = waiting
        #: pieces of work done and dropped unstarted (for the tests and the metrics)
        self.done = self.dropped = 0

    def submit(self, key: Hashable, work: Callable[[], T], owner: Hashable) -> Future[T]:
        """The future of ``work`` under ``key`` (the one already under way when there is
        one); ``owner``'s older waiting work is dropped unless another owner waits for it.
        ``busy`` when ``waiting`` pieces already wait."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and not job.future.done():
                self._own(owner, key, job)
                return job.future
            self._drop_owned(owner)
            if sum(1 for j in self._jobs.values() if not j.future.running()) >= self.waiting:
                raise _busy()
            future: Future[T] = self._executor().submit(work)
            job = _Job(future)
            self._jobs[key] = job
            self._own(owner, key, job)
            future.add_done_callback(functools.partial(self._finished, key))
            return future

    def check_room(self, owner: Hashable) -> None:
        """``busy`` when a new piece of work of ``owner`` would be refused (its own waiting
        one, which the new one replaces, not counted)."""
        with self._lock:
            own = self._jobs.get(self._by_owner.get(owner, ()))
            waiting = sum(1 for j in self._jobs.values() if not j.future.running())
            if own is not None and not own.future.running() and own.owners == {owner}:
                waiting -= 1
            if waiting >= self.waiting:
                raise _busy()

    def release(self, key: Hashable, owner: Hashable) -> bool:
        """``owner`` waits no more for ``key``: dropped if nobody else waits and it has
        not started (whether it was)."""
        with self._lock:
            job = self._jobs.get(key)
            if job is None:
                return False
            job.owners.discard(owner)
            if self._by_owner.get(owner) == key:
                del self._by_owner[owner]
            if not job.owners and job.future.cancel():
                self.dropped += 1
                return True
            return False

    def pending(self, key: Hashable) -> bool:
        """Whether work under ``key`` is waiting or running."""
        with self._lock:
            job = self._jobs.get(key)
            return job is not None and not job.future.done()

    def close(self) -> None:
        with self._lock:
            self._let_go()

    def _executor(self) -> Executor:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self._pool is None:
            self._pool = (
                ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_yield_cpu,
                )
                if self.processes
                else ThreadPoolExecutor(self.workers, thread_name_prefix="banluck-heavy")
            )
        return self._pool

    def _let_go(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _let_go_if_idle(self) -> None:
        with self._lock:
            if not self._jobs:
                self._let_go()

    def _own(self, owner: Hashable, key: Hashable, job: _Job) -> None:
        if self._by_owner.get(owner) not in (None, key):
            self._drop_owned(owner)
        job.owners.add(owner)
        self._by_owner[owner] = key

    def _drop_owned(self, owner: Hashable) -> None:
        old = self._by_owner.pop(owner, None)
        job = None if old is None else self._jobs.get(old)
        if job is None:
            return
        job.owners.discard(owner)
        if not job.owners and job.future.cancel():
            self.dropped += 1

    def _finished(self, key: Hashable, future: Future[Any]) -> None:
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.future is future:
                del self._jobs[key]
                for owner in job.owners:
                    if self._by_owner.get(owner) == key:
                        del self._by_owner[owner]
            if not future.cancelled():
                self.done += 1
            if not self._jobs and self._pool is not None and self._idle is None:
                self._idle = threading.Timer(IDLE, self._let_go_if_idle)
                self._idle.daemon = True
                self._idle.start()


async def wait_while_wanted(
    lane: HeavyLane,
    key: Hashable,
    owner: Hashable,
    future: Future[T],
    gone: Callable[[], Awaitable[bool]],
) -> T:
    """``future``'s result, checking every ``CHECK_GONE`` seconds that the asker is still
    there (``gone``); when not, the work is released (dropped if nobody else waits) and
    ``CancelledError`` raised."""
    wrapped = asyncio.wrap_future(future)
    try:
        while True:
            done, _ = await asyncio.wait({wrapped}, timeout=CHECK_GONE)
            if done:
                return wrapped.result()
            if await gone():
                raise asyncio.CancelledError
    except asyncio.CancelledError:
        lane.release(key, owner)
        raise


class OneAtATime:
    """Requests of one kind that cost CPU (a drill's spot): each player's run one at a time
    (a second waits for the first: a double click is answered, never refused), ``burst``
    then ``per_second`` of them (``rate_limited`` past that)."""

    def __init__(self, what: str, *, burst: int, per_second: float) -> None:
        from banluck.web.clients import Buckets

        self.what = what
        self._turns: dict[str, asyncio.Lock] = {}
        self.allowance = Buckets(burst, per_second, time.monotonic)

    @contextlib.asynccontextmanager
    async def turn(self, player: str) -> AsyncIterator[None]:
        """The player's turn (``rate_limited`` when they asked too often)."""
        if not self.allowance.take(player):
            raise Refusal(
                "rate_limited",
                f"too many requests of a {self.what}: at most"
                f" {self.allowance.per_second:g} a second",
            )
        lock = self._turns.setdefault(player, asyncio.Lock())
        try:
            async with lock:
                yield
        finally:
            if not lock.locked() and self._turns.get(player) is lock:
                del self._turns[player]
