"""B10: the bots' play (the solved, composition-dependent strategy) and the Hint.

``policy_for(rules)`` returns a function that picks one action from ``decision.legal`` (from
the actions the stack covers when there are any, B11); ``hint_for(rules, decision)`` gives
the EV of each legal action per initial bet, given what the seat knows (its cards, the up
card, no dealer blackjack after the peek: C3 / I5).

>>> from banluck.core.cards import parse_cards
>>> from banluck.core.money import HandRef
>>> from banluck.games.blackjack.decisions import Decision
>>> from banluck.games.blackjack.rules import INFINITE
>>> d = Decision(seat="anna", hand=HandRef("anna"), cards=parse_cards(["6S", "5H"]),
...     up=parse_cards(["6C"])[0], legal=frozenset({"hit", "stand", "double", "surrender"}),
...     from_split=False, splits=0, bet=50, stack=950)
>>> policy_for(INFINITE)(d)
'double'
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from banluck.core.cards import RANK_CLASS, class_counts
from banluck.games.blackjack.hands import total_and_soft
from banluck.games.blackjack.rules import BlackjackRules

if TYPE_CHECKING:
    from banluck.games.blackjack.decisions import Decision, Policy
    from banluck.games.blackjack.strategy.shipped import OrderTable
    from banluck.games.blackjack.strategy.tables import StrategyTable

#: When no valued action is legal: what to fall back on, by preference.
FALLBACK: tuple[str, ...] = ("stand", "hit", "double", "split", "surrender")


def _key(decision: Decision) -> tuple[tuple[int, ...], int, int]:
    """The table's key of a decision: the hand's composition, the up card's class and the
    split pair's class (-1 for a hand not made by a split)."""
    counts = class_counts(decision.cards)
    pair = RANK_CLASS[decision.cards[0].rank] if decision.from_split else -1
    return counts, RANK_CLASS[decision.up.rank], pair


@lru_cache(maxsize=8)
def _table(rules: BlackjackRules) -> OrderTable | StrategyTable:
    from banluck.games.blackjack.strategy.shipped import order_table

    return order_table(rules)


def choose(order: list[str], decision: Decision) -> str:
    """B10 / B11: the first action of ``order`` the stack covers, else the first legal one,
    else I7's hit-or-stand; always one of ``decision.legal``."""
    legal = decision.legal
    if not legal:
        raise ValueError("the seat has no legal action: it is not its turn")
    for pool in (decision.covered, legal):
        for action in order:
            if action in pool:
                return action
    total = total_and_soft(decision.cards)[0]
    preferred = "hit" if total <= 11 else "stand"
    if preferred in legal:
        return preferred
    return next((a for a in FALLBACK if a in legal), sorted(legal)[0])


def policy_for(rules: BlackjackRules) -> Policy:
    """B10: the solved strategy of ``rules``: for every decision, the legal action of the
    highest EV (a double or split the stack cannot cover is passed over, B11)."""
    table = _table(rules)
    orders: dict[tuple[tuple[int, ...], int, int], list[str]] = {}  # the table's, as read

    def policy(decision: Decision) -> str:
        key = _key(decision)
        order = orders.get(key)
        if order is None:
            counts, up, pair = key
            order = orders[key] = table.order(counts, up, split_pair=pair)
        return choose(order, decision)

    return policy


def hint_for(rules: BlackjackRules, decision: Decision) -> dict[str, float]:
    """The EV of each legal action per initial bet (a split: both hands; a double: the
    doubled bet), given the seat's cards, the up card and, after a peek, no dealer blackjack
    (without a peek, before anyone knows)."""
    from banluck.games.blackjack.strategy.solver import solve

    counts, up, pair = _key(decision)
    try:
        values = solve(rules).actions(counts, up, split_pair=pair)
    except KeyError:
        return {}
    return {a: values[a] for a in sorted(decision.legal) if a in values}


def insurance_ev(rules: BlackjackRules, decision: Decision) -> float:
    """I4: the EV of insuring (half the bet, paid 2 to 1) per initial bet, given the seat's
    two cards and the ace up, before the peek."""
    from banluck.games.blackjack.strategy.solver import counts_of, shoe_counts

    seen = counts_of([*decision.cards, decision.up])
    shoe = shoe_counts(rules.decks)
    left = sum(shoe) - sum(seen)
    p_bj = (shoe[9] - seen[9]) / left
    return 0.5 * (rules.insurance_pays * p_bj - (1.0 - p_bj))
