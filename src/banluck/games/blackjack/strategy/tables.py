"""The solved strategy as a compact table: for every hand and up card, the order of its
actions by EV (B10). The bots read it; it is shipped as package data (``data/*.npz``) for the
presets so that playing needs no solve, and rebuilt from ``solve`` for any other rules.

A row is a hand: ``pair`` (-1 an unsplit hand, else the rank class of a split pair) and its
composition (10 counts: A, 2..9, ten-value). ``rank[row, up, a]`` is the place of action
``ACTIONS[a]`` in the order (0 the best), -1 when it is not valued for that hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from banluck.games.blackjack.hands import counts_total
from banluck.games.blackjack.rules import PRESETS, BlackjackRules

#: The actions in the order that breaks ties (the first wins an exact tie).
ACTIONS: tuple[str, ...] = ("stand", "hit", "double", "split", "surrender")
N_RANKS = 10

Counts = tuple[int, ...]


@dataclass(frozen=True)
class StrategyTable:
    """Every hand's actions in order of EV, per up card."""

    name: str
    keys: npt.NDArray[np.int64]  # (rows, 11): pair, then the 10 counts
    rank: npt.NDArray[np.int8]  # (rows, 10, 5)
    index: dict[tuple[int, Counts], int]

    def order(self, counts: Counts, up: int, *, split_pair: int = -1) -> list[str]:
        """The valued actions of a hand, best first (empty for a hand not in the table)."""
        row = self.index.get((split_pair, tuple(counts)))
        if row is None:
            return []
        places = self.rank[row, up]
        valued = [(int(p), a) for a, p in zip(ACTIONS, places, strict=True) if p >= 0]
        return [a for _p, a in sorted(valued)]


def _index(keys: npt.NDArray[np.int64]) -> dict[tuple[int, Counts], int]:
    rows: list[list[int]] = keys.tolist()  # plain ints: much faster than reading NumPy items
    return {(k[0], tuple(k[1:])): i for i, k in enumerate(rows)}


def build_table(rules: BlackjackRules) -> StrategyTable:
    """Solve ``rules`` and order every hand's actions by EV."""
    from banluck.games.blackjack.strategy.solver import solve, structure

    sol = solve(rules)
    st = structure()
    keys: list[list[int]] = []
    ranks: list[npt.NDArray[np.int8]] = []
    families = [(-1, st.regular)] + [
        (x, f) for x, f in enumerate(st.splits) if sol.splits[x] is not None
    ]
    for pair, fam in families:
        for counts in fam.keys:
            keys.append([pair, *counts])
            block = np.full((N_RANKS, len(ACTIONS)), -1, dtype=np.int8)
            for up in range(N_RANKS):
                evs = sol.actions(counts, up, split_pair=pair)
                if pair < 0:
                    evs = {a: v for a, v in evs.items() if _allowed(rules, a, counts, up)}
                ordered = sorted(evs, key=lambda a: (-evs[a], ACTIONS.index(a)))
                for place, action in enumerate(ordered):
                    block[up, ACTIONS.index(action)] = place
            ranks.append(block)
    key_arr = np.array(keys, dtype=np.int64)
    return StrategyTable(rules.name, key_arr, np.array(ranks, dtype=np.int8), _index(key_arr))


def _allowed(rules: BlackjackRules, action: str, counts: Counts, up: int) -> bool:
    """I6 / C5: the rules offer this first-decision action at all (legality of the moment is
    the round's ``Decision.legal``)."""
    if action == "double":
        return rules.may_double(counts_total(counts))
    if action == "surrender":
        return rules.can_surrender_against(up + 1)
    return True


def data_path(name: str) -> Path:
    """The shipped table of preset ``name``."""
    return Path(str(resources.files("banluck.games.blackjack.strategy") / "data" / f"{name}.npz"))


def save_table(table: StrategyTable, path: Path) -> None:
    """Write a table (``python -m banluck.games.blackjack.strategy.tables`` ships them)."""
    np.savez_compressed(path, keys=table.keys, rank=table.rank)


def load_table(name: str, path: Path) -> StrategyTable:
    """Read a shipped table."""
    with np.load(path) as data:
        keys = np.asarray(data["keys"], dtype=np.int64)
        rank = np.asarray(data["rank"], dtype=np.int8)
    return StrategyTable(name, keys, rank, _index(keys))


def table_for(rules: BlackjackRules) -> StrategyTable:
    """The shipped table when ``rules`` is a preset as shipped, else a fresh solve's."""
    if PRESETS.get(rules.name) == rules:
        path = data_path(rules.name)
        if path.exists():
            return load_table(rules.name, path)
    return build_table(rules)


def main() -> None:  # pragma: no cover - the data generator
    """Regenerate the shipped tables."""
    for name, rules in PRESETS.items():
        path = data_path(name)
        path.parent.mkdir(exist_ok=True)
        save_table(build_table(rules), path)
        print(f"wrote {path}")


if __name__ == "__main__":  # pragma: no cover
    main()
