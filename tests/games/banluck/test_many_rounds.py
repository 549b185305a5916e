"""100,000 random legal rounds per preset, at a Table, without an error (issue 2).

Every choice is drawn at random from ``legal_actions()``, the bet at random from what T8 / O1
allow, so every path of the state machine is walked many times. Each round is checked for
conservation of chips, no stack below zero, the card bound and a settled outcome.
"""

from __future__ import annotations

import random

import pytest

from banluck.games.banluck import Action, preset
from banluck.games.banluck.events import Result
from banluck.games.banluck.table import Table
from tests.test_properties import card_bound, check_dealer_rule

ROUNDS = 100_000


@pytest.mark.slow  # seconds: left out of test.sh --fast
@pytest.mark.parametrize("name", ["table", "one-on-one"])
def test_many_random_legal_rounds(name: str) -> None:
    rules = preset(name)
    rng = random.Random(f"many rounds {name}")
    t = Table(rules, rng=rng)
    you = rules.seats[0]
    bound = card_bound(rules)
    bank = given = 0
    results: dict[Result, int] = dict.fromkeys(Result, 0)
    reshuffles = 0
    in_order: dict[frozenset[Action], list[Action]] = {}  # legal sets, sorted once
    for i in range(ROUNDS):
        stack = t.seating.fresh_stack_for(rules, you, t.stacks[you])
        top = min(rules.bet_max, stack // rules.bet_cover)
        before = dict(t.stacks)
        r = t.start_round(rng.randint(rules.bet_min, top))
        given += sum(r.stacks.values()) - sum(before.values())
        reshuffles += t.last_start.reshuffled
        while r.to_act is not None:
            legal = r.legal_actions()
            choices = in_order.get(legal) or in_order.setdefault(legal, sorted(legal))
            r.apply(rng.choice(choices))
        out = t.finish_round(r)
        bank += out.bank_net
        for s in out.seats:
            assert s.stack == r.stacks[s.name] + s.net >= 0, (i, s)
            assert s.result is not None
            results[s.result] += 1
            if s.result is Result.WIN:
                assert s.net > 0
            elif s.result is Result.LOSE:
                assert s.net < 0 or r.stacks[s.name] == 0
            else:
                assert s.net == 0
        assert out.cards_used <= bound, (i, out)
        if i % 16 == 0:  # the dealer's rule, on a sample (it walks the dealer's hand again)
            check_dealer_rule(rules, out)
    # chips are conserved over the whole run: the seats' stacks and the bank's winnings add
    # up to the stacks the seats started with and were given (T9)
    assert sum(t.stacks.values()) + bank == len(rules.seats) * rules.fresh_stack + given
    # every way a hand can end happened, many times
    assert results[Result.WIN] > ROUNDS // 10 and results[Result.LOSE] > ROUNDS // 10
    assert results[Result.PUSH] > 100
    if rules.dealer_voids_15:
        assert results[Result.VOID] > 100
    if rules.free_hand:
        assert results[Result.THROWN_IN] > 100
    assert reshuffles > (ROUNDS - 1 if rules.shuffle_every_hand else ROUNDS // 20)
