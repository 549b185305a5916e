"""The exact blackjack solver: a combinatorial analysis of one seat's hand (issue 8).

``solve(rules) -> Solution`` gives ``player_ev``, ``house_edge``, ``rtp``, ``std``, the EV
of every action of every initial hand (``initial``), and the values of every hand a seat can
hold (``values_for``, used by the bots' policy and the Hint).

The model (``MODEL``, printed by ``banluck odds``):

- A fresh shoe (``decks`` decks); one seat; the seat's decisions depend on its own cards as a
  multiset of ranks (10/J/Q/K one class) and the dealer's up card: *composition-dependent*
  play. Other seats' cards are not removed (I2: in ``infinite`` they are the same cards).
- The dealer's final-total probabilities are exact for every composition of removed cards
  (the seat's cards, the up card and, after a split, the other pair card): the dealer's
  drawing graph (B7) is evaluated on the remaining shoe (``dealer_graph``, on the shared
  ``banluck.draws``).
- Peek (C3 / I5): the dealer has no blackjack once the seat plays; every draw probability and
  dealer probability is conditioned on that, exactly. A dealer blackjack takes the initial
  bet only; a seat's blackjack pushes against it and is paid 3 to 2 otherwise (B6).
  Without a peek (a house's ``peek`` false) nothing is conditioned: the dealer's blackjack
  is one more outcome of the dealer's graph, for every composition the seat may hold, and
  takes every bet the seat has out by then, its doubles and split hands included; every
  value is then a value before anyone knows (what the Hint shows in such a house).
- Hit, stand and (I6) double and surrender are valued exactly by backward induction.
- Splits (C6 / I6, once only): split EV = 2 x the EV of one split hand, that hand starting with
  the pair card and drawing its second card from the shoe less both pair cards and the up
  card, then played composition-dependently (double after split where allowed, split aces
  one card in ``infinite``) with the dealer's probabilities conditioned on its own cards,
  the other pair card and the up card. The cards of the other split hand are not removed
  (the usual analyzers' approximation: exact by symmetry but for the information and the
  removal of the other hand's drawn cards). In ``classic`` a ten-value pair splits only when
  the ranks match: its split value is weighted by that chance.
- Insurance (I4) is not part of best play; its EV is reported on its own.
- The standard deviation treats the two hands of a split as correlated only through the
  dealer's final outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from banluck.core.cards import RANK_CLASS, Card
from banluck.draws import native as draws_native
from banluck.games.blackjack.hands import points_total
from banluck.games.blackjack.rules import BlackjackRules
from banluck.games.blackjack.strategy import native as solver_native
from banluck.games.blackjack.strategy.dealer_graph import BUST, N_OUTCOMES, bj_rank, dealer_graph

RANK_LABELS = "A23456789T"
UP_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
N_RANKS = 10
N_DEALER = 6
VALUES = tuple(range(1, 11))

MODEL = (
    "One seat, a fresh shoe, composition-dependent play (the seat's own cards as ranks, 10/J/Q/K "
    "one class, and the up card); exact dealer probabilities for the cards removed; the dealer "
    "has no blackjack once the seat plays (peek; without a peek its blackjack takes every bet "
    "out, doubles and split hands included); one split, each split hand valued with the "
    "other pair card removed and its own post-split composition, twice; insurance excluded."
)

Counts = tuple[int, ...]
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def rank_index(card: Card) -> int:
    """A card's rank class: 0 ace, 1..8 the 2..9, 9 ten-value."""
    return RANK_CLASS[card.rank]


def counts_of(cards: Sequence[Card]) -> Counts:
    """The multiset of a hand's rank classes."""
    counts = [0] * N_RANKS
    for card in cards:
        counts[RANK_CLASS[card.rank]] += 1
    return tuple(counts)


def label(counts: Sequence[int]) -> str:
    """A composition as ranks in order, e.g. ``"A5T"``."""
    return "".join(RANK_LABELS[r] * c for r, c in enumerate(counts))


def shoe_counts(decks: int) -> Counts:
    """A fresh shoe by rank class."""
    return (4 * decks,) * 9 + (16 * decks,)


