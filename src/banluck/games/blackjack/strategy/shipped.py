"""The shipped strategy tables (``data/*.npz``) read without NumPy, for the bots (B10).

``banluck replay`` of a blackjack hand needs only each hand's order of actions, so it reads
the two integer arrays of a shipped table straight from the ``.npz`` (a zip of ``.npy``
files: a short header, then the raw numbers) instead of importing NumPy. Rules without a
shipped table fall back to ``tables.table_for`` (a solve, NumPy and Numba).
"""

from __future__ import annotations

import ast
import struct
import sys
import zipfile
from array import array
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from banluck.games.blackjack.rules import PRESETS, BlackjackRules

if TYPE_CHECKING:
    from banluck.games.blackjack.strategy.tables import StrategyTable

#: The same order as ``tables.ACTIONS`` (checked by ``tests/games/blackjack``).
ACTIONS: tuple[str, ...] = ("stand", "hit", "double", "split", "surrender")
_MAGIC = b"\x93NUMPY"
#: ``.npy`` type codes read here, and their ``array`` type codes.
_TYPES = {"<i8": "q", "|i1": "b", "<i1": "b"}

Counts = tuple[int, ...]


def read_npy(data: bytes) -> tuple[tuple[int, ...], array[int]]:
    """The shape and the numbers (C order) of one ``.npy`` file of little-endian integers;
    ValueError for anything else."""
    if data[:6] != _MAGIC:
        raise ValueError("not a .npy file")
    if data[6] == 1:
        (size,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (size,) = struct.unpack("<I", data[8:12])
        start = 12
    header = ast.literal_eval(data[start : start + size].decode("latin1"))
    code = _TYPES.get(header["descr"])
    if code is None or header["fortran_order"]:
        raise ValueError(f"unsupported .npy array {header['descr']!r}")
    values = array(code)
    values.frombytes(data[start + size :])
    if code == "q" and sys.byteorder == "big":
        values.byteswap()
    shape = tuple(int(n) for n in header["shape"])
    count = 1
    for n in shape:
        count *= n
    if len(values) != count:
        raise ValueError(f"a .npy array of shape {shape} holds {len(values)} numbers")
    return shape, values


def read_npz(path: Path) -> dict[str, tuple[tuple[int, ...], array[int]]]:
    """Every array of an ``.npz`` file, by name (``read_npy``)."""
    with zipfile.ZipFile(path) as z:
        return {
            name.removesuffix(".npy"): read_npy(z.read(name))
            for name in z.namelist()
            if name.endswith(".npy")
        }


@dataclass(frozen=True)
class OrderTable:
    """A shipped ``StrategyTable`` as plain Python data: the same ``order``."""

    name: str
    #: ``(pair, counts)`` -> row
    index: dict[tuple[int, Counts], int]
    #: ``rank[(row * 10 + up) * 5 + a]``: the place of ``ACTIONS[a]``, -1 when not valued
    rank: array[int]

    def order(self, counts: Counts, up: int, *, split_pair: int = -1) -> list[str]:
        """The valued actions of a hand, best first (empty for a hand not in the table)."""
        row = self.index.get((split_pair, tuple(counts)))
        if row is None:
            return []
        at = (row * 10 + up) * len(ACTIONS)
        places = self.rank[at : at + len(ACTIONS)]
        valued = [(p, a) for a, p in zip(ACTIONS, places, strict=True) if p >= 0]
        return [a for _p, a in sorted(valued)]


def read_order_table(name: str, path: Path) -> OrderTable:
    """A shipped table (``tables.save_table``'s file) without NumPy."""
    arrays = read_npz(path)
    key_shape, keys = arrays["keys"]
    rank_shape, rank = arrays["rank"]
    rows, width = key_shape
    if rank_shape != (rows, 10, len(ACTIONS)):
        raise ValueError(f"{path}: rank has shape {rank_shape}, keys {key_shape}")
    index: dict[tuple[int, Counts], int] = {}
    for i in range(rows):
        k = keys[i * width : (i + 1) * width]
        index[(k[0], tuple(k[1:]))] = i
    return OrderTable(name, index, rank)


def order_table(rules: BlackjackRules) -> OrderTable | StrategyTable:
    """The bots' table of ``rules``: the shipped one read without NumPy when ``rules`` is a
    preset as shipped, else ``tables.table_for`` (which solves)."""
    if PRESETS.get(rules.name) == rules:
        path = Path(
            str(resources.files("banluck.games.blackjack.strategy") / "data" / f"{rules.name}.npz")
        )
        if path.exists():
            return read_order_table(rules.name, path)
    from banluck.games.blackjack.strategy.tables import table_for

    return table_for(rules)
