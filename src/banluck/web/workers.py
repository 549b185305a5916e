"""``banluck serve --workers N``: N processes serving one listening socket, and a rolling
restart of them without a gap.

The supervisor binds the socket, then starts each worker as a new interpreter running the
same command line (so a worker started later runs the code installed then), handing it the
socket's descriptor and a pipe on which the worker says once it serves. The kernel hands
each new connection to one of the workers.

- A worker that dies is replaced; one that fails as it starts stops them all (exit 1).
- SIGINT or SIGTERM stops every worker (each drains: a room's socket is closed with "service
  restart", and its page connects again to a worker still serving).
- SIGHUP restarts the workers one at a time: a new one is started and serves before an old
  one is stopped, so the port always has a worker behind it; a new one that does not come up
  leaves the old ones serving (and says so in the log).

Nothing here knows the app: a worker makes its own (``make_app``: its own database
connections) in ``banluck.web.command``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import signal
import socket
import subprocess
import sys
import time
from typing import Any

log = logging.getLogger("banluck.web")

#: the environment variable naming the listening socket's descriptor a worker serves
WORKER_FD = "BANLUCK_WORKER_FD"
#: the environment variable naming the descriptor a worker writes one byte to once it serves
READY_FD = "BANLUCK_READY_FD"
#: the environment variable carrying the supervisor's start value to its workers (hex), so
#: every worker derives the same first salts (``web.solo.fair.START``)
START_ENV = "BANLUCK_START"
#: A worker that fails this soon after it started is not started again.
FAIL_FAST = 5.0
#: how long a new worker may take to serve (seconds) before it is given up
READY_WITHIN = 120.0
#: how long a stopped worker may take to drain before it is killed (seconds)
DRAIN_WITHIN = 30.0


def worker_socket() -> socket.socket | None:
    """In a worker started by ``supervise``: the listening socket it serves (else None)."""
    fd = os.environ.get(WORKER_FD)
    return None if fd is None else socket.socket(fileno=int(fd))


def say_ready() -> None:
    """In a worker: tell the supervisor it serves (once; nothing outside a worker)."""
    fd = os.environ.pop(READY_FD, None)
    if fd is not None:
        with contextlib.suppress(OSError):
            os.write(int(fd), b"1")
            os.close(int(fd))


class Worker:
    """One worker process and when it started."""

    def __init__(self, proc: subprocess.Popen[bytes], ready: int) -> None:
        self.proc = proc
        self.started = time.monotonic()
        self._ready = ready

    @property
    def pid(self) -> int:
        return self.proc.pid

    def wait_ready(self, within: float = READY_WITHIN) -> bool:
        """Whether the worker says it serves within ``within`` seconds (False: it ended or
        was too slow)."""
        deadline = time.monotonic() + within
        try:
            while (left := deadline - time.monotonic()) > 0:
                readable, _, _ = select.select([self._ready], [], [], min(left, 1.0))
                if readable:
                    return os.read(self._ready, 1) == b"1"  # b"": it ended first
                if self.proc.poll() is not None:
                    return False
            return False
        finally:
            os.close(self._ready)

    def stop(self, within: float = DRAIN_WITHIN) -> None:
        """SIGTERM, then SIGKILL if it has not drained within ``within`` seconds."""
        with contextlib.suppress(ProcessLookupError):
            self.proc.terminate()
        try:
            self.proc.wait(timeout=within)
        except subprocess.TimeoutExpired:
            log.warning("worker %d did not drain in %.0f s: killed", self.pid, within)
            self.proc.kill()
            self.proc.wait()


def start_worker(sock: socket.socket, argv: list[str], start: bytes) -> Worker:
    """A new interpreter running ``banluck`` with ``argv``, serving ``sock``."""
    read, write = os.pipe()
    env = {
        **os.environ,
        WORKER_FD: str(sock.fileno()),
        READY_FD: str(write),
        START_ENV: start.hex(),
    }
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "banluck", *argv], pass_fds=(sock.fileno(), write), env=env
        )
    except BaseException:
        os.close(read)
        raise
    finally:
        os.close(write)
    return Worker(proc, read)


def supervise(sock: socket.socket, workers: int, argv: list[str], start: bytes) -> int:
    """Run ``workers`` workers on ``sock`` until SIGINT or SIGTERM (see the module's text);
    0, or 1 when a worker failed as it started."""
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    os.set_blocking(wake_read, False)
    asked: set[int] = set()

    def note(signum: int, frame: Any) -> None:
        asked.add(signum)

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD):
        signal.signal(signum, note)
    old_wakeup = signal.set_wakeup_fd(wake_write)
    live: list[Worker] = []

    def stopping() -> bool:
        return bool(asked & {signal.SIGINT, signal.SIGTERM})

    def new_worker() -> Worker | None:
        worker = start_worker(sock, argv, start)
        if worker.wait_ready():
            return worker
        log.error("worker %d did not come up", worker.pid)
        worker.stop(within=5.0)
        return None

    def roll() -> None:
        for old in list(live):
            if stopping():
                return
            new = new_worker()
            if new is None:
                log.error("the rolling restart stops: the workers already running serve on")
                return
            live.append(new)
            live.remove(old)
            old.stop()
            log.warning("worker %d replaced worker %d", new.pid, old.pid)

    failed = 0
    try:
        for _ in range(workers):
            worker = new_worker()
            if worker is None:
                return 1
            live.append(worker)
        while live and not stopping():
            with contextlib.suppress(InterruptedError):
                select.select([wake_read], [], [], 1.0)
            with contextlib.suppress(BlockingIOError):
                os.read(wake_read, 512)
            if signal.SIGHUP in asked:
                asked.discard(signal.SIGHUP)
                roll()
            for worker in [w for w in live if w.proc.poll() is not None]:
                live.remove(worker)
                code = worker.proc.returncode
                if code > 0 and time.monotonic() - worker.started < FAIL_FAST:
                    log.error("worker %d failed as it started: stopping every worker", worker.pid)
                    failed = 1
                    return failed
                log.warning("worker %d ended (status %d): starting another", worker.pid, code)
                time.sleep(0.5)
                replacement = new_worker()
                if replacement is None:  # it cannot come up now (its database?): all stop
                    return 1
                live.append(replacement)
        return failed
    finally:
        for worker in live:  # each drains at once, side by side
            with contextlib.suppress(ProcessLookupError):
                worker.proc.terminate()
        for worker in live:
            worker.stop()
        signal.set_wakeup_fd(old_wakeup)
        os.close(wake_read)
        os.close(wake_write)
        sock.close()
