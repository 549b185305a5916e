"""The rules and a strategy as arrays for the compiled simulator.

A card is reduced to its rank class (``banluck.core.cards``: 0 ace, 1–8 for 2–9, 9 for
10/J/Q/K). A seat's hand is a multiset of classes of at most ``seat_card_limit`` cards,
numbered once (``state``); adding a card is a table look-up (``trans``). Every rule is the
answer of a core function, read once per state or per grid cell when the tables are built:
totals (``counts_total``, T2, T3, O3), naturals (T4), the seat's choices and forced draws
(``seat_choices``, T16 / O6), what is paid at once (``natural_paid``, ``bust``), the dealer's
opening, drawing rule and settlement (``banluck.games.banluck.grids``: T14, T15, T17, T18, O5–O8).
So the simulator and the engine play the same rules by construction; the kernel keeps only
the flow.

The strategy is a decision table built by calling the ``Policy`` itself on a synthetic
``DecisionPoint`` for every state a seat can decide in (its cards, the legal actions, and,
when the dealer shows an up card (O4), that card): the engine's policy and the simulator's
table are the same strategy by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

import numpy as np
import numpy.typing as npt

from banluck.core.cards import ACE_CLASS, CLASS_LABELS, N_CLASSES, TEN_CLASS, Card
from banluck.games.banluck.actions import Action
from banluck.games.banluck.choices import MUST_DRAW, TURN_OVER, seat_choices
from banluck.games.banluck.grids import (
    BUST_CLASS,
    NATURAL_CODE,
    dealer_end_grid,
    natural_grid,
    opening_grid,
    outcome_class,
    seven_seven_seven_row,
    showdown_grid,
    total_grid,
)
from banluck.games.banluck.hands import (
    class_natural,
    counts_total,
    hand_total,
    is_seven_seven_seven,
    kind_with_total,
)
from banluck.games.banluck.records import DecisionPoint, Policy
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.settle import bets_won, bust, natural_paid

SUITS = "SHDC"

#: Codes of the decision table: a choice (or a forced draw), or the turn is over (-1: no
#: seat can hold this hand there).
HIT = 0
STAND = 1
THROW = 2
BUST = 3  # T16 / O6: the hand lost at once (``paid``)
WAIT = 4  # T6 / T16: five cards (H5: a 7-7-7) wait for the dealer
ACTION_CODE = {Action.HIT: HIT, Action.STAND: STAND, Action.THROW: THROW}

#: The most cards the dealer can hold (no preset's dealer comes near it: it stands at 16
#: or 17) and the largest non-ace sum the totals table covers.
MAX_DEALER_CARDS = 16
MAX_BASE = 80

# Indexes into the ``params`` vector the kernel reads: the table, not the rules of play.
P_SEATS = 0
P_SHOE_SIZE = 1
P_UP_CARD = 2
P_RESHUFFLE_BELOW = 3
P_FRESH_SHOE = 4
N_PARAMS = 5

#: Positions of the arrays in ``SimTables.arrays()``, the kernel's ``tabs``.
(
    TRANS,
    NCARDS,
    TOTAL,
    NATURAL,
    PAID,
    OUTCOME,
    DECISION,
    TOTALS,
    OPENING,
    DEALER_END,
    SHOWDOWN,
    NATURALS,
) = range(12)

IntArray = npt.NDArray[np.int64]

#: H5: the showdown row of a 7-7-7, after the rows of the classes that stand (a bust never
#: reaches the showdown, so the bust class's number serves as the 7-7-7's row there).
SEVENS_ROW = BUST_CLASS

__all__ = ["Policy", "SimTables", "build_tables"]


def class_cards(counts: tuple[int, ...], skip: tuple[int, ...] | None = None) -> list[Card]:
    """Real cards for a multiset of classes (ascending), suits chosen to be distinct
    from each other and, per class, after the ``skip`` counts already used."""
    cards: list[Card] = []
    for c, k in enumerate(counts):
        used = skip[c] if skip is not None else 0
        for i in range(k):
            cards.append(Card(CLASS_LABELS[c], SUITS[(used + i) % len(SUITS)]))
    return cards


def copies(rules: Rules, cls: int) -> int:
    """How many cards of a class the shoe holds."""
    return 4 * rules.decks * (4 if cls == TEN_CLASS else 1)


@dataclass(frozen=True)
class SimTables:
    """Everything the kernel needs, as arrays."""

    params: IntArray
    #: ``trans[s, c]``: the state after adding a card of class ``c`` (-1 past the limit).
    trans: IntArray
    ncards: IntArray
    total: IntArray
    #: A two-card state's natural (``grids.NATURAL_CODE``), else 0.
    natural: IntArray
    #: What a state is paid at once, in bets: a natural's win (T16), a bust's loss (T16 / O6).
    paid: IntArray
    #: A standing state's outcome class (``grids.outcome_class``: T18; ``SEVENS_ROW``: H5).
    outcome: IntArray
    #: ``decision[s, up]``: the code (HIT .. WAIT) of a seat holding ``s``.
    decision: IntArray
    #: ``totals[n, aces, base]``: T3's total of ``n`` cards (for the dealer's hand).
    totals: IntArray
    #: The core's grids: ``opening[first, second]`` (T14 / T15), ``dealer_end[n, total]``
    #: (T17 / O8), ``showdown[seat class, dealer class]`` (T18), ``naturals[seat natural,
    #: dealer natural]`` (T14), the last two in bets.
    opening: IntArray
    dealer_end: IntArray
    showdown: IntArray
    naturals: IntArray
    #: The class counts of each state.
    states: tuple[tuple[int, ...], ...]

    def arrays(self) -> tuple[Any, ...]:
        """The kernel's ``tabs``: the arrays a hand reads, in the order it unpacks them."""
        return (
            self.trans,
            self.ncards,
            self.total,
            self.natural,
            self.paid,
            self.outcome,
            self.decision,
            self.totals,
            self.opening,
            self.dealer_end,
            self.showdown,
            self.naturals,
        )


