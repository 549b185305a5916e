"""K18: the table's bots play the model's equilibrium (``policy.TableBots``, ``bots.mixed``):
the shipped equilibrium is a fresh solve's; each hand's draws come from its first deal, by
the weights; held to one table and one banker strategy the engine plays the simulator's
hands exactly; a replay without moves plays what the table's bots play; the Hint prices play
against the equilibrium's other side."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from banluck.core.cards import RANKS, SUITS
from banluck.core.shoe import Shoe
from banluck.games.kampung.bots import mixed as M
from banluck.games.kampung.bots import policy as P
from banluck.games.kampung.bots.shipped import solved
from banluck.games.kampung.equilibrium.nash import against_banker, solved_equilibrium
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.replay import replay_hand
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG
from banluck.games.kampung.sim.runner import sim_arrays
from tests.games.kampung.bots.helpers import (
    BET,
    PLAYERS,
    KernelHands,
    banker_decision,
    cards,
    play_hand,
    player_decision,
    seen,
    shuffled,
)


def test_the_shipped_equilibrium_is_a_fresh_solves() -> None:
    shipped = json.loads(M.data_path().read_text(encoding="utf-8"))
    fresh = M.equilibrium_data(KAMPUNG)
    assert shipped["tables"] == fresh["tables"], "run python -m banluck.games.kampung.bots.mixed"
    for key in ("table_weights", "strategy_weights", "beliefs", "value"):
        assert np.allclose(shipped[key], fresh[key], rtol=0, atol=1e-12), key
    for key, value in fresh["hint"].items():
        assert np.allclose(shipped["hint"][key], value, rtol=0, atol=1e-12), key


def test_the_bots_play_the_solved_equilibrium() -> None:
    play, e = M.equilibrium_play(KAMPUNG), solved_equilibrium(KAMPUNG)
    assert [t.same_as(u) for t, u in zip(play.tables, e.tables, strict=True)] == [True] * len(
        e.tables
    )
    assert play.table_weights == pytest.approx(e.table_weights, abs=1e-12)
    assert play.strategy_weights == pytest.approx(e.strategy_weights, abs=1e-12)
    assert len(play.table_weights) >= 2 and sum(q > 0 for q in play.strategy_weights) >= 2


def _keys(n: int) -> list[str]:
    rng = random.Random(5)
    deck = [r + s for r in RANKS for s in SUITS]
    return ["|".join(rng.sample(deck, 8)) for _ in range(n)]


@pytest.mark.rule("K18")
def test_each_seat_draws_by_the_weights_and_never_a_strategy_of_weight_0() -> None:
    play = M.equilibrium_play(KAMPUNG)
    keys = _keys(40_000)
    n = len(keys)
    draws: list[tuple[tuple[float, ...], Callable[[str], int]]] = [
        (play.table_weights, lambda k: play.table_for(k, "anna")),
        (play.strategy_weights, lambda k: play.strategy_for(k, "dealer")),
    ]
    for weights, pick in draws:
        counts = np.bincount([pick(k) for k in keys], minlength=len(weights))
        for q, c in zip(weights, counts, strict=True):
            if q == 0.0:
                assert c == 0
            else:
                assert abs(c / n - q) <= 5 * math.sqrt(q * (1 - q) / n)


def test_draws_repeat_for_a_hand_and_differ_between_seats_and_hands() -> None:
    keys = _keys(2_000)
    assert [M.draw(k, "ben") for k in keys] == [M.draw(k, "ben") for k in keys]
    anna = np.array([M.draw(k, "anna") for k in keys])
    ben = np.array([M.draw(k, "ben") for k in keys])
    assert abs(np.corrcoef(anna, ben)[0, 1]) < 0.1
    assert len(set(anna.tolist())) == len(keys)


def _engine_hand(
    deck: list[str], player: P.OwnHandPolicy, banker: P.BankerPolicy
) -> tuple[list[int], int]:
    return play_hand(deck, lambda d: player(d.legal, d.cards, d.total), banker)


def _held(i: int, n: int) -> np.ndarray[Any, np.dtype[np.float64]]:
    """Running weights that always draw index ``i`` of ``n``."""
    out = np.zeros(n)
    out[i:] = 1.0
    return out


@pytest.mark.rule("K18")
def test_held_to_a_table_and_a_banker_strategy_the_engine_plays_the_simulators_hands() -> None:
    """Every table and every banker strategy of weight above 0: the engine's bots (the
    banker's recursion on the players' mixture its strategy answers) and the simulator's
    kernel, both held there, settle the same stacked shoes alike."""
    bots = P.table_bots(KAMPUNG)
    play = bots.play
    sim = KernelHands("equilibrium", "equilibrium")
    base = sim_arrays(KAMPUNG, "equilibrium", "equilibrium")
    n_t, n_b = len(play.table_weights), len(play.strategy_weights)
    seeds = iter(range(10_000, 20_000))
    for i in range(n_t):
        for j in range(n_b):
            if play.strategy_weights[j] == 0.0:
                continue
            sim.a = dataclasses.replace(base, mix=_held(i, n_t), banker_mix=_held(j, n_b))
            for _ in range(25):
                deck = shuffled(next(seeds))
                assert _engine_hand(deck, bots.players[i], bots.bankers[j]) == sim.hand(deck), (
                    i,
                    j,
                )


@pytest.mark.rule("K18")
def test_a_replay_without_moves_plays_the_table_bots_hand() -> None:
    """REPLAY.md: a seat without moves plays the project's own strategy; the same draws
    (from the first deal) as the table's bots make."""
    bots = P.table_bots(KAMPUNG)
    for seed in range(40):
        deck = shuffled(seed)
        r = KampungRound.start(
            KAMPUNG,
            Shoe.stacked(deck, decks=2),
            banker="dealer",
            bank_stack=10_000,
            players=[PlayerEntry(s, 1_000, 50) for s in PLAYERS],
        )
        while not r.is_over:
            r.apply(bots.choose(r.deal_key, r.decision()))
        seats = [{"name": s, "stack": 1_000, "bet": 50} for s in PLAYERS]
        out = replay_hand(
            {
                "preset": "kampung",
                "decks": 2,
                "shoe": deck,
                "seats": [*seats, {"name": "dealer", "stack": 10_000}],
            }
        )
        o = r.outcome()
        assert [s["net"] for s in out["seats"]] == [s.net for s in o.seats]
        assert out["cards_used"] == o.cards_used


