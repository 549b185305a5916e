"""K18: the project's kampung strategy, both sides at once.

The banker's best answer to a player policy is the recursion of ``dp`` over the
posterior of each hidden hand (``posterior``); the players' best answer to that banker is
``player`` against ``w[count, outcome]``, the expected result of a standing hand of
that count and outcome when the banker plays its best (averaged over the banker's cards and
the other two seats' hands). ``solve`` alternates the two until the player's tables stop
changing, so each side answers the other as well as this model allows: an infinite shoe of
the full shoe's make-up, hands independent of one another, every bet alike.

The banker's two-card 15 (K7) is chosen the same way: ``void`` is worth 0, ``play`` the
bank's value from that 15, ``burn`` what the players' double-or-forfeit leads to.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

import numpy as np

from banluck.core.cards import N_CLASSES
from banluck.games.kampung.bots.tables import PlayerTables, simple_player
from banluck.games.kampung.equilibrium import dp
from banluck.games.kampung.equilibrium import kernel as kn
from banluck.games.kampung.equilibrium.player import (
    ACE,
    BankBurn,
    PlayerValues,
    natural_multiple,
    pair_state,
    player_values,
)
from banluck.games.kampung.equilibrium.posterior import T_777, T_NONE, hand_types, type_index
from banluck.games.kampung.rules import KampungRules

Array = np.ndarray[Any, np.dtype[np.float64]]

#: Seat kinds in the model's configurations.
S_NONE, S_C2, S_C3, S_C4, S_777 = range(5)
#: The banker's choices on a two-card 15.
B15_VOID, B15_BURN, B15_PLAY = 0, 1, 2
B15_NAMES = ("void", "burn", "play")
#: The banker's two 15s by row of ``bank15``: a soft one (an ace and a card), a hard one.
SOFT_15, HARD_15 = 0, 1

#: A player policy every seat draws from alike: (weight, tables), the weights summing to 1.
Mixture = tuple[tuple[float, PlayerTables], ...]
#: The banker's choice at every state (``dp``'s ``act``) of every seating of the model,
#: by (the hand it settles, the two others' kinds).
Acts = dict[tuple[int, int, int], Any]

MAX_ROUNDS = 40
#: fictitious play stops once the players' tables stay the same this many rounds
STABLE_ROUNDS = 5


def fifteen_states(rules: KampungRules) -> dict[int, tuple[int, int]]:
    """K7: the two-card states of the banker's 15 by row (``SOFT_15``, ``HARD_15``): kampung's
    soft 15 is an ace and a four (11 + 4); a house's ace values (H19, T2) may make it an ace
    and a five (10 + 5), or leave none.

    >>> import dataclasses
    >>> from banluck.games.kampung.rules import KAMPUNG as KAMPUNG_RULES
    >>> fifteen_states(KAMPUNG_RULES)
    {0: (4, 1), 1: (15, 0)}
    >>> t = dataclasses.replace(KAMPUNG_RULES.totals, two_card_ace_values=(1, 10))
    >>> fifteen_states(dataclasses.replace(KAMPUNG_RULES, totals=t))
    {0: (5, 1), 1: (15, 0)}
    """
    tot = dp.shared_totals(rules)
    soft = [b for b in range(2, 11) if tot[2, b, 1] == rules.burn_total]
    return {**({SOFT_15: (soft[0], 1)} if soft else {}), HARD_15: (rules.burn_total, 0)}


@dataclass(frozen=True, kw_only=True)
class BankerPlay:
    """A banker's pure strategy in the model: its choice at every state of every seating,
    and on its 15s (``bank15``)."""

    acts: Acts
    bank15: Any

    def same_as(self, other: BankerPlay) -> bool:
        """True when both strategies choose alike everywhere."""
        return bool(np.array_equal(self.bank15, other.bank15)) and all(
            np.array_equal(a, other.acts[k]) for k, a in self.acts.items()
        )


@dataclass(frozen=True, kw_only=True)
class Answer:
    """``solve_against``'s answer: what the banker does against a player policy."""

    #: the bank's gain per unit bet by card count (rows 2..4) and settling event
    gain: Array
    #: the outcome posterior by card count (rows 2..4)
    post: Array
    #: the banker's choice on its 15: [SOFT_15 or HARD_15, 0 first / 1 second], and the
    #: per-player values of void, burn and play
    bank15: Any
    bank15_ev: Array
    #: what it leaves a standing player hand, by count and outcome; a 7-7-7's value
    w: Array
    v777: float
    burn: BankBurn
    #: the chance of each seat kind
    m: Array
    banker: BankerPlay
    #: the banker's two-card states when its turn comes (after its 15 choices), with their
    #: chances (summing to 1): what ``w`` and ``v777`` are averaged over
    starts: dict[tuple[int, int], float]