def hand_states(limit: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of at most ``limit`` classes, by size, as class counts."""
    out: list[tuple[int, ...]] = []
    for size in range(limit + 1):
        for combo in combinations_with_replacement(range(N_CLASSES), size):
            counts = [0] * N_CLASSES
            for c in combo:
                counts[c] += 1
            out.append(tuple(counts))
    return tuple(out)


def reachable(counts: tuple[int, ...]) -> bool:
    """T4: a hand of three or more cards can only grow from two cards that are no natural,
    so aces with at most one ten-value card (every pair a natural) never occur.

    >>> reachable((3, 0, 0, 0, 0, 0, 0, 0, 0, 0)), reachable((1, 0, 0, 0, 0, 0, 0, 0, 0, 2))
    (False, True)
    """
    if sum(counts) <= 2:
        return True
    others = sum(counts) - counts[ACE_CLASS] - counts[TEN_CLASS]
    return not (others == 0 and counts[TEN_CLASS] <= 1)


def rule_params(rules: Rules, *, fresh_shoe: bool = False) -> IntArray:
    """The table's facts as the kernel's parameter vector (never the preset's name)."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_SEATS] = len(rules.seats)
    p[P_SHOE_SIZE] = 52 * rules.decks
    p[P_UP_CARD] = int(rules.dealer_up_card)
    p[P_RESHUFFLE_BELOW] = rules.reshuffle_below()
    p[P_FRESH_SHOE] = int(fresh_shoe or rules.shuffle_every_hand)
    return p


@dataclass(frozen=True)
class _States:
    """The seat's hand states and what the rules say of each."""

    states: tuple[tuple[int, ...], ...]
    trans: IntArray
    ncards: IntArray
    total: IntArray
    natural: IntArray
    paid: IntArray
    outcome: IntArray


def _seat_states(rules: Rules) -> _States:
    """Every hand a seat can hold, its total, natural, immediate payment and outcome class."""
    limit = rules.seat_card_limit
    states = hand_states(limit)
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    trans = np.full((n, N_CLASSES), -1, dtype=np.int64)
    ncards = np.zeros(n, dtype=np.int64)
    total = np.zeros(n, dtype=np.int64)
    natural = np.zeros(n, dtype=np.int64)
    paid = np.zeros(n, dtype=np.int64)
    outcome = np.zeros(n, dtype=np.int64)
    for i, s in enumerate(states):
        size = sum(s)
        ncards[i] = size
        total[i] = counts_total(s, rules)
        kind = kind_with_total(size, int(total[i]))
        outcome[i] = outcome_class(kind, int(total[i]))
        if size == 3 and is_seven_seven_seven(class_cards(s), rules):
            outcome[i] = SEVENS_ROW  # H5: turned over, waits for the dealer by its own row
        if size == 2:
            classes = [c for c, k in enumerate(s) for _ in range(k)]
            pair = class_natural(classes[0], classes[1])
            natural[i] = NATURAL_CODE[pair]
            if pair is not None:
                paid[i] = bets_won(*natural_paid(rules, pair))
        if total[i] > 21:
            paid[i] = bets_won(*bust(rules, size))
        if size < limit:
            for c in range(N_CLASSES):
                grown = list(s)
                grown[c] += 1
                trans[i, c] = index[tuple(grown)]
    return _States(states, trans, ncards, total, natural, paid, outcome)


def _decisions(rules: Rules, policy: Policy, seat: _States) -> IntArray:
    """``decision[s, up]``: what the rules make a seat holding ``s`` do (T16 / O6: draw, stop
    bust, wait with five cards), else what ``policy`` chooses among the legal actions."""
    ups = N_CLASSES if rules.dealer_up_card else 1
    decision = np.full((len(seat.states), ups), -1, dtype=np.int64)
    name = rules.seats[0]
    for i, s in enumerate(seat.states):
        size = int(seat.ncards[i])
        if size < 2 or seat.natural[i] != 0:
            continue
        if size == 3 and is_seven_seven_seven(class_cards(s), rules):
            decision[i, :] = WAIT  # H5: three sevens take no more cards
            continue
        legal = seat_choices(rules, int(seat.total[i]), size)
        if legal is TURN_OVER:
            decision[i, :] = BUST if seat.total[i] > 21 else WAIT
            continue
        if legal is MUST_DRAW:
            decision[i, :] = HIT
            continue
        if not reachable(s) or any(k > copies(rules, c) for c, k in enumerate(s)):
            continue
        cards = tuple(class_cards(s))
        for u in range(ups):
            up: Card | None = None
            if rules.dealer_up_card:
                if s[u] + 1 > copies(rules, u):
                    continue  # the up card cannot exist beside these cards
                up = class_cards(tuple(1 if c == u else 0 for c in range(N_CLASSES)), s)[0]
            point = DecisionPoint(name, cards, hand_total(cards, rules), legal, up)
            action = Action(policy(point))
            if action not in legal:
                raise ValueError(
                    f"the policy chose {action.value} at {[c.code for c in cards]}, "
                    f"where only {sorted(a.value for a in legal)} are legal"
                )
            decision[i, u] = ACTION_CODE[action]
    return decision


def _grid(rows: list[list[int]] | list[list[list[int]]]) -> IntArray:
    return np.array(rows, dtype=np.int64)


def build_tables(rules: Rules, policy: Policy, *, fresh_shoe: bool = False) -> SimTables:
    """The arrays for ``rules`` and the strategy ``policy`` (called once per decision state)."""
    seat = _seat_states(rules)
    return SimTables(
        params=rule_params(rules, fresh_shoe=fresh_shoe),
        trans=seat.trans,
        ncards=seat.ncards,
        total=seat.total,
        natural=seat.natural,
        paid=seat.paid,
        outcome=seat.outcome,
        decision=_decisions(rules, policy, seat),
        totals=_grid(total_grid(rules, MAX_DEALER_CARDS, 4 * rules.decks, MAX_BASE)),
        opening=_grid(opening_grid(rules)),
        dealer_end=_grid(dealer_end_grid(rules, MAX_DEALER_CARDS)),
        showdown=_grid([*showdown_grid(rules), seven_seven_seven_row(rules)]),
        naturals=_grid(natural_grid(rules)),
        states=seat.states,
    )
