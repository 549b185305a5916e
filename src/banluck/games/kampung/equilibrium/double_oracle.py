"""K18: the double oracle both of kampung's model equilibria grow by.

A zero-sum game between the players (every seat drawing alike from one mixture) and the
banker, where each side's exact best answer to the other's mixture is cheap. The game
restricted to the strategies found so far is a matrix game (``A[i, j]``: a player's result
with strategy ``i`` against banker ``j``, the other two seats playing the players' mixture),
solved by linear programming (``maxmin``), then again with the new mixture in the other
seats until the mixture holds still. Each side's best answer then joins its set when it
gains; when neither gains, no side gains by deviating, and the sum of the two gains is the
NashConv.

The model (``Game``) says how a restricted game's matrix is built and what each side's best
answer is; ``nash`` (every hand alike) and ``seen_nash`` (the
bets seen) are the two.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

Array = np.ndarray[Any, np.dtype[np.float64]]
P = TypeVar("P")
B = TypeVar("B")
C = TypeVar("C")

#: the restricted game is re-solved with the new mixture in the other seats at most this often
MAX_INNER = 50
#: a mixture that moves less than this between two solves holds still
STILL = 1e-12
MAX_GROWTHS = 40
#: a best answer that gains no more than this (rounding) is not a new strategy
GAINS = 1e-13


class Game(Protocol[P, B, C]):
    """A model's side of the double oracle: players' strategies ``P``, the banker's ``B``,
    and ``C`` what a matrix's build leaves for the player's best answer."""

    def matrix(self, plays: list[P], bankers: list[B], x: Array) -> tuple[Array, C]:
        """``A[i, j]`` with the players' mixture ``x`` in the other seats."""
        ...

    def best_banker(
        self, plays: list[P], bankers: list[B], x: Array, value: float
    ) -> tuple[B, float]:
        """The banker's best answer to the players' mixture ``x``, and what it gains the
        bank over ``value`` per player hand."""
        ...

    def best_play(self, built: C, y: Array, value: float) -> tuple[P, float]:
        """A player's best answer to the banker's mixture ``y`` (over the matrix's columns),
        and what it gains over ``value``."""
        ...

    def same_play(self, a: P, b: P) -> bool: ...

    def same_banker(self, a: B, b: B) -> bool: ...


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


@dataclass(frozen=True, kw_only=True)
class Grown(Generic[P, B]):
    """Where the growths stopped: both sides' strategies and mixtures (``x`` may be shorter
    than ``plays`` when the last growth added a play), the value and both gains."""

    plays: list[P]
    bankers: list[B]
    x: Array
    y: Array
    #: the players' mixture when each banker strategy joined (the first: ``x`` given)
    beliefs: list[Array]
    value: float
    player_gain: float
    banker_gain: float
    #: the first restricted game's value and NashConv (where the growths start)
    first: tuple[float, float]
    growths: int
    converged: bool
    history: tuple[str, ...]


def grow(
    game: Game[P, B, C],
    plays: list[P],
    bankers: list[B],
    x: Array,
    *,
    names: tuple[str, str] = ("tables", "bankers"),
) -> Grown[P, B]:
    """Grow the restricted game from ``plays`` (the players' mixture ``x``) and ``bankers``
    until neither side's best answer gains (or ``MAX_GROWTHS``)."""
    plays, bankers = list(plays), list(bankers)
    beliefs = [x.copy()]
    history: list[str] = []
    converged = False
    growths = 0
    y = np.ones(len(bankers))
    value = player_gain = banker_gain = 0.0
    first: tuple[float, float] | None = None
    for growths in range(1, MAX_GROWTHS + 1):
        for _ in range(MAX_INNER):
            a, built = game.matrix(plays, bankers, x)
            x_new, _ = maxmin(a)
            moved = float(np.abs(x_new - x).max())
            x = x_new
            if moved < STILL:
                break
        a, built = game.matrix(plays, bankers, x)
        y, _ = maxmin(-a.T)
        value = float(x @ a @ y)
        best_bank, banker_gain = game.best_banker(plays, bankers, x, value)
        best, player_gain = game.best_play(built, y, value)
        if first is None:
            first = (value, player_gain + banker_gain)
        history.append(
            f"growth {growths}: {len(plays)} {names[0]}, {len(bankers)} {names[1]}, value "
            f"{value:+.9f}, gains {player_gain:.2e} (player) {banker_gain:.2e} (bank)"
        )
        new_play = player_gain > GAINS and not any(game.same_play(best, s) for s in plays)
        new_bank = banker_gain > GAINS and not any(game.same_banker(best_bank, b) for b in bankers)
        if not new_play and not new_bank:
            converged = True
            break
        if new_play:
            plays.append(best)
            x = np.append(x, 0.0)
        if new_bank:
            bankers.append(best_bank)
            beliefs.append(x.copy())
    return Grown(
        plays=plays,
        bankers=bankers,
        x=x,
        y=y,
        beliefs=beliefs,
        value=value,
        player_gain=player_gain,
        banker_gain=banker_gain,
        first=first if first is not None else (value, 0.0),
        growths=growths,
        converged=converged,
        history=tuple(history),
    )
