"""Kampung's model game solved to an equilibrium (``equilibrium.nash``): the time of a
solve from nothing (the pure solve it grows from included), its NashConv and value, for
kampung's own rules and a few houses. Issue 19's target: NashConv at most 0.01 % of a bet
per player hand, solved in at most 60 s on one core for the preset. Beside it, the
equilibrium's NashConv when each side sees what K17 shows (``equilibrium.seen``: a player the
other hands' counts, the banker the bets) and the time of those two best answers. Then the
model with the bets seen solved to its own equilibrium (``equilibrium.seen_nash``): its
time, value and NashConv, and the bracket the first equilibrium's best answers give.

    taskset -c 1 .venv/bin/python -m benchmarks.bench_kampung_equilibrium --repeats 3

Each solve starts with the process's caches of solves emptied; the kernels are loaded by a
first solve that is not counted.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from banluck.games.house import read_house
from banluck.games.kampung.equilibrium import model
from banluck.games.kampung.equilibrium.nash import Equilibrium, equilibrium
from banluck.games.kampung.equilibrium.seen import banker_seen, player_seen, seen
from banluck.games.kampung.equilibrium.seen_nash import seen_equilibrium
from banluck.games.kampung.rules import KampungRules
from benchmarks.common import load, machine

HOUSES: list[dict[str, Any]] = [
    {},
    {"seven_seven_seven": 7},
    {"any_21": 3},
    {"banker_must_draw_under": 17},
    {"burn": False},
    {"busts_shown": True},
    {"selective_open": False},
]


def _rules(changes: dict[str, Any]) -> KampungRules:
    record = read_house({"base": "kampung", "rules": changes}).record()
    assert isinstance(record, KampungRules)
    return record


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    print(machine(), "·", load())
    equilibrium(_rules({"five_dragon": 3}))  # load the kernels
    print(
        "| house | solve (best of repeats) | growths | tables / bankers mixed | value | "
        "NashConv | the pure solve's NashConv | 15s still best | NashConv seeing what K17 "
        "shows (player + bank) | their time |"
    )
    print("|---|---:|---:|---|---:|---:|---:|---|---:|---:|")
    solved: list[tuple[str, Equilibrium]] = []
    for changes in HOUSES:
        rules = _rules(changes)
        times = []
        for _ in range(args.repeats):
            model.solve.cache_clear()
            t0 = time.perf_counter()
            e = equilibrium(rules)
            times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        seen_player, seen_bank = player_seen(e).gain, banker_seen(e).gain
        seen_time = time.perf_counter() - t0
        name = ", ".join(f"{k}={v}" for k, v in changes.items()) or "kampung"
        solved.append((name, e))
        print(
            f"| {name} | {min(times):.2f} s | {e.growths} | {len(e.players)} / {len(e.bankers)} "
            f"| {e.value:+.5%} | {e.nash_conv:.1e} | {e.pure_nash_conv:.3%} | {e.fifteens_best} "
            f"| {seen_player + seen_bank:.4%} ({seen_player:.4%} + {seen_bank:.4%}) "
            f"| {seen_time:.2f} s |"
        )

    print()
    print(
        "| house | the bets seen: solve | growths | player / banker strategies mixed | value "
        "| NashConv | the first equilibrium's bracket (bank's answer · player's) |"
    )
    print("|---|---:|---:|---|---:|---:|---|")
    for name, e in solved:
        t0 = time.perf_counter()
        own = seen_equilibrium(e)
        took = time.perf_counter() - t0
        b = seen(e)
        mixed = f"{sum(q > 0 for q in own.play_weights)} / {sum(q > 0 for q in own.banker_weights)}"
        print(
            f"| {name} | {took:.2f} s | {own.growths} | {mixed} | {own.value:+.5%} "
            f"| {own.nash_conv:.1e} | {e.value - b.banker.gain:+.5%} · "
            f"{e.value + b.player.gain:+.5%} |"
        )


if __name__ == "__main__":
    main()
