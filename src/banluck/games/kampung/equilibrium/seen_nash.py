"""K10 / K17: kampung's model game with the bets seen, solved to its own equilibrium.

``nash`` solves the model where the banker weighs every hand alike;
``seen`` measured what seeing the bets is worth to the banker against that
equilibrium (a doubled bet marks a burnt 15's fresh pair: a hand that cannot be burnt again,
staked twice). Here both sides answer it: the banker's strategy (``SeenBanker``) chooses at
every state of every seating of three hands told apart by card count *and* stake, and a
player's (``SeenPlay``) plays a burnt hand's fresh pair by a table of its own, since the
banker treats such a hand apart.

The same double oracle as ``nash`` (``double_oracle``): the game restricted to
the strategies found so far is a zero-sum matrix game (a player's result with strategy ``i``
against banker ``j``, the other two seats playing the players' mixture), solved by linear
programming and again with the new mixture in the other seats until it holds still; each
side's exact best answer (``dp``'s recursion on every seating; ``player``'s,
first for the fresh pair, then for the first two cards with that value of a burn) joins its
set until neither gains.

Held as in ``nash``: the banker's 15 choices (K7; they fix its starts and the
burn chances) and every seat's table alike whatever it sees of the others (``seen``
found that worth nothing while the banker may open hands one by one). The table's bots play
``nash``'s strategies; this solve measures how far they are from the fuller
model's own equilibrium.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from banluck.games.kampung.bots.tables import PlayerTables
from banluck.games.kampung.equilibrium import dp
from banluck.games.kampung.equilibrium import kernel as kn
from banluck.games.kampung.equilibrium.double_oracle import grow
from banluck.games.kampung.equilibrium.model import (
    S_777,
    S_C2,
    S_C4,
    S_NONE,
    fresh_naturals,
    pair_weight,
    solve_against,
    w_of,
)
from banluck.games.kampung.equilibrium.nash import Equilibrium, solved_equilibrium
from banluck.games.kampung.equilibrium.player import BankBurn, PlayerValues, player_values
from banluck.games.kampung.equilibrium.posterior import T_777, T_NONE, type_index, types_by_stake
from banluck.games.kampung.equilibrium.seen import SeenPlayer, by_seat
from banluck.games.kampung.rules import KampungRules

Array = np.ndarray[Any, np.dtype[np.float64]]

#: A hand as the banker tells it apart: settled (``S_NONE``), then each live kind of
#: ``model`` (``S_C2`` .. ``S_777``) staked once, then the same staked twice (burnt).
BURNT = S_777
N_KINDS = 1 + 2 * S_777
LIVE = tuple(range(1, N_KINDS))


def kind_of(count_kind: int, stake: int) -> int:
    """The seen kind of a hand of ``model``'s kind ``count_kind`` and this stake."""
    return count_kind if stake == 1 or count_kind == S_NONE else count_kind + BURNT


def stake_of(kind: int) -> int:
    """A seen kind's stake: 2 for a burnt hand's fresh pair, else 1."""
    return 2 if kind > BURNT else 1


def count_of(kind: int) -> int:
    """A seen kind's ``model`` kind (its card count, or a waiting 7-7-7)."""
    return kind - BURNT if kind > BURNT else kind


@dataclass(frozen=True, kw_only=True)
class SeenPlay:
    """A player's pure strategy: its tables for the first two cards (hit, burn, double) and
    the hit table of a burnt hand's fresh pair."""

    first: PlayerTables
    fresh: PlayerTables

    def same_as(self, other: SeenPlay) -> bool:
        """True when both strategies choose alike everywhere."""
        return self.first.same_as(other.first) and bool(
            np.array_equal(self.fresh.hit, other.fresh.hit)
        )


@dataclass(frozen=True, kw_only=True)
class SeenBanker:
    """The banker's pure strategy: its choice at every state of every seating, by (the hand
    it settles, the two others' seen kinds, ``o1 <= o2``)."""

    acts: dict[tuple[int, int, int], Any]

    def same_as(self, other: SeenBanker) -> bool:
        """True when both strategies choose alike everywhere."""
        return all(np.array_equal(a, other.acts[k]) for k, a in self.acts.items())


