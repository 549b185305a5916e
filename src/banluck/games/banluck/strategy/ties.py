"""The one tie-break between choices of equal EV: the calmer choice (stand, throw in, hit).

>>> from banluck.games.banluck.actions import Action as A
>>> best_choice({A.HIT: 0.0, A.THROW: 0.0}, [A.HIT, A.THROW])
<Action.THROW: 'throw'>
>>> best_choice({A.HIT: 0.1, A.STAND: 0.1}, [A.HIT, A.STAND])
<Action.STAND: 'stand'>
>>> best_choice({A.HIT: -0.2, A.STAND: 0.1}, [A.HIT])       # only the legal ones count
<Action.HIT: 'hit'>
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from banluck.games.banluck.actions import Action

#: Equal EVs go to the earlier of these: the choice that risks least more.
CALM_ORDER = (Action.STAND, Action.THROW, Action.HIT)
_CALM = {a: i for i, a in enumerate(CALM_ORDER)}


def best_choice(ev: Mapping[Action, float], legal: Iterable[Action]) -> Action:
    """The legal choice of highest EV (one without a value counts as the worst); equal EVs
    go to the calmer choice (``CALM_ORDER``)."""
    return max(legal, key=lambda a: (ev.get(a, -math.inf), -_CALM[a]))
