"""K18: kampung's model game solved to an equilibrium, with both sides' exact best answers.

In ``policy_model``'s model (an infinite shoe of the full shoe's make-up, hands independent
of one another, every bet alike) the players' best answer to the banker's best answer cycles:
no pair of pure strategies is an equilibrium. Here both sides mix. The players draw a table
(every seat alike, each hand afresh) from a few pure tables; the banker draws a pure strategy
(``BankerPlay``: its choice at every state of every seating) from a few.

The game solved is the one the pure solve's gap was measured in: a player's expected result
once the banker has reached its turn (``player_values``' ``ev``: its naturals paid, its burn,
its draws, against what the banker does at its turn), the banker's naturals set aside (no
choice changes them) and its 15 choices (K7) held at the pure solve's; ``fifteens_best`` says
whether they are still its best against the players' mixture.

The method is a double oracle. Between growths the game restricted to those tables and
strategies is a zero-sum matrix game: ``A[i, j]`` is a player's expected result with table
``i`` against banker ``j`` while the other two seats play the players' mixture, and the bank's
result is minus the seats' (K3 caps aside, every hand's bet alike). It is solved by linear
programming (HiGHS, through its own Python interface ``highspy``), then again with the new
mixture in the other seats, until the mixture holds still. Each side's exact best answer to
the other's mixture (``policy_dp``'s recursion for the banker, ``policy_player``'s for a
player) then joins its set; when neither gains, no side gains by deviating. Why not CFR+:
both best answers are exact and cheap here and the mixtures' supports are tiny, so a handful
of linear programs reach what CFR+ over the unrolled information sets would approach only
after thousands of iterations.

``nash_conv`` is the sum of the two best answers' gains over the mixtures, in bets per player
hand: the player's against the banker's mixture, and the bank's against the players' mixture
(per player hand, as the bank faces each seat alike).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from banluck.games.kampung import policy_dp as dp
from banluck.games.kampung.policy_model import (
    Answer,
    BankerPlay,
    Mixture,
    solve,
    solve_against,
)
from banluck.games.kampung.policy_player import BankBurn, PlayerValues, player_values
from banluck.games.kampung.policy_tables import PlayerTables
from banluck.games.kampung.rules import KampungRules

Array = np.ndarray[Any, np.dtype[np.float64]]

#: the restricted game is re-solved with the new mixture in the other seats at most this often
MAX_INNER = 50
#: a mixture that moves less than this between two solves holds still
STILL = 1e-12
MAX_GROWTHS = 40
#: a best answer that gains no more than this (rounding) is not a new strategy
GAINS = 1e-13


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


def maxmin(a: Array) -> tuple[Array, float]:
    """The row player's optimal mixture of the zero-sum game ``a`` (the row player gets
    ``a[i, j]``) and the game's value, by linear programming (HiGHS): maximise ``v`` with
    ``v <= x . a[:, j]`` for every column, ``x >= 0`` summing to 1.

    >>> x, v = maxmin(np.array([[1.0, -1.0], [-1.0, 1.0]]))
    >>> [round(float(q), 9) for q in x], abs(v) < 1e-12
    ([0.5, 0.5], True)
    """
    import highspy

    k, n = a.shape
    inf = highspy.kHighsInf
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = k + 1, n + 1
    lp.sense_ = highspy.ObjSense.kMaximize
    lp.col_cost_ = np.r_[np.zeros(k), 1.0]
    lp.col_lower_ = np.r_[np.zeros(k), -inf]
    lp.col_upper_ = np.full(k + 1, inf)
    # the rows, dense: -a[:, j] . x + v <= 0 for each column j, then the weights' sum = 1
    rows = np.vstack([np.hstack([-a.T, np.ones((n, 1))]), np.r_[np.ones(k), 0.0][None]])
    lp.row_lower_ = np.r_[np.full(n, -inf), 1.0]
    lp.row_upper_ = np.r_[np.zeros(n), 1.0]
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    lp.a_matrix_.start_ = np.arange(0, (n + 2) * (k + 1), k + 1, dtype=np.int32)
    lp.a_matrix_.index_ = np.tile(np.arange(k + 1, dtype=np.int32), n + 1)
    lp.a_matrix_.value_ = rows.ravel()
    h = highspy.Highs()  # type: ignore[no-untyped-call]
    h.setOptionValue("output_flag", False)  # before the model: no log on stdout
    h.passModel(lp)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        raise RuntimeError(
            f"the matrix game's linear program failed: {h.modelStatusToString(h.getModelStatus())}"
        )
    sol = np.array(h.getSolution().col_value, dtype=np.float64)
    x = np.clip(sol[:k], 0.0, None)
    return x / x.sum(), float(sol[k])


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


def _restricted(
    rules: KampungRules,
    p: Array,
    tables: list[PlayerTables],
    bankers: list[BankerPlay],
    x: Array,
) -> tuple[Array, Array, float, list[Answer]]:
    """The restricted game solved with its own players' mixture in the other seats: the
    mixtures ``x`` (players) and ``y`` (banker), the value, and each banker's answer."""
    for _ in range(MAX_INNER):
        answers = [solve_against(rules, p, _mix(x, tables), banker=b) for b in bankers]
        a = np.array([[_player_ev(rules, p, ans, t) for ans in answers] for t in tables])
        x_new, _ = maxmin(a)
        moved = float(np.abs(x_new - x).max())
        x = x_new
        if moved < STILL:
            break
    answers = [solve_against(rules, p, _mix(x, tables), banker=b) for b in bankers]
    a = np.array([[_player_ev(rules, p, ans, t) for ans in answers] for t in tables])
    y, _ = maxmin(-a.T)
    return x, y, float(x @ a @ y), answers