@dataclass(frozen=True, kw_only=True)
class Faced:
    """What a banker strategy leaves a player: a standing hand's result by card count and
    outcome, and a 7-7-7's value, for a first hand and for a burnt hand's fresh pair."""

    w: Array
    v777: float
    w_burnt: Array
    v777_burnt: float


@dataclass(frozen=True, kw_only=True)
class SeenEquilibrium:
    """Both sides' mixtures in the model with the bets seen, its value and NashConv."""

    rules: KampungRules
    plays: tuple[SeenPlay, ...]
    play_weights: tuple[float, ...]
    bankers: tuple[SeenBanker, ...]
    banker_weights: tuple[float, ...]
    #: a player's expected result per hand at the banker's turn (as ``Equilibrium.value``)
    value: float
    player_gain: float
    banker_gain: float
    growths: int
    converged: bool
    held: Held
    history: tuple[str, ...] = field(default_factory=tuple)

    @property
    def nash_conv(self) -> float:
        """The sum of both best answers' gains (0 at an equilibrium)."""
        return self.player_gain + self.banker_gain


@dataclass(frozen=True)
class Held:
    """What the solve holds from ``nash``: the banker's starts at its turn and
    the burn chances (both fixed by its 15 choices), with the game's arrays."""

    rules: KampungRules
    p: Array
    tot: Any
    g: Array
    starts: dict[tuple[int, int], float]
    burn: BankBurn


def _fresh_tables(hit: Any) -> PlayerTables:
    zeros = np.zeros((dp.MAXB + 1, dp.MAXA), dtype=np.int64)
    return PlayerTables(name="fresh", hit=hit, burn=zeros, double=zeros.copy())


def _kinds(h: Held, mix: list[tuple[float, SeenPlay]]) -> tuple[Array, Array]:
    """The chance of each seen kind for one seat, and the bank's gain per unit bet by
    settling event from a hand of each live count kind (rows ``S_C2 .. S_C4`` and their
    burnt twins)."""
    first, burnt = types_by_stake(h.rules, h.p, [(q, s.first, s.fresh) for q, s in mix])
    m = np.zeros(N_KINDS)
    rows = np.zeros((N_KINDS, dp.N_EV))
    m[S_NONE] = first[T_NONE] + burnt[T_NONE]
    for stake, types in ((1, first), (2, burnt)):
        m[kind_of(S_777, stake)] = types[T_777]
        for c in (2, 3, 4):
            k = kind_of(S_C2 + c - 2, stake)
            part = types[type_index(c, 0) : type_index(c, 0) + dp.N_OUT]
            m[k] = part.sum()
            if m[k] > 0.0:
                rows[k] = -((part / m[k]) @ h.g)
    return m, rows


#: How one seating settles a hand of each seen kind (over the banker's starts): by event for
#: a standing hand, and the chance that the banker ends on 21 facing a 7-7-7.
ByPair = dict[tuple[int, int], tuple[Array, Array]]


def _by_pair(h: Held, m: Array, rows: Array, fixed: SeenBanker | None) -> tuple[ByPair, SeenBanker]:
    """For every pair of the two other seats' kinds ``o1 <= o2`` that occurs, how the banker
    (its best, or ``fixed``'s valued) settles a hand of each kind; and its choices."""
    prm = dp.params(h.rules)
    if fixed is not None:
        prm[dp.P_FIXED] = 1.0
    v, act, r, f = dp.new_tables(with_r=True)
    hands = np.zeros((dp.MAX_HANDS, dp.N_EV))
    acts: dict[tuple[int, int, int], Any] = {}
    starts = list(h.starts)
    bases = np.array([b for b, _ in starts])
    aces = np.array([a for _, a in starts])
    pis = np.array([h.starts[s] for s in starts])
    out: ByPair = {}
    for o1 in range(N_KINDS):
        for o2 in range(o1, N_KINDS):
            occurs = pair_weight(m, o1, o2) > 0.0
            if not occurs and fixed is not None:
                continue  # nothing to value here; a best answer still chooses everywhere
            res = np.zeros((N_KINDS, dp.N_EV))
            f21 = np.zeros(N_KINDS)
            for target in LIVE:
                kinds = (target, o1, o2)
                live = [k for k in kinds if S_C2 <= count_of(k) <= S_C4]
                n = len(live)
                for i, k in enumerate(live):
                    hands[i] = rows[k] * stake_of(k)
                w7 = float(sum(stake_of(k) for k in kinds if count_of(k) == S_777))
                if fixed is not None:
                    act[...] = fixed.acts[kinds]
                kn.banker_dp(h.tot, h.p, hands, n, w7, prm, v, act, r, f, True)
                if fixed is None:
                    acts[kinds] = act.copy()
                if not occurs:
                    continue
                full = (1 << n) - 1
                if count_of(target) == S_777:
                    f21[target] = float(pis @ f[2, bases, aces, full])
                else:
                    res[target] = pis @ r[2, bases, aces, full, 0]
            if occurs:
                out[(o1, o2)] = (res, f21)
    return out, SeenBanker(acts=acts if fixed is None else fixed.acts)


