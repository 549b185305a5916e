"""B10: the bots read the shipped strategy tables without NumPy (``strategy_data``): the
same numbers, the same order for every hand, and clear errors for files they cannot read."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from banluck.games.blackjack.rules import CLASSIC, PRESETS
from banluck.games.blackjack.strategy import tables as solver_tables
from banluck.games.blackjack.strategy.play import _table
from banluck.games.blackjack.strategy.shipped import (
    ACTIONS,
    OrderTable,
    order_table,
    read_npy,
    read_npz,
    read_order_table,
)


def test_the_actions_are_the_tables_actions() -> None:
    assert ACTIONS == solver_tables.ACTIONS


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_plain_reader_gives_numpys_numbers(name: str) -> None:
    path = solver_tables.data_path(name)
    plain = read_npz(path)
    with np.load(path) as data:
        for key in ("keys", "rank"):
            shape, values = plain[key]
            assert shape == data[key].shape
            assert list(values) == data[key].ravel().tolist()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_hand_has_the_same_order_as_the_numpy_table(name: str) -> None:
    path = solver_tables.data_path(name)
    plain = read_order_table(name, path)
    table = solver_tables.load_table(name, path)
    assert plain.index == table.index
    for (pair, counts), _row in table.index.items():
        for up in range(10):
            assert plain.order(counts, up, split_pair=pair) == table.order(
                counts, up, split_pair=pair
            )
    assert plain.order((9, 9, 9, 9, 9, 9, 9, 9, 9, 9), 0) == []  # not a hand of the table


def test_the_bots_use_the_plain_table_for_a_shipped_preset() -> None:
    assert isinstance(order_table(CLASSIC), OrderTable)
    assert isinstance(_table(CLASSIC), OrderTable)


def test_rules_without_a_shipped_table_are_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    solved: list[str] = []
    monkeypatch.setattr(solver_tables, "table_for", lambda rules: solved.append(rules.name))
    rules = CLASSIC.replace(decks=1)
    order_table(rules)
    assert solved == ["classic"]  # solver_tables.table_for, not the shipped file


def _npy(array: np.ndarray[Any, Any]) -> bytes:
    out = io.BytesIO()
    np.save(out, array)
    return out.getvalue()


def test_other_arrays_are_refused() -> None:
    with pytest.raises(ValueError, match="unsupported"):
        read_npy(_npy(np.zeros(3, dtype=np.float64)))
    with pytest.raises(ValueError, match="unsupported"):
        read_npy(_npy(np.asfortranarray(np.zeros((2, 3), dtype=np.int64))))
    with pytest.raises(ValueError, match=r"not a \.npy"):
        read_npy(b"PK\x03\x04")
    shape, values = read_npy(_npy(np.arange(6, dtype=np.int64).reshape(2, 3)))
    assert shape == (2, 3) and list(values) == [0, 1, 2, 3, 4, 5]


def test_a_table_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.npz"
    np.savez(path, keys=np.zeros((2, 11), dtype=np.int64), rank=np.zeros((3, 10, 5), np.int8))
    with pytest.raises(ValueError, match="shape"):
        read_order_table("bad", path)
