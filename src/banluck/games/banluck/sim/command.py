"""``banluck simulate``: full tables by the real rules, the house edge with its 95 % interval."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from banluck.command_kit import bad_input, check_at_least_one, emit, run_simulation
from banluck.command_kit import pct as _pct
from banluck.games import GAMES, game
from banluck.games.banluck.rules import preset
from banluck.games.house import HouseError
from banluck.games.house_options import add_house_options, resolve_house_args, rules_of
from banluck.sim import DEFAULT_CHUNK

if TYPE_CHECKING:
    from banluck.games.banluck.sim.runner import SimResult

NAMES = {
    "ban-ban": "Ban-Ban",
    "ban-luck": "Ban-Luck",
    "five-dragon": "five dragon",
    "dealer-natural": "dealer's natural",
    "void": "void (dealer's 15)",
}


def register(sub: Any) -> None:
    """Add ``simulate`` to the ``banluck`` command's subparsers."""
    p = sub.add_parser(
        "simulate",
        help="play many full tables with the project's strategy; the house edge and odds",
        description=(
            "Play full tables by the real rules (every seat, the dealer, the shoe) with the "
            "project's strategy for every seat, and report the house edge per initial seat "
            "bet with its 95 %% confidence half-width, how often the special hands come, and "
            "the speed."
        ),
    )
    p.add_argument("--preset", default=None, choices=sorted(GAMES), help="default: table")
    p.add_argument("--decks", type=int, default=None, help="decks in the shoe (T11)")
    add_house_options(p)
    p.add_argument("--hands", type=int, default=1_000_000, help="table hands to play")
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=int, default=1, help=f"worker processes (this machine: {os.cpu_count()})"
    )
    where.add_argument(
        "--dask",
        default=None,
        metavar="ADDRESS",
        help=(
            "play the chunks as tasks of a Dask cluster: its scheduler's address "
            "(tcp://HOST:8786), or local:N for a local cluster of N worker processes"
        ),
    )
    p.add_argument(
        "--fresh-shoe",
        action="store_true",
        help="shuffle before every hand (the exact solver's model) instead of T12's reshuffle",
    )
    p.add_argument("--seed", type=int, default=None, help="seed of the random streams")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument(
        "--chunk",
        type=int,
        default=DEFAULT_CHUNK,
        help="hands per chunk of work (each chunk: its own shoe and random stream)",
    )
    p.add_argument(
        "--banker",
        default=None,
        help="kampung: the banker's policy (default equilibrium, the table's bot; also project, "
        "full-shoe, never-open, open-four)",
    )
    p.add_argument(
        "--players",
        default=None,
        help="kampung: the players' policy (default equilibrium, the table's bots; also project, "
        "best-response, simple)",
    )
    p.set_defaults(run=run)


def report(result: SimResult) -> str:
    """The result as text a player can read."""
    from banluck.games.banluck.sim.runner import PER_SEAT_HAND, PER_TABLE_HAND

    r = result.rules
    fresh = result.fresh_shoe or r.shuffle_every_hand
    shoe = "shuffled before every hand" if fresh else "reshuffled by T12 (as the table plays)"
    seats = ", ".join(r.seats)
    freq = result.frequencies
    lines = [
        f"preset {r.name}, {r.decks} deck(s), seats {seats}; shoe {shoe}",
        "strategy: the project's (banluck.games.banluck.strategy.policy_for) for every seat; "
        "every seat bets one unit, stacks deep (T20's cap ignored)",
        f"hands: {result.hands:,} table hands = {result.seat_hands:,} seat hands",
        f"house edge: {_pct(result.house_edge)} ± {_pct(result.ci95)} (95 %), per initial seat "
        "bet, positive when the dealer is ahead",
    ]
    if result.ci95_batches is not None:
        lines.append(
            f"  ± {_pct(result.ci95_batches)} (95 %) from the spread of "
            f"{len(result.chunks)} independent shoes' runs (batch means)"
        )
    if result.seats > 1:
        by_seat = ", ".join(f"{k} {_pct(v)}" for k, v in result.seat_edges.items())
        lines.append(f"  by seat: {by_seat}")
    lines += [
        f"standard deviation of one seat hand: {result.std:.4f} bets",
        "per seat hand: " + ", ".join(f"{NAMES[k]} {_pct(freq[k])}" for k in PER_SEAT_HAND),
        "per table hand: " + ", ".join(f"{NAMES[k]} {_pct(freq[k])}" for k in PER_TABLE_HAND),
        f"speed: {result.hands_per_second:,.0f} table hands/s = "
        f"{result.seat_hands_per_second:,.0f} seat hands/s "
        f"({result.workers} worker(s), {result.seconds:.2f} s wall clock)",
        f"seed: {result.seed} (--seed repeats this run exactly)",
    ]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """The ``simulate`` command: the game's own (its registry entry's part)."""
    try:
        resolve_house_args(args)  # H2: --house and --rule
    except HouseError as exc:
        return bad_input("simulate", exc)
    code: int = game(args.preset).part("simulate")(args)
    return code


def simulate(args: argparse.Namespace) -> int:
    """``banluck simulate`` of a Ban Luck preset."""
    try:
        rules = rules_of(args, lambda: preset(args.preset, args.decks))
        check_at_least_one({"hands": args.hands, "workers": args.workers, "chunk": args.chunk})
    except ValueError as exc:
        return bad_input("simulate", exc)
    from banluck.games.banluck.sim.runner import simulate

    result = run_simulation(simulate, rules, args, chunk=args.chunk)
    return emit(result, args.json, report)