@dataclass(frozen=True, kw_only=True)
class Model(Answer):
    """The solved strategy: the players' tables and what the banker needs to decide (the
    banker's answer to them, ``Answer``)."""

    rules: KampungRules
    p: Array
    tot: Any
    g: Array
    players: PlayerTables
    values: PlayerValues
    rounds: int
    converged: bool
    history: list[str] = field(default_factory=list)
    #: the player's best answer to this banker, and what it gains per bet in the model
    best_response: PlayerTables | None = None
    best_values: PlayerValues | None = None
    player_gap: float = 0.0


def _start_states(p: Array) -> dict[tuple[int, int], float]:
    """The banker's two-card states that are not naturals, with their chances."""
    out: dict[tuple[int, int], float] = {}
    for k1 in range(N_CLASSES):
        for k2 in range(N_CLASSES):
            if natural_multiple_any(k1, k2):
                continue
            base = (0 if k1 == ACE else k1 + 1) + (0 if k2 == ACE else k2 + 1)
            aces = int(k1 == ACE) + int(k2 == ACE)
            out[(base, aces)] = out.get((base, aces), 0.0) + float(p[k1] * p[k2])
    return out


def natural_multiple_any(k1: int, k2: int) -> bool:
    """T4: two aces, or an ace and a ten-value card."""
    ten = N_CLASSES - 1
    return (k1 == ACE and k2 in (ACE, ten)) or (k2 == ACE and k1 == ten)


def seat_marginals(types: Array) -> tuple[Array, Array]:
    """The chance of each seat kind, and the outcome posterior by count (rows 2..4)."""
    m = np.zeros(5)
    post = np.zeros((5, dp.N_OUT))
    m[S_NONE] = types[T_NONE]
    m[S_777] = types[T_777]
    for c, kind in ((2, S_C2), (3, S_C3), (4, S_C4)):
        part = types[type_index(c, 0) : type_index(c, 0) + dp.N_OUT]
        m[kind] = part.sum()
        if m[kind] > 0:
            post[c] = part / m[kind]
    return m, post


def gains(post: Array, g: Array) -> Array:
    """The bank's gain per unit bet by count (rows 2..4) and settling event."""
    out = np.zeros((5, dp.N_EV))
    for c in (2, 3, 4):
        out[c] = -(post[c] @ g)
    return out


#: How each standing hand is settled in one seating, by the banker's start: ``res[s][c, e]``
#: the chance that a hand of ``c`` cards (the seating's target) is settled by event ``e``,
#: and ``f21[s]`` the chance that the banker ends on 21 facing a 7-7-7 target.
Resolved = tuple[dict[tuple[int, int], Array], dict[tuple[int, int], float]]


def resolution_by_seating(
    rules: KampungRules,
    tot: Any,
    p: Array,
    gain: Array,
    fixed: Acts | None = None,
) -> tuple[dict[tuple[int, int], Resolved], Acts]:
    """``Resolved`` for every pair of the two other seats' kinds ``(o1, o2)``, ``o1 <= o2``
    (the seating is a set: the other order is the same), with the banker's choices at every
    state of every seating (its best, or ``fixed``'s valued)."""
    prm = dp.params(rules)
    if fixed is not None:
        prm[dp.P_FIXED] = 1.0
    starts = _start_states(p)
    out: dict[tuple[int, int], Resolved] = {}
    acts: Acts = {}
    v, act, r, f = dp.new_tables(with_r=True)
    for o1 in range(5):
        for o2 in range(o1, 5):
            res = {s: np.zeros((5, dp.N_EV)) for s in starts}
            f21 = dict.fromkeys(starts, 0.0)
            for target in (S_C2, S_C3, S_C4, S_777):
                kinds = [target, o1, o2]
                rows = [gain[k + 1] for k in kinds if k in (S_C2, S_C3, S_C4)]
                w7 = float(sum(1 for k in kinds if k == S_777))
                n = len(rows)
                h = np.zeros((dp.MAX_HANDS, dp.N_EV))
                for i, row in enumerate(rows):
                    h[i] = row
                if fixed is not None:
                    act[...] = fixed[(target, o1, o2)]
                kn.banker_dp(tot, p, h, n, w7, prm, v, act, r, f, True)
                acts[(target, o1, o2)] = act.copy()
                full = (1 << n) - 1
                for base, aces in starts:
                    if target == S_777:
                        f21[(base, aces)] = f[2, base, aces, full]
                    else:
                        res[(base, aces)][target + 1] = r[2, base, aces, full, 0]
            out[(o1, o2)] = (res, f21)
    return out, acts