def equilibrium(rules: KampungRules) -> Equilibrium:
    """The model game's equilibrium for ``rules`` (module docstring), grown from the pure
    solve the bots play (``policy_model.solve``)."""
    p = dp.shoe_probs(rules.decks)
    tables: list[PlayerTables] = [solve(rules).players]
    bankers: list[BankerPlay] = [solve_against(rules, p, tables[0]).banker]
    beliefs: list[Array] = [np.ones(1)]
    x = y = np.ones(1)
    history: list[str] = []
    converged = False
    growths = 0
    value = player_gain = banker_gain = 0.0
    pure: tuple[float, float] | None = None
    for growths in range(1, MAX_GROWTHS + 1):
        x, y, value, answers = _restricted(rules, p, tables, bankers, x)
        others = _mix(x, tables)
        # the banker's best answer to the players' mixture, and what it gains the bank
        best_bank = solve_against(rules, p, others, bank15=bankers[0].bank15)
        banker_gain = value - sum(q * _player_ev(rules, p, best_bank, t) for q, t in others)
        # a player's best answer to the banker's mixture (the other seats in the players')
        best = _best_against(rules, p, answers, y).tables
        player_gain = (
            sum(q * _player_ev(rules, p, ans, best) for q, ans in zip(y, answers, strict=True))
            - value
        )
        if pure is None:
            pure = (value, player_gain + banker_gain)
        history.append(
            f"growth {growths}: {len(tables)} tables, {len(bankers)} bankers, value "
            f"{value:+.9f}, gains {player_gain:.2e} (player) {banker_gain:.2e} (bank)"
        )
        new_table = player_gain > GAINS and not any(best.same_as(t) for t in tables)
        new_banker = banker_gain > GAINS and not any(best_bank.banker.same_as(b) for b in bankers)
        if not new_table and not new_banker:
            converged = True
            break
        if new_table:
            tables.append(best)
            x = np.append(x, 0.0)
        if new_banker:
            bankers.append(best_bank.banker)
            beliefs.append(x.copy())
    fifteens = np.array_equal(solve_against(rules, p, _mix(x, tables)).bank15, bankers[0].bank15)
    n = len(tables)
    return Equilibrium(
        rules=rules,
        tables=tuple(tables),
        table_weights=tuple(float(q) for q in np.pad(x, (0, n - len(x)))),
        strategies=tuple(bankers),
        strategy_weights=tuple(float(q) for q in np.pad(y, (0, len(bankers) - len(y)))),
        beliefs=tuple(tuple(float(q) for q in np.pad(b, (0, n - len(b)))) for b in beliefs),
        value=value,
        player_gain=player_gain,
        banker_gain=banker_gain,
        pure_value=pure[0] if pure else value,
        pure_nash_conv=pure[1] if pure else 0.0,
        fifteens_best=fifteens,
        growths=growths,
        converged=converged,
        history=tuple(history),
    )


@lru_cache(maxsize=4)
def solved_equilibrium(rules: KampungRules) -> Equilibrium:
    """``equilibrium(rules)``, computed once per process."""
    return equilibrium(rules)
