"""The blackjack rules and a strategy as arrays for the compiled simulator (``kernel``).

A card is its id ``4 * rank + suit`` (``RANKS`` and ``SUITS`` order, 52 ids), and for the hand
its *class*: 0 for an ace, 1–8 for 2–9, 9 for a ten-value card. A hand is a multiset of
classes whose cards (aces as 1) sum to 21 or less, numbered once (``state``), plus one bust
state; adding a card is a look-up (``trans``). Totals, naturals, pairs, the dealer's draw and
the side bets' lines all come from the engine's own functions (``hands``, ``side_bets``), so
the kernel only follows these tables; ``legal_actions`` restates the round's legal actions
(the round computes them on its live state), and the tests pin both to the engine hand for
hand.

The strategy is a decision table built by calling the policy itself on a ``Decision`` for
every state a seat can decide in, by *context* (the seat's first decision, with or without a
pair it may split; a later decision; a split hand's first and later decisions, by the split
card) and up card: the engine's bots and the simulator play the same strategy by construction.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from banluck.core.cards import POINTS, RANKS, SUITS, Card, parse_card
from banluck.core.money import HandRef, half_rounded_up
from banluck.core.seating import BOT_BET
from banluck.games.blackjack.decisions import Decision
from banluck.games.blackjack.hands import (
    dealer_draws,
    is_blackjack,
    is_pair,
    points_total,
    total_and_soft,
)
from banluck.games.blackjack.rules import SIDE_BET_NAMES, BlackjackRules
from banluck.games.blackjack.sim.sidebets import MAX_DEALER, side_bet_tables

Policy = Callable[[Decision], str]
IntArray = npt.NDArray[np.int64]
ByteArray = npt.NDArray[np.int8]

#: Card classes: the ace, 2–9, the ten-value cards.
N_CLASSES = 10
ACE = 0
TEN = 9
#: A representative rank of each class, for the cards a decision is shown.
CLASS_RANK = "A23456789T"
N_CARDS = 52

#: Action codes in the decision table (-1: no decision there).
HIT = 0
STAND = 1
DOUBLE = 2
SPLIT = 3
SURRENDER = 4
ACTION_CODE = {"hit": HIT, "stand": STAND, "double": DOUBLE, "split": SPLIT, "surrender": SURRENDER}

#: Decision contexts: the seat's first decision (no pair it may split / a pair), a later
#: decision of the seat's unsplit hand, and for a split hand of split class ``k``:
#: ``CTX_SPLIT + 2 * k`` (its two-card decision) and ``CTX_SPLIT + 2 * k + 1`` (later).
CTX_FIRST = 0
CTX_FIRST_PAIR = 1
CTX_MORE = 2
CTX_SPLIT = 3
N_CTX = CTX_SPLIT + 2 * N_CLASSES

#: The most cards a hand (the dealer's too) may hold: 21 aces and one more card.
MAX_CARDS = MAX_DEALER

# Indexes into the ``params`` vector the kernel reads.
P_SEATS = 0
P_SHOE_SIZE = 1
P_SHARED = 2
P_ALWAYS_PLAYS = 3
P_BJ_PAY = 4  # a blackjack's win, in money units (``money_unit``)
P_SURRENDER_LOSS = 5
P_SPLIT_ACES_ONE = 6
P_MAX_SPLITS = 7
P_RESHUFFLE_BELOW = 8
P_MID_RESHUFFLE = 9
P_BURN = 10
P_CUT = 11
P_FRESH = 12
P_SIDE_BETS = 13
P_BJ_AT_ONCE = 14
P_UNIT = 15  # money units in a bet
P_LIMIT = 16  # + side bet index: the last hand of a shoe it may be placed on
N_PARAMS = P_LIMIT + len(SIDE_BET_NAMES)

#: Side bets in the kernel's order (``SIDE_BET_NAMES``).
SB_PAIRS, SB_BUST, SB_LUCKY3, SB_POKER3 = range(4)


def card_id(card: Card) -> int:
    """The kernel's id of a card: ``4 * rank + suit``.

    >>> from banluck.core.cards import parse_card
    >>> card_id(parse_card("AS")), card_id(parse_card("KC"))
    (0, 51)
    """
    return 4 * RANKS.index(card.rank) + SUITS.index(card.suit)


def id_card(cid: int) -> Card:
    """The card of a kernel id."""
    return Card(RANKS[cid // 4], SUITS[cid % 4])


def id_class(cid: int) -> int:
    """The class of a card id: 0 ace, 1–8 for 2–9, 9 ten-value.

    >>> [id_class(card_id(Card(r, "H"))) for r in "A29TK"]
    [0, 1, 8, 9, 9]
    """
    return min(cid // 4, TEN)


def class_cards(classes: list[int], avoid: Sequence[Card] = ()) -> list[Card]:
    """Distinct real cards for a list of classes, in order, apart from ``avoid`` (itself
    made by this function): the k-th card of a class is its rank's ``k % 4``-th suit, the
    ten-value class going through T, J, Q, K.

    >>> [c.code for c in class_cards([9, 9, 0, 9, 9, 9])]
    ['TS', 'TH', 'AS', 'TD', 'TC', 'JS']
    """
    seen = [0] * N_CLASSES
    for card in avoid:
        seen[id_class(card_id(card))] += 1
    out: list[Card] = []
    for c in classes:
        out.append(_kth_card(c, seen[c]))
        seen[c] += 1
    return out


def _kth_card(c: int, k: int) -> Card:
    """The ``k``-th card of class ``c`` in ``class_cards``' order."""
    rank = "TJQK"[(k // 4) % 4] if c == TEN else CLASS_RANK[c]
    return parse_card(rank + SUITS[k % 4])


def hand_states() -> tuple[tuple[int, ...], ...]:
    """Every multiset of classes whose cards (aces as 1) sum to 21 or less, as class counts,
    the empty hand first, by size."""
    found: list[tuple[int, ...]] = []

    def grow(top: int, points: int, counts: list[int]) -> None:
        found.append(tuple(counts))
        for c in range(top, -1, -1):
            if points + c + 1 <= 21:
                counts[c] += 1
                grow(c, points + c + 1, counts)
                counts[c] -= 1

    grow(N_CLASSES - 1, 0, [0] * N_CLASSES)
    found.sort(key=sum)
    return tuple(found)


@dataclass(frozen=True)
class SimTables:
    """Everything the kernel reads, as arrays (see the module's docstring)."""

    params: IntArray
    #: ``trans[s, c]``: the state after a card of class ``c`` (``bust`` past 21).
    trans: IntArray
    #: B1 per state: the total, the number of cards; B2: a two-card natural.
    total: IntArray
    ncards: IntArray
    natural: IntArray
    #: B7: the dealer draws on this state.
    dealer_hits: IntArray
    #: C6 / I6: ``pairable[a, b]``: two card ids a seat may split.
    pairable: IntArray
    #: C3 / I5: the dealer peeks with this up class; I4: insurance is offered.
    peek_up: IntArray
    insurance_up: IntArray
    #: I1: cards burnt after the first one, by its class.
    burn_more: IntArray
    #: ``decision[seat, ctx, state, up_class]``: the action code, -1 where there is none.
    decision: ByteArray
    #: I10: the line index of ``pairs`` by the two card ids, of ``lucky3`` / ``poker3`` by
    #: the two ids and the up card's, of ``bust`` by the dealer's card count; and each
    #: bet's pay by line (``pays[bet, line]``, k to 1; line 0 loses).
    pairs_line: ByteArray
    lucky3_line: ByteArray
    poker3_line: ByteArray
    bust_line: IntArray
    pays: IntArray
    #: Line names by bet and index (for the report).
    line_names: tuple[tuple[str, ...], ...]
    states: tuple[tuple[int, ...], ...]

    @property
    def bust(self) -> int:
        """The bust state's index."""
        return len(self.states)

    def kernel_tables(self) -> tuple[IntArray | ByteArray, ...]:
        """The arrays a hand reads, in the kernel's order."""
        return (
            self.trans, self.total, self.natural, self.dealer_hits, self.pairable,
            self.peek_up, self.insurance_up, self.burn_more, self.decision, self.pairs_line,
            self.lucky3_line, self.poker3_line, self.bust_line, self.pays,
        )  # fmt: skip


def money_unit(rules: BlackjackRules) -> int:
    """How many money units the simulator counts in a bet: the fewest, and even, that make a
    blackjack's pay and a surrender's half whole (2: half bets at 3 to 2; 10 at 6 to 5).

    >>> from banluck.games.blackjack.rules import CLASSIC
    >>> money_unit(CLASSIC), money_unit(CLASSIC.replace(blackjack_pays=(6, 5)))
    (2, 10)
    """
    num, den = rules.blackjack_pays
    need = den // math.gcd(num, den)
    return need * 2 // math.gcd(need, 2)


def rule_params(rules: BlackjackRules, *, fresh_shoe: bool = False) -> IntArray:
    """The ``BlackjackRules`` fields as the kernel's parameter vector (never the preset's
    name). Money is counted in units (``money_unit``): a bet is 2 at 3 to 2 (half bets), 10
    at 6 to 5, so a blackjack's pay and a surrender are whole."""
    num, den = rules.blackjack_pays
    unit = money_unit(rules)
    if rules.max_splits > 1:
        raise ValueError("the simulator plays at most one split per seat (no resplit)")
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_SEATS] = len(rules.seats)
    p[P_SHOE_SIZE] = rules.shoe_size
    p[P_SHARED] = int(rules.shared_cards)
    p[P_ALWAYS_PLAYS] = int(rules.dealer_always_plays)
    p[P_UNIT] = unit
    p[P_BJ_PAY] = unit * num // den
    p[P_BJ_AT_ONCE] = int(rules.blackjack_paid_at_once)
    p[P_SURRENDER_LOSS] = half_rounded_up(unit)  # I6: half of the bet
    p[P_SPLIT_ACES_ONE] = int(rules.split_aces_one_card)
    p[P_MAX_SPLITS] = rules.max_splits
    p[P_RESHUFFLE_BELOW] = rules.reshuffle_below or 0
    p[P_MID_RESHUFFLE] = int(rules.reshuffle_discards_mid_hand)
    p[P_BURN] = int(rules.burn_after_shuffle)
    p[P_CUT] = rules.cut_card_from_end or 0
    p[P_FRESH] = int(fresh_shoe)
    p[P_SIDE_BETS] = int(rules.side_bets)
    if rules.side_bets:
        for b, name in enumerate(SIDE_BET_NAMES):
            p[P_LIMIT + b] = rules.side_bet_limit(name)
    return p


def legal_actions(
    rules: BlackjackRules, cards: list[Card], up: Card, *, first: bool, split_from: int | None
) -> frozenset[str]:
    """C5, C6, I6, B12: what a hand of ``cards`` may do against ``up``; ``first``: the seat's
    very first decision; ``split_from``: the class of the split pair, for a split hand."""
    legal = {"hit", "stand"}
    if len(cards) == 2:
        split_aces = split_from == ACE and rules.split_aces_one_card
        doubles = rules.may_double(total_and_soft(cards)[0])
        if doubles and (split_from is None or (rules.double_after_split and not split_aces)):
            legal.add("double")
        if first and rules.can_surrender_against(up.points):
            legal.add("surrender")
        if first and rules.max_splits >= 1 and is_pair(*cards, by_value=rules.split_by_value):
            legal.add("split")
    return frozenset(legal)


def _feasible_ups(counts: tuple[int, ...], rules: BlackjackRules) -> list[int]:
    """The up-card classes that fit in the shoe beside a hand of ``counts``."""
    have = [rules.decks * 4 * (4 if c == TEN else 1) for c in range(N_CLASSES)]
    if any(k > h for k, h in zip(counts, have, strict=True)):
        return []
    return [u for u in range(N_CLASSES) if counts[u] < have[u]]


@cache
def _decision_cells(rules: BlackjackRules) -> list[tuple[int, int, int, Decision]]:
    """Every ``(ctx, state, up, Decision)`` a seat can meet, for the seat ``rules.seats[0]``."""
    states, _trans, total, _ncards, _natural = _hand_arrays()
    seat = rules.seats[0]
    index = {s: i for i, s in enumerate(states)}
    cells: list[tuple[int, int, int, Decision]] = []
    ref = HandRef(seat, 0)

    def add(ctx: int, counts: tuple[int, ...], cards: list[Card], split: int | None) -> None:
        for up in _feasible_ups(counts, rules):
            up_card = _kth_card(up, counts[up])  # none of the hand's cards
            legal = legal_actions(rules, cards, up_card, first=ctx < CTX_MORE, split_from=split)
            d = Decision(
                seat=seat, hand=ref, cards=tuple(cards), up=up_card, legal=legal,
                from_split=split is not None, splits=int(split is not None),
                bet=BOT_BET, stack=10**9,
            )  # fmt: skip
            cells.append((ctx, index[counts], up, d))

    def counts_of(classes: list[int]) -> tuple[int, ...]:
        out = [0] * N_CLASSES
        for c in classes:
            out[c] += 1
        return tuple(out)

    # The seat's first decision: two cards, no natural (B2: it stands).
    for a in range(N_CLASSES):
        for b in range(a, N_CLASSES):
            if {a, b} == {ACE, TEN}:
                continue
            cards = class_cards([a, b])
            pair = is_pair(*cards, by_value=rules.split_by_value)
            add(CTX_FIRST_PAIR if pair else CTX_FIRST, counts_of([a, b]), cards, None)
            if a == b == TEN and not rules.split_by_value:
                # C6: two ten-value cards of different ranks are not a pair.
                add(CTX_FIRST, counts_of([a, b]), [Card("J", "S"), Card("Q", "H")], None)
    for i, s in enumerate(states):
        n = sum(s)
        if n < 2 or int(total[i]) >= 21:
            continue
        classes = [c for c in range(N_CLASSES) for _ in range(s[c])]
        if n >= 3:
            add(CTX_MORE, s, class_cards(classes), None)
        if rules.max_splits < 1:
            continue
        for k in range(N_CLASSES):
            if not s[k] or (k == ACE and rules.split_aces_one_card):
                continue  # I6: split aces take one card each and stand
            rest = list(classes)
            rest.remove(k)
            add(CTX_SPLIT + 2 * k + (n >= 3), s, class_cards([k, *rest]), k)
    return cells


def _decision_table(rules: BlackjackRules, policies: list[Policy], n_states: int) -> ByteArray:
    """``decision[seat, ctx, state, up]`` from each seat's policy (one call per cell per
    distinct policy)."""
    cells = _decision_cells(rules)
    decision = np.full((len(policies), N_CTX, n_states, N_CLASSES), -1, dtype=np.int8)
    done: dict[int, int] = {}
    for i, policy in enumerate(policies):
        if id(policy) in done:
            decision[i] = decision[done[id(policy)]]
            continue
        done[id(policy)] = i
        seat = rules.seats[i]
        for ctx, s, up, d in cells:
            if seat != d.seat:
                d = Decision(
                    seat=seat, hand=HandRef(seat, d.hand.index), cards=d.cards, up=d.up,
                    legal=d.legal, from_split=d.from_split, splits=d.splits, bet=d.bet,
                    stack=d.stack,
                )  # fmt: skip
            action = policy(d)
            if action not in d.legal:
                raise ValueError(
                    f"the policy chose {action!r} at {[c.code for c in d.cards]} against "
                    f"{d.up.code}, where only {sorted(d.legal)} are legal"
                )
            decision[i, ctx, s, up] = ACTION_CODE[action]
    return decision


@cache
def _hand_arrays() -> tuple[tuple[tuple[int, ...], ...], IntArray, IntArray, IntArray, IntArray]:
    """The states and ``(trans, total, ncards, natural)`` (B1, B2)."""
    states = hand_states()
    index = {s: i for i, s in enumerate(states)}
    bust = len(states)
    n = bust + 1
    trans = np.full((n, N_CLASSES), bust, dtype=np.int64)
    total = np.full(n, 22, dtype=np.int64)
    ncards = np.zeros(n, dtype=np.int64)
    natural = np.zeros(n, dtype=np.int64)
    for i, s in enumerate(states):
        points = sum(k * (c + 1) for c, k in enumerate(s))
        total[i] = points_total(points, s[ACE])[0]
        ncards[i] = sum(s)
        natural[i] = int(
            is_blackjack(class_cards([c for c in range(N_CLASSES) for _ in range(s[c])]))
        )
        for c in range(N_CLASSES):
            grown = list(s)
            grown[c] += 1
            trans[i, c] = index.get(tuple(grown), bust)
    return states, trans, total, ncards, natural


def build_tables(
    rules: BlackjackRules,
    policy: Policy | Mapping[str, Policy],
    *,
    fresh_shoe: bool = False,
) -> SimTables:
    """The arrays for ``rules`` and the strategy: one policy for every seat, or one per seat."""
    states, trans, total, ncards, natural = _hand_arrays()
    if isinstance(policy, Mapping):
        policies = [policy[s] for s in rules.seats]
    else:
        policies = [policy] * len(rules.seats)
    decision = _decision_table(rules, policies, len(states) + 1)
    dealer_hits = np.zeros(len(states) + 1, dtype=np.int64)  # the bust state: 0
    for i, s in enumerate(states):  # B7: on the total, a soft 17 too where the house says so
        t, soft = points_total(sum(k * (c + 1) for c, k in enumerate(s)), s[ACE])
        hits = dealer_draws(t, rules.dealer_stands_on, soft, rules.dealer_hits_soft_17)
        dealer_hits[i] = int(hits)
    pairable = np.zeros((N_CARDS, N_CARDS), dtype=np.int64)
    for a in range(N_CARDS):
        for b in range(N_CARDS):
            pairable[a, b] = int(is_pair(id_card(a), id_card(b), by_value=rules.split_by_value))
    peek_up = np.zeros(N_CLASSES, dtype=np.int64)
    insurance_up = np.zeros(N_CLASSES, dtype=np.int64)
    burn_more = np.zeros(N_CLASSES, dtype=np.int64)
    for c in range(N_CLASSES):
        card = class_cards([c])[0]
        # C3 / I5: the dealer peeks with an ace or a ten-value card up; I4: insurance on an ace.
        peek_up[c] = int(rules.dealer_peeks and (card.is_ace or card.is_ten_value))
        insurance_up[c] = int(rules.insurance and card.is_ace)
        burn_more[c] = POINTS[card.rank]  # I1: an ace burns 1 more, a ten-value card 10
    sb = side_bet_tables(rules)
    return SimTables(
        params=rule_params(rules, fresh_shoe=fresh_shoe),
        trans=trans,
        total=total,
        ncards=ncards,
        natural=natural,
        dealer_hits=dealer_hits,
        pairable=pairable,
        peek_up=peek_up,
        insurance_up=insurance_up,
        burn_more=burn_more,
        decision=decision,
        pairs_line=sb.pairs_line,
        lucky3_line=sb.lucky3_line,
        poker3_line=sb.poker3_line,
        bust_line=sb.bust_line,
        pays=sb.pays,
        line_names=sb.line_names,
        states=states,
    )
