"""Invariants of kampung rounds on random shoes and random choices (Hypothesis).

Chips are conserved (K3 / K23), no card is dealt twice (K4), no view shows a face-down card or
a hidden bust to another seat (K11 / K17), and the bank passes as K2 says.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.seating import seating_for
from banluck.core.shoe import Shoe
from banluck.games.kampung.decisions import PlayerDecision
from banluck.games.kampung.events import CardDealt, CardsBurnt, HandSettled, HandTurned
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.replay import round_again
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG
from banluck.games.kampung.table import KampungTable
from banluck.games.kampung.views import view_for

stacks = st.integers(min_value=0, max_value=3000) | st.sampled_from([0, 50, 99, 100, 10**6])


@st.composite
def rounds(draw: st.DrawFn) -> tuple[KampungRound, random.Random]:
    """A dealt round: random banker, stacks (T9 applied), your bet, deck count and shoe."""
    seed = draw(st.integers(min_value=0, max_value=2**32))
    banker = draw(st.sampled_from(KAMPUNG.seats))
    rules = KAMPUNG.with_decks(draw(st.sampled_from([1, 2])))
    seating = seating_for(rules)
    stack = {s: seating.fresh_stack_for(rules, s, draw(stacks), banker) for s in rules.seats}
    bet = min(draw(st.integers(min_value=10, max_value=500)), stack["you"])
    players = [
        PlayerEntry(s, stack[s], bet if s == "you" else seating.bot_bet)
        for s in rules.players(banker)
    ]
    rng = random.Random(seed)
    shoe = Shoe(rules.decks, rng)
    r = KampungRound.start(rules, shoe, banker=banker, bank_stack=stack[banker], players=players)
    return r, rng


def check_views(r: KampungRound) -> None:
    """K11 / K17: what every seat's view may hold."""
    burnt = {e.seat for e in r.events if isinstance(e, CardsBurnt)}
    for viewer in r.rules.seats:
        v = view_for(r, viewer)
        assert v.legal_actions == (r.legal_actions() if r.to_act == viewer else ())
        for h in v.players:
            real = r.player(h.seat)
            if h.seat != viewer and not real.turned:
                assert all(c is None for c in h.cards)
                assert h.total is None and h.kind is None
                # a hidden bust is never settled, nor shown, before it is opened
                assert h.result is None or real.result is not None
        if viewer != r.banker and not r.bank.turned:
            assert all(c is None for c in v.bank.cards) and v.bank.total is None
        dealt: Counter[str] = Counter()
        for e in v.events:
            if isinstance(e, CardDealt):
                index = dealt[e.seat]
                dealt[e.seat] += 1
                if e.card is not None and e.seat != viewer and not e.face_up:
                    owner_turned = r.bank.turned if e.seat == r.banker else r.player(e.seat).turned
                    assert owner_turned or (e.seat in burnt and index < 2)
            if isinstance(e, HandTurned) and e.seat != r.banker:
                assert r.player(e.seat).turned


def check_decision(r: KampungRound) -> None:
    d = r.decision()
    assert d.legal == frozenset(r.legal_actions())
    seen = d.others if isinstance(d, PlayerDecision) else d.hands
    for h in seen:
        assert h.seat != d.seat
        assert (h.cards is not None) == r.player(h.seat).turned


def play_out(r: KampungRound, rng: random.Random, *, check: bool) -> None:
    while r.to_act is not None:
        if check:
            check_views(r)
            check_decision(r)
        r.apply(rng.choice(r.legal_actions()))
    if check:
        check_views(r)


@settings(max_examples=300, deadline=None)
@given(rounds())
def test_chips_are_conserved_and_caps_are_exact(dealt: tuple[KampungRound, random.Random]) -> None:
    """K3 / K23: the bank gains what the players lose; a win is short only when the bank is
    empty, a loss only when the player's stack is; ``owed`` is what the rules move."""
    r, rng = dealt
    start_bank = r.bank.start_stack
    play_out(r, rng, check=False)
    out = r.outcome()
    assert sum(s.net for s in out.seats) + out.bank.net == 0
    assert out.bank.stack == start_bank + out.bank.net >= 0
    for e in r.events:
        if isinstance(e, HandSettled):
            w = e.wager
            due = e.multiple * w.stake
            assert e.owed == (due if w.result in ("win", "lose", "forfeit") else 0)
            if w.result == "win":
                assert 0 <= w.net <= due and (w.net == due or e.bank_stack == 0)
            elif w.result in ("lose", "forfeit"):
                assert 0 <= -w.net <= due and (-w.net == due or e.stack == 0)
            else:
                assert w.net == 0
    for s in out.seats:
        assert s.stack >= 0 and s.result is not None
        if s.result == "forfeit":
            assert s.net == -min(s.bet, s.stack - s.net)


@settings(max_examples=300, deadline=None)
@given(rounds())
def test_no_card_is_dealt_twice(dealt: tuple[KampungRound, random.Random]) -> None:
    """K4: every card drawn once from its shoe; ``cards_used`` counts them all."""
    r, rng = dealt
    play_out(r, rng, check=False)
    cards = [e.card for e in r.events if isinstance(e, CardDealt)]
    assert len(cards) == r.cards_used == r.shoe.drawn
    assert max(Counter(cards).values()) <= r.rules.decks
    held = [*r.bank.cards, *r.bank.burnt]
    for h in r.hands:
        held += [*h.cards, *h.burnt]
    assert Counter(held) == Counter(cards)


@settings(max_examples=200, deadline=None)
@given(rounds())
def test_no_view_shows_a_hidden_card_or_a_hidden_bust(
    dealt: tuple[KampungRound, random.Random],
) -> None:
    """K11 / K17, at every decision point and at the end."""
    r, rng = dealt
    play_out(r, rng, check=True)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32),
    st.lists(st.sampled_from([100, 150, 1000, 5000]), min_size=4, max_size=4),
)
def test_rotation_passes_the_bank_as_k2_says(seed: int, start: list[int]) -> None:
    """K2: dealer → you → anna → ben → dealer, every 5 hands or at once when empty."""
    rules = KAMPUNG.with_bank("rotate")
    rng = random.Random(seed)
    t = KampungTable(rules, rng=rng, stacks=dict(zip(rules.seats, start, strict=True)))
    assert t.banker == "dealer"
    held = 0
    for _ in range(25):
        banker = t.banker
        r = t.start_round(min(100, t.stacks["you"]) if t.stacks["you"] >= 10 else 100)
        play_out(r, rng, check=False)
        out = t.finish_round(r)
        held += 1
        if out.bank.stack == 0 or held == rules.rotate_every:
            assert t.banker == rules.next_banker(banker)
            held = 0
        else:
            assert t.banker == banker
        assert t.hands_banked == held


@settings(max_examples=100, deadline=None)
@given(rounds())
def test_a_round_replays_from_its_cards_and_actions(
    dealt: tuple[KampungRound, random.Random],
) -> None:
    """A saved hand (its cards and choices) plays again to the same outcome."""
    r, rng = dealt
    play_out(r, rng, check=False)
    again = round_again(
        r.rules,
        r.drawn(),
        banker=r.banker,
        bank_stack=r.bank.start_stack,
        players=r.entries,
        actions=r.actions(),
    )
    assert again.outcome() == r.outcome()
    assert again.events == r.events
