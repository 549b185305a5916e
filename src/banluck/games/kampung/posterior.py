"""K11 / K17: what the banker may believe about a hidden hand, given how players play.

A player's hand is dealt two cards, may be burnt (K10), draws by the player's table (K9) and
ends as one of: settled before the banker's turn (a natural K8, five cards K12), a waiting
7-7-7 (K13), or a hand of two, three or four cards with a total of 15 to 21 or a hidden bust
(K11). ``hand_types`` gives the chance of each; ``posterior`` the distribution of the outcome
given the card count the banker sees. Card chances are those of a shoe (``class_probs``):
pass the full shoe's, or a shoe less the cards the banker has seen.

>>> import numpy as np
>>> from banluck.games.kampung.rules import KAMPUNG
>>> from banluck.games.kampung.policy_tables import simple_player
>>> from banluck.games.kampung.policy_dp import shoe_probs
>>> post = posterior(KAMPUNG, simple_player(), 3, shoe_probs(2))
>>> round(float(post.sum()), 12)
1.0
>>> bool(post[:2].sum() == 0)   # the simple player draws at 15 and 16
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from banluck.core.cards import N_CLASSES
from banluck.games.kampung.policy_dp import MAXA, MAXB, MAXC, N_OUT, O_BUST, shared_totals
from banluck.games.kampung.policy_tables import PlayerTables
from banluck.games.kampung.rules import KampungRules

#: Hand types: settled before the banker's turn, a waiting 7-7-7, then (count, outcome).
T_NONE = 0
T_777 = 1
T_FIRST = 2
N_TYPES = T_FIRST + 3 * N_OUT
SEVEN = 6  # the class of a 7
ACE = 0
TEN = N_CLASSES - 1


def type_index(count: int, outcome: int) -> int:
    """The hand type of ``count`` cards (2..4) and an outcome (0..6 = 15..21, 7 bust)."""
    return T_FIRST + (count - 2) * N_OUT + outcome


def _is_natural(a: int, b: int) -> bool:
    return (a == ACE and (b in (ACE, TEN))) or (b == ACE and a == TEN)


def _hand_types(
    tot: Any, p: Any, hit: Any, burn: Any, allow_burn: bool, low: int, shown: bool, out: Any
) -> float:
    """``out[type]``: the chance that a player's hand is of each type at the banker's turn
    (``shown``: H19's busts_shown, a three- or four-card bust is settled before it).
    Returns the chance that the hand burns its first two cards (K10)."""
    for i in range(out.shape[0]):
        out[i] = 0.0
    burnt = 0.0
    d = np.zeros((MAXC, MAXB, MAXA))
    d77 = 0.0
    for k1 in range(N_CLASSES):
        for k2 in range(N_CLASSES):
            pr = p[k1] * p[k2]
            if _is_natural_j(k1, k2):
                out[T_NONE] += pr  # K8: paid before the banker's turn
                continue
            base = (0 if k1 == ACE else k1 + 1) + (0 if k2 == ACE else k2 + 1)
            aces = (1 if k1 == ACE else 0) + (1 if k2 == ACE else 0)
            if allow_burn and tot[2, base, aces] == 15 and burn[base, aces] == 1:
                burnt += pr
                for k3 in range(N_CLASSES):  # K10: two fresh cards, a new hand
                    for k4 in range(N_CLASSES):
                        pr2 = pr * p[k3] * p[k4]
                        if _is_natural_j(k3, k4):
                            out[T_NONE] += pr2
                        elif k3 == SEVEN and k4 == SEVEN:
                            d77 += pr2
                        else:
                            b2 = (0 if k3 == ACE else k3 + 1) + (0 if k4 == ACE else k4 + 1)
                            a2 = (1 if k3 == ACE else 0) + (1 if k4 == ACE else 0)
                            d[2, b2, a2] += pr2
            elif k1 == SEVEN and k2 == SEVEN:
                d77 += pr
            else:
                d[2, base, aces] += pr
    # K13: a pair of sevens (14) must draw; a third seven is 7-7-7
    for k in range(N_CLASSES):
        if k == SEVEN:
            out[T_777] += d77 * p[k]
        elif k == ACE:
            d[3, 14, 1] += d77 * p[k]
        elif 14 + k + 1 > 21:
            out[T_FIRST + N_OUT + O_BUST] += d77 * p[k]
        else:
            d[3, 14 + k + 1, 0] += d77 * p[k]
    for c in range(2, 5):
        for base in range(MAXB):
            for aces in range(min(c, MAXA - 1) + 1):
                m = d[c, base, aces]
                if m == 0.0 or base + aces > 21:
                    continue
                t = tot[c, base, aces]
                if t > 21:
                    continue
                if t < low or (t < 21 and hit[c, base, aces] == 1):
                    for k in range(N_CLASSES):
                        nb = base if k == ACE else base + k + 1
                        na = aces + 1 if k == ACE else aces
                        if nb + na > 21:  # K11 / K12: a bust (H19: shown at once)
                            if c + 1 == 5 or shown:
                                out[T_NONE] += m * p[k]
                            else:
                                out[T_FIRST + (c - 1) * N_OUT + O_BUST] += m * p[k]
                        elif c + 1 == 5:  # K12: five cards settle at once
                            out[T_NONE] += m * p[k]
                        else:
                            d[c + 1, nb, na] += m * p[k]
                else:
                    out[T_FIRST + (c - 2) * N_OUT + (t - 15)] += m
    return burnt


_is_natural_j = njit(cache=True, inline="always")(_is_natural)
hand_types_j = njit(cache=True)(_hand_types)


def _types_and_burn(
    rules: KampungRules,
    policy: PlayerTables,
    p: np.ndarray[Any, np.dtype[np.float64]],
    allow_burn: bool,
) -> tuple[np.ndarray[Any, np.dtype[np.float64]], float]:
    out = np.zeros(N_TYPES, dtype=np.float64)
    burnt = hand_types_j(
        shared_totals(rules),
        p,
        policy.hit,
        policy.burn,
        allow_burn and rules.players_burn(),
        rules.player_must_draw_under,
        rules.busts_shown,
        out,
    )
    return out, float(burnt)


def hand_types(
    rules: KampungRules,
    policy: PlayerTables,
    p: np.ndarray[Any, np.dtype[np.float64]],
    *,
    allow_burn: bool = True,
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The chance of every hand type (``T_NONE``, ``T_777``, ``type_index(c, o)``)."""
    return _types_and_burn(rules, policy, p, allow_burn)[0]


def burn_chance(
    rules: KampungRules, policy: PlayerTables, p: np.ndarray[Any, np.dtype[np.float64]]
) -> float:
    """K10: the chance that a player of ``policy`` burns its first two cards (a two-card 15
    its table burns: the hands ``hand_types`` sends to two fresh cards)."""
    return _types_and_burn(rules, policy, p, True)[1]


def posterior(
    rules: KampungRules,
    policy: PlayerTables,
    count: int,
    p: np.ndarray[Any, np.dtype[np.float64]],
    *,
    allow_burn: bool = True,
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """K17: the distribution of a hidden hand's outcome (totals 15..21, then bust) given
    that it holds ``count`` cards (2..4) and has stood."""
    if count not in (2, 3, 4):
        raise ValueError(f"a hidden hand holds 2 to 4 cards, not {count}")
    types = hand_types(rules, policy, p, allow_burn=allow_burn)
    part = types[type_index(count, 0) : type_index(count, 0) + N_OUT]
    total = float(part.sum())
    if total <= 0.0:
        raise ValueError(f"this player policy never stands with {count} cards")
    return part / total
