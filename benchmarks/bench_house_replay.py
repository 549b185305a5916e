"""Ban Luck hands under random houses: a house's whole strategy table, and ``banluck replay
--lines`` over hands of many houses, whose seats without moves play each house's strategy.

    .venv/bin/python -m benchmarks.bench_house_replay [--houses 2000] [--per-house 5]
        [--tables 10] [--repeats 1]

Houses of ``table`` and ``one-on-one`` are drawn from a seeded generator: each field of the
house schema changed with a chance of one in four, within its range (the bets and the stack
left alone), refused combinations drawn again. Each house gets ``--per-house`` hands (a
shuffled shoe, stacks and bets, a few scripted moves, most seats played by the strategy),
written as REPLAY.md lines with the house; the real command is timed as a subprocess (wall
clock with the process start, and the child's CPU time). ``--tables`` houses of each base
have their whole strategy table timed in this process, after one solve to load the kernel.
Run it with ``PYTHONPATH`` set to another tree's ``src`` to time that code back to back.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from banluck.games.house import Field, House, HouseError, read_house
from banluck.games.registry import game
from benchmarks.bench_replay_games import best_of
from benchmarks.common import load, machine

BASES = ("table", "one-on-one")
RANKS = "A23456789TJQK"
SUITS = "SHDC"
LEFT_ALONE = {"bet_min", "bet_max", "bet_cover", "fresh_stack", "decks"}


def _value(rng: random.Random, f: Field) -> Any:
    if f.kind == "bool":
        return rng.random() < 0.5
    if f.kind == "choice":
        return rng.choice(f.choices)
    if f.kind == "aces":
        return sorted(rng.sample((1, 10, 11), rng.randint(1, 3)))
    return rng.choice((*range(f.lo, min(f.hi, f.lo + 30) + 1), *f.also))


def random_houses(seed: int, n: int) -> Iterator[House]:
    """``n`` valid houses of ``BASES``, each changing some fields."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        base = rng.choice(BASES)
        fields = game(base).part("house").fields  # type: ignore[attr-defined]
        rules = {f.name: _value(rng, f) for f in fields if f.name not in LEFT_ALONE}
        rules = {k: v for k, v in rules.items() if rng.random() < 0.25}
        try:
            house = read_house({"base": base, "rules": rules})
        except HouseError:
            continue
        made += 1
        yield house


def house_hands(rng: random.Random, house: House, n: int) -> Iterator[str]:
    """``n`` REPLAY.md lines under ``house``."""
    decks = int(house.rules["decks"])
    names = ("you", "anna", "ben") if house.base == "table" else ("you",)
    for _ in range(n):
        cards = [r + s for r in RANKS for s in SUITS] * decks
        rng.shuffle(cards)
        seats: list[dict[str, Any]] = []
        for name in names:
            seat: dict[str, Any] = {"name": name, "stack": rng.choice((1000, 1000, 500))}
            if name == "you":
                seat["bet"] = rng.choice((10, 50, 100))
            if rng.random() < 0.1:
                seat["moves"] = ["hit"] * rng.randint(0, 1) + ["stand"]
            seats.append(seat)
        named = {k: v for k, v in house.to_json().items() if v is not None}
        hand = {"house": named, "shoe": cards[:30], "seats": seats}
        yield json.dumps(hand, separators=(",", ":"))


def time_tables(houses: list[House], per_base: int) -> dict[str, list[float]]:
    """Seconds of each house's whole strategy table, ``per_base`` houses of each base."""
    from banluck.games.banluck.rules import preset
    from banluck.games.banluck.strategy.solver import solve
    from banluck.games.banluck.strategy.tables import table_data

    solve(preset("table"))  # the kernel loaded (compiled, if it is not built)
    seconds: dict[str, list[float]] = {b: [] for b in BASES}
    for house in houses:
        if len(seconds[house.base]) < per_base:
            rules = house.record()
            start = time.perf_counter()
            table_data(rules)
            seconds[house.base].append(time.perf_counter() - start)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--houses", type=int, default=2000)
    parser.add_argument("--per-house", type=int, default=5)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    import banluck

    print(f"# bench_house_replay: {machine()}; {load()}")
    print(f"# code: {Path(banluck.__file__).parent}")
    houses = list(random_houses(20261207, args.houses))
    for base, secs in time_tables(houses, args.tables).items():
        if secs:
            print(
                f"{base:10s} whole strategy table: median {statistics.median(secs):.3f} s, "
                f"{min(secs):.3f} – {max(secs):.3f} s over {len(secs)} houses"
            )
    rng = random.Random(7)
    lines = [line for h in houses for line in house_hands(rng, h, args.per_house)]
    wall, cpu, errors = best_of(lines, args.repeats)
    print(
        f"replay --lines: {len(lines):,} hands over {len(houses):,} houses: wall {wall:.2f} s, "
        f"CPU {cpu:.2f} s (best of {args.repeats}; {errors} error lines; "
        f"load {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
