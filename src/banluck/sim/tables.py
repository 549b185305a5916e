"""The rules and a strategy as arrays for the compiled simulator.

A card is reduced to its *class*: 0 for an ace, 1–8 for 2–9, 9 for 10/J/Q/K (T1: they all
count 10 and all make a Ban-Luck with an ace). A seat's hand is a multiset of classes of at
most ``seat_card_limit`` cards, numbered once (``state``); adding a card is a table look-up
(``trans``). Totals come from the core's own ``total_from`` (T2, T3, O3), so the simulator
and the engine count the same way by construction.

The strategy is a decision table built by calling the ``Policy`` itself on a synthetic
``DecisionPoint`` for every state a seat can decide in (its cards, the legal actions, and,
when the dealer shows an up card (O4), that card): the engine's policy and the simulator's
table are the same strategy by construction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from banluck.core.actions import Action
from banluck.core.cards import Card
from banluck.core.hands import hand_total, total_from
from banluck.core.round import DecisionPoint
from banluck.core.rules import Rules

Policy = Callable[[DecisionPoint], Action]

#: Card classes: ace, 2–9, and the ten-value class.
N_CLASSES = 10
ACE = 0
TEN = 9
CLASS_RANK = "A23456789T"
SUITS = "SHDC"

#: Action codes in the decision table (-1: no decision in this state).
HIT = 0
STAND = 1
THROW = 2
ACTION_CODE = {Action.HIT: HIT, Action.STAND: STAND, Action.THROW: THROW}

#: Natural codes (T4).
NO_NATURAL = 0
BAN_BAN = 1
BAN_LUCK = 2

#: The most cards the dealer can hold (no preset's dealer comes near it: it stands at 16
#: or 17) and the largest non-ace sum the totals table covers.
MAX_DEALER_CARDS = 16
MAX_BASE = 80

# Indexes into the ``params`` vector the kernel reads.
P_SEATS = 0
P_SHOE_SIZE = 1
P_UP_CARD = 2
P_VOIDS_15 = 3
P_FREE_HAND = 4
P_MUST_DRAW_UNDER = 5
P_SEAT_LIMIT = 6
P_DEALER_STANDS_ON = 7
P_DEALER_16_FOUR = 8
P_DEALER_LIMIT = 9
P_DEALER_FIVE_DRAGON = 10
P_BAN_BAN = 11
P_BAN_LUCK = 12
P_FIVE_DRAGON = 13
P_FIVE_DRAGON_21 = 14
P_FIVE_CARD_BUST = 15
P_RESHUFFLE_BELOW = 16
P_FRESH_SHOE = 17
N_PARAMS = 18

IntArray = npt.NDArray[np.int64]


def card_class(card: Card) -> int:
    """The class of a card: 0 ace, 1–8 for 2–9, 9 for 10/J/Q/K.

    >>> from banluck.core.cards import parse_card
    >>> [card_class(parse_card(c)) for c in ("AS", "2H", "9D", "TC", "KS")]
    [0, 1, 8, 9, 9]
    """
    return TEN if card.points == 10 else card.points - 1


def class_cards(counts: tuple[int, ...], skip: tuple[int, ...] | None = None) -> list[Card]:
    """Real cards for a multiset of classes (ascending), suits chosen to be distinct
    from each other and, per class, after the ``skip`` counts already used."""
    cards: list[Card] = []
    for c, k in enumerate(counts):
        used = skip[c] if skip is not None else 0
        for i in range(k):
            cards.append(Card(CLASS_RANK[c], SUITS[(used + i) % len(SUITS)]))
    return cards


def copies(rules: Rules, cls: int) -> int:
    """How many cards of a class the shoe holds."""
    return 4 * rules.decks * (4 if cls == TEN else 1)


@dataclass(frozen=True)
class SimTables:
    """Everything the kernel needs, as arrays."""

    params: IntArray
    #: ``trans[s, c]``: the state after adding a card of class ``c`` (-1 past the limit).
    trans: IntArray
    ncards: IntArray
    total: IntArray
    natural: IntArray
    #: ``totals[n, base, aces]``: T3's total of ``n`` cards (for the dealer's hand).
    totals: IntArray
    #: ``decision[s, up]``: the action code, or -1 where the seat has no choice.
    decision: IntArray
    #: The class counts of each state.
    states: tuple[tuple[int, ...], ...]


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
    others = sum(counts) - counts[ACE] - counts[TEN]
    return not (others == 0 and counts[TEN] <= 1)


def rule_params(rules: Rules, *, fresh_shoe: bool = False) -> IntArray:
    """The ``Rules`` fields as the kernel's parameter vector (never the preset's name)."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_SEATS] = len(rules.seats)
    p[P_SHOE_SIZE] = 52 * rules.decks
    p[P_UP_CARD] = int(rules.dealer_up_card)
    p[P_VOIDS_15] = int(rules.dealer_voids_15)
    p[P_FREE_HAND] = int(rules.free_hand)
    p[P_MUST_DRAW_UNDER] = rules.seat_must_draw_under
    p[P_SEAT_LIMIT] = rules.seat_card_limit
    p[P_DEALER_STANDS_ON] = rules.dealer_stands_on
    p[P_DEALER_16_FOUR] = int(rules.dealer_draws_16_with_four)
    limit = rules.dealer_card_limit
    p[P_DEALER_LIMIT] = MAX_DEALER_CARDS if limit is None else min(limit, MAX_DEALER_CARDS)
    p[P_DEALER_FIVE_DRAGON] = int(rules.dealer_five_dragon)
    p[P_BAN_BAN] = rules.ban_ban_multiple
    p[P_BAN_LUCK] = rules.ban_luck_multiple
    p[P_FIVE_DRAGON] = rules.five_dragon_multiple
    p[P_FIVE_DRAGON_21] = rules.five_dragon_21_multiple
    p[P_FIVE_CARD_BUST] = rules.five_card_bust_multiple
    p[P_RESHUFFLE_BELOW] = rules.reshuffle_below()
    p[P_FRESH_SHOE] = int(fresh_shoe or rules.shuffle_every_hand)
    return p


