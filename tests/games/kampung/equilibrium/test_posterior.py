"""K11 / K17: the banker's posterior over a hidden hand: a distribution, and the frequencies a
plain simulation of the same player gives."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from banluck.core.cards import N_CLASSES, parse_card
from banluck.games.kampung.bots.policy import player_tables
from banluck.games.kampung.bots.tables import PlayerTables, simple_player
from banluck.games.kampung.equilibrium.dp import class_probs, shoe_probs, totals
from banluck.games.kampung.equilibrium.posterior import (
    N_TYPES,
    T_777,
    T_NONE,
    hand_types,
    posterior,
    type_index,
)
from banluck.games.kampung.rules import KAMPUNG

Array = np.ndarray[Any, np.dtype[np.float64]]
POLICIES = {"simple": simple_player(KAMPUNG), "project": player_tables(KAMPUNG)}


def _simulate_types(policy: PlayerTables, p: Array, n: int, seed: int) -> Array:
    """A plain loop over single hands (no shared code with ``posterior``): the type counts."""
    rng = np.random.default_rng(seed)
    tot = totals(KAMPUNG)
    counts = np.zeros(N_TYPES)
    draws = rng.choice(N_CLASSES, size=(n, 9), p=p)

    def natural(a: int, b: int) -> bool:
        return {a, b} == {0} or {a, b} == {0, 9}

    for row in draws:
        cards = [int(row[0]), int(row[1])]
        pos = 2
        if natural(*cards):
            counts[T_NONE] += 1
            continue

        def state(cs: list[int]) -> tuple[int, int, int]:
            return len(cs), sum(c + 1 for c in cs if c), sum(1 for c in cs if c == 0)

        c, b, a = state(cards)
        if tot[c, b, a] == 15 and policy.burn[b, a]:  # K10
            cards = [int(row[2]), int(row[3])]
            pos = 4
            if natural(*cards):
                counts[T_NONE] += 1
                continue
        kind = None
        while True:
            c, b, a = state(cards)
            t = tot[c, b, a] if b + a <= 21 else 99
            if c == 3 and cards == [6, 6, 6]:
                kind = T_777
                break
            if c == 5:
                kind = T_NONE
                break
            if t > 21:
                kind = type_index(c, 7)
                break
            if t == 21 or (t >= 15 and not policy.hit[c, b, a]):
                kind = type_index(c, t - 15)
                break
            cards.append(int(row[pos]))
            pos += 1
        counts[kind] += 1
    return counts / n


@pytest.mark.rule("K17")
@pytest.mark.parametrize("name", sorted(POLICIES))
def test_posterior_is_a_distribution(name: str) -> None:
    p = shoe_probs(2)
    types = hand_types(KAMPUNG, POLICIES[name], p)
    assert types.sum() == pytest.approx(1.0, abs=1e-12)
    assert (types >= 0).all()
    for count in (2, 3, 4):
        post = posterior(KAMPUNG, POLICIES[name], count, p)
        assert post.sum() == pytest.approx(1.0, abs=1e-12)
        assert (post >= 0).all()
    # K11: a two-card hand is never bust; only three or four cards hide a bust
    assert posterior(KAMPUNG, POLICIES[name], 2, p)[7] == 0.0


@pytest.mark.rule("K11")
@pytest.mark.parametrize("name", sorted(POLICIES))
def test_posterior_matches_simulated_frequencies(name: str) -> None:
    p = shoe_probs(2)
    n = 60_000
    exact = hand_types(KAMPUNG, POLICIES[name], p)
    seen = _simulate_types(POLICIES[name], p, n, seed=11)
    sigma = np.sqrt(exact * (1 - exact) / n)
    assert np.all(np.abs(seen - exact) <= 5 * sigma + 1e-9), np.abs(seen - exact) / (sigma + 1e-12)


@pytest.mark.rule("K17")
def test_posterior_conditions_on_the_cards_the_banker_knows() -> None:
    """A shoe without its aces: no natural, no ace-four 15, and still a distribution."""
    counts = np.array([4 * 2 * (4 if k == 9 else 1) for k in range(N_CLASSES)], dtype=np.int64)
    counts[0] = 0
    no_aces = class_probs(counts)
    types = hand_types(KAMPUNG, POLICIES["project"], no_aces)
    assert types.sum() == pytest.approx(1.0)
    assert types[T_NONE] < hand_types(KAMPUNG, POLICIES["project"], shoe_probs(2))[T_NONE]
    seen = [parse_card(c).points - 1 for c in ("KS", "QH", "9D")]
    less = counts.copy()
    for k in seen:
        less[k] -= 1
    post = posterior(KAMPUNG, POLICIES["project"], 3, class_probs(less))
    assert post.sum() == pytest.approx(1.0)


def test_posterior_rejects_a_count_that_cannot_hide() -> None:
    with pytest.raises(ValueError, match="2 to 4 cards"):
        posterior(KAMPUNG, POLICIES["simple"], 5, shoe_probs(2))
