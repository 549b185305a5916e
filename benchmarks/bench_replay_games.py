"""``banluck replay --lines`` over 10,000 hands of each family (issues 7, 8 and 9).

    .venv/bin/python -m benchmarks.bench_replay_games [--hands 10000] [--repeats 3]

Writes seeded random hands — Ban Luck (``tests/golden/hands.py``: table and one-on-one, some
scripted moves, most played by the strategy), blackjack (``tests/games/blackjack/make_hands.py``:
classic and infinite, side bets, the strategy or ``auto``) and kampung (random bankers and
stacks, the bots deciding every choice) — then times the real command as a subprocess:
wall clock with the process start, and the child's CPU time (the figure to quote when other
work shares the machine). The best of ``--repeats`` runs is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.games.blackjack.make_hands import make_hand
from tests.golden.hands import hands as banluck_hands

from banluck.core.cards import ONE_DECK
from banluck.core.seating import seating_for
from banluck.games.kampung.rules import KAMPUNG


def kampung_hands(seed: int, n: int) -> Iterator[str]:
    """``n`` kampung hands: a random banker and stacks, a shuffled shoe, bots for every seat."""
    rng = random.Random(seed)
    for _ in range(n):
        banker = rng.choice(KAMPUNG.seats)
        cards = list(ONE_DECK * KAMPUNG.decks)
        rng.shuffle(cards)
        seats: list[dict[str, Any]] = []
        for name in KAMPUNG.seats:
            seat: dict[str, Any] = {"name": name, "stack": rng.choice([1000, 1000, 300, 5000])}
            if name == "you" and banker != "you":
                seat["bet"] = rng.randint(10, 300)
            seats.append(seat)
        hand = {"preset": "kampung", "banker": banker, "shoe": [c.code for c in cards[:60]]}
        yield json.dumps({**hand, "seats": seats})


def kampung_scripted(seed: int, n: int) -> Iterator[str]:
    """``n`` kampung hands with every choice scripted: random legal moves, found by playing
    each hand through the engine once while the file is written."""
    from banluck.core.shoe import Shoe
    from banluck.games.kampung.records import PlayerEntry
    from banluck.games.kampung.round import KampungRound

    rng = random.Random(seed)
    for line in kampung_hands(seed, n):
        hand = json.loads(line)
        seating = seating_for(KAMPUNG)
        stacks = {
            s["name"]: seating.fresh_stack_for(KAMPUNG, s["name"], s["stack"], hand["banker"])
            for s in hand["seats"]
        }
        bets = {s["name"]: s.get("bet", 50) for s in hand["seats"]}
        players = [PlayerEntry(p, stacks[p], bets[p]) for p in KAMPUNG.players(hand["banker"])]
        r = KampungRound.start(
            KAMPUNG,
            Shoe.stacked(hand["shoe"], decks=KAMPUNG.decks),
            banker=hand["banker"],
            bank_stack=stacks[hand["banker"]],
            players=players,
        )
        moves: dict[str, list[str]] = {s: [] for s in KAMPUNG.seats}
        while r.to_act:
            action = rng.choice(r.legal_actions())
            moves[r.to_act].append(action)
            r.apply(action)
        for seat in hand["seats"]:
            seat["moves"] = moves[seat["name"]]
        yield json.dumps(hand)


def blackjack_hands(seed: int, n: int) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(n):
        yield json.dumps(make_hand(rng))


def time_replay(path: Path) -> tuple[float, float, int]:
    """Wall seconds, child CPU seconds and error lines of one ``replay --lines`` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "replay", "--lines", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    errors = sum(line.startswith('{"error"') for line in proc.stdout.splitlines())
    return wall, cpu, errors


def best_of(lines: list[str], repeats: int) -> tuple[float, float, int]:
    """The best wall and CPU seconds of ``repeats`` runs over ``lines``, and the error lines."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        path.write_text("\n".join(lines) + "\n")
        runs = [time_replay(path) for _ in range(repeats)]
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    families = {
        "banluck": banluck_hands(20261201, args.hands),
        "blackjack": blackjack_hands(8, args.hands),
        "kampung": kampung_hands(9, args.hands),
        "kampung-scripted": kampung_scripted(9, args.hands),
    }
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    for family, lines in families.items():
        wall, cpu, errors = best_of(list(lines), args.repeats)
        print(
            f"{family:16s} {args.hands:,} hands: wall {wall:.2f} s, CPU {cpu:.2f} s "
            f"(best of {args.repeats}; {errors} error lines)"
        )


if __name__ == "__main__":
    main()
