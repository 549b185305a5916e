"""What the benchmarks share: the machine and its load, the simulators' compile timing and
command line, and a ``banluck serve`` started for the web benchmarks with its CPU time."""

from __future__ import annotations

import argparse
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from tests.rooms.servers import children_of


def machine() -> str:
    """The CPU model and count."""
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def load() -> str:
    """The load averages, to record how busy the machine was."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


#: Times a simulator's first kernel call; its setup script before it defines ``kernel`` (the
#: kernel module) and ``t`` (its tables).
_TIME_FIRST_CALL = """
import time
t0 = time.perf_counter()
kernel.run(t, 10, kernel.rng_states(0, 1)[0])
print(time.perf_counter() - t0)
"""


def bench_compile(setup: str) -> None:
    """Compile time with an empty Numba cache, and load time from that cache: the first
    kernel call after ``setup``, in a fresh process each."""
    script = setup + _TIME_FIRST_CALL
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("compile (empty cache)", "load (warm cache)"):
            out = subprocess.run(
                [sys.executable, "-c", script], env=env, capture_output=True, text=True
            )
            out.check_returncode()
            print(f"first call, {label}: {float(out.stdout):.2f} s")


def time_kernel(
    run: Callable[..., Any], tables: Any, hands: int, repeats: int
) -> tuple[float, float]:
    """The best wall-clock and CPU seconds of ``repeats`` calls ``run(tables, hands, state)``
    of a compiled simulator kernel (stream ``r`` for repeat ``r``), after a warm-up call so
    that Numba's compile or cache load is left out."""
    from banluck.games.banluck.sim.kernel import rng_states

    run(tables, 1000, rng_states(0, 1)[0])  # compile / load
    best_wall = best_cpu = float("inf")
    for r in range(repeats):
        state = rng_states(r, 1)[0]
        w0, c0 = time.perf_counter(), time.process_time()
        run(tables, hands, state)
        best_wall = min(best_wall, time.perf_counter() - w0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    return best_wall, best_cpu


def sim_main(
    doc: str | None,
    *,
    core: Callable[[int, int], None],
    workers: Callable[[int], None],
    setup: str,
) -> None:
    """A simulator benchmark's command line: ``all``, ``core`` (``core(hands, repeats)``),
    ``workers`` (``workers(4 * hands)``) or ``compile`` (the first call after ``setup``)."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument(
        "what", nargs="?", default="all", choices=["all", "core", "workers", "compile"]
    )
    parser.add_argument("--hands", type=int, default=5_000_000, help="table hands per timing")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(machine())
    if args.what in ("all", "compile"):
        bench_compile(setup)
    if args.what in ("all", "core"):
        core(args.hands, args.repeats)
    if args.what in ("all", "workers"):
        workers(4 * args.hands)


def free_port() -> int:
    """A TCP port free on the loopback now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    rank = max(1, round(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_until_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with status {proc.returncode}")
        try:
            httpx.get(base + "/api/state", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


@contextmanager
def served(db_url: str | None = None) -> Iterator[tuple[str, int]]:
    """``banluck serve`` on a free loopback port with a fresh SQLite file (or on the
    PostgreSQL at ``db_url``), up and answering; yields its base URL and process id, and
    stops it afterwards."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = db_url or str(Path(tmp) / "bench.sqlite3")
        cmd = [sys.executable, "-m", "banluck", "serve", "--port", str(port), "--db", db]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
        try:
            _wait_until_up(base, proc)
            yield base, proc.pid
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


PG_SH = Path(__file__).resolve().parent.parent / "scripts" / "pg.sh"


def start_postgres(where: Path) -> str:
    """A PostgreSQL of its own in ``where`` (``scripts/pg.sh``); its URL. (Run as root, the
    server runs as ``postgres``, who must reach ``where``: its folder is opened to all.)"""
    if os.geteuid() == 0:
        os.chmod(where.parent, 0o755)
    out = subprocess.run(
        ["bash", str(PG_SH), "start", str(where), str(free_port())],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip().splitlines()[-1]


def postgres_pids(where: Path) -> list[int]:
    """The postmaster of ``where`` and its children (the backends of both servers)."""
    main = int((where / "data" / "postmaster.pid").read_text().split()[0])
    return [main, *children_of(main)]
