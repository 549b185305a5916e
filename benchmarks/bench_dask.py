"""The simulators as Dask tasks: hands per second on one worker and on two local workers
against the same run in this process, the overhead per chunk (many small chunks), the cost
of starting a local cluster (``--dask local:N``), and the counts of every run compared with
the local run's.

    .venv/bin/python -m benchmarks.bench_dask                  # Ban Luck table, 20,000,000 hands
    .venv/bin/python -m benchmarks.bench_dask --hands 4000000

The steady figures use a cluster started once and reached by its scheduler's address (as a
remote cluster is), warmed by one small run (its workers load the compiled kernels).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from distributed import LocalCluster

from banluck.games.banluck import preset
from banluck.games.banluck.sim import simulate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000_000)
    ap.add_argument("--chunk", type=int, default=500_000)
    args = ap.parse_args()
    rules = preset("table", 2)
    load, version = os.getloadavg()[0], sys.version.split()[0]
    print(f"# bench_dask: {os.cpu_count()} CPUs, load {load:.2f}, Python {version}")
    base = simulate(rules, args.hands, seed=1, chunk=args.chunk)
    print(f"this process: {base.hands / base.seconds:,.0f} table hands/s ({base.seconds:.2f} s)")
    for n in (1, 2):
        with LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster:
            address = cluster.scheduler_address
            simulate(rules, 1000, seed=0, chunk=1000, dask=address)  # the workers warm up
            r = simulate(rules, args.hands, seed=1, chunk=args.chunk, dask=address)
            same = "identical" if r.counts == base.counts else "DIFFERENT"
            print(
                f"{n} Dask worker(s): {r.hands / r.seconds:,.0f} table hands/s "
                f"({r.seconds:.2f} s, {r.seconds / base.seconds:.2f} x this process's time);"
                f" counts {same}"
            )
            if n == 1:
                small, count = 2_000, 200  # many tiny chunks: the cost of a task itself
                here = simulate(rules, small * count, seed=2, chunk=small)
                there = simulate(rules, small * count, seed=2, chunk=small, dask=address)
                per = (there.seconds - here.seconds) / count * 1000
                same = "identical" if there.counts == here.counts else "DIFFERENT"
                print(f"overhead per chunk ({count} chunks of {small} hands): {per:.2f} ms; {same}")
    t0 = time.perf_counter()
    cold = simulate(rules, 1000, seed=3, chunk=1000, dask="local:2")
    print(
        f"--dask local:2, 1,000 hands from a cold start: {time.perf_counter() - t0:.2f} s "
        f"(the cluster's start, the workers' imports and kernels; {cold.workers} workers)"
    )


if __name__ == "__main__":
    main()
