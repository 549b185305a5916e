"""Properties of the simulator's hands (Hypothesis): I2's common row, no card twice on the
table, and nets that only the rules' payouts make."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.games.blackjack.rules import CLASSIC, INFINITE, BlackjackRules
from banluck.games.blackjack.sim import kernel
from banluck.games.blackjack.sim.kernel import I_DEALER_N, I_ROW_N, I_USED
from banluck.games.blackjack.sim.tables import SimTables, build_tables
from tests.games.blackjack.sim.helpers import scrambled

HANDS = 200
SALTS = ("a", "b", "c")


@cache
def _tables(rules: BlackjackRules, salt: str) -> SimTables:
    """Tables for scrambled policies that differ by seat (built once per salt)."""
    return build_tables(rules, {s: scrambled(salt + s) for s in rules.seats})


def _draws(hcards: list[list[int]], nh: int) -> list[int]:
    """The cards a seat drew after its first two, in the order it drew them: hand 0's, then
    (after a split) hand 1's, each split hand's second card first."""
    if nh == 1:
        return hcards[0][2:]
    return hcards[0][1:] + hcards[1][1:]


@pytest.mark.slow  # seconds: left out of test.sh --fast
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), salt=st.sampled_from(SALTS))
def test_i2_every_seat_draws_from_one_common_row(seed: int, salt: str) -> None:
    """I2: the seats' first two cards are the same, and each seat's n-th drawn card is the
    n-th card of one row (seats that play differently take fewer or more of it)."""
    rules = INFINITE
    tables = _tables(rules, salt)
    rng = kernel.rng_states(seed, 1)[0]
    outs, _acc = kernel.record(tables, kernel.full_shoe(rules.decks), HANDS, rng=rng)
    hcards, nh, info = outs[5], outs[4], outs[8]
    for h in range(HANDS):
        firsts = set()
        seqs = []
        for i in range(3):
            cards = [[int(c) for c in hcards[h, i, k] if c >= 0] for k in range(2)]
            firsts.add((cards[0][0], cards[1][0] if nh[h, i] == 2 else cards[0][1]))
            seqs.append(_draws(cards, int(nh[h, i])))
        assert len(firsts) == 1
        row = max(seqs, key=len)
        assert len(row) == info[h, I_ROW_N]
        for seq in seqs:
            assert seq == row[: len(seq)]


@pytest.mark.slow  # seconds: left out of test.sh --fast
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), infinite=st.booleans())
def test_no_card_twice_and_nets_the_rules_pay(seed: int, infinite: bool) -> None:
    """No card is on the table more often than the decks hold it (I2's shared cards count
    once); every hand's net is a payout the rules know (half bets at 3 to 2: a blackjack 3, a
    surrender -1, a win or loss 2 or 4 with a double, a push 0)."""
    rules = INFINITE if infinite else CLASSIC
    tables = _tables(rules, SALTS[seed % len(SALTS)])
    rng = kernel.rng_states(seed, 1)[0]
    outs, acc = kernel.record(tables, kernel.full_shoe(rules.decks), HANDS, rng=rng)
    assert acc[kernel.A_ERROR] == 0
    hnet, nh, hcards, dealer, info = outs[1], outs[4], outs[5], outs[7], outs[8]
    for h in range(HANDS):
        table: list[int] = [int(c) for c in dealer[h][: int(info[h, I_DEALER_N])]]
        hands: list[list[list[int]]] = [
            [[int(c) for c in hcards[h, i, k] if c >= 0] for k in range(2)] for i in range(3)
        ]
        if rules.shared_cards:
            cards = hands[0]
            table += [cards[0][0], cards[1][0] if nh[h, 0] == 2 else cards[0][1]]
            draws: list[list[int]] = [_draws(hands[i], int(nh[h, i])) for i in range(3)]
            row: list[int] = max(draws, key=len)
            table += row
        else:
            table += [c for seat in hands for hand in seat for c in hand]
        assert len(table) == info[h, I_USED]
        assert max(Counter(table).values()) <= rules.decks
        for i in range(3):
            for k in range(int(nh[h, i])):
                assert int(hnet[h, i, k]) in {-4, -2, -1, 0, 2, 3, 4}
