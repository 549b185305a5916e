"""The dealer's fixed play (T15, T17, O8): the one home of its drawing rule.

>>> from banluck.games.banluck.rules import TABLE, ONE_ON_ONE
>>> dealer_voids(TABLE, 15, 2), dealer_voids(ONE_ON_ONE, 15, 2)   # T15; O5 has no void
(True, False)
>>> dealer_draws(TABLE, 15, 3), dealer_draws(TABLE, 16, 3), dealer_draws(TABLE, 16, 4)
(True, False, True)
>>> dealer_draws(TABLE, 12, 5), dealer_draws(ONE_ON_ONE, 12, 7)    # T17: five cards stop
(False, True)
>>> dealer_choice(TABLE, 15, 3), dealer_choice(TABLE, 17, 2)      # the dealer seat's choice
(<Action.HIT: 'hit'>, <Action.STAND: 'stand'>)
"""

from __future__ import annotations

from banluck.games.banluck.actions import Action
from banluck.games.banluck.hands import HandKind, kind_with_total
from banluck.games.banluck.rules import Rules


def dealer_voids(rules: Rules, total: int, cards: int) -> bool:
    """T15: the dealer throws in a two-card 15 (where the rules say so); the hand is void."""
    return rules.dealer_voids_15 and cards == 2 and total == 15


def dealer_draws(rules: Rules, total: int, cards: int) -> bool:
    """T17 / O8: whether the dealer, holding ``cards`` cards of ``total``, draws another.

    It draws under ``dealer_stands_on``, and at exactly 16 with four cards where the rules
    say so; never past its card limit or a bust.
    """
    limit = rules.dealer_card_limit
    if total > 21 or (limit is not None and cards >= limit):
        return False
    return total < rules.dealer_stands_on or (
        rules.dealer_draws_16_with_four and total == 16 and cards == 4
    )


def dealer_choice(rules: Rules, total: int, cards: int) -> Action:
    """The dealer seat's automatic choice (T17 / O8): hit where ``dealer_draws``, else stand."""
    return Action.HIT if dealer_draws(rules, total, cards) else Action.STAND


def dealer_kind(rules: Rules, total: int, cards: int) -> HandKind:
    """T18 / O8: the kind of the dealer's hand that is not a natural (its five cards are a
    five dragon only where the rules say so)."""
    return kind_with_total(cards, total, five_card_special=rules.dealer_five_dragon)
