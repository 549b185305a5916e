"""K10 / K17: the model with the bets seen solved to its own equilibrium
(``equilibrium.seen_nash``): the banker tells a burnt hand's doubled stake apart, a player
plays a burnt hand's fresh pair by a table of its own."""

from __future__ import annotations

import dataclasses

import pytest

from banluck.games.kampung.equilibrium.nash import solved_equilibrium
from banluck.games.kampung.equilibrium.seen import seen
from banluck.games.kampung.equilibrium.seen_nash import (
    N_KINDS,
    count_of,
    kind_of,
    player_contexts,
    solved_seen_equilibrium,
    stake_of,
)
from banluck.games.kampung.rules import KAMPUNG

pytestmark = pytest.mark.slow


@pytest.mark.rule("K10")
def test_the_bets_seen_equilibrium_converges_inside_the_shipped_equilibriums_bracket() -> None:
    """Both exact best answers gain nothing (NashConv at rounding), and the value lies where
    ``equilibrium.seen``'s best answers to the shipped equilibrium bracket it: below the shipped
    value by at most what the banker gained by seeing the bets, and strictly below it (the
    bets are worth something to the bank)."""
    e = solved_equilibrium(KAMPUNG)
    s = solved_seen_equilibrium(KAMPUNG)
    bracket = seen(e)
    assert s.converged
    assert abs(s.nash_conv) < 1e-12
    assert abs(s.player_gain) < 1e-12 and abs(s.banker_gain) < 1e-12
    low, high = e.value - bracket.banker.gain, e.value + bracket.player.gain
    assert low - 1e-12 <= s.value <= high + 1e-12
    assert s.value < e.value - 1e-6  # 6.6163 % against 6.6216 % when measured
    assert sum(s.play_weights) == pytest.approx(1.0)
    assert sum(s.banker_weights) == pytest.approx(1.0)


@pytest.mark.rule("K10")
def test_without_burns_the_bets_tell_nothing_and_the_equilibria_agree() -> None:
    """A house without the burn stakes every hand once: the model with the bets seen is the
    model itself, and both solves give the same value."""
    rules = dataclasses.replace(KAMPUNG, burn=False)
    s = solved_seen_equilibrium(rules)
    assert s.converged and abs(s.nash_conv) < 1e-12
    assert s.value == pytest.approx(solved_equilibrium(rules).value, abs=1e-12)


def test_a_seen_kind_is_a_count_kind_and_a_stake() -> None:
    kinds = {(count_of(k), stake_of(k)) for k in range(N_KINDS)}
    assert len(kinds) == N_KINDS
    assert all(
        kind_of(c, st) == k for k in range(N_KINDS) for c, st in [(count_of(k), stake_of(k))]
    )


@pytest.mark.rule("K17")
def test_a_player_who_sees_the_other_hands_gains_nothing_against_it() -> None:
    """Each seat also seeing the hands that played before it (their kinds and bets) and
    which later ones were paid a natural: the equilibrium's strategies valued context by
    context average back to its value, and playing best in every context gains nothing
    (the banker may open hands one by one), so it is an equilibrium of the model that keeps
    all K17 shows each side."""
    s = solved_seen_equilibrium(KAMPUNG)
    c = player_contexts(s)
    assert c.contexts == (4, 18, 81)  # later seats: natural or not; earlier: 9 kinds
    assert c.value == pytest.approx(s.value, abs=1e-12)
    assert c.gain == pytest.approx(0.0, abs=1e-12)
