"""Property tests (Hypothesis) over random shoes, stacks, bets and legal choices.

Both presets, one and two decks. For every round: chips are conserved and every settlement
agrees with an independent reading of T14–T21; no stack goes below zero; the round ends
within a bound of cards; replaying it from its cards and actions gives the same events; and at
every step no view holds a card T22 hides from its seat.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core import Card, Shoe
from banluck.core.seating import seating_for
from banluck.games.banluck import Action, HandKind, Round, Rules, SeatEntry, preset, view_for
from banluck.games.banluck.events import (
    DEALER,
    ActionTaken,
    CardDealt,
    DrawReason,
    HandRevealed,
    HandSettled,
    Result,
)
from banluck.games.banluck.hands import hand_total, natural_kind
from banluck.games.banluck.records import Outcome
from banluck.games.banluck.rules import TABLE_SEATING
from banluck.games.banluck.table import Table
from banluck.games.banluck.views import SeatView

# (preset, decks): every combination the presets allow
VARIANTS = [("table", 2), ("table", 1), ("one-on-one", 1)]


def card_bound(rules: Rules) -> int:
    """The most cards a round can use.

    With a five-card dealer (``table``) it is 5 x (seats + 1), as the issue says. One-on-one's
    dealer has no card limit (O8): with one deck it holds at most 10 cards (its first ten
    cards, aces counting 1, would be at least A A A A 2 2 2 2 3 3 = 18 >= 17), so a round uses
    at most 5 + 10 = 15 cards, more than 5 x (1 + 1) = 10; test_rules_one_on_one.py plays
    such a 15-card hand.
    """
    if rules.dealer_card_limit is not None:
        return 5 * (len(rules.seats) + 1)
    assert rules.decks == 1
    return rules.seat_card_limit * len(rules.seats) + 10


@st.composite
def round_setups(draw: st.DrawFn) -> tuple[Rules, int, list[SeatEntry], int]:
    """A preset and deck count, a shuffle seed, the seats' stacks and bets, a choice seed."""
    name, decks = draw(st.sampled_from(VARIANTS))
    rules = preset(name, decks)
    seating = seating_for(rules)
    seats = []
    for seat in seating.seats:
        raw = draw(st.integers(0, 5000))
        stack = seating.fresh_stack_for(rules, seat, raw)  # T9
        if seating.is_bot(seat):
            bet = seating.bot_bet
        else:
            want = draw(st.integers(rules.bet_min, rules.bet_max))
            bet = max(rules.bet_min, min(want, stack // rules.bet_cover))
        seating.check_bet(rules, seat, bet, stack)
        seats.append(SeatEntry(seat, stack, bet))
    return rules, draw(st.integers(0, 2**32)), seats, draw(st.integers(0, 2**32))


# ------------------------------------------------------------------ an independent referee


def expected_settlement(rules: Rules, out: Outcome, seat_index: int) -> tuple[Result, int]:
    """T14–T21 / O5–O8 read from the final hands alone: the seat's result and multiple."""
    seat = out.seats[seat_index]
    d_cards, s_cards = out.dealer.cards, seat.cards
    d_nat = natural_kind(d_cards[0], d_cards[1]) if len(d_cards) == 2 else None
    s_nat = natural_kind(s_cards[0], s_cards[1]) if len(s_cards) == 2 else None
    mult = {HandKind.BAN_BAN: 3, HandKind.BAN_LUCK: 2}
    if d_nat is not None:  # T14
        if s_nat is None:
            return Result.LOSE, mult[d_nat]
        if s_nat is d_nat:
            return Result.PUSH, 0
        if s_nat is HandKind.BAN_BAN:
            return Result.WIN, 3
        return Result.LOSE, mult[d_nat]
    if rules.dealer_voids_15 and len(d_cards) == 2 and hand_total(d_cards, rules) == 15:
        return Result.VOID, 0  # T15
    if s_nat is not None:
        return Result.WIN, mult[s_nat]  # T16
    s_total = hand_total(s_cards, rules)
    if seat.result is Result.THROWN_IN:  # T16: only a free hand may be thrown in
        assert rules.free_hand and len(s_cards) == 2 and s_total == 15
        return Result.THROWN_IN, 0
    if s_total > 21:  # T16 / O6
        return Result.LOSE, (2 if len(s_cards) == 5 and rules.name == "table" else 1)
    d_total = hand_total(d_cards, rules)
    s_dragon = len(s_cards) == 5
    own = (3 if s_total == 21 else 2) if s_dragon else 1
    d_dragon = len(d_cards) == 5 and rules.name == "table"  # O8: not special one-on-one
    d_mult = (3 if d_total == 21 else 2) if d_dragon else 1
    if d_total > 21:
        return Result.WIN, own
    if d_dragon and not s_dragon:
        return Result.LOSE, d_mult
    if s_dragon and not d_dragon:
        return Result.WIN, own  # T18 / O7: a five-card hand beats a plain total
    if s_total > d_total:
        return Result.WIN, own
    if s_total < d_total:
        return Result.LOSE, d_mult
    return Result.PUSH, 0


def check_dealer_rule(rules: Rules, out: Outcome) -> None:
    """T17 / O8: the dealer draws only when a seat waits for it, and stops where its rule says."""
    d = out.dealer.cards
    plain = (HandKind.PLAIN, HandKind.FIVE_DRAGON)
    waiting = not out.void and any(
        s.kind in plain and s.result is not Result.THROWN_IN for s in out.seats
    )
    if not waiting:
        assert len(d) == 2  # T17: turned over, draws nothing
        return
    stand = rules.dealer_stands_on
    five = rules.name == "table"  # the table dealer's five-card limit and 16-with-four rule
    total = hand_total(d, rules)
    if len(d) > 2:
        before = hand_total(d[:-1], rules)
        assert before < stand or (five and before == 16 and len(d) == 5), d
    assert total >= stand or (five and len(d) == 5), d
    if five:
        assert len(d) <= 5 and not (total == 16 and len(d) == 4), d


# ------------------------------------------------------------------ T22, independently


def walk_cards(obj: Any) -> Iterator[Card]:
    """Every Card anywhere inside a view: dataclass fields, tuples, lists, sets, dicts."""
    if isinstance(obj, Card):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from walk_cards(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            yield from walk_cards(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk_cards(k)
            yield from walk_cards(v)


def check_view(r: Round, viewer: str, view: SeatView) -> None:
    """T22 from the rule's wording, over the raw events: a card is visible to ``viewer`` when
    it is the viewer's own (not the dealer's), dealt face up, or its hand has been turned
    over; everything else must be absent from the view, in every field."""
    revealed: set[str] = set()
    visible_event: list[bool] = []
    for e in r.events:
        if isinstance(e, HandRevealed):
            revealed.add(e.seat)
        visible_event.append(
            not isinstance(e, CardDealt) or e.face_up or e.seat == viewer or e.seat in revealed
        )
    # Another hand's forced draw must not say it was forced (its total is hidden, and
    # "forced" would tell it is under 16): it is seen as a hit, an action and a draw.
    seen_events = iter(view.events)
    expected: Counter[Card] = Counter()
    for raw, ok in zip(r.events, visible_event, strict=True):
        seen = next(seen_events)
        if isinstance(raw, CardDealt):
            reason = raw.reason
            if not ok and raw.reason is DrawReason.FORCED:
                assert seen == ActionTaken(raw.seat, Action.HIT)
                seen = next(seen_events)
                reason = DrawReason.HIT
            assert isinstance(seen, CardDealt)
            assert (seen.seat, seen.face_up, seen.reason) == (raw.seat, raw.face_up, reason)
            assert seen.card == (raw.card if ok else None)
            if ok:
                assert raw.card is not None
                expected[raw.card] += 1
        else:
            assert seen == raw
            if isinstance(raw, HandRevealed):
                expected.update(raw.cards)
    assert next(seen_events, None) is None, "the view has events the round does not"
    faces: dict[str, list[bool]] = {}
    for e in r.events:
        if isinstance(e, CardDealt):
            faces.setdefault(e.seat, []).append(e.face_up)
    for hv in (*view.hands, view.dealer):
        cards = r.hands[hv.name]
        assert len(hv.cards) == len(cards)
        for i, (real, shown) in enumerate(zip(cards, hv.cards, strict=True)):
            ok = faces[hv.name][i] or hv.name == viewer or hv.name in revealed
            assert shown == (real if ok else None), (viewer, hv.name, i)
            if ok:
                expected[real] += 1
        full = all(c is not None for c in hv.cards)
        if not full:  # a total or kind would tell a hidden card
            assert hv.total is None and hv.kind is None
        assert hv.revealed == (hv.name in revealed)
    assert Counter(walk_cards(view)) == expected, viewer


def play_checked(rules: Rules, shoe_seed: int, seats: list[SeatEntry], choice_seed: int) -> Round:
    """Play one round with random legal choices, checking every view at every step."""
    r = Round.start(rules, Shoe(rules.decks, random.Random(shoe_seed)), seats)
    rng = random.Random(choice_seed)
    steps = 0
    while True:
        for seat in rules.seats:
            check_view(r, seat, view_for(r, seat))
        if r.to_act is None:
            break
        legal = sorted(r.legal_actions())
        assert legal, "a seat to act has a choice"
        r.apply(rng.choice(legal))
        steps += 1
        assert steps <= 4 * len(rules.seats), "a seat makes at most 4 choices"
    return r


@settings(max_examples=400, deadline=None)
@given(round_setups())
def test_properties_of_a_random_round(setup: tuple[Rules, int, list[SeatEntry], int]) -> None:
    rules, shoe_seed, seats, choice_seed = setup
    r = play_checked(rules, shoe_seed, seats, choice_seed)
    assert r.is_over and r.to_act is None and r.legal_actions() == frozenset()
    out = r.outcome()
    # the round ends within its bound of cards
    assert 2 * (len(rules.seats) + 1) <= out.cards_used <= card_bound(rules)
    # chips are conserved: what the seats win the bank pays, and the reverse
    settlements = [e for e in r.events if isinstance(e, HandSettled)]
    assert sorted(e.seat for e in settlements) == sorted(rules.seats)  # each once
    assert sum(e.net for e in settlements) == -out.bank_net
    for entry, s in zip(seats, out.seats, strict=True):
        assert s.stack == entry.stack + s.net >= 0  # no stack below zero (T20)
        result, multiple = expected_settlement(rules, out, rules.seats.index(s.name))
        assert (s.result, s.multiple) == (result, multiple), (out, s.name)
        if result is Result.WIN:
            assert s.net == multiple * entry.bet  # T19
        elif result is Result.LOSE:
            assert s.net == -min(multiple * entry.bet, entry.stack)  # T20
        else:
            assert s.net == 0
    assert out.void == any(s.result is Result.VOID for s in out.seats)
    check_dealer_rule(rules, out)
    # replaying the round from the cards it drew and its actions gives the same events
    again = Round.replay(rules, r.drawn, seats, r.actions)
    assert again.events == r.events
    assert again.outcome() == out


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.integers(0, 2**32),
    st.lists(st.integers(0, 600), min_size=10, max_size=60),
)
def test_properties_of_a_table_over_many_hands(
    variant: tuple[str, int], seed: int, bets: list[int]
) -> None:
    """Stacks carried between hands (T9, T10, T12): each hand's stacks are the last hand's
    plus its nets (after fresh stacks), never below zero, and the bank pays what seats win."""
    rules = preset(*variant)
    t = Table(rules, rng=random.Random(seed))
    rng = random.Random(seed + 1)
    bank = 0
    given_out = 0
    for want in bets:
        you = t.seating.fresh_stack_for(rules, rules.seats[0], t.stacks[rules.seats[0]])
        bet = max(rules.bet_min, min(want, rules.bet_max, you // rules.bet_cover))
        before = dict(t.stacks)
        r = t.start_round(bet)
        given_out += sum(r.stacks[s] - before[s] for s in rules.seats)  # T9
        assert all(r.stacks[s] in (before[s], rules.fresh_stack) for s in rules.seats)
        while r.to_act is not None:
            r.apply(rng.choice(sorted(r.legal_actions())))
        out = t.finish_round(r)
        bank += out.bank_net
        assert all(t.stacks[s.name] == r.stacks[s.name] + s.net >= 0 for s in out.seats)
        assert out.cards_used <= card_bound(t.rules)
    total = sum(t.stacks.values())
    assert total + bank == len(rules.seats) * rules.fresh_stack + given_out


def test_card_bound_is_the_issue_bound_for_the_table() -> None:
    assert card_bound(preset("table")) == 20 == preset("table").max_cards_per_hand()
    assert card_bound(preset("one-on-one")) == 15 <= preset("one-on-one").max_cards_per_hand()


def test_the_t22_check_catches_a_planted_card() -> None:
    """The T22 check is only as good as its model and walker: an honest view passes, and a
    hidden card planted in a hand, an event, or any other field fails it."""
    rules = preset("table")
    shoe = Shoe.stacked(["TS", "9H", "8C", "7D", "6S", "5H", "4C", "3D"], decks=2)
    seats = [SeatEntry(s, 1000, 50 if TABLE_SEATING.is_bot(s) else 10) for s in rules.seats]
    r = Round.start(rules, shoe, seats)
    assert r.to_act == "you"
    v = view_for(r, "you")
    check_view(r, "you", v)
    hole = r.hands[DEALER][1]
    i = next(k for k, e in enumerate(r.events) if isinstance(e, CardDealt) and e.seat == "anna")
    plants = [
        dataclasses.replace(v, dealer=dataclasses.replace(v.dealer, cards=(None, hole))),
        dataclasses.replace(v, events=(*v.events[:i], r.events[i], *v.events[i + 1 :])),
        dataclasses.replace(v, legal_actions=frozenset({hole})),  # type: ignore[arg-type]
        dataclasses.replace(v, dealer=dataclasses.replace(v.dealer, total=r.total(DEALER))),
    ]
    for planted in plants:
        try:
            check_view(r, "you", planted)
        except AssertionError:
            continue
        raise AssertionError(f"not caught: {planted}")