def hard_sum(counts: Sequence[int]) -> int:
    return sum(VALUES[r] * c for r, c in enumerate(counts))


def hand_total(counts: Sequence[int]) -> tuple[int, bool]:
    """B1 for a composition."""
    return points_total(hard_sum(counts), counts[0])


# --------------------------------------------------------------------------- structure


@dataclass(frozen=True)
class Family:
    """The hands of one family: the unsplit hands (``pair`` -1) or those of split pair
    ``pair``; each hand's removed cards are its own plus, after a split, the other pair card."""

    pair: int
    keys: list[Counts]
    index: dict[Counts, int]
    rem: IntArray
    total: IntArray
    cards: IntArray
    child: IntArray
    order: IntArray


@dataclass(frozen=True)
class Structure:
    """Every family, and every composition of removed cards the dealer is evaluated on."""

    removals: IntArray
    regular: Family
    splits: tuple[Family, ...]


def _compositions(limit: int) -> list[Counts]:
    out: list[Counts] = []

    def rec(rank: int, acc: list[int], s: int) -> None:
        if rank == N_RANKS:
            out.append(tuple(acc))
            return
        c = 0
        while s + c * VALUES[rank] <= limit:
            rec(rank + 1, [*acc, c], s + c * VALUES[rank])
            c += 1

    rec(0, [], 0)
    return out


#: A composition as one integer: the count of rank r in bits 5r .. 5r + 4 (21 at most).
_SHIFT = 5


def _codes(comps: IntArray) -> IntArray:
    codes: IntArray = comps @ (np.int64(1) << (_SHIFT * np.arange(N_RANKS, dtype=np.int64)))
    return codes


@lru_cache(maxsize=1)
def structure() -> Structure:
    """The hands (hard sum 21 or less) and removal compositions; the same for every shoe.
    Built with arrays: a composition's child by a rank is found by its code."""
    comps = np.array(_compositions(21), dtype=np.int64)
    # B1 once per (hard sum, has an ace): the totals of every composition from one home
    totals = np.array([[points_total(h, a)[0] for a in (0, 1)] for h in range(22)])
    step = np.int64(1) << (_SHIFT * np.arange(N_RANKS, dtype=np.int64))
    families: list[tuple[int, IntArray, IntArray]] = []  # pair, keys, removed codes
    for pair in range(-1, N_RANKS):
        keys = comps[comps.sum(axis=1) >= 2] if pair < 0 else comps[comps[:, pair] >= 1]
        removed = _codes(keys) + (step[pair] if pair >= 0 else 0)
        families.append((pair, keys, removed))
    # the removal compositions in the order first met, family after family
    all_removed = np.concatenate([r for _, _, r in families])
    uniq, first = np.unique(all_removed, return_index=True)
    by_first = np.argsort(first, kind="stable")
    rank_of = np.empty(len(uniq), dtype=np.int64)
    rank_of[by_first] = np.arange(len(uniq))
    removals = (uniq[by_first][:, None] >> (_SHIFT * np.arange(N_RANKS))) & 31

    def family(pair: int, keys: IntArray, removed: IntArray) -> Family:
        codes = _codes(keys)
        sorter = np.argsort(codes)
        wanted = codes[:, None] + step[None, :]
        at = np.clip(np.searchsorted(codes, wanted, sorter=sorter), 0, len(codes) - 1)
        found = sorter[at]
        child = np.where(codes[found] == wanted, found, -1).astype(np.int64)
        key_hard = keys @ np.array(VALUES, dtype=np.int64)
        total = totals[key_hard, (keys[:, 0] > 0).astype(np.int64)].astype(np.int64)
        cards = keys.sum(axis=1).astype(np.int64)
        order = np.argsort(-key_hard, kind="stable").astype(np.int64)
        rem = rank_of[np.searchsorted(uniq, removed)]
        key_list: list[Counts] = [tuple(k) for k in keys.tolist()]
        index = {k: i for i, k in enumerate(key_list)}
        return Family(pair, key_list, index, rem, total, cards, child, order)

    built = [family(*f) for f in families]
    return Structure(removals.astype(np.int64), built[0], tuple(built[1:]))


