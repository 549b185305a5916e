"""The compiled kampung hand (K5–K23) for ``banluck simulate --preset kampung`` (Numba).

One house-banked hand: three players (one base bet each, stacks deep: K3's caps never bite)
against the banker seat, every choice by a policy. The players play tables
(``bots.tables``); the banker is one of ``policy.BANKER_POLICIES``: the project's banker
runs ``kernel.banker_dp`` at each choice on the posterior (``kernel.hand_types``)
of the shoe less the cards it has seen (the bot's own computation, so the simulator plays
the bot's choices hand for hand); ``full-shoe`` runs it on the full shoe's make-up, which
depends only on the configuration of hands, so its choices are a table filled the first time
each configuration is met; the two simpler bankers play the ``table`` dealer's rule (T17).
A mixed strategy (the model's equilibrium, ``equilibrium.nash``) comes as stacked tables
and running weights: each hand every seat draws its table, and the banker its strategy
(whose posterior is of the players' mixture that strategy answers), from a random stream of
their own; a pure one draws nothing.

The shoe and its random source are every simulator's (``banluck.sim.rng``): a Fisher–Yates
step per card drawn, xoshiro256** streams, and in stacked mode the cards taken in order (for
the tests against the engine).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from banluck.core.cards import N_CLASSES
from banluck.games.kampung.bots.tables import PAIR_77
from banluck.games.kampung.equilibrium.dp import (
    A_HIT,
    A_OPEN,
    A_STAND,
    MAX_HANDS,
    N_EV,
    N_OUT,
)
from banluck.games.kampung.equilibrium.kernel import bank_gain, banker_dp, hand_types
from banluck.games.kampung.equilibrium.posterior import N_TYPES, T_FIRST
from banluck.games.kampung.sim.hand import (
    A_777,
    A_BANK_BURN,
    A_BANK_BUST,
    A_BANK_NATURAL,
    A_EARLY_OPEN,
    A_FIVE,
    A_FORFEIT,
    A_HANDS,
    A_NET,
    A_NET2,
    A_PLAYER_BURN,
    A_PLAYER_NATURAL,
    A_VOID,
    B_FULL_SHOE,
    B_OPEN_FOUR,
    B_PROJECT,
    N_KIND,
    NP,
    P_777,
    P_BANKER,
    P_BANKER_DRAW,
    P_BB,
    P_BL,
    P_BURN_TOTAL,
    P_BUSTS_SHOWN,
    P_DECKS,
    P_DRAGON,
    P_DRAGON_21,
    P_FIVE_BUST,
    P_FRESH,
    P_PLAYER_DRAW,
    P_R21,
    P_RESHUFFLE_BELOW,
    SEVEN,
    TEN,
    add_j,
    banker_natural_j,
    natural_j,
    open_j,
    settle_j,
    total_j,
)
from banluck.sim.rng import draw_j as _draw_j
from banluck.sim.rng import pick_j as _pick_j


def _play_hand(
    prm: Any,
    tot: Any,
    hit: Any,
    burn: Any,
    dbl: Any,
    mix: Any,
    gain: Any,
    p: Any,
    dprm: Any,
    bank15: Any,
    g: Any,
    bhit: Any,
    bburn: Any,
    bmix: Any,
    bsel: Any,
    acts: Any,
    filled: Any,
    v: Any,
    act: Any,
    r: Any,
    f: Any,
    shoe: Any,
    st: Any,
    rng: Any,
    mrng: Any,
    shuffle: int,
    net: Any,
    acc: Any,
) -> None:
    """One hand from the deal (K5) to the last settlement (K23); the players' nets in
    ``net`` (base bets), counts in ``acc``."""
    cnt = np.zeros(NP + 1, dtype=np.int64)  # index NP: the banker
    base = np.zeros(NP + 1, dtype=np.int64)
    aces = np.zeros(NP + 1, dtype=np.int64)
    first = np.zeros(NP + 1, dtype=np.int64)
    second = np.zeros(NP + 1, dtype=np.int64)
    sevens = np.zeros(NP, dtype=np.int64)
    bet = np.ones(NP, dtype=np.int64)
    done = np.zeros(NP, dtype=np.int64)  # settled
    stop = np.zeros(NP, dtype=np.int64)  # turn over (stood, hidden bust, 21, 7-7-7)
    burnt = np.zeros(NP, dtype=np.int64)
    s777 = np.zeros(NP, dtype=np.int64)
    seat_of = np.zeros(MAX_HANDS, dtype=np.int64)
    held = np.zeros((NP + 1, 5), dtype=np.int64)  # each hand's card classes
    turned = np.zeros(NP, dtype=np.int64)  # turned over: the banker knows its cards (K17)
    h = np.zeros((MAX_HANDS, N_EV))
    for i in range(NP):
        net[i] = 0
    B = NP
    # mixed strategies: each player's table and the banker's strategy, drawn for this hand
    # from their own random stream (none drawn for a pure one)
    ti = np.zeros(NP, dtype=np.int64)
    if mix.shape[0] > 1:
        for i in range(NP):
            ti[i] = _pick_j(mix, mrng)
    bj = _pick_j(bsel, mrng) if bsel.shape[0] > 1 else 0
    # K5: players in seat order, then the banker; twice
    for rnd in range(2):
        for i in range(NP + 1):
            k = _draw_j(shoe, st, rng, shuffle)
            if rnd == 0:
                first[i] = k
            else:
                second[i] = k
            add_j(k, cnt, base, aces, held, i)
            if i < NP and k == SEVEN:
                sevens[i] += 1
    bank_burnt = 0
    fifteen_path = 0
    while True:
        kind = natural_j(first[B], second[B])
        if kind != 0:  # K6
            acc[A_BANK_NATURAL] += 1
            banker_natural_j(prm, kind, first, second, tot, cnt, base, aces, bet, net, done)
            return
        if total_j(tot, cnt, base, aces, B) != prm[P_BURN_TOTAL]:
            break
        # K7 / K20: the banker's 15 escapes every natural
        fifteen_path = 1
        for i in range(NP):
            if not done[i] and natural_j(first[i], second[i]) != 0:
                turned[i] = 1
                settle_j(net, done, i, 0)
        left = 0
        for i in range(NP):
            if not done[i]:
                left += 1
        if left == 0:
            return  # K21
        if prm[P_BANKER] == B_PROJECT or prm[P_BANKER] == B_FULL_SHOE:
            which = 0 if aces[B] > 0 else 1
            choice = bank15[which, bank_burnt]
        else:
            choice = 0  # T15: the table dealer voids its 15
        if choice == 0:  # K7: void, every bet comes back
            acc[A_VOID] += 1
            for i in range(NP):
                done[i] = 1
            return
        if choice == 2:  # K7: play the 15 on
            break
        # K7: burn: each player doubles or forfeits, then two fresh cards
        acc[A_BANK_BURN] += 1
        bank_burnt = 1
        for i in range(NP):
            if done[i]:
                continue
            row = PAIR_77 if (first[i] == SEVEN and second[i] == SEVEN) else base[i]
            if dbl[ti[i], row, aces[i]]:
                bet[i] *= 2
            else:
                acc[A_FORFEIT] += 1
                settle_j(net, done, i, -bet[i])
        left = 0
        for i in range(NP):
            if not done[i]:
                left += 1
        if left == 0:
            return  # K21: no fresh pair
        cnt[B] = 0
        base[B] = 0
        aces[B] = 0
        first[B] = _draw_j(shoe, st, rng, shuffle)
        add_j(first[B], cnt, base, aces, held, B)
        second[B] = _draw_j(shoe, st, rng, shuffle)
        add_j(second[B], cnt, base, aces, held, B)
    # K8: players' naturals are paid (none are left after a banker's 15)
    if not fifteen_path:
        for i in range(NP):
            kind = natural_j(first[i], second[i])
            if kind != 0:
                acc[A_PLAYER_NATURAL] += 1
                turned[i] = 1
                settle_j(net, done, i, (prm[P_BB] if kind == 3 else prm[P_BL]) * bet[i])
    # K9–K13: the players' turns
    for i in range(NP):
        if done[i]:
            continue
        if total_j(tot, cnt, base, aces, i) == prm[P_BURN_TOTAL] and burn[ti[i], base[i], aces[i]]:
            # K10: burn the 15 for two fresh cards at a doubled bet
            acc[A_PLAYER_BURN] += 1
            bet[i] *= 2
            burnt[i] = 1
            cnt[i] = 0
            base[i] = 0
            aces[i] = 0
            sevens[i] = 0
            first[i] = _draw_j(shoe, st, rng, shuffle)
            add_j(first[i], cnt, base, aces, held, i)
            second[i] = _draw_j(shoe, st, rng, shuffle)
            add_j(second[i], cnt, base, aces, held, i)
            if first[i] == SEVEN:
                sevens[i] += 1
            if second[i] == SEVEN:
                sevens[i] += 1
            kind = natural_j(first[i], second[i])
            if kind != 0:
                acc[A_PLAYER_NATURAL] += 1
                turned[i] = 1
                settle_j(net, done, i, (prm[P_BB] if kind == 3 else prm[P_BL]) * bet[i])
                continue
        while True:
            t = total_j(tot, cnt, base, aces, i)
            if t >= 21:
                break
            if t >= prm[P_PLAYER_DRAW] and not hit[ti[i], cnt[i], base[i], aces[i]]:
                break
            k = _draw_j(shoe, st, rng, shuffle)
            add_j(k, cnt, base, aces, held, i)
            if k == SEVEN:
                sevens[i] += 1
            if cnt[i] == 3 and sevens[i] == 3:
                s777[i] = 1  # K13: waits for the banker
                turned[i] = 1
                acc[A_777] += 1
                break
            if cnt[i] == 5:  # K12
                acc[A_FIVE] += 1
                turned[i] = 1
                t = total_j(tot, cnt, base, aces, i)
                if t <= 21:
                    m = prm[P_DRAGON_21] if t == 21 else prm[P_DRAGON]
                    settle_j(net, done, i, m * bet[i])
                else:
                    settle_j(net, done, i, -prm[P_FIVE_BUST] * bet[i])
                break
            if prm[P_BUSTS_SHOWN] and total_j(tot, cnt, base, aces, i) > 21:
                turned[i] = 1  # H19: a three- or four-card bust is shown, one bet lost
                settle_j(net, done, i, -bet[i])
                break
        stop[i] = 1
    left = 0
    for i in range(NP):
        if not done[i]:
            left += 1
    if left == 0:
        return  # K21
    # K14–K16: the banker's turn
    cfg = -1
    n = 0
    known = np.zeros(N_CLASSES, dtype=np.int64)
    pk = np.zeros(N_CLASSES)
    types = np.zeros(N_TYPES)
    one = np.zeros(N_TYPES)
    post = np.zeros(N_OUT)
    row = np.zeros(N_EV)
    while True:
        bt = total_j(tot, cnt, base, aces, B)
        if cnt[B] == 5 or bt > 21:  # K15 / K22
            if bt > 21 and cnt[B] < 5:
                acc[A_BANK_BUST] += 1
            for i in range(NP):
                if done[i] or s777[i]:
                    continue
                pt = total_j(tot, cnt, base, aces, i)
                if cnt[B] == 5 and bt <= 21:
                    settle_j(
                        net, done, i, -(prm[P_DRAGON_21] if bt == 21 else prm[P_DRAGON]) * bet[i]
                    )
                elif cnt[B] == 5:
                    settle_j(net, done, i, prm[P_FIVE_BUST] * bet[i])
                elif pt > 21:
                    settle_j(net, done, i, -bet[i])
                else:
                    settle_j(net, done, i, (prm[P_R21] if pt == 21 else 1) * bet[i])
            break
        if bt == 21:
            for i in range(NP):
                if not done[i] and not s777[i]:
                    open_j(prm, tot, cnt, base, aces, bet, net, done, i, bt)
            break
        if bt < prm[P_BANKER_DRAW]:
            k = _draw_j(shoe, st, rng, shuffle)
            add_j(k, cnt, base, aces, held, B)
            continue
        unopened = 0
        waiting = 0
        for i in range(NP):
            if not done[i]:
                if s777[i]:
                    waiting += 1
                else:
                    unopened += 1
        if unopened == 0 and waiting == 0:
            break  # K21
        action = A_STAND
        target = -1
        if prm[P_BANKER] == B_FULL_SHOE:
            if cfg < 0:
                # the configuration of hands at the banker's first choice
                cfg = 0
                n = 0
                w7 = 0.0
                unit = 2 if bank_burnt else 1
                for i in range(NP):
                    code = 0
                    cls = bet[i] // unit
                    if not done[i] and s777[i]:
                        code = 6 + cls
                        w7 += cls
                    elif not done[i]:
                        code = (cnt[i] - 1) + 3 * (cls - 1)
                        seat_of[n] = i
                        n += 1
                    cfg = cfg * N_KIND + code
                if not filled[cfg]:
                    m = 0
                    for i in range(NP):
                        if not done[i] and not s777[i]:
                            cls = bet[i] // unit
                            for e in range(N_EV):
                                h[m, e] = gain[cnt[i], e] * cls
                            m += 1
                    banker_dp(tot, p, h, n, w7, dprm, v, act, r, f, False)
                    acts[cfg] = act.astype(np.int8)
                    filled[cfg] = 1
            u = 0
            for j in range(n):
                if not done[seat_of[j]]:
                    u |= 1 << j
            a = acts[cfg, cnt[B], base[B], aces[B], u]
            if a == A_HIT:
                action = A_HIT
            elif a >= A_OPEN:
                action = A_OPEN
                target = seat_of[a - A_OPEN]
        elif prm[P_BANKER] == B_PROJECT:
            # K17: the recursion on the shoe less the cards the banker has seen this hand
            for kk in range(N_CLASSES):
                known[kk] = prm[P_DECKS] * (16 if kk == TEN else 4)
            for j in range(cnt[B]):
                known[held[B, j]] -= 1
            for i in range(NP):
                if turned[i]:
                    for j in range(cnt[i]):
                        known[held[i, j]] -= 1
            left_cards = 0
            for kk in range(N_CLASSES):
                left_cards += known[kk]
            for kk in range(N_CLASSES):
                pk[kk] = known[kk] / left_cards
            shown = prm[P_BUSTS_SHOWN] == 1
            # the posterior of the players the banker's strategy answers (a mixture of tables)
            for o in range(N_TYPES):
                types[o] = 0.0
            for kb in range(bhit.shape[0]):
                if bmix[bj, kb] > 0.0:
                    hand_types(tot, pk, bhit[kb], bburn[kb], True, prm[P_PLAYER_DRAW], shown, one)
                    for o in range(N_TYPES):
                        types[o] += bmix[bj, kb] * one[o]
            unit = 2 if bank_burnt else 1
            n = 0
            w7 = 0.0
            for i in range(NP):
                if done[i]:
                    continue
                cls = bet[i] // unit
                if s777[i]:
                    w7 += cls
                    continue
                lo = T_FIRST + (cnt[i] - 2) * N_OUT
                mass = 0.0
                for o in range(N_OUT):
                    mass += types[lo + o]
                for o in range(N_OUT):
                    post[o] = types[lo + o] / mass
                bank_gain(post, g, float(cls), row)
                for e in range(N_EV):
                    h[n, e] = row[e]
                seat_of[n] = i
                n += 1
            banker_dp(tot, pk, h, n, w7, dprm, v, act, r, f, False)
            a = act[cnt[B], base[B], aces[B], (1 << n) - 1]
            if a == A_HIT:
                action = A_HIT
            elif a >= A_OPEN:
                action = A_OPEN
                target = seat_of[a - A_OPEN]
        else:
            if prm[P_BANKER] == B_OPEN_FOUR:
                for i in range(NP):
                    if not done[i] and not s777[i] and cnt[i] == 4:
                        action = A_OPEN
                        target = i
                        break
            # T17: the table dealer draws under 16, and at 16 with four cards
            draw = bt < prm[P_BANKER_DRAW] or (bt == prm[P_BANKER_DRAW] and cnt[B] == 4)
            if action != A_OPEN and draw:
                action = A_HIT
        if action == A_OPEN:
            acc[A_EARLY_OPEN] += 1
            turned[target] = 1
            open_j(prm, tot, cnt, base, aces, bet, net, done, target, bt)
        elif action == A_HIT:
            k = _draw_j(shoe, st, rng, shuffle)
            add_j(k, cnt, base, aces, held, B)
        else:
            for i in range(NP):
                if not done[i] and not s777[i]:
                    open_j(prm, tot, cnt, base, aces, bet, net, done, i, bt)
            break
    # K13 / K23: waiting 7-7-7s last
    bt = total_j(tot, cnt, base, aces, B)
    for i in range(NP):
        if not done[i] and s777[i]:
            settle_j(net, done, i, 0 if bt == 21 else prm[P_777] * bet[i])


def _scratch() -> tuple[Any, Any, Any, Any]:
    """The work arrays ``_play_hand`` fills (the banker's recursion), made once per call."""
    shape = (6, 22, 6, 1 << MAX_HANDS)
    v = np.zeros(shape)
    act = np.zeros(shape, dtype=np.int64)
    return v, act, np.zeros((1, 1, 1, 1, 1, 1)), np.zeros((1, 1, 1, 1))


def _play_hands(
    prm: Any,
    tot: Any,
    hit: Any,
    burn: Any,
    dbl: Any,
    mix: Any,
    gain: Any,
    p: Any,
    dprm: Any,
    bank15: Any,
    g: Any,
    bhit: Any,
    bburn: Any,
    bmix: Any,
    bsel: Any,
    acts: Any,
    filled: Any,
    shoe: Any,
    st: Any,
    rng: Any,
    mrng: Any,
    n_hands: int,
    shuffle: int,
    net: Any,
    acc: Any,
) -> None:
    """``n_hands`` hands from position ``st[0]`` of ``shoe``; the last hand's players' nets
    in ``net``, the counts in ``acc``. With ``shuffle`` the shoe is shuffled as it is
    dealt and reshuffled by K4 / T12; without, it is a stacked shoe read in order (one
    hand: ``st[0]`` ends at the cards used)."""
    v, act, r, f = _scratch_j()
    size = shoe.shape[0]
    for _ in range(n_hands):
        if shuffle and (prm[P_FRESH] or size - st[0] < prm[P_RESHUFFLE_BELOW]):
            st[0] = 0
        _play_hand_j(
            prm,
            tot,
            hit,
            burn,
            dbl,
            mix,
            gain,
            p,
            dprm,
            bank15,
            g,
            bhit,
            bburn,
            bmix,
            bsel,
            acts,
            filled,
            v,
            act,
            r,
            f,
            shoe,
            st,
            rng,
            mrng,
            shuffle,
            net,
            acc,
        )
        bank = -(net[0] + net[1] + net[2])
        acc[A_HANDS] += 1
        acc[A_NET] += bank
        acc[A_NET2] += bank * bank


_play_hand_j = njit(cache=True)(_play_hand)
_scratch_j = njit(cache=True, inline="always")(_scratch)
play_hands = njit(cache=True, nogil=True)(_play_hands)
