"""Exact enumeration of one seat's hand by the rules engine itself (for the solver's tests).

The enumeration walks the game tree with ``Round.copy``: from each decision point (and from
the deal) one step is played on a copy whose shoe holds the cards known to come; whenever
that shoe runs out, the step is played again from the same copy point once per rank class
still available, weighted by its count (a chance node). Nothing is replayed from the start
of the round. The seat plays alone (``seats=("you",)``), so the deal is you, dealer, you,
dealer: the model.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from banluck.core.cards import N_CLASSES, ONE_DECK, Card, rank_class
from banluck.core.errors import ShoeExhausted
from banluck.core.shoe import Shoe
from banluck.games.banluck.actions import Action
from banluck.games.banluck.records import DecisionPoint, SeatEntry
from banluck.games.banluck.round import Round
from banluck.games.banluck.rules import Rules


def enumerate_ev(
    rules: Rules,
    seat_cards: list[str],
    up: str | None,
    first: Action,
    policy: Callable[[DecisionPoint], Action],
) -> tuple[float, float]:
    """(P(the seat gets to choose), EV per bet of ``first`` at its first choice, given that).

    ``seat_cards``: the seat's two dealt cards, then its forced draws, as card codes; ``up``:
    the dealer's first card (one-on-one), else None (enumerated).
    """
    solo = dataclasses.replace(rules, seats=("you",))
    entries = [SeatEntry("you", 10**9, 1)]
    fixed = list(ONE_DECK * rules.decks)
    seat = [next(c for c in fixed if c.code == code) for code in seat_cards]
    #: The cards whose place in the draw order is given: the seat's, and the up card.
    forced: dict[int, Card] = dict(zip([0, 2, *range(4, 4 + len(seat) - 2)], seat, strict=True))
    if up is not None:
        forced[1] = next(c for c in fixed if c.code == up)
    remaining = list(fixed)
    for card in forced.values():
        remaining.remove(card)
    pool: list[list[Card]] = [[] for _ in range(N_CLASSES)]
    for card in remaining:
        pool[rank_class(card)].append(card)
    mass = 0.0
    ev = 0.0

    def step(before: Round | None, action: Action, known: dict[int, Card], prob: float) -> None:
        """Play the deal (``before`` None) or ``action`` on a copy of ``before``."""
        nonlocal mass, ev
        pos = 0 if before is None else len(before.drawn)
        cards = []
        while pos in known or pos in forced:
            cards.append(known.get(pos) or forced[pos])
            pos += 1
        shoe = Shoe.stacked(cards, decks=rules.decks)
        try:
            if before is None:
                r = Round.start(solo, shoe, entries)
            else:
                r = before.copy(shoe)
                r.apply(action)
        except ShoeExhausted:  # a chance node: the card at ``pos``
            left = sum(len(p) for p in pool)
            for k in range(N_CLASSES):
                if pool[k]:
                    card = pool[k].pop()
                    step(before, action, {**known, pos: card}, prob * (len(pool[k]) + 1) / left)
                    pool[k].append(card)
            return
        if r.to_act is not None:
            if before is None:
                # the first choice must come with exactly the seat's given cards
                assert len(r.hands["you"]) == len(seat)
                step(r, first, {}, prob)
            else:
                step(r, policy(r.decision_point()), {}, prob)
        elif before is not None:  # (a dealer's natural or 15 ends the hand before the seat)
            mass += prob
            ev += prob * r.outcome().seats[0].net

    step(None, first, {}, 1.0)
    return mass, ev / mass
