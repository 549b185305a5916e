"""CPU time of a solo table's requests in one process (no server, no network): a player
asks the state, deals and plays out ``--hands`` hands of ``--game`` (standing, or the first
choice offered), through the app's own routes (Starlette's test client). Run it with
``PYTHONPATH`` set to another tree's ``src`` to time that code back to back.

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
                """Deal ``hands`` hands, standing (or the first choice) until each is over,
                asking the state after each; the number of requests."""
                requests = 0
                for _ in range(hands):
                    state = client.get(f"{base}/state", headers=ORIGIN).json()
                    body = {"hand": state["next_hand"], "bet": 10}
                    if state["player"].get("banker") == "you":
                        del body["bet"]
                    state = client.post(f"{base}/deal", json=body, headers=ORIGIN).json()
                    requests += 2
                    while state["table"] is not None and not state["table"]["over"]:
                        t = state["table"]
                        choice = "stand" if "stand" in t["legal"] else t["legal"][0]
                        act = {"action": choice, "hand": t["hand"], "step": t["step"]}
                        state = client.post(f"{base}/action", json=act, headers=ORIGIN).json()
                        requests += 1
                return requests

            play(20)  # the game's first hands load what it needs
            start = time.process_time()
            requests = play(args.hands)
            spent = time.process_time() - start
    print(f"{args.game}: {requests} requests, {spent / requests * 1000:.2f} ms CPU each")


if __name__ == "__main__":
    main()