def pair_weight(m: Array, o1: int, o2: int) -> float:
    """The chance that the two other seats are of kinds ``o1 <= o2``, in either order."""
    return float(m[o1] * m[o2] * (1.0 if o1 == o2 else 2.0))


def resolution(
    rules: KampungRules,
    tot: Any,
    p: Array,
    gain: Array,
    m: Array,
    fixed: Acts | None = None,
) -> tuple[dict[tuple[int, int], Array], dict[tuple[int, int], float], Acts]:
    """For each banker start: ``x[c, e]``, the chance a standing hand of ``c`` cards is
    settled by event ``e``, and the chance that the banker ends on 21 facing a 7-7-7; with
    the banker's choices at every state of every seating (its best, or ``fixed``'s valued):
    ``resolution_by_seating`` weighted by the other seats' kinds ``m``."""
    by_seating, acts = resolution_by_seating(rules, tot, p, gain, fixed)
    starts = _start_states(p)
    res = {s: np.zeros((5, dp.N_EV)) for s in starts}
    f21 = dict.fromkeys(starts, 0.0)
    for (o1, o2), (r_s, f_s) in by_seating.items():
        weight = pair_weight(m, o1, o2)
        if weight <= 0.0:
            continue
        for s in starts:
            res[s] += weight * r_s[s]
            f21[s] += weight * f_s[s]
    return res, f21, acts


def w_of(res: Array, g: Array) -> Array:
    """``w[c, o]``: what a standing hand of ``c`` cards and outcome ``o`` wins, from how it
    is settled (``res[c, e]``, as ``resolution`` gives it)."""
    w = np.zeros((5, dp.N_OUT))
    for c in (2, 3, 4):
        w[c] = g @ res[c]
    return w


def fresh_naturals(p: Array) -> tuple[float, float]:
    """K8: the chances that two cards are ban-ban (two aces) and ban-luck (an ace and a
    ten-value card)."""
    return float(p[ACE] ** 2), float(2 * p[ACE] * p[N_CLASSES - 1])


def _fresh_pair(p: Array, rules: KampungRules) -> tuple[float, float, dict[tuple[int, int], float]]:
    bb, bl = fresh_naturals(p)
    fifteens = dict.fromkeys(fifteen_states(rules).values(), 0.0)
    tot_two = dp.totals(rules)
    for k1 in range(N_CLASSES):
        for k2 in range(N_CLASSES):
            if natural_multiple_any(k1, k2):
                continue
            b, a = pair_state(k1, k2)
            if b < dp.MAXB and tot_two[2, b, a] == rules.burn_total:
                fifteens[(b, a)] += float(p[k1] * p[k2])
    return bb, bl, fifteens


def mixture(players: PlayerTables | Mixture) -> Mixture:
    """A player policy as a mixture (one pure table with weight 1 stays itself)."""
    return ((1.0, players),) if isinstance(players, PlayerTables) else players


