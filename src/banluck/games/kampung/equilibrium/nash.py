"""K18: kampung's model game solved to an equilibrium, with both sides' exact best answers.

In ``model``'s model (an infinite shoe of the full shoe's make-up, hands independent
of one another, every bet alike) the players' best answer to the banker's best answer cycles:
no pair of pure strategies is an equilibrium. Here both sides mix. The players draw a table
(every seat alike, each hand afresh) from a few pure tables; the banker draws a pure strategy
(``BankerPlay``: its choice at every state of every seating) from a few.

The game solved is the one the pure solve's gap was measured in: a player's expected result
once the banker has reached its turn (``player_values``' ``ev``: its naturals paid, its burn,
its draws, against what the banker does at its turn), the banker's naturals set aside (no
choice changes them) and its 15 choices (K7) held at the pure solve's; ``fifteens_best`` says
whether they are still its best against the players' mixture.

The method is a double oracle (``double_oracle``). Between growths the game restricted to
those tables and strategies is a zero-sum matrix game: ``A[i, j]`` is a player's expected
result with table ``i`` against banker ``j`` while the other two seats play the players'
mixture, and the bank's result is minus the seats' (K3 caps aside, every hand's bet alike). It
is solved by linear programming (HiGHS, through its own Python interface ``highspy``), then
again with the new mixture in the other seats, until the mixture holds still. Each side's
exact best answer to the other's mixture (``dp``'s recursion for the banker,
``player``'s for a player) then joins its set; when neither gains, no side gains by
deviating. Why not CFR+: both best answers are exact and cheap here and the mixtures' supports
are tiny, so a handful of linear programs reach what CFR+ over the unrolled information sets
would approach only after thousands of iterations.

``nash_conv`` is the sum of the two best answers' gains over the mixtures, in bets per player
hand: the player's against the banker's mixture, and the bank's against the players' mixture
(per player hand, as the bank faces each seat alike).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from banluck.games.kampung.bots.tables import PlayerTables
from banluck.games.kampung.equilibrium import dp
from banluck.games.kampung.equilibrium.double_oracle import grow
from banluck.games.kampung.equilibrium.model import (
    Answer,
    BankerPlay,
    Mixture,
    solve,
    solve_against,
)
from banluck.games.kampung.equilibrium.player import BankBurn, PlayerValues, player_values
from banluck.games.kampung.rules import KampungRules

Array = np.ndarray[Any, np.dtype[np.float64]]


@dataclass(frozen=True, kw_only=True)
class Equilibrium:
    """Both sides' mixtures, the value and how far from an equilibrium they are."""

    rules: KampungRules
    #: every player table found, and the players' weight on each
    tables: tuple[PlayerTables, ...]
    table_weights: tuple[float, ...]
    #: every banker strategy found, the banker's weight on each, and the players' mixture
    #: (weights over ``tables``) each one is the best answer to
    strategies: tuple[BankerPlay, ...]
    strategy_weights: tuple[float, ...]
    beliefs: tuple[tuple[float, ...], ...]
    #: a player's expected result per hand (the bank's edge is minus it)
    value: float
    #: what a player's best answer gains over the players' mixture, in bets per hand
    player_gain: float
    #: what the banker's best answer gains over the banker's mixture, per player hand
    banker_gain: float
    #: the pure solve's (the bots') value and its NashConv, where the growths start
    pure_value: float
    pure_nash_conv: float
    #: the banker's 15 choices (K7) are held at the pure solve's; True when they are still
    #: its best against the players' mixture
    fifteens_best: bool
    growths: int
    converged: bool
    history: tuple[str, ...] = field(default_factory=tuple)

    @property
    def players(self) -> Mixture:
        """The players' mixture: (weight, table) for each table they play."""
        return _mix(np.array(self.table_weights), list(self.tables))

    @property
    def bankers(self) -> tuple[tuple[float, BankerPlay], ...]:
        """The banker's mixture: (weight, strategy) for each strategy it plays."""
        return _mix(np.array(self.strategy_weights), list(self.strategies))

    @property
    def nash_conv(self) -> float:
        """The sum of both best answers' gains (0 at an equilibrium)."""
        return self.player_gain + self.banker_gain


def _mix(weights: Array, items: list[Any]) -> tuple[tuple[float, Any], ...]:
    return tuple((float(q), it) for q, it in zip(weights, items, strict=True) if q > 0.0)


def _player_ev(rules: KampungRules, p: Array, ans: Answer, tables: PlayerTables) -> float:
    tot = dp.shared_totals(rules)
    return player_values(rules, tot, p, ans.w, ans.v777, ans.burn, fixed=tables).ev


def mean_burn(answers: list[Answer], y: Array) -> BankBurn:
    """K7: the banker's mixture's burn chances. A player's value after a burn multiplies
    them by its continuation, so the mean is exact when the strategies share their 15
    choices (all of kampung's equilibria here do; ``test_equilibrium`` checks it)."""

    def mean(name: str) -> float:
        return float(sum(q * getattr(a.burn, name) for q, a in zip(y, answers, strict=True)))

    return BankBurn(
        ban_ban=mean("ban_ban"),
        ban_luck=mean("ban_luck"),
        fifteen_played=mean("fifteen_played"),
        fifteen_voided=mean("fifteen_voided"),
    )


