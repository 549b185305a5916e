"""K17 in the model: what each side gains from seeing what the equilibrium's strategies ignore.

The model's strategies (``model``, ``nash``) read less than K17 shows. A
player chooses from its own cards only; at the table it also sees, when its turn comes, which
hands were paid a natural at the deal (K8, K20) and how each hand before it ended (settled, a
waiting 7-7-7, or standing with two, three or four cards). The banker chooses from its cards
and each unopened hand's card count, every bet alike; at the table it also sees the bets, and
a doubled bet marks a burnt 15's fresh pair (K10): a hand that cannot be burnt again, staked
twice.

In the model (an infinite shoe of the full shoe's make-up, hands independent) this module
computes each side's exact best answer **with that information** to the equilibrium's other
side, and so the equilibrium's NashConv in the model that keeps what each side sees:

* ``player_seen``: for each seat (first, second, third to play) and each thing it can see of
  the other two, ``player``'s backward recursion against what the banker's mixture
  leaves a hand in that seating (``w`` and ``v777`` averaged over only what the seat cannot
  see), against the equilibrium's tables valued in the same contexts. Those average back to
  the equilibrium's value (``SeenPlayer.value``; a test checks it to rounding).
* ``banker_seen``: ``dp``'s recursion over every seating of three hands told apart by
  their bets (``BETS_SEEN``), against the equilibrium's strategies valued on the same
  seatings. A burnt hand's doubled stake counts in the bank's result; the model's own banker
  weighs every hand's outcomes alike, so even without the bets (``BETS_STAKED``: the model's
  own information) its exact best answer may gain a little. The bank's result from its turn
  is minus the players' from it, so a difference of two banker strategies' values is the
  difference of the players' values against them (a test checks it).

What the model still leaves out: the real shoe's dependence between hands and on earlier
hands' cards (measured by simulation in ``docs/KAMPUNG_BOTS.md``). These are best answers to
the equilibrium; ``seen_nash`` solves the model with the bets seen to an
equilibrium of its own (its value lies in the bracket these answers give).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import Any

import numpy as np

from banluck.games.kampung.equilibrium import dp
from banluck.games.kampung.equilibrium import kernel as kn
from banluck.games.kampung.equilibrium.model import (
    S_777,
    S_C2,
    S_NONE,
    Answer,
    fresh_naturals,
    resolution_by_seating,
    seat_marginals,
    solve_against,
    w_of,
)
from banluck.games.kampung.equilibrium.nash import Equilibrium, mean_burn
from banluck.games.kampung.equilibrium.player import player_values
from banluck.games.kampung.equilibrium.posterior import (
    T_777,
    T_NONE,
    hand_types,
    type_index,
    types_by_stake,
)

Array = np.ndarray[Any, np.dtype[np.float64]]

#: What the banker is told of the bets: nothing (a burnt hand's doubled stake counted in the
#: bank's result, not told apart: the model's own information), or every hand's bet.
BETS_STAKED = "staked"
BETS_SEEN = "seen"
#: A later seat as a player sees it at its turn: paid a natural at the deal, or not yet known.
_NATURAL, _UNKNOWN = "natural", "unknown"
SEATS = 3


@dataclass(frozen=True, kw_only=True)
class SeenPlayer:
    """A player who sees the other hands (K17) against the equilibrium's banker."""

    #: the equilibrium's tables valued context by context, averaged back (= its value)
    value: float
    #: what playing best in every context gains over them, per player hand, and by seat
    gain: float
    gain_by_seat: tuple[float, ...]
    #: how many contexts each seat tells apart
    contexts: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class SeenBanker:
    """A banker told the bets (``bets``) against the equilibrium's players."""

    bets: str
    #: the bank's expected result from its turn, per player hand: the equilibrium's banker
    #: mixture, and the best answer with that information
    value: float
    best: float

    @property
    def gain(self) -> float:
        """What the best answer gains the bank per player hand."""
        return self.best - self.value


def _answers(e: Equilibrium, p: Array) -> list[Answer]:
    return [solve_against(e.rules, p, e.players, banker=b) for b in e.strategies]