# --------------------------------------------------------------------------- solution


@dataclass(frozen=True)
class FamilyValues:
    """A family's solved values, indexed ``[state, up]`` (``ev``/``m2``: ``[state, up, a]``
    with a = 0 stand, 1 hit, 2 double)."""

    family: Family
    value: FloatArray
    m2: FloatArray
    g: FloatArray
    ev: FloatArray
    ev_m2: FloatArray


ACTION_INDEX = {"stand": 0, "hit": 1, "double": 2}


@dataclass(frozen=True)
class Solution:
    """One preset solved: the edge, the std and every decision's values."""

    rules: BlackjackRules
    player_ev: float
    std: float
    #: (up, two-card composition) -> {action: EV per initial bet given no dealer blackjack}
    initial: dict[tuple[int, Counts], dict[str, float]]
    #: figures for the report: frequencies and the insurance EV
    extra: dict[str, float]
    regular: FamilyValues = field(repr=False)
    splits: tuple[FamilyValues | None, ...] = field(repr=False)
    #: ``[pair, up]``: the EV of splitting (both or all hands), per initial bet
    split_ev: FloatArray = field(repr=False, default_factory=lambda: np.zeros((10, 10)))

    @property
    def house_edge(self) -> float:
        """The dealer's advantage per initial bet."""
        return -self.player_ev

    @property
    def rtp(self) -> float:
        """I11: the return to player, 1 - house edge."""
        return 1.0 - self.house_edge

    def split_value(self, pair: int, up: int) -> float:
        """EV of splitting pair ``pair`` against ``up`` (both hands, per initial bet)."""
        if self.splits[pair] is None:
            raise ValueError("these rules do not split that pair")
        return float(self.split_ev[pair, up])

    def actions(self, counts: Counts, up: int, *, split_pair: int = -1) -> dict[str, float]:
        """The EV (per the hand's initial bet, given no dealer blackjack) of stand, hit and,
        on two cards, double, surrender and split, for a hand of ``counts`` (a hand of split
        pair ``split_pair``); which of them are legal is the caller's business."""
        fam = self.regular if split_pair < 0 else self.splits[split_pair]
        if fam is None:
            raise ValueError("these rules do not split that pair")
        i = fam.family.index[tuple(counts)]
        out = {"stand": float(fam.ev[i, up, 0])}
        total = int(fam.family.total[i])
        if total < 21:
            out["hit"] = float(fam.ev[i, up, 1])
            if sum(counts) == 2:
                out["double"] = float(fam.ev[i, up, 2])
                if split_pair < 0:
                    out["surrender"] = -0.5
                    pair = [r for r in range(N_RANKS) if counts[r] == 2]
                    if pair and self.splits[pair[0]] is not None:
                        out["split"] = self.split_value(pair[0], up)
        return out


def dealer_table(
    shoe_ranks: Counts, stands_on: int, hits_soft_17: bool = False, *, peek: bool = True
) -> FloatArray:
    """``[removal, up, outcome]``: P(no dealer blackjack and the dealer ends 17..21 / bust)
    for every removal composition of ``structure()``, the peek applied; without ``peek`` a
    seventh outcome, P(the dealer's blackjack), and no condition."""
    k = draws_native.kernels()

    st = structure()
    shoe = np.array(shoe_ranks, dtype=np.int64)
    n_rem = st.removals.shape[0]
    columns = N_DEALER if peek else N_DEALER + 1
    dealer = np.zeros((n_rem, N_RANKS, columns), dtype=np.float64)
    for u in range(N_RANKS):
        g = dealer_graph(u, stands_on, peek=peek, hits_soft_17=hits_soft_17)
        out = np.zeros((n_rem, N_OUTCOMES), dtype=np.float64)
        k.graph_outcomes(
            shoe, st.removals, u, g.counts, g.size, g.child, g.next_out, out, np.zeros((0, 0)), BUST
        )
        dealer[:, u, :] = out[:, :columns]
    return dealer


