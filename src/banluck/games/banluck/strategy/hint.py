"""The Hint button: the best choice for a seat's hand and the EV of every legal choice.

The web table calls :func:`hint_for`; the numbers come from the exact solver's tables
(``banluck.games.banluck.strategy.tables``), shipped as package data and loaded once per preset.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from banluck.core.cards import Card
from banluck.games.banluck.actions import Action
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.strategy.ties import best_choice


@dataclass(frozen=True, slots=True)
class Hint:
    """The best legal choice and the expected value of each legal choice, per initial bet."""

    best: Action
    ev: dict[Action, float]


def hint_for(
    rules: Rules, cards: Sequence[Card], dealer_up: Card | None, legal: Iterable[Action]
) -> Hint:
    """The solver's advice for a seat holding ``cards`` (and, one-on-one, seeing ``dealer_up``).

    ``legal`` is the round's ``legal_actions()``; only those choices are valued. The EVs are
    conditional on what the seat knows at its turn (T14/T15: the dealer has no natural, and
    in ``table`` no 15), per initial bet, a thrown-in free hand being worth 0.
    """
    from banluck.games.banluck.strategy.tables import strategy_table

    allowed = frozenset(Action(a) for a in legal)
    if not allowed:
        raise ValueError("no legal action: the seat is not to act")
    values = strategy_table(rules).values(cards, dealer_up)
    ev = {a: values[a] for a in sorted(allowed) if a in values}
    if not ev:
        raise ValueError(f"no value for {sorted(allowed)} with {len(cards)} cards")
    return Hint(best=best_choice(ev, ev), ev=ev)