def _against(answers: list[Answer], y: Array) -> tuple[Array, float, BankBurn]:
    """What a player faces from the banker's mixture ``y`` over ``answers``' strategies: its
    result by card count and outcome, a 7-7-7's value and the burn chances (exact while the
    strategies agree on their 15s, ``mean_burn``)."""
    w: Array = np.sum([q * ans.w for q, ans in zip(y, answers, strict=True)], axis=0)
    v777 = float(sum(q * ans.v777 for q, ans in zip(y, answers, strict=True)))
    return w, v777, mean_burn(answers, y)


def _best_against(rules: KampungRules, p: Array, answers: list[Answer], y: Array) -> PlayerValues:
    w, v777, burn = _against(answers, y)
    return player_values(rules, dp.shared_totals(rules), p, w, v777, burn, name="project")


@dataclass(frozen=True, kw_only=True)
class AgainstBanker:
    """A player's values against the equilibrium banker's mixture, the other seats playing
    the players' mixture (what the Hint shows): ``w``/``v777`` as in ``Answer``, and the
    values of playing best from every hand (``PlayerValues``)."""

    w: Array
    v777: float
    best: PlayerValues


def against_banker(e: Equilibrium) -> AgainstBanker:
    """``AgainstBanker`` for the equilibrium ``e``."""
    rules = e.rules
    p = dp.shoe_probs(rules.decks)
    answers = [solve_against(rules, p, e.players, banker=b) for b in e.strategies]
    y = np.array(e.strategy_weights)
    w, v777, _burn = _against(answers, y)
    return AgainstBanker(w=w, v777=v777, best=_best_against(rules, p, answers, y))


@dataclass(frozen=True)
class _Model:
    """The model game for ``double_oracle``: the players' tables against the banker's
    strategies, the other seats in the players' mixture."""

    rules: KampungRules
    p: Array

    def matrix(
        self, tables: list[PlayerTables], bankers: list[BankerPlay], x: Array
    ) -> tuple[Array, list[Answer]]:
        rules, p = self.rules, self.p
        answers = [solve_against(rules, p, _mix(x, tables), banker=b) for b in bankers]
        a = np.array([[_player_ev(rules, p, ans, t) for ans in answers] for t in tables])
        return a, answers

    def best_banker(
        self, tables: list[PlayerTables], bankers: list[BankerPlay], x: Array, value: float
    ) -> tuple[BankerPlay, float]:
        rules, p = self.rules, self.p
        others = _mix(x, tables)
        best = solve_against(rules, p, others, bank15=bankers[0].bank15)
        return best.banker, value - sum(q * _player_ev(rules, p, best, t) for q, t in others)

    def best_play(
        self, answers: list[Answer], y: Array, value: float
    ) -> tuple[PlayerTables, float]:
        rules, p = self.rules, self.p
        best = _best_against(rules, p, answers, y).tables
        gain = sum(q * _player_ev(rules, p, ans, best) for q, ans in zip(y, answers, strict=True))
        return best, gain - value

    def same_play(self, a: PlayerTables, b: PlayerTables) -> bool:
        return a.same_as(b)

    def same_banker(self, a: BankerPlay, b: BankerPlay) -> bool:
        return a.same_as(b)


def equilibrium(rules: KampungRules) -> Equilibrium:
    """The model game's equilibrium for ``rules`` (module docstring), grown from the pure
    solve the bots play (``model.solve``)."""
    p = dp.shoe_probs(rules.decks)
    tables: list[PlayerTables] = [solve(rules).players]
    bankers: list[BankerPlay] = [solve_against(rules, p, tables[0]).banker]
    g = grow(_Model(rules, p), tables, bankers, np.ones(1))
    x = g.x
    fifteens = np.array_equal(solve_against(rules, p, _mix(x, g.plays)).bank15, g.bankers[0].bank15)
    n = len(g.plays)
    return Equilibrium(
        rules=rules,
        tables=tuple(g.plays),
        table_weights=tuple(float(q) for q in np.pad(x, (0, n - len(x)))),
        strategies=tuple(g.bankers),
        strategy_weights=tuple(float(q) for q in np.pad(g.y, (0, len(g.bankers) - len(g.y)))),
        beliefs=tuple(tuple(float(q) for q in np.pad(b, (0, n - len(b)))) for b in g.beliefs),
        value=g.value,
        player_gain=g.player_gain,
        banker_gain=g.banker_gain,
        pure_value=g.first[0],
        pure_nash_conv=g.first[1],
        fifteens_best=fifteens,
        growths=g.growths,
        converged=g.converged,
        history=g.history,
    )


@lru_cache(maxsize=4)
def solved_equilibrium(rules: KampungRules) -> Equilibrium:
    """``equilibrium(rules)``, computed once per process."""
    return equilibrium(rules)
