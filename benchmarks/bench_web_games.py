"""Latency of every game's answers for one player (issue 10: under 20 ms p99 per action).

Starts a real server (``banluck serve`` on a free port of 127.0.0.1, a fresh SQLite file in a
temporary folder); one ``httpx.Client`` (one cookie, one kept-alive connection) plays a fixed
number of hands of each game: POST deal, then POST action with a seeded random legal choice
until the hand is over (in ``kampung`` the bank rotates, so some hands are played as the
banker). Every request is timed from sending to the full answer; the first request of each
game (which loads its solver or policy once) is reported apart, and the first 3 hands of
each game (where the bots' policy and the hint's solve load) are played untimed. Also timed:
GET state, hint, stats, chart and the lobby. Bounded; the server is stopped at the end.

    .venv/bin/python benchmarks/bench_web_games.py              # 150 hands per game
    .venv/bin/python benchmarks/bench_web_games.py --hands 40
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.common import cpu_seconds, percentile, served

GAMES = ("table", "one-on-one", "kampung", "classic", "infinite")


def _timed(client: httpx.Client, method: str, url: str, **kw: Any) -> tuple[float, httpx.Response]:
    t0 = time.perf_counter()
    res = client.request(method, url, **kw)
    return time.perf_counter() - t0, res


def _play(
    client: httpx.Client, game: str, hands: int, seed: int, warm: int = 3
) -> dict[str, list[float]]:
    """Play ``warm`` untimed hands (the first loads the game's solver or policy), then
    ``hands`` timed ones; the first deal's time is kept apart."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"deal": [], "action": [], "hint": [], "state": []}
    first: list[float] = []
    base = f"/api/games/{game}"
    if game == "kampung":
        client.put(f"{base}/settings", json={"bank": "rotate"})
    untimed: dict[str, list[float]] = {k: [] for k in times}
    for n in range(warm + hands):
        into = times if n >= warm else untimed
        dt, res = _timed(client, "GET", f"{base}/state")
        into["state"].append(dt)
        state = res.json()
        body: dict[str, Any] = {"hand": state["next_hand"]}
        if not (game == "kampung" and state["player"].get("banker") == "you"):
            body["bet"] = 10
        if game == "infinite" and rng.random() < 0.3 and state["player"]["next_shoe_hand"] <= 40:
            body["side_bets"] = {"pairs": 1}
        dt, res = _timed(client, "POST", f"{base}/deal", json=body)
        if res.status_code != 200:
            raise SystemExit(f"{game} deal: {res.status_code} {res.text}")
        (first if n == 0 else into["deal"]).append(dt)
        state = res.json()
        while not state["table"]["over"]:
            t = state["table"]
            if rng.random() < 0.2 or n < warm:
                q = {"hand": t["hand"], "step": t["step"]}
                dt, res = _timed(client, "GET", f"{base}/hint", params=q)
                into["hint"].append(dt)
            action = rng.choice(t["legal"])
            body = {"action": action, "hand": t["hand"], "step": t["step"]}
            dt, res = _timed(client, "POST", f"{base}/action", json=body)
            if res.status_code != 200:
                raise SystemExit(f"{game} action: {res.status_code} {res.text}")
            into["action"].append(dt)
            state = res.json()
    times["first"] = first
    times["warm"] = [sum(v) for v in untimed.values()]
    return times


def _row(game: str, what: str, values: list[float]) -> str:
    if not values:
        return f"| {game} | {what} | 0 | | | |"
    ms = [v * 1000 for v in values]
    return (
        f"| {game} | {what} | {len(ms)} | {statistics.median(ms):.1f} |"
        f" {percentile(ms, 99):.1f} | {max(ms):.1f} |"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=150, help="hands per game (150)")
    args = ap.parse_args()
    rows: list[str] = []
    cpus: list[str] = []
    worst = 0.0
    with served() as (base, pid), httpx.Client(base_url=base, timeout=120) as client:
        for i, game in enumerate(GAMES):
            cpu = cpu_seconds(pid)
            times = _play(client, game, args.hands, seed=i)
            cpu = cpu_seconds(pid) - cpu
            count = sum(len(v) for k, v in times.items() if k != "warm") + 3
            cpus.append(f"# {game}: server CPU {1000 * cpu / count:.2f} ms per request")
            for what in ("deal", "action", "hint", "state"):
                rows.append(_row(game, what, times[what]))
                if what in ("deal", "action") and times[what]:
                    worst = max(worst, percentile([v * 1000 for v in times[what]], 99))
            first, warmed = times["first"][0] * 1000, sum(times["warm"]) * 1000
            rows.append(f"| {game} | first deal (loads) | 1 | {first:.0f} | | |")
            rows.append(f"| {game} | 3 untimed hands in all | 1 | {warmed:.0f} | | |")
            stats = [_timed(client, "GET", f"/api/games/{game}/stats")[0] for _ in range(20)]
            rows.append(_row(game, "stats", stats))
        lobby = [_timed(client, "GET", "/api/games")[0] for _ in range(20)]
        rows.append(_row("all", "lobby", lobby))
    load = os.getloadavg()
    print(
        f"# bench_web_games: {os.cpu_count()} CPUs, load average {load[0]:.1f},"
        f" Python {sys.version.split()[0]}, loopback, one player"
    )
    print("| game | request | n | p50 ms | p99 ms | max ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(row)
    print(f"# worst p99 of a deal or an action: {worst:.1f} ms (goal: under 20 ms)")
    for line in cpus:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
