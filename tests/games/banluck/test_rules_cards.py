"""Cards and totals, RULES.md T1–T6 and O3: one test (or more) per rule id."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

import pytest

from banluck.core import parse_card
from banluck.core.cards import ONE_DECK, RANKS
from banluck.games.banluck import HandKind, hand_kind, hand_total
from banluck.games.banluck.events import CardDealt
from banluck.games.banluck.hands import is_natural
from banluck.games.banluck.rules import ONE_ON_ONE, TABLE, Rules
from tests.engine_helpers import cards, codes, play, table_shoe

BOTH = [TABLE, ONE_ON_ONE]


def total(rules: Rules, *ranks: str) -> int:
    return hand_total(cards(*ranks), rules)


# ------------------------------------------------------------------ T1


@pytest.mark.rule("T1")
@pytest.mark.parametrize("rank", list("23456789TJQK"))
def test_T1_ranks_count_their_number_faces_ten(rank: str) -> None:
    expected = 10 if rank in "TJQK" else int(rank)
    assert parse_card(rank + "S").points == expected
    # the count shows in a hand total with no ace: rank + 2, and rank + 2 + 3
    assert total(TABLE, rank, "2") == expected + 2
    assert total(TABLE, rank, "2", "3") == expected + 5


@pytest.mark.rule("T1")
def test_T1_ten_is_accepted_as_10_and_every_card_once_per_deck() -> None:
    assert parse_card("10H") == parse_card("TH")
    assert len(ONE_DECK) == 52 == len(set(ONE_DECK))


# ------------------------------------------------------------------ T2


@pytest.mark.rule("T2")
@pytest.mark.parametrize(
    ("ranks", "expected", "ace_counts"),
    [
        (("A", "6"), 17, "11 in two cards"),
        (("A", "9"), 20, "11 in two cards"),
        (("A", "5", "2"), 17, "10 in three cards"),
        (("A", "6", "5"), 21, "10 in three cards"),
        (("A", "6", "6"), 13, "1 in three cards (10 would bust)"),
        (("A", "2", "2", "2"), 7, "1 in four cards"),
        (("A", "2", "2", "2", "2"), 9, "1 in five cards"),
    ],
)
def test_T2_ace_value_depends_on_card_count(
    ranks: tuple[str, ...], expected: int, ace_counts: str
) -> None:
    assert total(TABLE, *ranks) == expected, ace_counts


@pytest.mark.rule("T2")
def test_T2_ace_values_per_card_count() -> None:
    assert TABLE.ace_values(2) == (10, 11)
    assert TABLE.ace_values(3) == (1, 10)
    assert TABLE.ace_values(4) == TABLE.ace_values(5) == (1,)


@pytest.mark.rule("T2")
def test_T2_the_dealer_hand_follows_the_same_rule() -> None:
    # Dealer 5+2 = 7, draws an ace: three cards, the ace counts 10 -> 17, stands.
    r = play(TABLE, table_shoe("T8", "T8", "T8", "52", then=["A"]))
    out = r.outcome()
    assert codes(out.dealer.cards) == ["5S", "2S", "AS"]
    assert out.dealer.total == 17
    # Dealer 6+3 = 9, ace (3 cards: 19), stands at 19.
    r = play(TABLE, table_shoe("T8", "T8", "T8", "63", then=["A"]))
    assert r.outcome().dealer.total == 19
    # Dealer 2+3 = 5, A -> 15 (ace 10), 4th card 9: four cards, the ace counts 1 -> 15,
    # draws again: 15 + 2 = 17.
    r = play(TABLE, table_shoe("T8", "T8", "T8", "23", then=["A", "9", "2"]))
    assert r.outcome().dealer.total == 17
    assert len(r.outcome().dealer.cards) == 5


# ------------------------------------------------------------------ T3


T3_EXAMPLES = [
    (("A", "6"), 17),
    (("A", "4"), 15),
    (("A", "5", "2"), 17),
    (("A", "9", "5"), 15),
    (("A", "A", "9"), 20),
    (("A", "A", "A"), 21),
    (("A", "5", "5", "2"), 13),
]


@pytest.mark.rule("T3")
@pytest.mark.parametrize(("ranks", "expected"), T3_EXAMPLES, ids=lambda v: str(v))
def test_T3_every_example_of_the_rule(ranks: tuple[str, ...], expected: int) -> None:
    assert total(TABLE, *ranks) == expected


ACE_CASES = [
    # two cards: the ace counts 11 (10 never helps: 10 + x < 11 + x <= 21)
    (("A", "2"), 13),
    (("A", "5"), 16),
    (("A", "T"), 21),
    (("K", "A"), 21),
    (("A", "A"), 21),  # 11 + 10
    # three cards: 10 or 1
    (("A", "T", "K"), 21),  # 1 + 20
    (("A", "9", "K"), 20),
    (("A", "2", "9"), 21),  # 10 + 11
    (("A", "2", "T"), 13),  # 10 would make 22
    (("A", "A", "5"), 16),  # 10 + 1 + 5; 10 + 10 + 5 = 25
    (("A", "A", "T"), 21),  # 10 + 1 + 10
    (("A", "A", "K"), 21),
    (("A", "T", "Q"), 21),
    (("9", "8", "A"), 18),  # position does not matter
    (("A", "K", "Q"), 21),
    # four cards: every ace counts 1
    (("A", "A", "A", "A"), 4),
    (("A", "A", "9", "9"), 20),
    (("A", "A", "9", "T"), 21),
    (("A", "3", "3", "3"), 10),
    (("A", "T", "T", "5"), 26),  # bust: the lowest total
    # five cards: every ace counts 1
    (("A", "A", "A", "A", "2"), 6),
    (("A", "2", "3", "4", "5"), 15),
    (("A", "A", "A", "A", "K"), 14),
    (("A", "A", "9", "T", "2"), 23),  # bust
    (("A", "5", "5", "5", "5"), 21),
    # no ace: bust is bust
    (("K", "9", "5"), 24),
    (("K", "Q", "2"), 22),
]


@pytest.mark.rule("T3")
@pytest.mark.parametrize(("ranks", "expected"), ACE_CASES, ids=lambda v: str(v))
def test_T3_ace_cases(ranks: tuple[str, ...], expected: int) -> None:
    assert total(TABLE, *ranks) == expected
    assert total(TABLE, *reversed(ranks)) == expected  # order never matters


def brute_force_total(values: tuple[int, ...], rules: Rules) -> int:
    """T3 from its wording, independently of hands.py: try every value of every ace."""
    choices = [rules.ace_values(len(values)) if v == 1 else (v,) for v in values]
    totals = {sum(pick) for pick in product(*choices)}
    fitting = [t for t in totals if t <= 21]
    return max(fitting) if fitting else min(totals)


@pytest.mark.rule("T3")
@pytest.mark.rule("O3")
@pytest.mark.parametrize("rules", BOTH, ids=lambda r: r.name)
def test_T3_every_hand_of_two_to_five_cards_against_brute_force(rules: Rules) -> None:
    """All 2,992 multisets of card values (ace = 1, ten-values as 10) of 2 to 5 cards."""
    rank_of = {1: "A", 10: "T"} | {v: str(v) for v in range(2, 10)}
    checked = 0
    for n in range(2, 6):
        for values in combinations_with_replacement(range(1, 11), n):
            got = hand_total(cards(*(rank_of[v] for v in values)), rules)
            assert got == brute_force_total(values, rules), values
            checked += 1
    assert checked == 55 + 220 + 715 + 2002


# ------------------------------------------------------------------ O3


@pytest.mark.rule("O3")
def test_O3_two_card_ace_may_count_one_and_changes_only_ace_ace() -> None:
    assert ONE_ON_ONE.ace_values(2) == (1, 10, 11)
    for a, b in combinations_with_replacement(RANKS, 2):
        pair = cards(a, b)
        assert hand_total(pair, ONE_ON_ONE) == hand_total(pair, TABLE), (a, b)
    # A+A is 21 either way, and a Ban-Ban: O3 changes nothing a hand is paid on.
    assert total(ONE_ON_ONE, "A", "A") == 21
    assert hand_kind(cards("A", "A"), ONE_ON_ONE) is HandKind.BAN_BAN
    # three cards and more follow T2 in one-on-one too
    assert total(ONE_ON_ONE, "A", "5", "2") == 17
    assert total(ONE_ON_ONE, "A", "5", "5", "2") == 13


# ------------------------------------------------------------------ T4


@pytest.mark.rule("T4")
@pytest.mark.parametrize("rules", BOTH, ids=lambda r: r.name)
def test_T4_naturals(rules: Rules) -> None:
    assert hand_kind(cards("A", "A"), rules) is HandKind.BAN_BAN
    for ten in "TJQK":
        assert hand_kind(cards("A", ten), rules) is HandKind.BAN_LUCK
        assert hand_kind(cards(ten, "A"), rules) is HandKind.BAN_LUCK
    for other in "23456789":
        assert hand_kind(cards("A", other), rules) is HandKind.PLAIN
    assert hand_kind(cards("K", "Q"), rules) is HandKind.PLAIN


@pytest.mark.rule("T4")
def test_T4_only_the_first_two_cards_make_a_natural() -> None:
    for hand in (("A", "5", "6"), ("5", "6", "A"), ("A", "K", "Q"), ("K", "A", "T")):
        c = cards(*hand)
        assert hand_total(c, TABLE) == 21
        assert not is_natural(c)
        assert hand_kind(c, TABLE) is HandKind.PLAIN


@pytest.mark.rule("T4")
def test_T4_a_natural_takes_no_more_cards() -> None:
    # You hold A+K; the next card (a 2) goes to nobody but the dealer's draw.
    r = play(TABLE, table_shoe("AK", "T9", "T9", "T6", then=["2", "3"]))
    out = r.outcome()
    assert codes(out.seats[0].cards) == ["AS", "KS"]
    assert out.seats[0].kind is HandKind.BAN_LUCK
    you_draws = [e for e in r.events if isinstance(e, CardDealt) and e.seat == "you"]
    assert len(you_draws) == 2
    assert ("you", "hit") not in [(s, a.value) for s, a in r.actions]


# ------------------------------------------------------------------ T5


@pytest.mark.rule("T5")
def test_T5_twenty_two_or_more_is_bust() -> None:
    assert hand_kind(cards("K", "Q", "2"), TABLE) is HandKind.BUST
    assert hand_kind(cards("K", "Q", "A"), TABLE) is HandKind.PLAIN  # 21: not bust
    assert hand_kind(cards("T", "5", "4", "3"), TABLE) is HandKind.BUST  # 22
    assert hand_kind(cards("T", "5", "4", "2"), TABLE) is HandKind.PLAIN  # 21


@pytest.mark.rule("T5")
def test_T5_a_bust_seat_hand_in_a_round() -> None:
    # You: T+6 = 16, hit a K -> 26: bust, lose 1 bet.
    r = play(TABLE, table_shoe("T6", "T9", "T9", "T7", then=["K"]), {"you": ["hit"]})
    you = r.outcome().seats[0]
    assert (you.kind, you.result, you.net) == (HandKind.BUST, "lose", -100)


# ------------------------------------------------------------------ T6


@pytest.mark.rule("T6")
def test_T6_five_cards_stop_and_are_a_five_dragon() -> None:
    # You: 2+2, forced draws 2, 2, 3 -> five cards of 11; no sixth card although under 16.
    r = play(TABLE, table_shoe("22", "T9", "T9", "T7", then=["2", "2", "3"]))
    you = r.outcome().seats[0]
    assert len(you.cards) == 5
    assert you.total == 11
    assert you.kind is HandKind.FIVE_DRAGON
    assert you.result == "win" and you.multiple == 2
    assert hand_kind(cards("2", "3", "4", "5", "7"), TABLE) is HandKind.FIVE_DRAGON
    assert hand_kind(cards("2", "3", "4", "5", "6"), TABLE) is HandKind.FIVE_DRAGON
    assert hand_kind(cards("2", "3", "4", "5", "K"), TABLE) is HandKind.BUST


@pytest.mark.rule("T6")
def test_T6_a_five_dragon_asks_no_choice() -> None:
    # You: 5+3, forced 2, 3 -> 13 with four cards, forced fifth 2 -> 15: no hit/stand asked.
    r = play(TABLE, table_shoe("53", "T9", "T9", "T8", then=["2", "3", "2"]))
    assert [a for s, a in r.actions if s == "you"] == []
    assert r.outcome().seats[0].kind is HandKind.FIVE_DRAGON
    assert r.outcome().seats[0].total == 15