def _faced(h: Held, res: Array, f21: Array) -> Faced:
    """What a player faces from how each kind of hand is settled (``_by_pair``'s, averaged
    over the other seats)."""
    m777 = float(h.rules.seven_seven_seven_multiple)

    def w_for(stake: int) -> Array:
        by_count = np.zeros((5, dp.N_EV))
        for c in (2, 3, 4):
            by_count[c] = res[kind_of(S_C2 + c - 2, stake)]
        return w_of(by_count, h.g)

    return Faced(
        w=w_for(1),
        v777=m777 * (1.0 - f21[kind_of(S_777, 1)]),
        w_burnt=w_for(2),
        v777_burnt=m777 * (1.0 - f21[kind_of(S_777, 2)]),
    )


def _resolve(h: Held, m: Array, rows: Array, fixed: SeenBanker | None) -> tuple[Faced, SeenBanker]:
    """The banker's play on every seating (its best, or ``fixed``'s valued) and what it
    leaves a player's hand of each stake, the two other seats of kinds ``m``."""
    by_pair, banker = _by_pair(h, m, rows, fixed)
    res = np.zeros((N_KINDS, dp.N_EV))
    f21 = np.zeros(N_KINDS)
    for (o1, o2), (r_pair, f_pair) in by_pair.items():
        weight = pair_weight(m, o1, o2)
        res += weight * r_pair
        f21 += weight * f_pair
    return _faced(h, res, f21), banker


def _values(h: Held, faced: Faced, play: SeenPlay | None) -> tuple[PlayerValues, PlayerValues]:
    """A player's values against ``faced``: the fresh pair's, then the first two cards'
    with that value of a burn; with ``play`` its strategy's, else the best."""
    fresh = player_values(
        h.rules,
        h.tot,
        h.p,
        faced.w_burnt,
        faced.v777_burnt,
        h.burn,
        fixed=None if play is None else play.fresh,
        name="fresh",
    )
    first = player_values(
        h.rules,
        h.tot,
        h.p,
        faced.w,
        faced.v777,
        h.burn,
        fixed=None if play is None else play.first,
        name="seen",
        fresh_value=fresh.fresh,
    )
    return first, fresh


def _mean(faced: list[Faced], y: Array) -> Faced:
    return Faced(
        w=np.sum([q * f.w for q, f in zip(y, faced, strict=True)], axis=0),
        v777=float(sum(q * f.v777 for q, f in zip(y, faced, strict=True))),
        w_burnt=np.sum([q * f.w_burnt for q, f in zip(y, faced, strict=True)], axis=0),
        v777_burnt=float(sum(q * f.v777_burnt for q, f in zip(y, faced, strict=True))),
    )


def _mix(x: Array, plays: list[SeenPlay]) -> list[tuple[float, SeenPlay]]:
    return [(float(q), s) for q, s in zip(x, plays, strict=True) if q > 0.0]


