"""The compiled simulator against the rules engine, hand for hand (issue 4).

The same policy on the same stacked shoes must give the same outcome: each seat's result, net
and cards, the dealer's cards, the dealer's natural, the void hand and the cards used. The
shoes are tilted towards the rare paths (naturals, 15s, five cards, the dealer's 16 with four
cards), and the test checks that those paths were really taken.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from banluck.core import Card, Shoe
from banluck.core.cards import CLASS_LABELS, ONE_DECK, TEN_CLASS, rank_class
from banluck.core.seating import seating_for
from banluck.games.banluck import Action, Round, Rules, SeatEntry, hand_total, preset
from banluck.games.banluck.events import Result
from banluck.games.banluck.hands import natural_kind
from banluck.games.banluck.records import DecisionPoint, Policy
from banluck.games.banluck.sim import kernel
from banluck.games.banluck.sim.tables import SUITS, build_tables
from banluck.games.banluck.strategy import policy_for

HANDS_PER_PRESET = 10_500
RESULT_CODE = {
    Result.WIN: kernel.R_WIN,
    Result.LOSE: kernel.R_LOSE,
    Result.PUSH: kernel.R_PUSH,
    Result.VOID: kernel.R_VOID,
    Result.THROWN_IN: kernel.R_THROWN,
}
RANK_WEIGHTS = {
    # uniform; naturals; small cards (five cards, the dealer's 16 with four cards); 15s
    "uniform": {},
    "naturals": {"A": 8.0, "T": 2.0, "J": 2.0, "Q": 2.0, "K": 2.0},
    "small": {"A": 2.0, "2": 6.0, "3": 6.0, "4": 5.0, "5": 4.0},
    "fifteens": {"5": 5.0, "4": 3.0, "6": 3.0, "9": 3.0, "8": 2.0, "7": 2.0},
}


def scrambled(point: DecisionPoint) -> Action:
    """A composition-dependent policy: a fixed hash of the ranks (10/J/Q/K one class), the
    up card and the legal actions picks the action, so a wrong state index shows."""
    ranks = "".join(sorted(CLASS_LABELS[rank_class(c)] for c in point.cards))
    up = CLASS_LABELS[rank_class(point.dealer_up)] if point.dealer_up is not None else "-"
    legal = sorted(point.legal)
    return legal[zlib.crc32(f"{ranks}|{up}".encode()) % len(legal)]


def greedy(point: DecisionPoint) -> Action:
    """Play on every free hand and draw below 21: many five-card hands."""
    return Action.HIT if point.total < 21 and Action.HIT in point.legal else min(point.legal)


POLICIES: dict[str, Callable[[Rules], Policy]] = {
    "project": policy_for,
    "scrambled": lambda rules: scrambled,
    "greedy": lambda rules: greedy,
}


def tilted_shoe(rng: np.random.Generator, decks: int, mode: str) -> list[Card]:
    """A full shoe in a random order that favours the ranks of ``mode`` near the top
    (weighted sampling without replacement, Efraimidis–Spirakis keys)."""
    cards = list(ONE_DECK * decks)
    weights = np.array([RANK_WEIGHTS[mode].get(c.rank, 1.0) for c in cards])
    keys = np.log(rng.random(len(cards))) / weights
    return [cards[i] for i in np.argsort(-keys, kind="stable")]


@dataclass
class EngineHand:
    res: list[int]
    net: list[int]
    seat_cards: list[list[int]]
    dealer: list[int]
    dealer_natural: bool
    void: bool
    used: int


def engine_hand(rules: Rules, cards: list[Card], policy: Policy) -> EngineHand:
    """Play one hand through the core with stacks deep enough that T20's cap never bites."""
    seating = seating_for(rules)
    bets = [seating.bot_bet if seating.is_bot(s) else 10 for s in rules.seats]
    seats = [SeatEntry(s, 10**9, b) for s, b in zip(rules.seats, bets, strict=True)]
    r = Round.start(rules, Shoe.stacked(cards, decks=rules.decks), seats)
    while r.to_act is not None:
        r.apply(policy(r.decision_point()))
    out = r.outcome()
    d = out.dealer.cards
    return EngineHand(
        res=[RESULT_CODE[s.result] for s in out.seats if s.result is not None],
        net=[s.net // b for s, b in zip(out.seats, bets, strict=True)],
        seat_cards=[[rank_class(c) for c in s.cards] for s in out.seats],
        dealer=[rank_class(c) for c in d],
        dealer_natural=natural_kind(d[0], d[1]) is not None,
        void=out.void,
        used=out.cards_used,
    )


def compare(rules: Rules, policy: Policy, shoes: list[list[Card]], records: Any) -> None:
    """Every hand of the engine equals the kernel's record of it."""
    res, net, cards, dealer, info = records
    for h, shoe in enumerate(shoes):
        e = engine_hand(rules, shoe, policy)
        where = f"hand {h}: {[c.code for c in shoe[: e.used]]}"
        assert e.res == list(res[h]), where
        assert e.net == list(net[h]), where
        for i, seat in enumerate(e.seat_cards):
            assert seat == [c for c in cards[h, i] if c >= 0], where
        assert e.dealer == [c for c in dealer[h] if c >= 0], where
        assert e.dealer_natural == bool(info[h, kernel.I_DEALER_NATURAL]), where
        assert e.void == bool(info[h, kernel.I_VOID]), where
        assert e.used == info[h, kernel.I_USED], where


def record_arrays(rules: Rules, hands: int) -> tuple[Any, Any, Any, Any, Any]:
    """Empty arrays for ``kernel.record_hands``: results, nets, seat cards, dealer cards, info."""
    nseats = len(rules.seats)
    return (
        np.zeros((hands, nseats), dtype=np.int64),
        np.zeros((hands, nseats), dtype=np.int64),
        np.zeros((hands, nseats, 5), dtype=np.int64),
        np.zeros((hands, kernel.MAX_DEALER), dtype=np.int64),
        np.zeros((hands, kernel.N_INFO), dtype=np.int64),
    )


def record(rules: Rules, policy: Policy, shoe: Any, hands: int, shuffle: int, seed: int) -> Any:
    """The kernel's records of ``hands`` hands."""
    t = build_tables(rules, policy)
    records = record_arrays(rules, hands)
    kernel.record_hands(
        t, shoe, kernel.rng_states(seed, 1)[0], shuffle, 52 * rules.decks, 0, records
    )
    return records


def rare_paths(rules: Rules, shoes: list[list[Card]], policy: Policy) -> Counter[str]:
    """How often each rare path occurred in these hands (by the engine)."""
    seen: Counter[str] = Counter()
    for shoe in shoes:
        e = engine_hand(rules, shoe, policy)
        seen["dealer natural"] += e.dealer_natural
        seen["void"] += e.void
        seen["seat natural"] += sum(
            1 for s in e.seat_cards if len(s) == 2 and natural_kind(*class_pair(s)) is not None
        )
        seen["thrown in"] += e.res.count(kernel.R_THROWN)
        seen["five cards"] += sum(1 for s in e.seat_cards if len(s) == 5)
        dealer_cards = class_cards_list(e.dealer)
        if len(dealer_cards) == 5 and hand_total(dealer_cards[:4], rules) == 16:
            seen["dealer 16 with four cards"] += 1
    return seen


def class_pair(classes: list[int]) -> tuple[Card, Card]:
    a, b = class_cards_list(classes)
    return a, b


def class_cards_list(classes: list[int]) -> list[Card]:
    """Distinct real cards for a list of classes, in order."""
    used: Counter[int] = Counter()
    out = []
    for c in classes:
        k = used[c]
        used[c] += 1
        rank = CLASS_LABELS[c] if c != TEN_CLASS else "TJQK"[(k // 4) % 4]
        out.append(Card(rank, SUITS[k % 4]))
    return out


#: two decks take seconds: the whole suite checks them, the fast tier the others
CONFIGS = [pytest.param("table", 2, marks=pytest.mark.slow), ("table", 1), ("one-on-one", 1)]


@pytest.mark.rule("T13")
@pytest.mark.rule("T14")
@pytest.mark.rule("T15")
@pytest.mark.rule("T16")
@pytest.mark.rule("T17")
@pytest.mark.rule("T18")
@pytest.mark.rule("O5")
@pytest.mark.rule("O8")
@pytest.mark.parametrize(("name", "decks"), CONFIGS)
@pytest.mark.slow
def test_stacked_shoes_hand_for_hand(name: str, decks: int) -> None:
    rules = preset(name, decks)
    rng = np.random.default_rng(zlib.crc32(f"{name}{decks}".encode()))
    modes = list(RANK_WEIGHTS)
    per_policy = HANDS_PER_PRESET // len(POLICIES)
    seen: Counter[str] = Counter()
    for make in POLICIES.values():
        policy = make(rules)
        shoes = [tilted_shoe(rng, decks, modes[h % len(modes)]) for h in range(per_policy)]
        flat = np.array([rank_class(c) for s in shoes for c in s], dtype=np.int64)
        compare(rules, policy, shoes, record(rules, policy, flat, per_policy, 0, 0))
        seen += rare_paths(rules, shoes, policy)
    needed = ["dealer natural", "seat natural", "five cards", "dealer 16 with four cards"]
    if rules.dealer_voids_15:
        needed += ["void"]
    if rules.free_hand:
        needed += ["thrown in"]
    if not rules.dealer_draws_16_with_four:
        needed.remove("dealer 16 with four cards")
    for path in needed:
        assert seen[path] >= 100, (path, seen)


@pytest.mark.rule("T12")
@pytest.mark.rule("O2")
@pytest.mark.parametrize(("name", "decks", "fresh"), [("table", 2, 0), ("table", 1, 1)])
def test_shuffled_shoe_reshuffles_and_matches_engine(name: str, decks: int, fresh: int) -> None:
    """Random shoes, hands following each other: T12 reshuffles exactly when fewer cards
    than ``reshuffle_below`` remain (or every hand with a fresh shoe), and every hand, replayed
    through the engine from the cards it drew, settles the same way."""
    rules = preset(name, decks)
    hands = 3000
    t = build_tables(rules, policy_for(rules), fresh_shoe=bool(fresh))
    shoe = kernel.full_shoe(decks)
    res, net, cards, dealer, info = record_arrays(rules, hands)
    # One hand per call, keeping the shoe and the random stream between calls, so that each
    # hand's cards can be read back from the shoe array before the next hand reshuffles it.
    drawn: list[list[int]] = []
    kernel_rng = kernel.rng_states(7, 1)[0]
    st_prev_end = shoe.shape[0]
    reshuffles = 0
    for h in range(hands):
        one = tuple(a[h : h + 1] for a in (res, net, cards, dealer, info))
        kernel.record_hands(t, shoe, kernel_rng, 1, 0, st_prev_end, one)
        start, used = int(info[h, kernel.I_START]), int(info[h, kernel.I_USED])
        expect_shuffle = fresh or shoe.shape[0] - st_prev_end < rules.reshuffle_below()
        assert start == (0 if expect_shuffle else st_prev_end)
        reshuffles += start == 0
        drawn.append([int(c) for c in shoe[start : start + used]])
        st_prev_end = start + used
    assert reshuffles >= (hands if fresh else 20)
    policy = policy_for(rules)
    shoes = [class_cards_list(d) for d in drawn]
    compare(rules, policy, shoes, (res, net, cards, dealer, info))


@pytest.mark.rule("H5")
@pytest.mark.rule("H18")
@pytest.mark.parametrize("base", ["table", "one-on-one"])
def test_seven_seven_seven_hand_for_hand(base: str) -> None:
    """H5: a house paying 7-7-7, on shoes heavy in sevens: three sevens wait for the dealer
    and win 7 to 1 unless the dealer ends on 21 (a push), in the kernel as in the engine."""
    from banluck.games.house import read_house

    rules = read_house({"base": base, "rules": {"seven_seven_seven": 7}}).record()
    rng = np.random.default_rng(zlib.crc32(f"sevens{base}".encode()))
    cards = list(ONE_DECK * rules.decks)
    policy = greedy  # draws below 21: two sevens draw a third
    weights = np.array([12.0 if c.rank == "7" else 1.0 for c in cards])
    shoes = []
    for _ in range(3000):
        keys = np.log(rng.random(len(cards))) / weights
        shoes.append([cards[i] for i in np.argsort(-keys, kind="stable")])
    flat = np.array([rank_class(c) for s in shoes for c in s], dtype=np.int64)
    res, net, seat_cards, dealer, info = record(rules, policy, flat, len(shoes), 0, 0)
    compare(rules, policy, shoes, (res, net, seat_cards, dealer, info))
    sevens = [
        (h, i)
        for h in range(len(shoes))
        for i in range(len(rules.seats))
        if [c for c in seat_cards[h, i] if c >= 0] == [6, 6, 6]
    ]
    paid = sum(1 for h, i in sevens if net[h, i] == 7)
    pushed = sum(1 for h, i in sevens if net[h, i] == 0)
    assert paid >= 50 and pushed >= 1 and paid + pushed == len(sevens), (paid, pushed, len(sevens))