def solve(rules: BlackjackRules) -> Solution:
    """Solve ``rules`` from a fresh shoe (see the module text for the model)."""
    return solve_shoe(rules, shoe_counts(rules.decks))


@lru_cache(maxsize=32)
def solve_shoe(rules: BlackjackRules, shoe_ranks: Counts) -> Solution:
    """Solve ``rules`` from a shoe of ``shoe_ranks`` cards of each rank class (A, 2..9, T)."""
    return evaluate(rules, shoe_ranks)


#: A fixed strategy to value instead of the best play: (split pair or -1, the hand's
#: composition, up card) -> an action name, or None to play best there.
FixedStrategy = Callable[[int, Counts, int], "str | None"]
_FORCE = {"stand": 0, "hit": 1, "double": 2}


def evaluate(
    rules: BlackjackRules,
    shoe_ranks: Counts,
    *,
    strategy: FixedStrategy | None = None,
    resplit_aces: bool = False,
) -> Solution:
    """Solve ``rules`` (best play) or value a fixed ``strategy``, uncached. With
    ``rules.max_splits`` above 1 resplits are valued by the branching approximation of
    ``resplit_value`` (aces only with ``resplit_aces``)."""
    k = solver_native.kernels()

    st = structure()
    shoe = np.array(shoe_ranks, dtype=np.int64)
    peek = rules.dealer_peeks
    dealer = _dealer_cached(
        tuple(shoe_ranks), rules.dealer_stands_on, rules.dealer_hits_soft_17, peek
    )
    never = np.zeros(32, dtype=np.int64)

    def run(fam: Family, one_card: bool, double_ok: IntArray) -> FamilyValues:
        n = len(fam.keys)
        value = np.zeros((n, N_RANKS), dtype=np.float64)
        m2 = np.zeros((n, N_RANKS), dtype=np.float64)
        gv = np.zeros((n, N_RANKS, dealer.shape[2]), dtype=np.float64)
        evs = np.zeros((n, N_RANKS, 3), dtype=np.float64)
        m2s = np.zeros((n, N_RANKS, 3), dtype=np.float64)
        forced = np.full((n, N_RANKS), -1, dtype=np.int64)
        if strategy is not None:
            for i, key in enumerate(fam.keys):
                for u in range(N_RANKS):
                    action = strategy(fam.pair, key, u)
                    forced[i, u] = _FORCE.get(action or "", -1)
        k.play_family(
            shoe, st.removals, dealer, fam.rem, fam.total, fam.cards, fam.child, fam.order,
            one_card, double_ok, value, m2, gv, evs, m2s, forced, fam.pair >= 0, peek,
        )  # fmt: skip
        return FamilyValues(fam, value, m2, gv, evs, m2s)

    regular = run(st.regular, False, never)  # its double is the first decision's
    # I6: a split hand of two cards doubles on the totals the rules allow (after a split)
    das = np.array([int(rules.may_double(t)) for t in range(32)], dtype=np.int64)
    splits: list[FamilyValues | None] = []
    for x in range(N_RANKS):
        if rules.max_splits < 1:  # C6 / I6: a house that splits nothing
            splits.append(None)
            continue
        one = rules.split_aces_one_card and x == 0
        splits.append(
            run(st.splits[x], one, das if rules.double_after_split and not one else never)
        )
    resplit = rules.max_splits > 1
    return _summarise(
        rules, shoe, dealer, regular, tuple(splits), strategy,
        resplit_hands=rules.max_splits + 1 if resplit else 2, resplit_aces=resplit_aces,
    )  # fmt: skip


def resplit_counts(p: float, hands: int) -> tuple[float, float]:
    """The expected number of split hands ending with a second card that is not the pair
    card, and with the pair card (no further split allowed), when each hand's second card
    is the pair card with probability ``p`` and splitting goes on to ``hands`` hands.

    >>> resplit_counts(0.25, 2)
    (1.5, 0.5)
    """

    @cache
    def go(pending: int, made: int) -> tuple[float, float]:
        if pending == 0:
            return 0.0, 0.0
        other = go(pending - 1, made)
        if made < hands:
            again = go(pending + 1, made + 1)
            return (
                (1 - p) * (other[0] + 1) + p * again[0],
                (1 - p) * other[1] + p * again[1],
            )
        return (1 - p) * (other[0] + 1) + p * other[0], (1 - p) * other[1] + p * (other[1] + 1)

    return go(2, 2)


