"""``banluck simulate --preset classic|infinite``: full tables, the house edge with its 95 %
interval, each side bet's return, how often things happen, and the speed."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from banluck.command_kit import bad_input, check_at_least_one, emit, run_simulation
from banluck.command_kit import pct as _pct
from banluck.games.blackjack.rules import PRESETS
from banluck.games.house_options import rules_of

if TYPE_CHECKING:
    from banluck.games.blackjack.sim.runner import SimResult

NAMES = {
    "blackjack": "blackjack dealt",
    "split": "split",
    "double": "hand doubled",
    "surrender": "surrender",
    "insurance-not-taken": "insurance offered, not taken",
    "dealer-blackjack": "dealer's blackjack",
    "dealer-plays": "dealer plays its hand",
    "dealer-bust": "dealer busts",
}
PER_SEAT = ("blackjack", "split", "double", "surrender", "insurance-not-taken")
PER_TABLE = ("dealer-blackjack", "dealer-plays", "dealer-bust")


def report(result: SimResult) -> str:
    """The result as text a player can read."""
    r = result.rules
    shoe = (
        "shuffled before every hand (the exact solver's model)"
        if result.fresh_shoe
        else "the real shoe (" + ("I1: burn, cut card" if r.cut_card_from_end else "C8") + ")"
    )
    freq = result.frequencies
    lines = [
        f"preset {r.name}, {r.decks} decks, seats {', '.join(r.seats)}; {shoe}",
        "strategy: the project's (policy_for) for every seat, one unit bet each, stacks deep",
        f"hands: {result.hands:,} table hands = {result.seat_hands:,} seat hands",
        f"house edge: {_pct(result.house_edge)} ± {_pct(result.ci95)} (95 %) per initial seat "
        f"bet; return to player {_pct(1 - result.house_edge)}",
    ]
    if result.ci95_batches is not None:
        lines.append(
            f"  ± {_pct(result.ci95_batches)} (95 %) from the spread of "
            f"{len(result.chunks)} chunks (batch means)"
        )
    lines.append(f"standard deviation of one seat hand: {result.std:.4f} bets")
    for name, sb in result.side_bets.items():
        if not sb["placed"]:
            lines.append(f"side bet {name}: never placed")
            continue
        best = ", ".join(f"{k} {_pct(v)}" for k, v in sb["lines"].items())
        lines.append(
            f"side bet {name}: return {_pct(sb['rtp'])}, house edge {_pct(sb['house_edge'])} "
            f"± {_pct(sb['ci95'])} ({sb['placed']:,} bets; lines per bet: {best})"
        )
    lines += [
        "per seat hand: " + ", ".join(f"{NAMES[k]} {_pct(freq[k])}" for k in PER_SEAT),
        "per table hand: " + ", ".join(f"{NAMES[k]} {_pct(freq[k])}" for k in PER_TABLE),
        "dealer busts by its cards, per table hand: "
        + ", ".join(f"{k} {_pct(v)}" for k, v in result.dealer_busts_by_cards.items() if v),
        f"speed: {result.hands_per_second:,.0f} table hands/s = "
        f"{result.seat_hands_per_second:,.0f} seat hands/s "
        f"({result.workers} worker(s), {result.seconds:.2f} s wall clock)",
        f"seed: {result.seed} (--seed repeats this run exactly)",
    ]
    return "\n".join(lines)


def simulate(args: argparse.Namespace) -> int:
    """The ``simulate`` command for the blackjack presets (the registry routes it here)."""
    try:
        if args.preset not in PRESETS:
            raise ValueError(f"unknown blackjack preset {args.preset!r}")
        # H9: the house's rules (--house, --rule), else the preset's
        rules = rules_of(args, lambda: PRESETS[args.preset].with_decks(args.decks))
        check_at_least_one({"hands": args.hands, "workers": args.workers, "chunk": args.chunk})
    except ValueError as exc:
        return bad_input("simulate", exc)
    from banluck.games.blackjack.sim.runner import simulate as run

    result = run_simulation(run, rules, args, chunk=args.chunk)
    return emit(result, args.json, report)