def contexts(m: Array, q_nat: float, seat: int) -> list[tuple[float, Array]]:
    """What ``seat`` (0 first to play) sees of the two others, each of kind ``k`` with
    chance ``m[k]`` (``S_NONE`` first, a natural at the deal ``q_nat`` of it): for each
    context its chance and the distribution of the two others' kinds given it,
    ``d[o1, o2]`` (ordered)."""
    n = len(m)
    later = np.array(m, dtype=np.float64)
    later[S_NONE] -= q_nat
    later /= 1.0 - q_nat
    options: list[list[tuple[float, Array]]] = []
    for other in range(SEATS - 1):  # the other seats in order; ``seat`` of them played first
        if other < seat:
            options.append([(float(m[k]), np.eye(n)[k]) for k in range(n) if m[k] > 0.0])
        else:
            options.append([(q_nat, np.eye(n)[S_NONE]), (1.0 - q_nat, later)])
    out = []
    for (q1, d1), (q2, d2) in product(*options):
        out.append((q1 * q2, np.outer(d1, d2)))
    return out


def player_seen(e: Equilibrium) -> SeenPlayer:
    """``SeenPlayer`` for the equilibrium ``e`` (the module docstring says how)."""
    p = dp.shoe_probs(e.rules.decks)
    return _player_seen(e, p, _answers(e, p))


def _player_seen(e: Equilibrium, p: Array, answers: list[Answer]) -> SeenPlayer:
    rules = e.rules
    tot = dp.shared_totals(rules)
    g = dp.payoffs(rules)
    y = np.array(e.strategy_weights)
    burn = mean_burn(answers, y)
    m777 = float(rules.seven_seven_seven_multiple)
    # what the banker's mixture leaves a standing hand in each seating of the two others
    w_pair: dict[tuple[int, int], Array] = {}
    f_pair: dict[tuple[int, int], float] = {}
    for q, ans, b in zip(y, answers, e.strategies, strict=True):
        by_seating, _ = resolution_by_seating(rules, tot, p, ans.gain, fixed=b.acts)
        for key, (res, f21) in by_seating.items():
            w = sum(pi * w_of(res[s], g) for s, pi in ans.starts.items())
            f = sum(pi * f21[s] for s, pi in ans.starts.items())
            w_pair[key] = w_pair.get(key, 0.0) + q * w
            f_pair[key] = f_pair.get(key, 0.0) + q * f
    types: Array = np.sum([q * hand_types(rules, t, p) for q, t in e.players], axis=0)
    m, _post = seat_marginals(types)

    def valued(d: Array) -> tuple[float, float]:
        w = np.zeros((5, dp.N_OUT))
        f = 0.0
        for o1, o2 in zip(*np.nonzero(d), strict=True):
            key = (min(o1, o2), max(o1, o2))
            w += d[o1, o2] * w_pair[key]
            f += d[o1, o2] * f_pair[key]
        v777 = m777 * (1.0 - f)
        best = player_values(rules, tot, p, w, v777, burn, name="seen").ev
        mixed = sum(
            q * player_values(rules, tot, p, w, v777, burn, fixed=t).ev for q, t in e.players
        )
        return mixed, best

    return by_seat(m, sum(fresh_naturals(p)), valued)


def by_seat(m: Array, q_nat: float, valued: Callable[[Array], tuple[float, float]]) -> SeenPlayer:
    """``SeenPlayer`` from ``valued(d)``, the mixture's value and the best answer's in the
    context where the two others' kinds are distributed as ``d`` (``contexts``)."""
    values, gains, counts = [], [], []
    for seat in range(SEATS):
        seen_by_seat = contexts(m, q_nat, seat)
        value = gain = 0.0
        for chance, d in seen_by_seat:
            mixed, best = valued(d)
            value += chance * mixed
            gain += chance * (best - mixed)
        values.append(value)
        gains.append(gain)
        counts.append(len(seen_by_seat))
    return SeenPlayer(
        value=float(np.mean(values)),
        gain=float(np.mean(gains)),
        gain_by_seat=tuple(gains),
        contexts=tuple(counts),
    )


@dataclass(frozen=True, kw_only=True)
class _Kind:
    """A hand as the banker tells it apart: its chance, its count kind (``S_*``), and what
    it brings the bank by settling event (None: nothing to settle) or as a 7-7-7 (stake)."""

    chance: float
    kind: int
    row: Array | None
    stake777: float


