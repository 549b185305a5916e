"""Latency of the web table's Deal and Stand, with 1 and with 50 players at once.

Starts a real server (``banluck serve`` on a free port of 127.0.0.1, a fresh SQLite file in a
temporary folder), then simulated players, each an ``httpx.AsyncClient`` with its own cookie,
play hands one after another: POST /api/deal (bet 10), and when the hand waits for them,
POST /api/action stand (a free 15 is thrown in instead and not counted). Every request is
timed from sending to the full answer. Bounded: a fixed number of hands per player; the
server is stopped at the end.

    .venv/bin/python benchmarks/bench_web.py            # 1 player x 300 hands, 50 x 10
    .venv/bin/python benchmarks/bench_web.py --hands-one 100 --hands-many 5
    .venv/bin/python benchmarks/bench_web.py --postgres # the same, tables in PostgreSQL

``--postgres``: the players' tables in a PostgreSQL of its own (``scripts/pg.sh``), whose
processes' CPU is counted with the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.common import (
    PG_SH,
    cpu_seconds,
    percentile,
    postgres_pids,
    served,
    start_postgres,
)


async def _player(
    base: str, hands: int, deals: list[float], stands: list[float], errors: list[str]
) -> None:
    limits = httpx.Limits(max_connections=1)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        state: dict[str, Any] = (await client.get("/api/state")).json()
        for _ in range(hands):
            t0 = time.perf_counter()
            res = await client.post("/api/deal", json={"bet": 10, "hand": state["next_hand"]})
            deals.append(time.perf_counter() - t0)
            if res.status_code != 200:
                errors.append(f"deal {res.status_code} {res.text}")
                state = (await client.get("/api/state")).json()
                continue
            state = res.json()
            table = state["table"]
            while not table["over"]:
                action = "stand" if "stand" in table["legal"] else "throw"
                body = {"action": action, "hand": table["hand"], "step": table["step"]}
                t0 = time.perf_counter()
                res = await client.post("/api/action", json=body)
                if action == "stand":
                    stands.append(time.perf_counter() - t0)
                if res.status_code != 200:
                    errors.append(f"action {res.status_code} {res.text}")
                    break
                state = res.json()
                table = state["table"]


async def _run(base: str, players: int, hands: int) -> dict[str, Any]:
    deals: list[float] = []
    stands: list[float] = []
    errors: list[str] = []
    t0 = time.perf_counter()
    await asyncio.gather(*(_player(base, hands, deals, stands, errors) for _ in range(players)))
    wall = time.perf_counter() - t0
    return {"players": players, "deals": deals, "stands": stands, "errors": errors, "wall": wall}


def _row(name: str, values: list[float], players: int) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"| {name} | {players} | {len(ms)} | {statistics.median(ms):.1f} |"
        f" {percentile(ms, 99):.1f} |"
    )


def _runs(url: str | None, pg_dir: Path, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Both runs on one server; its CPU (and PostgreSQL's) counted per run."""

    def cpu(pid: int) -> float:
        return cpu_seconds(pid) + (sum(map(cpu_seconds, postgres_pids(pg_dir))) if url else 0)

    runs = []
    with served(url) as (base, pid):
        for players, hands in ((1, args.hands_one), (args.many, args.hands_many)):
            before, own = cpu(pid), time.process_time()
            run = asyncio.run(_run(base, players, hands))
            run["server_cpu"] = cpu(pid) - before
            run["client_cpu"] = time.process_time() - own
            runs.append(run)
    return runs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands-one", type=int, default=300, help="hands for the single player")
    ap.add_argument("--hands-many", type=int, default=10, help="hands per player of the 100")
    ap.add_argument(
        "--many",
        type=int,
        default=50,
        help="players at once (50; one address may bring 60 new players an hour)",
    )
    ap.add_argument("--postgres", action="store_true", help="the tables in PostgreSQL")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pg_dir = Path(tmp) / "pg"
        url = start_postgres(pg_dir) if args.postgres else None
        try:
            runs = _runs(url, pg_dir, args)
        finally:
            if url:
                subprocess.run(["bash", str(PG_SH), "stop", str(pg_dir)], check=False)
    store = "PostgreSQL" if args.postgres else "SQLite"
    print(
        f"# bench_web: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, loopback,"
        f" tables in {store}"
    )
    print("| request | players at once | requests | p50 ms | p99 ms |")
    print("| --- | --- | --- | --- | --- |")
    for run in runs:
        print(_row("Deal", run["deals"], run["players"]))
        print(_row("Stand", run["stands"], run["players"]))
    for run in runs:
        requests = len(run["deals"]) + len(run["stands"]) + run["players"]
        cpu_ms = 1000 * run["server_cpu"] / requests
        client_ms = 1000 * run["client_cpu"] / requests
        print(
            f"# {run['players']} player(s): {len(run['deals'])} hands in {run['wall']:.1f} s,"
            f" {len(run['errors'])} errors; CPU per request: server {cpu_ms:.2f} ms,"
            f" the simulated players (httpx) {client_ms:.2f} ms"
        )
        for e in run["errors"][:5]:
            print(f"#   {e}")
    return 1 if any(run["errors"] for run in runs) else 0


if __name__ == "__main__":
    raise SystemExit(main())
