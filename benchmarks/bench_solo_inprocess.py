"""CPU time of a solo table's requests in one process (no server, no network): a player
deals ``--hands`` hands of ``--game`` and asks the state after each, through the app's own
routes (Starlette's test client). Run it with ``PYTHONPATH`` set to another tree's ``src``
to time that code back to back.

    .venv/bin/python -m benchmarks.bench_solo_inprocess [--game table] [--hands 300]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

import banluck
from banluck.web.app import create_app
from benchmarks.common import load, machine

ORIGIN = {"origin": "http://127.0.0.1:8000"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="table")
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    print(f"# bench_solo_inprocess: {machine()}; {load()}")
    print(f"# code: {Path(banluck.__file__).parent}")
    base = f"/api/games/{args.game}"
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "bench.sqlite3", rng=random.Random(1))
        with TestClient(app, base_url="http://127.0.0.1:8000") as client:

            def play(hands: int) -> int:
                for _ in range(hands):
                    client.post(f"{base}/deal", json={"bet": 10}, headers=ORIGIN)
                    client.get(f"{base}/state", headers=ORIGIN)
                return 2 * hands

            play(20)  # the game's first hands load what it needs
            start = time.process_time()
            requests = play(args.hands)
            spent = time.process_time() - start
    print(f"{args.game}: {requests} requests, {spent / requests * 1000:.2f} ms CPU each")


if __name__ == "__main__":
    main()
