"""K9–K13 / K7: a player's best play (or a given play's value) against what the bank does.

The bank's behaviour reaches the player as ``w[count, outcome]``: the expected result of a
hand that stands with ``count`` cards and that outcome (totals 15..21, a hidden bust), taking
in when the banker opens it (early or not, K14) and its specials (K15); and ``v777``, the
value of a 7-7-7 (K13). Five cards settle at once (K12). From these a backward recursion over
the player's own hand gives the value of every hand, the hit/stand choice, the burn of a
two-card 15 (K10) and the double-or-forfeit after a banker's burn (K7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from banluck.core.cards import N_CLASSES
from banluck.games.kampung.bots.tables import PAIR_77, PlayerTables, empty_tables
from banluck.games.kampung.equilibrium.dp import MAXA, MAXB, MAXC, O_BUST
from banluck.games.kampung.rules import KampungRules

Array = np.ndarray[Any, np.dtype[np.float64]]
ACE = 0
SEVEN = 6
TEN = N_CLASSES - 1


@dataclass(frozen=True, kw_only=True, slots=True)
class BankBurn:
    """K7: what a banker's burn leads to, for the double-or-forfeit choice: the chances of
    the banker's fresh pair (Ban-Ban, Ban-Luck, a 15 the banker plays on)."""

    ban_ban: float
    ban_luck: float
    fifteen_played: float
    fifteen_voided: float


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerValues:
    """The player's values: ``hand[c, base, aces]`` on standing or drawing on, ``start``
    for each two-card hand (row ``PAIR_77`` a pair of sevens) with the burn, ``ev`` for a
    fresh deal, ``double_ev`` after a banker's burn; and the policy that earns them."""

    hand: Array
    start: Array
    double_ev: Array
    ev: float
    #: the value of two fresh cards after a burn (K10), in bets before the doubling
    fresh: float
    tables: PlayerTables


def pair_state(k1: int, k2: int) -> tuple[int, int]:
    """The ``(base, aces)`` row of two card classes (``PAIR_77`` for two sevens)."""
    if k1 == SEVEN and k2 == SEVEN:
        return PAIR_77, 0
    base = (0 if k1 == ACE else k1 + 1) + (0 if k2 == ACE else k2 + 1)
    aces = int(k1 == ACE) + int(k2 == ACE)
    return base, aces


def natural_multiple(rules: KampungRules, k1: int, k2: int) -> int:
    """T4 / K8: what a natural of these two classes wins (0: not a natural)."""
    if k1 == ACE and k2 == ACE:
        return rules.totals.ban_ban_multiple
    if (k1 == ACE and k2 == TEN) or (k1 == TEN and k2 == ACE):
        return rules.totals.ban_luck_multiple
    return 0


def player_values(
    rules: KampungRules,
    tot: Any,
    p: Array,
    w: Array,
    v777: float,
    bank_burn: BankBurn,
    fixed: PlayerTables | None = None,
    name: str = "best",
    fresh_value: float | None = None,
) -> PlayerValues:
    """The values of every hand against ``w`` / ``v777``: with ``fixed`` that policy's,
    else the best policy's (which is returned in ``tables``). ``fresh_value``: the value of
    a burnt hand's two fresh cards when the banker treats such a hand apart (it sees the
    doubled bet, ``seen_nash``); by default this table's own against ``w``."""
    t_rules = rules.totals
    low = rules.player_must_draw_under
    out = empty_tables(fixed.name if fixed is not None else name)
    hand = np.zeros((MAXC, MAXB, MAXA))

    def after_draw(c: int, base: int, aces: int, k: int) -> float:
        nb = base if k == ACE else base + k + 1
        na = aces + 1 if k == ACE else aces
        if nb + na > 21:  # K11 / K12; H19: a shown bust loses one bet at once
            if c + 1 == 5:
                return -float(t_rules.five_card_bust_multiple)
            return -1.0 if rules.busts_shown else float(w[c + 1, O_BUST])
        if c + 1 == 5:  # K12: a five dragon
            five = tot[5, nb, na]
            return float(
                t_rules.five_dragon_21_multiple if five == 21 else t_rules.five_dragon_multiple
            )
        return float(hand[c + 1, nb, na])

    for c in (4, 3, 2):
        for base in range(MAXB):
            for aces in range(min(c, MAXA - 1) + 1):
                if base + aces > 21:
                    continue
                t = int(tot[c, base, aces])
                if t > 21:  # never dealt (two aces beside other cards in two cards)
                    continue
                hv = sum(p[k] * after_draw(c, base, aces, k) for k in range(N_CLASSES))
                if t < low:  # K9: must draw
                    hand[c, base, aces] = hv
                    out.hit[c, base, aces] = 1
                elif t == 21:  # K9: stands at 21
                    hand[c, base, aces] = w[c, 6]
                else:
                    sv = float(w[c, t - 15])
                    take = bool(fixed.hit[c, base, aces]) if fixed is not None else hv > sv
                    hand[c, base, aces] = hv if take else sv
                    out.hit[c, base, aces] = int(take)
    # K13: a pair of sevens draws; a third seven is 7-7-7
    v77 = sum(p[k] * (v777 if k == SEVEN else after_draw(2, 14, 0, k)) for k in range(N_CLASSES))
    start = np.zeros((MAXB + 1, MAXA))
    start[:MAXB] = hand[2]
    start[PAIR_77, 0] = v77
    # K10: a two-card 15 may burn for two fresh cards (a natural paid, a 15 not burnt again)
    fresh = 0.0
    for k3 in range(N_CLASSES):
        for k4 in range(N_CLASSES):
            nat = natural_multiple(rules, k3, k4)
            b, a = pair_state(k3, k4)
            fresh += p[k3] * p[k4] * (nat if nat else start[b, a])
    if fresh_value is not None:
        fresh = fresh_value
    for base in range(MAXB if rules.players_burn() else 0):  # H19: no burn, no choice
        for aces in range(3):
            if base + aces > 21 or tot[2, base, aces] != rules.burn_total:
                continue
            burn_v = 2.0 * fresh
            take = bool(fixed.burn[base, aces]) if fixed is not None else burn_v > start[base, aces]
            out.burn[base, aces] = int(take)
            if take:
                start[base, aces] = burn_v
    # K7: after a banker's burn, double (the fresh pair decides) or forfeit one bet
    double_ev = np.full((MAXB + 1, MAXA), -1.0)
    bb = bank_burn
    rest = 1.0 - bb.ban_ban - bb.ban_luck - bb.fifteen_played - bb.fifteen_voided
    for base in range(MAXB + 1):
        for aces in range(3):
            if base < MAXB and (base + aces > 21 or base + aces < 2):
                continue
            fifteen = base < MAXB and tot[2, base, aces] == rules.burn_total
            cont = start[base, aces]
            nat_loss = (
                0.0
                if fifteen
                else -(
                    bb.ban_ban * t_rules.ban_ban_multiple + bb.ban_luck * t_rules.ban_luck_multiple
                )
            )
            dv = 2.0 * (nat_loss + (bb.fifteen_played + rest) * cont)
            double_ev[base, aces] = dv
            take = bool(fixed.double[base, aces]) if fixed is not None else dv > -1.0
            out.double[base, aces] = int(take)
    ev = 0.0
    for k1 in range(N_CLASSES):
        for k2 in range(N_CLASSES):
            nat = natural_multiple(rules, k1, k2)
            b, a = pair_state(k1, k2)
            ev += p[k1] * p[k2] * (nat if nat else start[b, a])
    return PlayerValues(hand=hand, start=start, double_ev=double_ev, ev=ev, fresh=fresh, tables=out)