@lru_cache(maxsize=4)
def _dealer_cached(
    shoe_ranks: Counts, stands_on: int, hits_soft_17: bool, peek: bool = True
) -> FloatArray:
    return dealer_table(shoe_ranks, stands_on, hits_soft_17, peek=peek)


def ten_pair_same_rank(decks: int, up: int) -> float:
    """C6 (classic): P(two ten-value cards have the same rank), up card ``up`` removed.

    >>> round(ten_pair_same_rank(2, 1), 4)   # (7 / 31)
    0.2258
    """
    per = 4 * decks
    ranks = [per - 1, per, per, per] if up == 9 else [per] * 4
    total = sum(ranks)
    return sum(r * (r - 1) for r in ranks) / (total * (total - 1))


def _summarise(
    rules: BlackjackRules,
    shoe: IntArray,
    dealer: FloatArray,
    regular: FamilyValues,
    splits: tuple[FamilyValues | None, ...],
    strategy: FixedStrategy | None = None,
    *,
    resplit_hands: int = 2,
    resplit_aces: bool = False,
) -> Solution:
    n_total = int(shoe.sum())
    split_ev = _split_values(rules, shoe, splits, resplit_hands, resplit_aces)
    bj_num, bj_den = rules.blackjack_pays
    bj_pay = bj_num / bj_den
    ev = 0.0
    second = 0.0
    initial: dict[tuple[int, Counts], dict[str, float]] = {}
    freq = {
        "seat_blackjack": 0.0,
        "dealer_blackjack": 0.0,
        "double": 0.0,
        "split": 0.0,
        "surrender": 0.0,
        "hit": 0.0,
        "stand": 0.0,
    }
    insurance = 0.0
    p_ace_up = 0.0
    index = regular.family.index
    two_cards = {
        (a, b): tuple(int(a == r) + int(b == r) for r in range(N_RANKS))
        for a in range(N_RANKS)
        for b in range(a, N_RANKS)
    }
    for u in range(N_RANKS):
        p_up = shoe[u] / n_total
        m = shoe.copy()
        m[u] -= 1
        ten_same = 1.0 if rules.split_by_value else ten_pair_same_rank(rules.decks, u)
        bj = bj_rank(u)
        for a in range(N_RANKS):
            for b in range(a, N_RANKS):
                ways = m[a] * (m[a] - 1) if a == b else 2 * m[a] * m[b]
                if ways <= 0:
                    continue
                p = p_up * ways / ((n_total - 1) * (n_total - 2))
                # the hole card's chance of a blackjack, the two cards and the up card gone
                z = 1.0 - (m[bj] - (a == bj) - (b == bj)) / (n_total - 3) if bj >= 0 else 1.0
                # the seat plays its hand: after a peek only without a dealer blackjack (and
                # its values are given that); without a peek always (and a dealer blackjack
                # is one of the outcomes the values count)
                plays = z if rules.dealer_peeks else 1.0
                counts = two_cards[a, b]
                if u == 0:
                    p_ace_up += p
                    insurance += p * 0.5 * (3 * (1 - z) - 1)  # I4: half the bet, 2 to 1
                freq["dealer_blackjack"] += p * (1 - z)
                if a == 0 and b == 9:
                    freq["seat_blackjack"] += p
                    ev += p * z * bj_pay
                    second += p * z * bj_pay * bj_pay
                    continue
                i = index[counts]
                acts: dict[str, tuple[float, float]] = {
                    "stand": (float(regular.ev[i, u, 0]), float(regular.ev_m2[i, u, 0])),
                }
                if int(regular.family.total[i]) < 21:
                    acts["hit"] = (float(regular.ev[i, u, 1]), float(regular.ev_m2[i, u, 1]))
                    if rules.may_double(int(regular.family.total[i])):
                        acts["double"] = (float(regular.ev[i, u, 2]), float(regular.ev_m2[i, u, 2]))
                if rules.can_surrender_against(u + 1):
                    acts["surrender"] = (-0.5, 0.25)
                share = 0.0
                fam = splits[a] if a == b else None
                if fam is not None:
                    root = fam.family.index[tuple(int(r == a) for r in range(N_RANKS))]
                    p_o = dealer[fam.family.rem[root], u, :] / plays
                    g_o = fam.g[root, u, :]
                    sq = np.divide(g_o**2, p_o, out=np.zeros_like(p_o), where=p_o > 0)
                    cov = float(np.sum(sq))
                    acts["split"] = (
                        float(split_ev[a, u]),
                        2.0 * float(fam.m2[root, u]) + 2 * cov,
                    )
                    share = ten_same if a == 9 else 1.0
                initial[(u, counts)] = {key: v[0] for key, v in acts.items()}
                no_split = max((key for key in acts if key != "split"), key=lambda k: acts[k][0])
                best = max(acts, key=lambda key: acts[key][0])
                if strategy is not None:
                    fixed = strategy(-1, counts, u)
                    if fixed in acts:
                        best = fixed
                        no_split = fixed if fixed != "split" else no_split
                val = acts[no_split][0]
                mom = acts[no_split][1]
                freq[no_split] += p * plays
                if best == "split":
                    val = share * acts["split"][0] + (1 - share) * val
                    mom = share * acts["split"][1] + (1 - share) * mom
                    freq["split"] += p * plays * share
                    freq[no_split] -= p * plays * share
                ev += p * ((1 - plays) * -1.0 + plays * val)
                second += p * ((1 - plays) * 1.0 + plays * mom)
    extra = dict(freq)
    extra["insurance_ev"] = insurance / p_ace_up if p_ace_up else 0.0
    std = float(np.sqrt(max(second - ev * ev, 0.0)))
    return Solution(
        rules=rules,
        player_ev=float(ev),
        std=std,
        initial=initial,
        extra=extra,
        regular=regular,
        splits=splits,
        split_ev=split_ev,
    )


