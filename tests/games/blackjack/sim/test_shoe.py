"""The simulator's real shoe: I1's burn, cut card and hand numbers; C8's reshuffle before a
hand and the discards shuffled in mid-hand; ``--fresh-shoe``. Every hand dealt from the
shuffled shoe, replayed through the engine from the cards it drew, settles alike."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from banluck.core.cards import POINTS
from banluck.games.blackjack.decisions import Decision
from banluck.games.blackjack.rules import CLASSIC, INFINITE, BlackjackRules
from banluck.games.blackjack.sim import kernel
from banluck.games.blackjack.sim.kernel import (
    A_MID_RESHUFFLES,
    I_DEALER_N,
    I_HAND_NO,
    I_START,
    I_USED,
)
from banluck.games.blackjack.sim.shoe import S_END, S_P
from banluck.games.blackjack.sim.tables import build_tables, id_card
from banluck.games.blackjack.strategy.play import policy_for
from tests.games.blackjack.sim.helpers import engine_hand


def _one_by_one(rules: BlackjackRules, hands: int, *, fresh: bool, seed: int) -> list[Any]:
    """Play ``hands`` hands in one shoe, one call each, noting the shoe before each hand and
    the cards each hand drew."""
    tables = build_tables(rules, policy_for(rules), fresh_shoe=fresh)
    shoe = kernel.full_shoe(rules.decks)
    st = kernel.new_state(tables)
    rng = kernel.rng_states(seed, 1)[0]
    out = []
    for _ in range(hands):
        before = (int(st[S_P]), int(st[S_END]))
        outs, acc = kernel.record(tables, shoe, 1, rng=rng, st=st)
        info = outs[8][0]
        start, used = int(info[I_START]), int(info[I_USED])
        drawn = [int(c) for c in shoe[start : start + used]]
        burnt = [int(c) for c in shoe[:start]] if info[I_HAND_NO] == 1 else []
        out.append((before, info.copy(), drawn, burnt, outs, int(acc[A_MID_RESHUFFLES])))
        assert sorted(shoe.tolist()) == sorted(kernel.full_shoe(rules.decks).tolist())
    return out


@pytest.mark.rule("I1")
def test_infinite_burn_cut_card_and_hand_numbers() -> None:
    rules = INFINITE
    n = rules.shoe_size
    played = _one_by_one(rules, 600, fresh=False, seed=11)
    shuffles = 0
    last_end = None
    last_no = 0
    for (p, _end), info, _drawn, burnt, _outs, _mid in played:
        no = int(info[I_HAND_NO])
        cut_out = last_end is not None and last_end >= n - 78
        if last_end is None or cut_out:
            # A new shoe: the first card is burnt with as many more as its value.
            assert no == 1
            shuffles += 1
            assert len(burnt) == 1 + POINTS[id_card(burnt[0]).rank]
            assert info[I_START] == len(burnt)
        else:
            assert no == last_no + 1 and info[I_START] == p
        last_end = int(info[I_START] + info[I_USED])
        last_no = no
    assert shuffles >= 8
    assert max(int(i[I_HAND_NO]) for _, i, *_ in played) > 45  # past every side bet's limit


@pytest.mark.rule("C8")
def test_classic_reshuffles_below_26_cards() -> None:
    rules = CLASSIC
    played = _one_by_one(rules, 600, fresh=False, seed=12)
    shuffles = 0
    for i, ((p, end), info, _drawn, _burnt, _outs, _mid) in enumerate(played):
        if i == 0 or end - p < 26:
            assert info[I_START] == 0 and info[I_HAND_NO] == 1
            shuffles += 1
        else:
            assert info[I_START] == p
    assert shuffles >= 40


@pytest.mark.rule("I1")
@pytest.mark.rule("C8")
@pytest.mark.parametrize("rules", [CLASSIC, INFINITE], ids=lambda r: r.name)
@pytest.mark.parametrize("fresh", [False, True])
def test_shuffled_hands_replay_through_the_engine(rules: BlackjackRules, fresh: bool) -> None:
    """Every hand, replayed through the engine from the cards it drew (and its number in
    the shoe), settles the same way; with a fresh shoe every hand is hand 1 of a shoe."""
    policy = policy_for(rules)
    policies = {s: policy for s in rules.seats}
    played = _one_by_one(rules, 400, fresh=fresh, seed=13 + fresh)
    for _before, info, drawn, _burnt, outs, mid in played:
        if mid:
            continue  # the pack ran out: the hand's cards are not in one run of the array
        no = int(info[I_HAND_NO])
        if fresh:
            assert no == 1 and info[I_START] == 0
        seats, dealer, used = engine_hand(rules, [id_card(c) for c in drawn], policies, no)
        assert used == info[I_USED]
        assert dealer == [c for c in outs[7][0] if c >= 0]
        for i, e in enumerate(seats):
            assert outs[0][0, i] == e.net
            assert list(outs[6][0, i]) == e.side


def _greedy(d: Decision) -> str:
    """Hit below 21 and split every pair: hands that use many cards."""
    if "split" in d.legal:
        return "split"
    return "hit" if d.total < 21 else "stand"


@pytest.mark.rule("C8")
def test_classic_pack_runs_out_mid_hand_and_takes_the_discards() -> None:
    """C8: a hand that empties the pack goes on with the earlier hands' cards, shuffled;
    the cards on the table stay, so no card is on the table twice. (The rule's 26 cards
    are lowered to 10 so that many hands run out.)"""
    rules = CLASSIC.replace(reshuffle_below=10)
    tables = build_tables(rules, _greedy)
    shoe = kernel.full_shoe(rules.decks)
    rng = kernel.rng_states(5, 1)[0]
    ran_out = 0
    for _ in range(300):
        st = kernel.new_state(tables)
        kernel.record(tables, shoe, 1, rng=rng, st=st)  # a first hand from a fresh shoe
        st[S_P] = rules.shoe_size - 10  # 10 cards left: no reshuffle before the next hand
        outs, acc = kernel.record(tables, shoe, 1, rng=rng, st=st)
        assert outs[9][0] == 0  # no error
        on_table = [int(c) for c in outs[5][0].ravel() if c >= 0]
        on_table += [int(c) for c in outs[7][0][: int(outs[8][0][I_DEALER_N])]]
        assert len(on_table) == outs[8][0][I_USED]
        assert max(Counter(on_table).values()) <= rules.decks
        ran_out += int(acc[A_MID_RESHUFFLES])
        assert sorted(shoe.tolist()) == sorted(kernel.full_shoe(rules.decks).tolist())
        # The shoe goes on from there (the pack moved back in place between hands).
        outs, acc = kernel.record(tables, shoe, 12, rng=rng, st=st)
        assert not outs[9].any()
        for h in range(12):
            cards = [int(c) for c in outs[5][h].ravel() if c >= 0]
            cards += [int(c) for c in outs[7][h][: int(outs[8][h][I_DEALER_N])]]
            assert max(Counter(cards).values()) <= rules.decks
        assert sorted(shoe.tolist()) == sorted(kernel.full_shoe(rules.decks).tolist())
    assert ran_out >= 100


def test_infinite_never_reshuffles_mid_hand() -> None:
    tables = build_tables(INFINITE, policy_for(INFINITE))
    acc = kernel.run(tables, 50_000, kernel.rng_states(3, 1)[0])
    assert acc[A_MID_RESHUFFLES] == 0 and acc[kernel.A_ERROR] == 0
    assert acc[kernel.A_SHUFFLES] >= 50_000 // 80


def test_side_bets_follow_the_hand_limits() -> None:
    """I10: in the real shoe, ``pairs`` is placed on hands 1–40 and the others on 1–45."""
    played = _one_by_one(INFINITE, 300, fresh=False, seed=21)
    for _before, info, _drawn, _burnt, outs, _mid in played:
        no = int(info[I_HAND_NO])
        placed = [int(x) >= 0 for x in outs[6][0, 0]]
        assert placed == [no <= 40, no <= 45, no <= 45, no <= 45]
