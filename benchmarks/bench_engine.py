"""Benchmarks of the rules engine (issue 2): rounds per second, and ``replay --lines``.

Run from the repository root::

    .venv/bin/python -m benchmarks.bench_engine            # both benchmarks
    .venv/bin/python -m benchmarks.bench_engine rounds     # table rounds per second
    .venv/bin/python -m benchmarks.bench_engine replay     # replay --lines over 10,000 hands
    .venv/bin/python -m benchmarks.bench_engine profile    # cProfile of the rounds loop
    .venv/bin/python -m benchmarks.bench_engine hands --out HANDS.jsonl   # just write hands

*Rounds*: full rounds through the core's state machine as a table plays them — ``Table``
gives fresh stacks (T9) and reshuffles (T12), ``Round`` deals and settles, and the project's
policy (``policy_for``) decides every choice of every seat, ``you`` included. One process,
one core; the figures are the best of several repeats, in wall time and in CPU time of the
process (the CPU figure is the one to quote when other work shares the machine).

*Replay*: a script writes 10,000 random hands (random shoes, bets and stacks; about a third
with scripted moves, the rest played by the policy) as JSON lines, then times the real
command ``python -m banluck replay --lines`` on it, wall clock, process start included.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from banluck.core import Shoe
from banluck.core.seating import seating_for
from banluck.games.banluck import Action, Round, SeatEntry, preset
from banluck.games.banluck.strategy import policy_for
from banluck.games.banluck.table import Table


def play_rounds(preset_name: str, n: int, seed: int = 1, bet: int = 100) -> int:
    """Play ``n`` table rounds with the policy deciding; return the cards drawn (a checksum)."""
    rules = preset(preset_name)
    table = Table(rules, rng=random.Random(seed))
    policy = policy_for(rules)
    cards = 0
    seating = table.seating
    you = seating.seats[0]
    for _ in range(n):
        stack = seating.fresh_stack_for(rules, you, table.stacks[you])
        r = table.start_round(max(rules.bet_min, min(bet, stack // rules.bet_cover)))
        while r.to_act is not None:
            r.apply(policy(r.decision_point()))
        cards += table.finish_round(r).cards_used
    return cards


def bench_rounds(n: int, repeats: int) -> dict[str, float]:
    """Rounds per second for each preset, best of ``repeats``."""
    out: dict[str, float] = {}
    for name in ("table", "one-on-one"):
        best = best_cpu = float("inf")
        for rep in range(repeats):
            t0, c0 = time.perf_counter(), time.process_time()
            play_rounds(name, n, seed=rep)
            best = min(best, time.perf_counter() - t0)
            best_cpu = min(best_cpu, time.process_time() - c0)
        out[name] = n / best_cpu
        print(
            f"{name:>11}: {n} rounds, best of {repeats}: {best:.3f} s wall = {n / best:,.0f}/s;"
            f" {best_cpu:.3f} s CPU = {n / best_cpu:,.0f}/s"
        )
    return out


# ------------------------------------------------------------------ replay --lines


def random_hand(rng: random.Random) -> dict[str, Any]:
    """One REPLAY.md hand: a random shoe of a random preset, random stacks and bets.

    About a third script their moves: the script is found by playing the hand once with
    random legal choices, so it always fits.
    """
    name = rng.choice(("table", "one-on-one"))
    rules = preset(name)
    decks = rules.decks if name == "one-on-one" else rng.choice((1, 2))
    rules = preset(name, decks)
    shoe_cards = list(Shoe(decks, rng).peek_order())
    seats: list[dict[str, Any]] = []
    entries: list[SeatEntry] = []
    seating = seating_for(rules)
    for seat in seating.seats:
        stack = rng.choice((0, 5, 40, 300, 1000, 5000))
        stack = seating.fresh_stack_for(rules, seat, stack)
        if seating.is_bot(seat):
            bet = seating.bot_bet
            seats.append({"name": seat, "stack": stack})
        else:
            bet = rng.randint(rules.bet_min, min(rules.bet_max, stack // rules.bet_cover))
            seats.append({"name": seat, "stack": stack, "bet": bet})
        entries.append(SeatEntry(seat, stack, bet))
    if rng.random() < 1 / 3:
        r = Round.start(rules, Shoe.stacked(shoe_cards, decks=decks), entries)
        moves: dict[str, list[str]] = {s: [] for s in rules.seats}
        while r.to_act is not None:
            seat = r.to_act
            action = rng.choice(sorted(r.legal_actions()))
            moves[seat].append(Action(action).value)
            r.apply(action)
        for s in seats:
            s["moves"] = moves[s["name"]]
        shoe_cards = shoe_cards[: len(r.drawn)]
    else:
        shoe_cards = shoe_cards[:30]  # more than a hand can use; the rest is ignored
    return {
        "preset": name,
        "decks": decks,
        "shoe": [c.code for c in shoe_cards],
        "seats": seats,
    }


def write_hands(path: Path, n: int, seed: int = 2) -> None:
    """The hands file for the replay benchmark."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as f:
        for _ in range(n):
            f.write(json.dumps(random_hand(rng), separators=(",", ":")) + "\n")


def bench_replay(n: int, repeats: int) -> float:
    """Wall seconds of ``python -m banluck replay --lines`` over ``n`` hands, best of repeats."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        write_hands(path, n)
        best = float("inf")
        for _ in range(repeats):
            t0 = time.perf_counter()
            proc = subprocess.run(
                [sys.executable, "-m", "banluck", "replay", "--lines", str(path)],
                capture_output=True,
                text=True,
                check=True,
            )
            best = min(best, time.perf_counter() - t0)
            lines = proc.stdout.splitlines()
            assert len(lines) == n, (len(lines), n)
            errors = sum('"error"' in line for line in lines)
            assert errors == 0, errors
    print(f"replay --lines: {n} hands in {best:.2f} s wall (best of {repeats}, process included)")
    return best


def profile(n: int) -> None:
    """cProfile of the rounds loop, the 25 most expensive functions by own time."""
    prof = cProfile.Profile()
    prof.enable()
    play_rounds("table", n)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "which", nargs="?", default="all", choices=("all", "rounds", "replay", "profile", "hands")
    )
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, help="where 'hands' writes the hands file")
    args = parser.parse_args(argv)
    if args.which == "hands":
        if args.out is None:
            parser.error("hands needs --out")
        write_hands(args.out, args.hands)
        return
    print(
        f"python {platform.python_version()} on {platform.machine()}, {platform.processor() or '?'}"
    )
    if args.which == "profile":
        profile(args.rounds // 4)
        return
    if args.which in ("all", "rounds"):
        bench_rounds(args.rounds, args.repeats)
    if args.which in ("all", "replay"):
        bench_replay(args.hands, args.repeats)


if __name__ == "__main__":
    main()
