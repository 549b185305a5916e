"""A simple, always-legal policy for Anna and Ben until the solved strategy replaces it."""

from banluck.games.banluck.actions import Action
from banluck.games.banluck.records import DecisionPoint


def baseline_policy(point: DecisionPoint) -> Action:
    """Throw in a free hand; with four cards chase the five dragon below 18; stand at 17+.

    >>> from banluck.core.cards import parse_cards
    >>> baseline_policy(DecisionPoint("anna", parse_cards(["TS", "7H"]), 17,
    ...                 frozenset({Action.HIT, Action.STAND}), None))
    <Action.STAND: 'stand'>
    """
    if Action.THROW in point.legal:
        return Action.THROW
    if len(point.cards) == 4 and point.total < 18:
        return Action.HIT
    return Action.STAND if point.total >= 17 else Action.HIT