def build_tables(rules: Rules, policy: Policy, *, fresh_shoe: bool = False) -> SimTables:
    """The arrays for ``rules`` and the strategy ``policy`` (called once per decision state)."""
    limit = rules.seat_card_limit
    states = hand_states(limit)
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    trans = np.full((n, N_CLASSES), -1, dtype=np.int64)
    ncards = np.zeros(n, dtype=np.int64)
    total = np.zeros(n, dtype=np.int64)
    natural = np.zeros(n, dtype=np.int64)
    for i, s in enumerate(states):
        size = sum(s)
        ncards[i] = size
        base = sum(k * (c + 1) for c, k in enumerate(s) if c != ACE)
        total[i] = total_from(base, s[ACE], rules.ace_values(size))
        if size == 2 and s[ACE] == 2:
            natural[i] = BAN_BAN
        elif size == 2 and s[ACE] == 1 and s[TEN] == 1:
            natural[i] = BAN_LUCK
        if size < limit:
            for c in range(N_CLASSES):
                grown = list(s)
                grown[c] += 1
                trans[i, c] = index[tuple(grown)]

    max_aces = 4 * rules.decks
    totals = np.zeros((MAX_DEALER_CARDS + 1, MAX_BASE + 1, max_aces + 1), dtype=np.int64)
    for k in range(MAX_DEALER_CARDS + 1):
        values = rules.ace_values(k)
        for base in range(MAX_BASE + 1):
            for aces in range(max_aces + 1):
                totals[k, base, aces] = total_from(base, aces, values)

    ups = N_CLASSES if rules.dealer_up_card else 1
    decision = np.full((n, ups), -1, dtype=np.int64)
    seat = rules.seats[0]
    for i, s in enumerate(states):
        size = int(ncards[i])
        if size < 2 or size >= limit or natural[i] != NO_NATURAL or total[i] > 21:
            continue
        if not reachable(s):
            continue
        if rules.free_hand and size == 2 and total[i] == 15:
            legal = frozenset({Action.THROW, Action.HIT})
        elif total[i] >= rules.seat_must_draw_under:
            legal = frozenset({Action.HIT, Action.STAND})
        else:
            continue
        for u in range(ups):
            up: Card | None = None
            if rules.dealer_up_card:
                if s[u] + 1 > copies(rules, u):
                    continue  # the up card cannot exist beside these cards
                up = class_cards(tuple(1 if c == u else 0 for c in range(N_CLASSES)), s)[0]
            if any(k > copies(rules, c) for c, k in enumerate(s)):
                continue
            cards = tuple(class_cards(s))
            point = DecisionPoint(seat, cards, hand_total(cards, rules), legal, up)
            action = Action(policy(point))
            if action not in legal:
                raise ValueError(
                    f"the policy chose {action.value} at {[c.code for c in cards]}, "
                    f"where only {sorted(a.value for a in legal)} are legal"
                )
            decision[i, u] = ACTION_CODE[action]
    return SimTables(
        params=rule_params(rules, fresh_shoe=fresh_shoe),
        trans=trans,
        ncards=ncards,
        total=total,
        natural=natural,
        totals=totals,
        decision=decision,
        states=states,
    )