def solve_against(
    rules: KampungRules,
    p: Array,
    players: PlayerTables | Mixture,
    banker: BankerPlay | None = None,
    *,
    bank15: Any = None,
) -> Answer:
    """The banker's best answer to ``players`` (a table, or a mixture of tables every seat
    draws from alike): the gains, posteriors, 15 choices and the ``w`` / ``v777`` it leaves
    a player (and the bank burn chances). With ``banker``, that strategy's instead of the
    best answer; with ``bank15``, those 15 choices and the best answer at the banker's turn."""
    if banker is not None:
        bank15 = banker.bank15
    mix = mixture(players)
    tot = dp.shared_totals(rules)
    g = dp.payoffs(rules)
    types = np.sum([q * hand_types(rules, tables, p) for q, tables in mix], axis=0)
    m, post = seat_marginals(types)
    gain = gains(post, g)
    res, f21, acts = resolution(rules, tot, p, gain, m, None if banker is None else banker.acts)
    starts = _start_states(p)
    bb, bl, fifteens = _fresh_pair(p, rules)
    rows = fifteen_states(rules)
    fifteen_set = list(rows.values())
    m777 = float(rules.seven_seven_seven_multiple)
    w_s = {s: w_of(res[s], g) for s in starts}
    # the bank's value of playing each 15: minus a player's value against it
    neutral = BankBurn(ban_ban=0.0, ban_luck=0.0, fifteen_played=0.0, fifteen_voided=0.0)
    play_ev = {}
    for s in fifteen_set:
        play_ev[s] = -sum(
            q
            * _non_natural_ev(
                rules,
                p,
                player_values(
                    rules, tot, p, w_s[s], m777 * (1 - f21[s]), neutral, fixed=tables
                ).start,
            )
            for q, tables in mix
        )
    if bank15 is None:
        second = {s: B15_PLAY if play_ev[s] > 0 else B15_VOID for s in fifteen_set}
    else:
        second = {s: int(bank15[i, 1]) for i, s in rows.items()}
    others = {s: q for s, q in starts.items() if s not in fifteen_set}
    z = sum(others.values())
    w_other: Array = np.sum([q * w_s[s] for s, q in others.items()], axis=0) / z
    f_other = sum(q * f21[s] for s, q in others.items()) / z
    # K7: the burn: each player doubles or forfeits, the banker takes a fresh pair
    burn_ev = sum(
        q
        * _burn_ev(
            rules, p, tot, tables, (bb, bl, fifteens), second, w_s, f21, (z, w_other, f_other)
        )
        for q, tables in mix
    )
    # by row, SOFT_15 then HARD_15 (a house without a soft 15 leaves its row at void, 0)
    fixed15 = bank15
    bank15 = np.zeros((2, 2), dtype=np.int64)
    bank15_ev = np.zeros((2, 3))
    for i, s in rows.items():
        evs = (0.0, burn_ev, play_ev[s])
        bank15_ev[i] = evs
        if fixed15 is not None:
            bank15[i] = fixed15[i]
            continue
        # H19: without burns the first 15 is voided or played, as a second one is
        bank15[i, 0] = int(np.argmax(evs)) if rules.burn else second[s]
        bank15[i, 1] = second[s]
    # the banker's starts at its turn, after its 15 choices
    pi: dict[tuple[int, int], float] = dict(others)
    for i, s in rows.items():
        if bank15[i, 0] == B15_PLAY:
            pi[s] = pi.get(s, 0.0) + starts[s]
        elif bank15[i, 0] == B15_BURN:
            for s2, q2 in others.items():
                pi[s2] += starts[s] * q2
            for s2 in fifteen_set:
                if second[s2] == B15_PLAY:
                    pi[s2] = pi.get(s2, 0.0) + starts[s] * fifteens[s2]
    zt = sum(pi.values())
    w: Array = np.sum([q * w_s[s] for s, q in pi.items()], axis=0) / zt
    f_all = sum(q * f21[s] for s, q in pi.items()) / zt
    played = sum(fifteens[s] for s in fifteen_set if second[s] == B15_PLAY)
    voided = sum(fifteens.values()) - played
    return Answer(
        gain=gain,
        post=post,
        bank15=bank15,
        bank15_ev=bank15_ev,
        w=w,
        v777=m777 * (1 - f_all),
        burn=BankBurn(ban_ban=bb, ban_luck=bl, fifteen_played=played, fifteen_voided=voided),
        m=m,
        banker=BankerPlay(acts=acts, bank15=bank15),
        starts={s: q / zt for s, q in pi.items()},
    )


