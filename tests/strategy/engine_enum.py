"""Exact enumeration of one seat's hand by the rules engine itself (for the solver's tests).

A hand is replayed by ``Round`` from a stacked shoe; whenever the shoe runs out, the
enumeration extends it by every rank class still available, weighted by its count. The seat
plays alone (``seats=("you",)``), so the deal is you, dealer, you, dealer: the model.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from banluck.core.actions import Action
from banluck.core.cards import ONE_DECK, Card
from banluck.core.errors import ShoeExhausted
from banluck.core.round import DecisionPoint, Round, SeatEntry
from banluck.core.rules import Rules
from banluck.core.shoe import Shoe
from banluck.strategy.solver import rank_index


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
    pool: list[list[Card]] = [[] for _ in range(10)]
    fixed = [c for c in ONE_DECK * rules.decks]
    forced: dict[int, Card] = {}
    seat = [next(c for c in fixed if c.code == code) for code in seat_cards]
    positions = [0, 2, *range(4, 4 + len(seat) - 2)]
    for pos, card in zip(positions, seat, strict=True):
        forced[pos] = card
    if up is not None:
        forced[1] = next(c for c in fixed if c.code == up)
    taken = list(forced.values())
    remaining = list(fixed)
    for card in taken:
        remaining.remove(card)
    for card in remaining:
        pool[rank_index(card)].append(card)
    mass = 0.0
    ev = 0.0

    def rec(seq: list[Card], prob: float) -> None:
        nonlocal mass, ev
        while len(seq) in forced:
            seq = [*seq, forced[len(seq)]]
        try:
            r = Round.start(
                solo, Shoe.stacked(seq, decks=rules.decks), [SeatEntry("you", 10**9, 1)]
            )
            chose = False
            while r.to_act is not None:
                if not chose:
                    # the first choice must come with exactly the seat's given cards
                    assert len(r.hands["you"]) == len(seat)
                    action, chose = first, True
                else:
                    action = policy(r.decision_point())
                r.apply(action)
        except ShoeExhausted:
            left = sum(len(p) for p in pool)
            for k in range(10):
                if pool[k]:
                    card = pool[k].pop()
                    rec([*seq, card], prob * (len(pool[k]) + 1) / left)
                    pool[k].append(card)
            return
        if not chose:
            return  # a dealer's natural or 15 ended the hand before the seat's turn
        mass += prob
        ev += prob * r.outcome().seats[0].net

    rec([], 1.0)
    return mass, ev / mass