@pytest.mark.rule("K18")
def test_the_hint_shows_the_equilibriums_indifference_at_a_mixed_choice() -> None:
    """Against the equilibrium's banker every table of the players' mixture earns the same:
    where the tables differ (a hard two-card 16) hitting and standing are worth the same,
    and the Hint says so; elsewhere its best action is the best answer's."""
    play = M.equilibrium_play(KAMPUNG)
    mixed = [
        (base, aces)
        for base in range(play.tables[0].hit.shape[1])
        for aces in range(play.tables[0].hit.shape[2])
        if len({int(t.hit[2, base, aces]) for t in play.tables}) > 1
    ]
    assert mixed, "the equilibrium mixes at some two-card hand"
    hint = P.player_hint(KAMPUNG, player_decision(cards("TS", "6H"), {"hit", "stand"}))
    assert (16, 0) in mixed
    assert hint["hit"] == pytest.approx(hint["stand"], abs=1e-9 * BET)
    best = against_banker(solved_equilibrium(KAMPUNG)).best.tables
    for codes in (("TS", "7H"), ("9S", "8H"), ("TS", "9H"), ("5S", "4H", "7D"), ("6S", "4H", "7D")):
        c = cards(*codes)
        if len(c) == 2 and (sum(x.points for x in c), 0) in mixed:
            continue
        h = P.player_hint(KAMPUNG, player_decision(c, {"hit", "stand"}))
        want = "hit" if best.hit[len(c), sum(x.points for x in c), 0] else "stand"
        assert h[want] >= max(h.values()) - 1e-9, codes


@pytest.mark.rule("K7")
def test_the_bankers_15_hint_prices_the_players_mixture_and_agrees_with_the_bots() -> None:
    """The banker's Hint on a 15 is against the equilibrium's players; the bots keep the pure
    solve's 15 choices, which at kampung's own rules are still the best against that
    mixture (``fifteens_best``): the Hint's best is the bots' choice, first 15 and second."""
    play = M.equilibrium_play(KAMPUNG)
    pure = solved(KAMPUNG)
    assert solved_equilibrium(KAMPUNG).fifteens_best
    assert not np.allclose(play.hint.bank15_ev, pure.bank15_ev)
    for which in (0, 1):  # soft (ace-four) and hard 15
        first = int(np.argmax(play.hint.bank15_ev[which]))
        assert first == pure.bank15[which, 0]
        second = max((0, 2), key=lambda a: play.hint.bank15_ev[which, a])  # no second burn
        assert second == pure.bank15[which, 1]
    hands = tuple(seen(s, 2) for s in PLAYERS)
    hint = P.banker_hint(
        KAMPUNG, banker_decision(cards("TS", "5H"), hands, {"void", "burn", "play"})
    )
    stake = 3 * BET
    assert hint["burn"] == pytest.approx(stake * play.hint.bank15_ev[1, 1])