def _kinds(e: Equilibrium, p: Array, g: Array, bets: str) -> list[_Kind]:
    """The hands the banker tells apart, from the players' mixture."""
    first, burnt = types_by_stake(e.rules, p, [(q, t, t) for q, t in e.players])
    parts = {1.0: first, 2.0: burnt}  # by stake: hands not burnt, and burnt
    out: list[_Kind] = []
    if bets == BETS_SEEN:
        groups = [[(1.0, parts[1.0])], [(2.0, parts[2.0])]]
    else:
        groups = [list(parts.items())]
    settled = float(first[T_NONE] + burnt[T_NONE])
    out.append(_Kind(chance=settled, kind=S_NONE, row=None, stake777=0.0))
    for group in groups:
        mass = sum(float(t[T_777]) for _, t in group)
        if mass > 0.0:
            stake = sum(s * float(t[T_777]) for s, t in group) / mass
            out.append(_Kind(chance=mass, kind=S_777, row=None, stake777=stake))
        for c in (2, 3, 4):
            sl = slice(type_index(c, 0), type_index(c, 0) + dp.N_OUT)
            mass = sum(float(t[sl].sum()) for _, t in group)
            if mass <= 0.0:
                continue
            weighted = sum(s * t[sl] for s, t in group) / mass
            out.append(_Kind(chance=mass, kind=S_C2 + c - 2, row=-(weighted @ g), stake777=0.0))
    return out


def _order(kinds: tuple[_Kind, ...]) -> tuple[_Kind, ...] | None:
    """The seating in the order of the model's banker strategies' keys: a hand to settle
    first, then the two others by count kind (None: nothing to settle)."""
    live = [i for i, k in enumerate(kinds) if k.kind != S_NONE]
    if not live:
        return None
    first = kinds[live[0]]
    rest = sorted((k for i, k in enumerate(kinds) if i != live[0]), key=lambda k: k.kind)
    return (first, *rest)


def banker_seen(e: Equilibrium, *, bets: str = BETS_SEEN) -> SeenBanker:
    """``SeenBanker`` for the equilibrium ``e`` (the module docstring says how)."""
    if bets not in (BETS_STAKED, BETS_SEEN):
        raise ValueError(f"bets is {BETS_STAKED!r} or {BETS_SEEN!r}, not {bets!r}")
    p = dp.shoe_probs(e.rules.decks)
    return _banker_seen(e, p, _answers(e, p), bets)


def _banker_seen(e: Equilibrium, p: Array, answers: list[Answer], bets: str) -> SeenBanker:
    rules = e.rules
    tot = dp.shared_totals(rules)
    g = dp.payoffs(rules)
    starts = answers[0].starts  # the strategies share their 15 choices, so their starts
    kinds = _kinds(e, p, g, bets)
    prm = dp.params(rules)
    fixed = prm.copy()
    fixed[dp.P_FIXED] = 1.0
    v, act, r, f = dp.new_tables()
    h = np.zeros((dp.MAX_HANDS, dp.N_EV))
    value = best = 0.0
    for seating in product(kinds, repeat=SEATS):
        chance = float(np.prod([k.chance for k in seating]))
        ordered = _order(seating)
        if ordered is None or chance <= 0.0:
            continue
        rows = [k.row for k in ordered if k.row is not None]
        n = len(rows)
        for i, row in enumerate(rows):
            h[i] = row
        w7 = float(sum(k.stake777 for k in ordered))
        full = (1 << n) - 1
        kn.banker_dp(tot, p, h, n, w7, prm, v, act, r, f, False)
        best += chance * sum(q * v[2, b, a, full] for (b, a), q in starts.items())
        key = (ordered[0].kind, ordered[1].kind, ordered[2].kind)
        for q_j, strategy in zip(e.strategy_weights, e.strategies, strict=True):
            act[...] = strategy.acts[key]
            kn.banker_dp(tot, p, h, n, w7, fixed, v, act, r, f, False)
            value += q_j * chance * sum(q * v[2, b, a, full] for (b, a), q in starts.items())
    return SeenBanker(bets=bets, value=value / SEATS, best=best / SEATS)


@dataclass(frozen=True, kw_only=True)
class Seen:
    """Both sides' best answers to the equilibrium with what K17 shows them: the player's,
    the banker's told the bets, and the banker's with the counts only."""

    player: SeenPlayer
    banker: SeenBanker
    banker_staked: SeenBanker

    @property
    def nash_conv(self) -> float:
        """The equilibrium's NashConv in the model that keeps what each side sees."""
        return self.player.gain + self.banker.gain


def seen(e: Equilibrium) -> Seen:
    """``Seen`` for the equilibrium ``e``, its banker strategies' answers solved once."""
    p = dp.shoe_probs(e.rules.decks)
    answers = _answers(e, p)
    return Seen(
        player=_player_seen(e, p, answers),
        banker=_banker_seen(e, p, answers, BETS_SEEN),
        banker_staked=_banker_seen(e, p, answers, BETS_STAKED),
    )
