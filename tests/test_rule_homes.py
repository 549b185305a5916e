"""Issue 7: one home for each rule. The core's rule functions (``choices``, ``dealer``,
``settle``, the class-level naturals and totals, ``grids``) on the rules' own cases; the
places where a compiled kernel must still read a rule a certain way, pinned to the core;
and ``Round.copy``, which lets a search walk the game tree.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core import Shoe
from banluck.core.cards import (
    CLASS_LABELS,
    CLASS_POINTS,
    N_CLASSES,
    ONE_DECK,
    POINTS,
    RANKS,
    Card,
    class_counts,
    rank_class,
)
from banluck.core.seating import seating_for
from banluck.games.banluck import Action, HandKind, Round, SeatEntry, grids, preset
from banluck.games.banluck.choices import HIT_STAND, MUST_DRAW, THROW_HIT, TURN_OVER, seat_choices
from banluck.games.banluck.dealer import dealer_draws, dealer_voids
from banluck.games.banluck.events import Result
from banluck.games.banluck.hands import class_natural, counts_total, hand_total, natural_kind
from banluck.games.banluck.rules import ONE_ON_ONE, TABLE, Rules
from banluck.games.banluck.settle import (
    against_dealer_natural,
    bust,
    natural_paid,
    showdown,
    stack_net,
)

BB, BL, FD, PLAIN = HandKind.BAN_BAN, HandKind.BAN_LUCK, HandKind.FIVE_DRAGON, HandKind.PLAIN


# ------------------------------------------------------------------ the rules' own cases


@pytest.mark.rule("T4")
def test_class_naturals_are_the_card_naturals() -> None:
    """T4 is written once on classes; every pair of real ranks reads it the same way."""
    for a in RANKS:
        for b in RANKS:
            first, second = Card(a, "S"), Card(b, "H")
            assert natural_kind(first, second) == class_natural(
                rank_class(first), rank_class(second)
            )


@pytest.mark.rule("T1")
def test_rank_classes_count_their_points() -> None:
    """T1: the kernels count class ``c`` as ``c + 1`` points (an ace 1): pinned here."""
    for rank in RANKS:
        assert CLASS_POINTS[rank_class(Card(rank, "S"))] == POINTS[rank]
        assert CLASS_LABELS[rank_class(Card(rank, "S"))] == ("T" if POINTS[rank] == 10 else rank)
    assert tuple(c + 1 for c in range(N_CLASSES)) == CLASS_POINTS


@pytest.mark.rule("T3")
def test_class_totals_are_hand_totals() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        cards = rng.sample(ONE_DECK * 2, rng.randint(1, 6))
        for rules in (TABLE, ONE_ON_ONE):
            assert counts_total(class_counts(cards), rules) == hand_total(cards, rules)


@pytest.mark.rule("T16")
@pytest.mark.rule("O6")
def test_seat_choices() -> None:
    assert seat_choices(TABLE, 15, 2) is THROW_HIT
    assert seat_choices(TABLE, 15, 3) is MUST_DRAW
    assert seat_choices(ONE_ON_ONE, 15, 2) is MUST_DRAW  # O6: no free hand
    assert seat_choices(TABLE, 16, 2) is HIT_STAND
    assert seat_choices(TABLE, 21, 5) is TURN_OVER  # T6: five cards stop
    assert seat_choices(TABLE, 22, 3) is TURN_OVER
    assert natural_paid(TABLE, BB) == (Result.WIN, 3)
    assert natural_paid(TABLE, BL) == (Result.WIN, 2)
    assert bust(TABLE, 5) == (Result.LOSE, 2) and bust(TABLE, 4) == (Result.LOSE, 1)
    assert bust(ONE_ON_ONE, 5) == (Result.LOSE, 1)


@pytest.mark.rule("T15")
@pytest.mark.rule("T17")
@pytest.mark.rule("O8")
def test_dealer_rule() -> None:
    assert dealer_voids(TABLE, 15, 2) and not dealer_voids(TABLE, 15, 3)
    assert not dealer_voids(ONE_ON_ONE, 15, 2)
    assert [t for t in range(4, 23) if dealer_draws(TABLE, t, 3)] == list(range(4, 16))
    assert dealer_draws(TABLE, 16, 4) and dealer_draws(ONE_ON_ONE, 16, 4) is not False
    assert not dealer_draws(TABLE, 10, 5)  # T17: the fifth card is the last
    assert dealer_draws(ONE_ON_ONE, 16, 9) and not dealer_draws(ONE_ON_ONE, 17, 3)


@pytest.mark.rule("T14")
@pytest.mark.rule("O5")
def test_against_dealer_natural() -> None:
    assert against_dealer_natural(TABLE, BB, BL) == (Result.WIN, 3)
    assert against_dealer_natural(TABLE, BL, BL) == (Result.PUSH, 0)
    assert against_dealer_natural(TABLE, BB, BB) == (Result.PUSH, 0)
    assert against_dealer_natural(TABLE, BL, BB) == (Result.LOSE, 3)
    assert against_dealer_natural(TABLE, None, BL) == (Result.LOSE, 2)


@pytest.mark.rule("T18")
@pytest.mark.rule("O7")
def test_showdown() -> None:
    assert showdown(TABLE, PLAIN, 18, HandKind.BUST, 24) == (Result.WIN, 1)
    assert showdown(TABLE, FD, 21, HandKind.BUST, 24) == (Result.WIN, 3)
    assert showdown(TABLE, PLAIN, 21, FD, 20) == (Result.LOSE, 2)
    assert showdown(TABLE, FD, 15, PLAIN, 21) == (Result.WIN, 2)
    assert showdown(TABLE, FD, 19, FD, 20) == (Result.LOSE, 2)  # two dragons: totals
    assert showdown(TABLE, FD, 21, FD, 21) == (Result.PUSH, 0)
    assert showdown(TABLE, PLAIN, 17, PLAIN, 18) == (Result.LOSE, 1)


@pytest.mark.rule("T19")
@pytest.mark.rule("T20")
def test_stack_net() -> None:
    assert stack_net(Result.WIN, 3, 50, 10) == 150
    assert stack_net(Result.LOSE, 3, 50, 100) == -100  # T20: no more than the stack
    assert stack_net(Result.VOID, 0, 50, 100) == 0


# ------------------------------------------------------------------ the kernels' grids


@pytest.mark.parametrize("rules", [TABLE, ONE_ON_ONE], ids=lambda r: r.name)
def test_opening_grid_matches_real_cards(rules: Rules) -> None:
    """T14 / T15: the dealer's two cards by class open the round as the engine's cards do."""
    r = rules
    grid = grids.opening_grid(r)
    for a in RANKS:
        for b in RANKS:
            pair = [Card(a, "S"), Card(b, "H")]
            code = grid[rank_class(pair[0])][rank_class(pair[1])]
            natural = natural_kind(*pair)
            if natural is not None:
                assert code == grids.NATURAL_CODE[natural]
            elif dealer_voids(r, hand_total(pair, r), 2):
                assert code == grids.OPEN_VOID
            else:
                assert code == grids.OPEN_PLAY


def _sign_result(v: int) -> Result:
    """How the simulator reads a grid cell: the sign of the bets won."""
    return Result.WIN if v > 0 else Result.LOSE if v < 0 else Result.PUSH


def _class_hands() -> list[tuple[int, HandKind, int]]:
    """Every outcome class with the kind and a total it stands for."""
    hands = [(grids.outcome_class(PLAIN, t), PLAIN, t) for t in range(22)]
    hands += [(grids.outcome_class(FD, t), FD, t) for t in range(5, 22)]
    return [*hands, (grids.BUST_CLASS, HandKind.BUST, 25)]


@pytest.mark.rule("T14")
@pytest.mark.rule("T18")
@pytest.mark.parametrize("rules", [TABLE, ONE_ON_ONE], ids=lambda r: r.name)
def test_grids_are_the_settlement_and_give_the_result_by_sign(rules: Rules) -> None:
    """The kernels' settlement grids equal ``showdown`` and ``against_dealer_natural``, and
    the result the simulator reads from a cell's sign is the core's result."""
    grid = grids.showdown_grid(rules)
    for seat, kind, total in _class_hands()[:-1]:
        for dealer, dealer_kind, dealer_total in _class_hands():
            result, multiple = showdown(rules, kind, total, dealer_kind, dealer_total)
            v = grid[seat][dealer]
            assert abs(v) == multiple and _sign_result(v) is result
    naturals = grids.natural_grid(rules)
    for mine in (None, BB, BL):
        for theirs in (BB, BL):
            result, multiple = against_dealer_natural(rules, mine, theirs)
            v = naturals[grids.NATURAL_CODE[mine]][grids.NATURAL_CODE[theirs]]
            assert abs(v) == multiple and _sign_result(v) is result


@pytest.mark.rule("T17")
@pytest.mark.rule("O8")
@pytest.mark.parametrize("rules", [TABLE, ONE_ON_ONE], ids=lambda r: r.name)
def test_dealer_end_grid_is_the_drawing_rule(rules: Rules) -> None:
    end = grids.dealer_end_grid(rules, 16)
    for cards in range(2, 16):
        for total in range(4, 23):
            assert (end[cards][total] == grids.DRAWS) is dealer_draws(rules, total, cards)
    assert all(end[16][t] != grids.DRAWS for t in range(23))  # the kernels' capacity stops it
    five = end[5][20]
    assert five == (grids.outcome_class(FD, 20) if rules.dealer_five_dragon else 20)


# ------------------------------------------------------------------ walking the game tree

VARIANTS = [("table", 2), ("table", 1), ("one-on-one", 1)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 2**32))
def test_round_copy_plays_on_like_the_original(
    variant: tuple[str, int], shoe_seed: int, choice_seed: int
) -> None:
    """A copy taken at any decision point, given the cards still to come and the same
    choices, ends exactly as the original; playing the copy changes nothing in the original."""
    rules = preset(*variant)
    seating = seating_for(rules)
    seats = [SeatEntry(s, 1000, seating.bot_bet if seating.is_bot(s) else 10) for s in rules.seats]
    r = Round.start(rules, Shoe(rules.decks, random.Random(shoe_seed)), seats)
    choose = random.Random(choice_seed)
    copies: list[tuple[int, Round]] = []
    while r.to_act is not None:
        copies.append(
            (len(r.actions), r.copy(Shoe.stacked(r.shoe.peek_order(), decks=rules.decks)))
        )
        r.apply(choose.choice(sorted(r.legal_actions())))
    events = list(r.events)
    for done, twin in copies:
        for _seat, action in r.actions[done:]:
            twin.apply(action)
        assert twin.events == events
        assert twin.outcome() == r.outcome()
    assert r.events == events


def test_round_copy_branches() -> None:
    """Two copies of one decision point take different choices and different cards."""
    rules = preset("one-on-one")
    r = Round.start(
        rules, Shoe.stacked(["TS", "7H", "6C", "TH"], decks=1), [SeatEntry("you", 1000, 10)]
    )
    stand = r.copy(Shoe.stacked([], decks=1))
    hit = r.copy(Shoe.stacked(["5D", "9D"], decks=1))
    assert all(hasattr(stand, name) for name in Round.__slots__)  # copy() sets every slot
    stand.apply(Action.STAND)
    hit.apply(Action.HIT)
    hit.apply(Action.STAND)
    assert stand.outcome().seats[0].result is Result.LOSE  # 16 against 17
    assert hit.outcome().seats[0].total == 21 and hit.outcome().seats[0].result is Result.WIN
    assert r.to_act == "you" and len(r.hands["you"]) == 2