@dataclass(frozen=True)
class _Model:
    """The model with the bets seen for ``double_oracle``."""

    h: Held

    def matrix(
        self, plays: list[SeenPlay], bankers: list[SeenBanker], x: Array
    ) -> tuple[Array, list[Faced]]:
        h = self.h
        m, rows = _kinds(h, _mix(x, plays))
        faced = [_resolve(h, m, rows, b)[0] for b in bankers]
        a = np.array([[_values(h, fc, s)[0].ev for fc in faced] for s in plays])
        return a, faced

    def best_banker(
        self, plays: list[SeenPlay], bankers: list[SeenBanker], x: Array, value: float
    ) -> tuple[SeenBanker, float]:
        m, rows = _kinds(self.h, _mix(x, plays))
        faced, best = _resolve(self.h, m, rows, None)
        against = np.array([_values(self.h, faced, s)[0].ev for s in plays])
        return best, value - float(x @ against)

    def best_play(self, faced: list[Faced], y: Array, value: float) -> tuple[SeenPlay, float]:
        first, fresh = _values(self.h, _mean(faced, y), None)
        best = SeenPlay(first=first.tables, fresh=_fresh_tables(fresh.tables.hit))
        against = np.array([_values(self.h, fc, best)[0].ev for fc in faced])
        return best, float(y @ against) - value

    def same_play(self, a: SeenPlay, b: SeenPlay) -> bool:
        return a.same_as(b)

    def same_banker(self, a: SeenBanker, b: SeenBanker) -> bool:
        return a.same_as(b)


def seen_equilibrium(e: Equilibrium) -> SeenEquilibrium:
    """The equilibrium of the model with the bets seen, grown from ``e``'s players' tables
    (each playing its fresh pair as its first cards) and the banker's best answer to them,
    with ``e``'s 15 choices held."""
    rules = e.rules
    p = dp.shoe_probs(rules.decks)
    ans = solve_against(rules, p, e.players, banker=e.strategies[0])
    h = Held(rules, p, dp.shared_totals(rules), dp.payoffs(rules), ans.starts, ans.burn)
    plays = [SeenPlay(first=t, fresh=_fresh_tables(t.hit)) for t in e.tables]
    x = np.array(e.table_weights)
    m, rows = _kinds(h, _mix(x, plays))
    g = grow(_Model(h), plays, [_resolve(h, m, rows, None)[1]], x, names=("plays", "bankers"))
    n = len(g.plays)
    return SeenEquilibrium(
        rules=rules,
        plays=tuple(g.plays),
        play_weights=tuple(float(q) for q in np.pad(g.x, (0, n - len(g.x)))),
        bankers=tuple(g.bankers),
        banker_weights=tuple(float(q) for q in np.pad(g.y, (0, len(g.bankers) - len(g.y)))),
        value=g.value,
        player_gain=g.player_gain,
        banker_gain=g.banker_gain,
        growths=g.growths,
        converged=g.converged,
        held=h,
        history=g.history,
    )


@lru_cache(maxsize=4)
def solved_seen_equilibrium(rules: KampungRules) -> SeenEquilibrium:
    """``seen_equilibrium`` of ``rules``' equilibrium, computed once per process."""
    return seen_equilibrium(solved_equilibrium(rules))


def player_contexts(se: SeenEquilibrium) -> SeenPlayer:
    """K17: a player who also sees the other hands against ``se``'s banker mixture
    (``seen.SeenPlayer``: the strategies valued context by context, averaged back to
    the value, and what playing best in every context gains). Each seat sees the kinds (bets
    included) of the seats that played before it and whether each later one was paid a
    natural at the deal (``seen.contexts``); what it faces is averaged over only what
    it cannot see."""
    h = se.held
    mix = [(q, s) for q, s in zip(se.play_weights, se.plays, strict=True) if q > 0.0]
    m, rows = _kinds(h, mix)
    bankers = [
        (q, _by_pair(h, m, rows, b)[0])
        for q, b in zip(se.banker_weights, se.bankers, strict=True)
        if q > 0.0
    ]

    def valued(d: Array) -> tuple[float, float]:
        res = np.zeros((N_KINDS, dp.N_EV))
        f21 = np.zeros(N_KINDS)
        for o1, o2 in zip(*np.nonzero(d), strict=True):
            for q, pairs in bankers:
                r_pair, f_pair = pairs[(min(o1, o2), max(o1, o2))]
                res += q * d[o1, o2] * r_pair
                f21 += q * d[o1, o2] * f_pair
        faced = _faced(h, res, f21)
        mixed = sum(q * _values(h, faced, s)[0].ev for q, s in mix)
        return mixed, _values(h, faced, None)[0].ev

    return by_seat(m, sum(fresh_naturals(h.p)), valued)
