"""The solvers' and kampung's kernels compiled ahead of time (``banluck.native``): the set-up
builds each extension from today's source, an extension of another source is never loaded,
and ``banluck odds`` and a kampung replay in a new process answer without importing Numba.
(Each solver's tests check that its extension gives the just-in-time kernels' figures
exactly; kampung's are checked in tests/games/kampung/equilibrium/test_native_kernel.py.)"""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from banluck.core.cards import ONE_DECK
from banluck.draws.native import DRAWS
from banluck.games.banluck.strategy.native import SEAT
from banluck.games.blackjack.strategy.native import SOLVER
from banluck.games.kampung.equilibrium.native import KERNEL as KAMPUNG_KERNEL
from banluck.games.kampung.rules import KAMPUNG
from banluck.native import AheadOfTime

BUILT = {"draws": DRAWS, "banluck": SEAT, "blackjack": SOLVER, "kampung": KAMPUNG_KERNEL}


@pytest.mark.parametrize("family", sorted(BUILT))
def test_the_set_up_built_the_extension_for_todays_source(family: str) -> None:
    aot = BUILT[family]
    mod = aot.native()
    assert mod is not None, (
        f"no {aot.module_name()} extension: scripts/setup.sh (banluck warm) builds it"
    )
    assert aot.kernels() is mod
    assert mod.__name__.endswith(aot.module_name())
    assert set(aot.signatures) <= set(dir(mod))


@pytest.mark.parametrize("family", sorted(BUILT))
def test_an_extension_of_another_source_is_never_loaded(family: str) -> None:
    """The name carries the source's and signatures' digest: a change leaves the built
    module unloaded and the kernels on Numba's just-in-time compiler."""
    aot = BUILT[family]
    name = next(iter(aot.signatures))
    other = AheadOfTime(kernel=aot.kernel, signatures={**aot.signatures, name: "i8()"})
    assert other.module_name() != aot.module_name()
    assert other.native() is None
    assert other.kernels() is importlib.import_module(aot.kernel)
    assert dataclasses.replace(aot).module_name() == aot.module_name()


@pytest.mark.parametrize("preset", ["table", "one-on-one", "classic", "infinite"])
def test_banluck_odds_loads_no_numba(preset: str) -> None:
    """A new process answers ``banluck odds`` for an exactly solved game on the extensions,
    with NumPy alone: Numba's import and set-up were most of its time."""
    code = (
        "import sys, io, contextlib\n"
        "from banluck.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    assert main(['odds', '--preset', {preset!r}, '--json']) == 0\n"
        "assert 'house_edge' in out.getvalue(), out.getvalue()[:200]\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numba'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stdout


def test_a_kampung_replay_with_bots_loads_no_numba(tmp_path: Path) -> None:
    """The table's bots decide every choice of a kampung hand (the banker's recursion, the
    hand types) on the extension, with NumPy alone."""
    cards = list(ONE_DECK * KAMPUNG.decks)
    random.Random(7).shuffle(cards)
    banker = KAMPUNG.seats[1]
    hand = {
        "preset": "kampung",
        "banker": banker,
        "shoe": [c.code for c in cards[:60]],
        "seats": [
            {"name": name, "stack": 1000, **({"bet": 50} if name != banker else {})}
            for name in KAMPUNG.seats
        ],
    }
    lines = tmp_path / "hands.jsonl"
    lines.write_text(json.dumps(hand) + "\n")
    code = (
        "import sys, io, contextlib\n"
        "from banluck.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    assert main(['replay', '--lines', {str(lines)!r}]) == 0\n"
        f"assert {banker!r} in out.getvalue(), out.getvalue()[:200]\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numba'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stdout
