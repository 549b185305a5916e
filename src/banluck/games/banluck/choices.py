"""What a seat may do at its turn (T16 / O6): the one home of the free hand and the forced draw.

>>> from banluck.games.banluck.rules import TABLE, ONE_ON_ONE
>>> sorted(seat_choices(TABLE, 15, 2))            # T16: a two-card 15 may be thrown in
[<Action.HIT: 'hit'>, <Action.THROW: 'throw'>]
>>> sorted(seat_choices(ONE_ON_ONE, 15, 2))       # O6: no free hand; under 16 it draws
[<Action.HIT: 'hit'>]
>>> sorted(seat_choices(TABLE, 17, 3)), seat_choices(TABLE, 22, 3), seat_choices(TABLE, 18, 5)
([<Action.HIT: 'hit'>, <Action.STAND: 'stand'>], frozenset(), frozenset())
"""

from __future__ import annotations

from banluck.games.banluck.actions import Action
from banluck.games.banluck.rules import Rules

#: The sets ``seat_choices`` returns (shared, so a caller may compare them with ``is``).
HIT_STAND = frozenset({Action.HIT, Action.STAND})
THROW_HIT = frozenset({Action.THROW, Action.HIT})
THROW_HIT_STAND = frozenset({Action.THROW, Action.HIT, Action.STAND})
MUST_DRAW = frozenset({Action.HIT})
TURN_OVER: frozenset[Action] = frozenset()


def seat_choices(rules: Rules, total: int, cards: int) -> frozenset[Action]:
    """T16 / O6: the choices of a seat holding ``cards`` cards of ``total``.

    ``TURN_OVER`` (empty) when the turn is over (a bust, or the card limit: T6), ``MUST_DRAW``
    when the seat must draw (under ``seat_must_draw_under``), ``THROW_HIT`` on a free hand (a
    two-card 15 where the rules allow throwing it in; ``THROW_HIT_STAND`` where the licence
    is 15 or less, H15), else ``HIT_STAND``.
    """
    if total > 21 or cards >= rules.seat_card_limit:
        return TURN_OVER
    if rules.free_hand and cards == 2 and total == 15:
        return THROW_HIT if total < rules.seat_must_draw_under else THROW_HIT_STAND
    if total < rules.seat_must_draw_under:
        return MUST_DRAW
    return HIT_STAND
