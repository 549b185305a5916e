"""Who pays whom: every person settled exactly, with the fewest transfers (checked against
every way of splitting the people into groups that settle among themselves, up to 10)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.ledger.transfers import EXACT_UP_TO, Transfer, fewest


def zero_sum(draw: st.DrawFn, most: int) -> dict[str, int]:
    n = draw(st.integers(1, most))
    values = draw(st.lists(st.integers(-60, 60), min_size=n - 1, max_size=n - 1))
    return {f"p{i}": v for i, v in enumerate([*values, -sum(values)])}


@st.composite
def nets(draw: st.DrawFn, most: int = 10) -> dict[str, int]:
    return zero_sum(draw, most)


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1 :]]
        yield [[first], *part]


def least_by_brute_force(amounts: list[int]) -> int:
    """The fewest transfers: people less the most groups of zero sum, over every split."""
    owing = [a for a in amounts if a]
    most = max(
        sum(1 for g in part if sum(g) == 0) if all(sum(g) == 0 for g in part) else 0
        for part in partitions(owing)
    )
    return len(owing) - most


def settles(given: dict[str, int], transfers: list[Transfer]) -> bool:
    left = dict(given)
    for t in transfers:
        assert t.amount > 0 and t.giver != t.taker
        left[t.giver] += t.amount
        left[t.taker] -= t.amount
    return all(v == 0 for v in left.values())


@settings(max_examples=60, deadline=None)
@given(nets(10))
def test_the_transfers_settle_everyone_with_the_fewest(given: dict[str, int]) -> None:
    transfers = fewest(given)
    assert settles(given, transfers)
    assert len(transfers) == least_by_brute_force(list(given.values()))


@settings(max_examples=40, deadline=None)
@given(nets(3 * EXACT_UP_TO))
def test_beyond_the_exact_size_everyone_is_still_settled_in_fewer_than_the_people(
    given: dict[str, int],
) -> None:
    transfers = fewest(given)
    assert settles(given, transfers)
    assert len(transfers) <= max(0, sum(1 for v in given.values() if v) - 1)


def test_a_group_that_settles_among_itself_is_found() -> None:
    # paying the largest debt to the largest credit takes five transfers here; d and f
    # settle between themselves, and the rest in three: four in all
    given = {"a": -8, "b": 6, "c": -2, "d": 3, "e": 4, "f": -3}
    transfers = fewest(given)
    assert len(transfers) == 4 and Transfer("f", "d", 3) in transfers
    assert settles(given, transfers)


def test_nets_that_do_not_sum_to_zero_are_refused() -> None:
    try:
        fewest({"a": 1})
    except ValueError as exc:
        assert "sum to 1" in str(exc)
    else:
        raise AssertionError("an unbalanced ledger was settled")


@pytest.mark.parametrize("seed", range(4))
def test_ten_people_with_small_nets_are_settled_with_the_fewest(seed: int) -> None:
    rng = random.Random(seed)
    values = [rng.randint(-6, 6) or 1 for _ in range(9)]
    given = {f"p{i}": v for i, v in enumerate([*values, -sum(values)])}
    transfers = fewest(given)
    assert settles(given, transfers)
    assert len(transfers) == least_by_brute_force(list(given.values()))
