"""K11 / K17: what the banker may believe about a hidden hand, given how players play.

A player's hand is dealt two cards, may be burnt (K10), draws by the player's table (K9) and
ends as one of: settled before the banker's turn (a natural K8, five cards K12), a waiting
7-7-7 (K13), or a hand of two, three or four cards with a total of 15 to 21 or a hidden bust
(K11). ``hand_types`` gives the chance of each; ``posterior`` the distribution of the outcome
given the card count the banker sees. Card chances are those of a shoe (``class_probs``):
pass the full shoe's, or a shoe less the cards the banker has seen.

>>> import numpy as np
>>> from banluck.games.kampung.rules import KAMPUNG
>>> from banluck.games.kampung.bots.tables import simple_player
>>> from banluck.games.kampung.equilibrium.dp import shoe_probs
>>> post = posterior(KAMPUNG, simple_player(), 3, shoe_probs(2))
>>> round(float(post.sum()), 12)
1.0
>>> bool(post[:2].sum() == 0)   # the simple player draws at 15 and 16
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from banluck.core.cards import N_CLASSES
from banluck.games.kampung.bots.tables import PlayerTables
from banluck.games.kampung.equilibrium.dp import N_OUT, shared_totals
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


def _types_and_burn(
    rules: KampungRules,
    policy: PlayerTables,
    p: np.ndarray[Any, np.dtype[np.float64]],
    allow_burn: bool,
) -> tuple[np.ndarray[Any, np.dtype[np.float64]], float]:
    from banluck.games.kampung.equilibrium.native import kernels

    out = np.zeros(N_TYPES, dtype=np.float64)
    burnt = kernels().hand_types(
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


def types_by_stake(
    rules: KampungRules,
    p: np.ndarray[Any, np.dtype[np.float64]],
    mix: Sequence[tuple[float, PlayerTables, PlayerTables]],
) -> tuple[np.ndarray[Any, np.dtype[np.float64]], np.ndarray[Any, np.dtype[np.float64]]]:
    """K10: the hand types of players drawing ``(weight, table, fresh pair's table)``, split
    by stake: a first hand (staked once) and a burnt 15's fresh pair (staked twice, played by
    the second table, never burnt again). Together they are ``hand_types``' (of the tables
    when both are the same)."""
    first = np.zeros(N_TYPES, dtype=np.float64)
    burnt = np.zeros(N_TYPES, dtype=np.float64)
    for q, table, fresh in mix:
        types, b = _types_and_burn(rules, table, p, True)
        if b > 0.0:
            first += q * (types - b * _types_and_burn(rules, table, p, False)[0])
            burnt += q * b * _types_and_burn(rules, fresh, p, False)[0]
        else:
            first += q * types
    return first, burnt


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