def _split_values(
    rules: BlackjackRules,
    shoe: IntArray,
    splits: tuple[FamilyValues | None, ...],
    hands: int,
    resplit_aces: bool,
) -> FloatArray:
    """``[pair, up]``: the EV of splitting (all hands, per initial bet, no dealer blackjack
    after a peek):
    twice one split hand; with resplits, by ``resplit_counts``, each hand that does not get
    the pair card worth the split hand's EV given that, one stuck with it (no split left)
    worth that two-card hand's EV."""
    out = np.zeros((N_RANKS, N_RANKS), dtype=np.float64)
    n_total = int(shoe.sum())
    for x, fam in enumerate(splits):
        if fam is None:
            continue
        root = fam.family.index[tuple(int(r == x) for r in range(N_RANKS))]
        pair_i = fam.family.index[tuple(2 * int(r == x) for r in range(N_RANKS))]
        for u in range(N_RANKS):
            one_hand = float(fam.value[root, u])
            out[x, u] = 2.0 * one_hand
            if hands <= 2 or (x == 0 and not resplit_aces):
                continue
            a = shoe.copy()
            a[x] -= 2
            a[u] -= 1
            left = n_total - 3
            if a[x] <= 0 or a[u] < 0:
                continue
            bj = bj_rank(u) if rules.dealer_peeks else -1  # the draw given no blackjack
            z = 1.0 - a[bj] / left if bj >= 0 else 1.0
            zc = 1.0 - (a[bj] - (x == bj)) / (left - 1) if bj >= 0 else 1.0
            q = a[x] / left * zc / z
            stuck = float(fam.value[pair_i, u])
            other = (one_hand - q * stuck) / (1.0 - q)
            n_other, n_stuck = resplit_counts(q, hands)
            out[x, u] = n_other * other + n_stuck * stuck
    return out