def _burn_ev(
    rules: KampungRules,
    p: Array,
    tot: Any,
    players: PlayerTables,
    pair: tuple[float, float, dict[tuple[int, int], float]],
    second: dict[tuple[int, int], int],
    w_s: dict[tuple[int, int], Array],
    f21: dict[tuple[int, int], float],
    other: tuple[float, Array, float],
) -> float:
    """K7: the bank's value of burning its 15 against ``players``: each doubles or
    forfeits, and the banker plays on from a fresh pair."""
    bb, bl, fifteens = pair
    z, w_other, f_other = other
    m777 = float(rules.seven_seven_seven_multiple)
    neutral = BankBurn(ban_ban=0.0, ban_luck=0.0, fifteen_played=0.0, fifteen_voided=0.0)
    vals_other = player_values(rules, tot, p, w_other, m777 * (1 - f_other), neutral, fixed=players)
    vals15 = {
        s: player_values(rules, tot, p, w_s[s], m777 * (1 - f21[s]), neutral, fixed=players)
        for s in fifteens
        if second[s] == B15_PLAY
    }
    t = rules.totals
    burn_ev = 0.0
    for k1 in range(N_CLASSES):
        for k2 in range(N_CLASSES):
            if natural_multiple_any(k1, k2):
                continue
            b, a = pair_state(k1, k2)
            q = float(p[k1] * p[k2])
            if not players.double[b, a]:
                burn_ev += q * 1.0
                continue
            is15 = b < dp.MAXB and tot[2, b, a] == rules.burn_total
            nat = 0.0 if is15 else -(bb * t.ban_ban_multiple + bl * t.ban_luck_multiple)
            cont = z * vals_other.start[b, a] + sum(
                fifteens[s] * vals.start[b, a] for s, vals in vals15.items()
            )
            burn_ev += q * -2.0 * (nat + cont)
    return burn_ev


def _non_natural_ev(rules: KampungRules, p: Array, start: Array) -> float:
    ev = 0.0
    for k1 in range(N_CLASSES):
        for k2 in range(N_CLASSES):
            if natural_multiple(rules, k1, k2):
                continue  # K7: escaped, a push
            b, a = pair_state(k1, k2)
            ev += float(p[k1] * p[k2]) * float(start[b, a])
    return ev


@lru_cache(maxsize=8)
def solve(rules: KampungRules) -> Model:
    """K18: the project's strategy for ``rules``, both sides answering each other."""
    p = dp.shoe_probs(rules.decks)
    tot = dp.totals(rules)
    g = dp.payoffs(rules)
    players = simple_player(rules)
    history: list[str] = []
    converged = False
    rounds = 0
    w_sum = np.zeros((5, dp.N_OUT))
    v_sum = 0.0
    burns: list[BankBurn] = []
    stable = 0
    candidates: list[PlayerTables] = []
    for rounds in range(1, MAX_ROUNDS + 1):
        # fictitious play: the players answer the banker's average over the rounds so far
        ans = solve_against(rules, p, players)
        burn = ans.burn
        w_sum += ans.w
        v_sum += ans.v777
        burns.append(burn)
        mean_burn = BankBurn(
            ban_ban=burn.ban_ban,
            ban_luck=burn.ban_luck,
            fifteen_played=sum(b.fifteen_played for b in burns) / rounds,
            fifteen_voided=sum(b.fifteen_voided for b in burns) / rounds,
        )
        vals = player_values(rules, tot, p, w_sum / rounds, v_sum / rounds, mean_burn)
        history.append(f"round {rounds}: player EV {vals.ev:+.5f}")
        stable = stable + 1 if vals.tables.same_as(players) else 0
        players = PlayerTables(
            name="project", hit=vals.tables.hit, burn=vals.tables.burn, double=vals.tables.double
        )
        if not any(players.same_as(c) for c in candidates):
            candidates.append(players)
        if stable >= STABLE_ROUNDS:
            converged = True
            break
    # the players' tables that do best when the banker answers them best
    best_ev = -np.inf
    for cand in candidates:
        ans = solve_against(rules, p, cand)
        ev = player_values(rules, tot, p, ans.w, ans.v777, ans.burn, fixed=cand).ev
        history.append(f"candidate: player EV {ev:+.5f} against the banker's answer")
        if ev > best_ev:
            best_ev, players = ev, cand
    ans = solve_against(rules, p, players)
    vals = player_values(rules, tot, p, ans.w, ans.v777, ans.burn, fixed=players)
    best = player_values(rules, tot, p, ans.w, ans.v777, ans.burn, name="best-response")
    return Model(
        **{f.name: getattr(ans, f.name) for f in fields(Answer)},
        rules=rules,
        p=p,
        tot=tot,
        g=g,
        players=players,
        values=vals,
        rounds=rounds,
        converged=converged,
        history=history,
        best_response=best.tables,
        best_values=best,
        player_gap=best.ev - vals.ev,
    )
