"""Our blackjack exact solver beside Eric Farmer's analyzer, on one core, in one run (issue 19).

The peer is not part of this project: clone it and point this script at it::

    git clone https://github.com/possibly-wrong/blackjack /tmp/farmer
    .venv/bin/python -m benchmarks.bench_blackjack_peer --farmer /tmp/farmer

Its library (``src/blackjack.cpp``) is compiled with ``g++ -O2 -std=c++17`` together with our
driver ``benchmarks/peers/farmer_harness.cpp`` (the rules, the strategy and the timing; see
there). Both run pinned to CPU 0. For each pair of like rules:

- *EV*: the player's EV per initial bet from both, and their difference;
- *warm*: the best of ``--repeats`` whole solves in one process (ours: from a fresh shoe, the
  dealer tables recomputed; Farmer's: a ``BJPlayer`` built from the shoe);
- *new process*: the median of ``--runs`` runs of a whole program, start-up included: ours
  ``banluck odds ... --json``, Farmer's the driver solving once.

The rules are those both can play: Farmer's late surrender is against every up card (ours
by default against 2 to 9 only, so the infinite house here has none), and its split aces
take one card and its ten-value pairs split by value (so the classic-like rules here are
classic with those two changed; ``banluck odds`` has no house field for the second, so that
pair has no new-process figure).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from benchmarks.bench_blackjack_solver import new_process, odds_command, warm
from benchmarks.common import machine

HARNESS = Path(__file__).with_name("peers") / "farmer_harness.cpp"
COMPILE = ["g++", "-O2", "-std=c++17"]


@dataclass(frozen=True, kw_only=True)
class Case:
    name: str
    preset: str
    changes: dict[str, object]
    #: the driver's DECKS H17 DOUBLE DAS LATE_SURRENDER
    farmer: tuple[int, int, int, int, int]
    #: ``banluck odds`` arguments for the same rules (None: no house field says it)
    odds: tuple[str, ...] | None


CASES = (
    Case(
        name="infinite, no surrender",
        preset="infinite",
        changes={"surrender_against": frozenset()},
        farmer=(8, 0, 1, 1, 0),
        odds=("--preset", "infinite", "--rule", "surrender=none"),
    ),
    Case(
        name="infinite, surrender against every card",
        preset="infinite",
        changes={"surrender_against": frozenset(range(1, 11))},
        farmer=(8, 0, 1, 1, 1),
        odds=None,
    ),
    Case(
        name="classic, tens by value, aces one card",
        preset="classic",
        changes={"split_by_value": True, "split_aces_one_card": True},
        farmer=(2, 0, 0, 0, 0),
        odds=None,
    ),
)


def build(farmer: Path, out: Path) -> Path:
    """Compile the driver against the peer's library; the binary's path."""
    binary = out / "farmer_harness"
    src = farmer / "src"
    subprocess.run(
        [*COMPILE, "-I", str(src), "-o", str(binary), str(HARNESS), str(src / "blackjack.cpp")],
        check=True,
    )
    return binary


def farmer_run(binary: Path, case: Case, repeats: int) -> tuple[float, float]:
    """The peer's EV and best seconds of ``repeats`` solves in one process."""
    args = [str(binary), *(str(x) for x in case.farmer), str(repeats)]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    ev, best, _mean = out.split()
    return float(ev), float(best)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--farmer", type=Path, required=True, help="a clone of the peer")
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    os.sched_setaffinity(0, {0})  # one core, inherited by every program started below
    from banluck.games.blackjack.rules import PRESETS
    from banluck.games.blackjack.strategy import solver

    print(f"# bench_blackjack_peer: {machine()}; pinned to CPU 0; peer: {' '.join(COMPILE)}")
    with tempfile.TemporaryDirectory() as tmp:
        binary = build(args.farmer, Path(tmp))
        for case in CASES:
            rules = PRESETS[case.preset].replace(**case.changes)
            ours = solver.solve(rules).player_ev
            theirs, their_warm = farmer_run(binary, case, args.repeats)
            our_warm, _cpu = warm(rules, args.repeats)
            line = (
                f"{case.name}: EV ours {ours:.15f} Farmer {theirs:.15f} "
                f"(difference {abs(ours - theirs):.1e}); warm ours {our_warm:.3f} s "
                f"Farmer {their_warm:.3f} s"
            )
            if case.odds is not None:
                our_new = new_process(odds_command(*case.odds), args.runs)
                peer = [str(binary), *(str(x) for x in case.farmer), "1"]
                their_new = new_process(peer, args.runs)
                line += f"; new process ours {our_new:.2f} s Farmer {their_new:.3f} s"
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
