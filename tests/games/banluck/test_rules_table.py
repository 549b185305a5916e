"""The ``table`` preset, RULES.md T7–T23: one test (or more) per rule id, on stacked shoes."""

from __future__ import annotations

import dataclasses
import json
import random
from itertools import combinations_with_replacement, permutations

import pytest

from banluck.core import BadBet, Card, IllegalAction, Shoe
from banluck.games.banluck import Action, HandKind, Round, preset, view_for
from banluck.games.banluck.events import (
    DEALER,
    ActionTaken,
    CardDealt,
    DrawReason,
    HandRevealed,
    HandSettled,
    RoundOver,
    RoundVoided,
    TurnStarted,
)
from banluck.games.banluck.hands import hand_total, is_natural, win_multiple
from banluck.games.banluck.records import DecisionPoint
from banluck.games.banluck.rules import TABLE, TABLE_SEATING, Rules
from banluck.games.banluck.strategy import policy_for
from banluck.games.banluck.table import Table
from tests.engine_helpers import (
    cards,
    codes,
    entries,
    nets,
    of_type,
    play,
    ranks,
    results,
    settled,
    table_shoe,
)

STANDING = ("T8", "T8")  # anna and ben stand on 18


def dealer_vs_you(you: str, dealer: str, then: tuple[str, ...] = (), **kw: object) -> Round:
    """A round where Anna and Ben stand on 18 and only you and the dealer matter."""
    moves = kw.pop("moves", None)
    bet = kw.pop("bet", 100)
    stacks = kw.pop("stacks", None)
    assert not kw
    return play(
        TABLE,
        table_shoe(you, *STANDING, dealer, then=then),
        moves,  # type: ignore[arg-type]
        bet=bet,  # type: ignore[arg-type]
        stacks=stacks,  # type: ignore[arg-type]
    )


# ------------------------------------------------------------------ T7


@pytest.mark.rule("T7")
def test_T7_seats_play_in_order_then_the_dealer() -> None:
    assert TABLE.seats == ("you", "anna", "ben")
    r = play(TABLE, table_shoe("T7", "T7", "T7", "T8"))
    turns = [e.seat for e in of_type(r.events, TurnStarted)]
    assert turns == ["you", "anna", "ben", DEALER]
    assert [s for s, _ in r.actions] == ["you", "anna", "ben"]


@pytest.mark.rule("T7")
def test_T7_a_round_needs_the_preset_seats_in_order() -> None:
    shoe = Shoe.stacked(table_shoe("T7", "T7", "T7", "T8"), decks=2)
    seats = entries(TABLE)
    with pytest.raises(ValueError, match="seats"):
        Round.start(TABLE, shoe, [seats[1], seats[0], seats[2]])


# ------------------------------------------------------------------ T8


@pytest.mark.rule("T8")
@pytest.mark.parametrize(("bet", "ok"), [(9, False), (10, True), (500, True), (501, False)])
def test_T8_you_bet_10_to_500(bet: int, ok: bool) -> None:
    if ok:
        assert TABLE_SEATING.check_bet(TABLE, "you", bet, 1000) == bet
    else:
        with pytest.raises(BadBet, match="from 10 to 500"):
            TABLE_SEATING.check_bet(TABLE, "you", bet, 1000)


@pytest.mark.rule("T8")
def test_T8_at_most_your_stack_and_whole_chips() -> None:
    assert TABLE_SEATING.check_bet(TABLE, "you", 120, 120) == 120
    with pytest.raises(BadBet, match="more than the stack of 119"):
        TABLE_SEATING.check_bet(TABLE, "you", 120, 119)
    for bad in (10.5, "100", True, None):
        with pytest.raises(BadBet):
            TABLE_SEATING.check_bet(TABLE, "you", bad, 1000)


@pytest.mark.rule("T8")
def test_T8_anna_and_ben_bet_50() -> None:
    assert TABLE_SEATING.check_bet(TABLE, "anna", 50, 1000) == 50
    with pytest.raises(BadBet, match="must be 50"):
        TABLE_SEATING.check_bet(TABLE, "ben", 60, 1000)
    t = Table(TABLE, rng=random.Random(3))
    r = t.start_round(200)
    assert r.bets == {"you": 200, "anna": 50, "ben": 50}


@pytest.mark.rule("T8")
def test_T8_a_bad_bet_changes_nothing_at_the_table() -> None:
    t = Table(TABLE, stacks={"you": 5, "anna": 1000, "ben": 1000}, rng=random.Random(3))
    before = len(t.shoe)
    with pytest.raises(BadBet):
        t.start_round(1001)  # the fresh stack of 1,000 does not cover it
    assert t.stacks == {"you": 5, "anna": 1000, "ben": 1000}
    assert len(t.shoe) == before and t.round is None


# ------------------------------------------------------------------ T9


@pytest.mark.rule("T9")
def test_T9_a_stack_below_the_bet_minimum_gets_a_fresh_1000() -> None:
    t = Table(TABLE, stacks={"you": 9, "anna": 49, "ben": 50}, rng=random.Random(4))
    r = t.start_round(10)
    assert r.stacks == {"you": 1000, "anna": 1000, "ben": 50}
    assert t.last_start.fresh_stacks == ("you", "anna")
    t2 = Table(TABLE, stacks={"you": 10, "anna": 50, "ben": 0}, rng=random.Random(4))
    assert t2.start_round(10).stacks == {"you": 10, "anna": 50, "ben": 1000}
    assert t2.last_start.fresh_stacks == ("ben",)


@pytest.mark.rule("T9")
def test_T9_fresh_stack_rule_values() -> None:
    assert TABLE_SEATING.fresh_stack_for(TABLE, "you", 9) == 1000
    assert TABLE_SEATING.fresh_stack_for(TABLE, "you", 10) == 10
    assert TABLE_SEATING.fresh_stack_for(TABLE, "anna", 49) == 1000
    assert TABLE_SEATING.fresh_stack_for(TABLE, "anna", 50) == 50


# ------------------------------------------------------------------ T10


def _play_hands(t: Table, n: int, bet: int = 100) -> None:
    policy = policy_for(t.rules)
    for _ in range(n):
        you = t.seating.fresh_stack_for(t.rules, "you", t.stacks["you"])
        r = t.start_round(min(bet, you))
        while r.to_act is not None:
            r.apply(policy(r.decision_point()))
        t.finish_round(r)


@pytest.mark.rule("T10")
def test_T10_stacks_are_kept_between_hands() -> None:
    t = Table(TABLE, rng=random.Random(5))
    for _ in range(30):
        before = dict(t.stacks)
        r = t.start_round(100)
        assert r.stacks == {
            s: TABLE_SEATING.fresh_stack_for(TABLE, s, before[s]) for s in TABLE.seats
        }
        policy = policy_for(TABLE)
        while r.to_act is not None:
            r.apply(policy(r.decision_point()))
        out = t.finish_round(r)
        assert t.stacks == {s.name: s.stack for s in out.seats}
        assert all(t.stacks[s.name] == r.stacks[s.name] + s.net for s in out.seats)


@pytest.mark.rule("T10")
def test_T10_a_table_rebuilt_from_saved_stacks_plays_on_the_same() -> None:
    """What the core offers for a restart: a Table built from the stacks a store saved
    (here through JSON) continues exactly like the table that was never stopped."""
    running = Table(TABLE, rng=random.Random(6))
    _play_hands(running, 25)
    saved = json.dumps(running.stacks)
    assert running.stacks != dict.fromkeys(TABLE.seats, 1000)  # something happened

    restarted = Table(TABLE, stacks=json.loads(saved), rng=random.Random(7))
    assert restarted.stacks == running.stacks
    # the next hand starts from the saved stacks in both, whatever the shoe deals
    shoe_cards = table_shoe("T8", "T9", "T7", "T6", then=["5"])
    for t in (running, restarted):
        t.shoe = Shoe.stacked(shoe_cards, decks=2)
    a, b = running.start_round(10), restarted.start_round(10)
    for r in (a, b):
        while r.to_act is not None:
            r.apply(Action.STAND)
    assert running.finish_round(a) == restarted.finish_round(b)
    assert running.stacks == restarted.stacks


# ------------------------------------------------------------------ T11


@pytest.mark.rule("T11")
def test_T11_two_decks_by_default_one_is_a_setting() -> None:
    assert TABLE.decks == 2
    shoe = Shoe(2, random.Random(1))
    assert len(shoe) == shoe.size == 104
    counts = {c: shoe.peek_order().count(c) for c in set(shoe.peek_order())}
    assert len(counts) == 52 and set(counts.values()) == {2}
    one = preset("table", decks=1)
    assert one.decks == 1 and len(Table(one, rng=random.Random(1)).shoe) == 52
    with pytest.raises(ValueError, match="1 or 2"):
        preset("table", decks=3)


@pytest.mark.rule("T11")
def test_T11_a_new_deck_count_waits_for_the_next_shuffle() -> None:
    t = Table(TABLE, rng=random.Random(2))
    _play_hands(t, 1)
    t.set_decks(1)
    assert t.rules.decks == 2  # not mid-shoe
    while not t.last_start.reshuffled:
        _play_hands(t, 1)
    assert t.rules.decks == 1 and t.shoe.size == 52


@pytest.mark.rule("T11")
def test_T11_the_shuffle_takes_its_random_source() -> None:
    a = Shoe(2, random.Random(42)).peek_order()
    b = Shoe(2, random.Random(42)).peek_order()
    c = Shoe(2, random.Random(43)).peek_order()
    assert a == b != c
    assert Shoe(2)._rng.__class__.__name__ == "SystemRandom"  # secure by default


# ------------------------------------------------------------------ T12


def _table_with_left(rules_decks: int, left: int) -> Table:
    t = Table(preset("table", rules_decks), rng=random.Random(8))
    while len(t.shoe) > left:
        t.shoe.draw()
    return t


@pytest.mark.rule("T12")
@pytest.mark.parametrize(("decks", "threshold"), [(2, 26), (1, 20)])
def test_T12_reshuffle_below_the_larger_of_a_quarter_and_a_full_hand(
    decks: int, threshold: int
) -> None:
    rules = preset("table", decks)
    assert rules.reshuffle_below() == threshold == max(52 * decks // 4, 5 * (3 + 1))
    # exactly the threshold left: no reshuffle, the hand is dealt from what is left
    t = _table_with_left(decks, threshold)
    top = t.shoe.peek_order()
    r = t.start_round(10)
    assert not t.last_start.reshuffled
    assert tuple(r.drawn) == top[: len(r.drawn)]
    # one fewer: reshuffled, all cards back
    t = _table_with_left(decks, threshold - 1)
    r = t.start_round(10)
    assert t.last_start.reshuffled
    assert len(t.shoe) == 52 * decks - len(r.drawn)


@pytest.mark.rule("T12")
def test_T12_a_hand_never_runs_out_of_cards() -> None:
    # 1 deck leaves the least room: 20 cards, the most a hand can use.
    t = Table(preset("table", 1), rng=random.Random(9))
    policy = policy_for(t.rules)
    for _ in range(3000):
        r = t.start_round(10)
        assert len(t.shoe) + len(r.drawn) >= 20
        while r.to_act is not None:
            r.apply(policy(r.decision_point()))
        assert len(t.finish_round(r).seats) == 3


@pytest.mark.rule("T12")
def test_T12_shuffled_when_made_and_a_stacked_shoe_is_never_reshuffled() -> None:
    assert len(Shoe(1, random.Random(1))) == 52
    t = Table(TABLE, shoe=Shoe.stacked(table_shoe("T8", "T8", "T8", "T9"), decks=2))
    t.start_round(10)
    assert not t.last_start.reshuffled
    with pytest.raises(ValueError):
        t.shoe.shuffle()


# ------------------------------------------------------------------ T13


@pytest.mark.rule("T13")
def test_T13_deal_order_and_faces() -> None:
    shoe = table_shoe("T7", "93", "84", "75")
    r = Round.start(TABLE, Shoe.stacked(shoe, decks=2), entries(TABLE))
    deal = [e for e in r.events if isinstance(e, CardDealt) and e.reason is DrawReason.DEAL]
    assert [e.seat for e in deal] == ["you", "anna", "ben", DEALER] * 2
    assert codes(e.card for e in deal) == codes(shoe[:8])
    assert not any(e.face_up for e in deal)
    assert codes(r.hands["anna"][:2]) == ["9S", "3S"]
    mine = view_for(r, "you")
    assert ranks(mine.hands[0].cards) == "T7"
    assert codes(mine.hands[1].cards) == [None, None]
    assert codes(mine.dealer.cards) == [None, None]


# ------------------------------------------------------------------ T14

T14_CASES = [
    # you, dealer, your result, your net (bet 100)
    ("T8", "AA", "lose", -300),  # no natural against Ban-Ban: 3 bets
    ("T8", "AK", "lose", -200),  # no natural against Ban-Luck: 2 bets
    ("AA", "AK", "win", 300),  # Ban-Ban against Ban-Luck wins 3 to 1
    ("AQ", "AA", "lose", -300),  # Ban-Luck against Ban-Ban loses 3 bets
    ("AA", "AA", "push", 0),
    ("AJ", "KA", "push", 0),
    ("A4", "AT", "lose", -200),  # a free hand is no natural
]


@pytest.mark.rule("T14")
@pytest.mark.parametrize(("you", "dealer", "result", "net"), T14_CASES)
def test_T14_dealer_natural_settles_every_seat_at_once(
    you: str, dealer: str, result: str, net: int
) -> None:
    r = play(TABLE, table_shoe(you, "T8", "9A", dealer))
    assert r.is_over and r.actions == []  # nobody played
    assert results(r)["you"] == result and nets(r)["you"] == net
    assert nets(r)["anna"] == -50 * win_multiple(r.kind(DEALER), 21, TABLE)
    # ben's 9+A is 20, a plain hand: it loses like anna's 18
    assert r.kind("ben") is HandKind.PLAIN
    revealed = [e.seat for e in of_type(r.events, HandRevealed)]
    assert revealed == [DEALER, "you", "anna", "ben"]
    assert not of_type(r.events, TurnStarted)
    assert sum(isinstance(e, CardDealt) for e in r.events) == 8


@pytest.mark.rule("T14")
@pytest.mark.rule("T20")
def test_T14_loss_capped_by_the_stack() -> None:
    r = dealer_vs_you("T8", "AA", stacks={"you": 250, "anna": 1000, "ben": 1000}, bet=100)
    you = r.outcome().seats[0]
    assert (you.net, you.stack) == (-250, 0)


# ------------------------------------------------------------------ T15


@pytest.mark.rule("T15")
@pytest.mark.parametrize("dealer", ["78", "A4", "4A", "96", "T5"])
def test_T15_dealer_two_card_15_voids_the_hand(dealer: str) -> None:
    r = play(TABLE, table_shoe("AA", "AK", "T6", dealer, then=["2"]))
    out = r.outcome()
    assert out.void and r.void
    assert out.dealer.total == 15
    assert all(s.result == "void" and s.net == 0 and s.stack == 1000 for s in out.seats)
    assert out.seats[0].kind is HandKind.BAN_BAN  # naturals included
    assert of_type(r.events, RoundVoided)
    assert out.cards_used == 8 and r.actions == []


@pytest.mark.rule("T15")
def test_T15_only_two_cards_make_the_dealers_15() -> None:
    # Dealer 7+5 = 12 draws a 3: 15 with three cards is no void; it draws on (T17) to 25.
    r = dealer_vs_you("T8", "75", then=("3", "K"))
    out = r.outcome()
    assert not out.void
    assert codes(out.dealer.cards) == ["7S", "5S", "3S", "KS"]
    assert out.seats[0].result == "win"


@pytest.mark.rule("T15")
def test_T15_a_setting_turns_it_off() -> None:
    rules = dataclasses.replace(TABLE, dealer_voids_15=False)
    r = play(rules, table_shoe("T8", "T8", "T8", "78", then=["3"]))
    assert not r.void and r.outcome().dealer.total == 18


# ------------------------------------------------------------------ T16


@pytest.mark.rule("T16")
def test_T16_a_natural_is_turned_over_and_paid_at_its_turn() -> None:
    r = play(TABLE, table_shoe("T7", "AA", "KA", "T8"))
    s = settled(r)
    assert (s["anna"].result, s["anna"].multiple, s["anna"].net) == ("win", 3, 150)
    assert (s["ben"].result, s["ben"].multiple, s["ben"].net) == ("win", 2, 100)
    order = [
        (type(e).__name__, getattr(e, "seat", None))
        for e in r.events
        if isinstance(e, TurnStarted | HandRevealed | HandSettled | ActionTaken)
    ]
    # anna's natural is settled in her turn, before ben's turn and before the dealer's
    assert order.index(("HandSettled", "anna")) < order.index(("TurnStarted", "ben"))
    assert order.index(("HandRevealed", "anna")) < order.index(("HandSettled", "anna"))
    assert order[:4] == [
        ("TurnStarted", "you"),
        ("ActionTaken", "you"),
        ("TurnStarted", "anna"),
        ("HandRevealed", "anna"),
    ]


@pytest.mark.rule("T16")
@pytest.mark.parametrize("hand", ["78", "A4", "69", "5T"])
def test_T16_free_hand_thrown_in(hand: str) -> None:
    shoe = table_shoe(hand, "T8", "T8", "T7")
    r = Round.start(TABLE, Shoe.stacked(shoe, decks=2), entries(TABLE))
    assert r.to_act == "you" and r.legal_actions() == {Action.THROW, Action.HIT}
    with pytest.raises(IllegalAction, match="stand is not allowed at 15"):
        r.apply(Action.STAND)
    r.apply(Action.THROW)
    while r.to_act:
        r.apply(Action.STAND)
    you = r.outcome().seats[0]
    assert (you.result, you.net, you.stack, len(you.cards)) == ("thrown-in", 0, 1000, 2)
    assert "you" in r.revealed


@pytest.mark.rule("T16")
def test_T16_free_hand_played_on_means_drawing() -> None:
    r = dealer_vs_you("78", "T7", then=("4",), moves={"you": ["hit", "stand"]})
    you = r.outcome().seats[0]
    assert codes(you.cards) == ["7S", "8S", "4S"] and you.total == 19
    assert (you.result, you.net) == ("win", 100)


@pytest.mark.rule("T16")
def test_T16_under_16_the_seat_must_draw() -> None:
    # You 9+5 = 14: forced draw 2 -> 16, then a choice.
    shoe = table_shoe("95", *STANDING, "T7", then=["2"])
    r = Round.start(TABLE, Shoe.stacked(shoe, decks=2), entries(TABLE))
    assert r.to_act == "you" and r.total("you") == 16
    forced = [e for e in r.events if isinstance(e, CardDealt) and e.reason is DrawReason.FORCED]
    assert [(e.seat, e.card.code if e.card else None) for e in forced] == [("you", "2S")]
    assert r.legal_actions() == {Action.HIT, Action.STAND}


@pytest.mark.rule("T16")
@pytest.mark.parametrize("hand", ["T6", "T7", "T8", "T9", "T38", "A5"])
def test_T16_from_16_to_21_draw_or_stand(hand: str) -> None:
    ranks = list(hand)
    shoe = table_shoe(ranks[0] + ranks[1], *STANDING, "T7", then=ranks[2:])
    r = Round.start(TABLE, Shoe.stacked(shoe, decks=2), entries(TABLE))
    assert r.to_act == "you" and 16 <= r.total("you") <= 21
    assert r.legal_actions() == {Action.HIT, Action.STAND}
    with pytest.raises(IllegalAction, match="throw is not allowed"):
        r.apply(Action.THROW)
    with pytest.raises(IllegalAction, match="unknown action"):
        r.apply("double")


@pytest.mark.rule("T16")
def test_T16_a_bust_ends_the_hand_at_once_and_costs_one_bet() -> None:
    r = dealer_vs_you("T6", "T7", then=("9",), moves={"you": ["hit"]})
    you = r.outcome().seats[0]
    assert (you.kind, you.result, you.multiple, you.net) == (HandKind.BUST, "lose", 1, -100)
    ev = r.events
    bust_at = next(i for i, e in enumerate(ev) if isinstance(e, HandRevealed) and e.seat == "you")
    assert isinstance(ev[bust_at + 1], HandSettled)
    assert ev[bust_at + 2] == TurnStarted("anna")


@pytest.mark.rule("T16")
@pytest.mark.rule("T20")
def test_T16_a_five_card_bust_costs_two_bets_capped_by_the_stack() -> None:
    # 2+3, forced 4, 2 -> 11 (four cards), forced fifth: K -> 21? no: 2+3+4+2+K = 21.
    r = dealer_vs_you("23", "T7", then=("4", "2", "Q"))
    assert r.outcome().seats[0].kind is HandKind.FIVE_DRAGON
    # 2+3+4+5 = 14 with four cards, forced fifth K: 24, a five-card bust
    r = dealer_vs_you("23", "T7", then=("4", "5", "K"))
    you = r.outcome().seats[0]
    assert (you.kind, you.multiple, you.net) == (HandKind.BUST, 2, -200)
    r = dealer_vs_you("23", "T7", then=("4", "5", "K"), stacks={"you": 150, "anna": 9, "ben": 1000})
    assert r.outcome().seats[0].net == -150 and r.outcome().seats[0].stack == 0


@pytest.mark.rule("T16")
@pytest.mark.rule("T2")
def test_T16_a_three_card_21_may_still_draw() -> None:
    # T+3 = 13, forced 8 -> 21 with three cards: hit or stand; an ace then counts 1 -> 22.
    r = dealer_vs_you("T3", "T7", then=("8", "A"), moves={"you": ["hit"]})
    you = r.outcome().seats[0]
    assert (ranks(you.cards), you.total, you.kind) == ("T38A", 22, HandKind.BUST)
    assert r.actions[0] == ("you", Action.HIT)


# ------------------------------------------------------------------ T17


@pytest.mark.rule("T17")
def test_T17_dealer_draws_under_16_and_stands_from_16() -> None:
    r = dealer_vs_you("T8", "T2", then=("3", "4"))
    assert ranks(r.outcome().dealer.cards) == "T234"  # 12 -> 15 -> 19
    r = dealer_vs_you("T8", "T6", then=("3",))
    assert ranks(r.outcome().dealer.cards) == "T6"  # stands on 16
    r = dealer_vs_you("T8", "T3", then=("3", "4"))
    assert ranks(r.outcome().dealer.cards) == "T33"  # 16 with three cards: stands


@pytest.mark.rule("T17")
def test_T17_exactly_16_with_four_cards_draws_a_fifth() -> None:
    # dealer 2+3 = 5, +5 = 10, +6 = 16 with four cards: a fifth (2) -> 18, five dragon
    r = dealer_vs_you("T8", "23", then=("5", "6", "2"))
    d = r.outcome().dealer
    assert codes(d.cards) == ["2S", "3S", "5S", "6S", "2H"]
    assert d.kind is HandKind.FIVE_DRAGON and d.total == 18


@pytest.mark.rule("T17")
def test_T17_the_dealer_stops_at_five_cards() -> None:
    # 2+2+2+2 = 8 with four cards; fifth 3 -> 11, under 16 but five cards: stop
    r = dealer_vs_you("T8", "22", then=("2", "2", "3", "9"))
    d = r.outcome().dealer
    assert len(d.cards) == 5 and d.total == 11 and d.kind is HandKind.FIVE_DRAGON
    assert r.outcome().cards_used == 11  # the 9 stays in the shoe


@pytest.mark.rule("T17")
def test_T17_no_seat_left_the_dealer_turns_over_and_draws_nothing() -> None:
    # you bust, anna Ban-Ban, ben throws in his free hand; dealer 10+2 = 12 draws nothing
    shoe = table_shoe("T6", "AA", "78", "T2", then=["K", "9"])
    r = play(TABLE, shoe, {"you": ["hit"], "ben": ["throw"]})
    out = r.outcome()
    assert ranks(out.dealer.cards) == "T2"
    assert out.cards_used == 9
    assert DEALER in r.revealed
    assert [s.result for s in out.seats] == ["lose", "win", "thrown-in"]


# ------------------------------------------------------------------ T18


@pytest.mark.rule("T18")
def test_T18_dealer_bust_pays_each_its_own_multiple() -> None:
    # you: 2+2, forced 2, 2, A -> a five dragon of 9; anna's Ban-Luck is paid at her turn;
    # ben stands on 18; the dealer's T+4 draws a K and busts.
    shoe = table_shoe("22", "AT", "T8", "T4", then=["2", "2", "A", "K"])
    r = play(TABLE, shoe)
    out = r.outcome()
    assert out.dealer.kind is HandKind.BUST
    s = {x.name: x for x in out.seats}
    assert (s["you"].kind, s["you"].result, s["you"].net) == (HandKind.FIVE_DRAGON, "win", 200)
    assert (s["anna"].result, s["anna"].net) == ("win", 100)  # her Ban-Luck, at her turn
    assert (s["ben"].result, s["ben"].net) == ("win", 50)


@pytest.mark.rule("T18")
def test_T18_dealer_bust_pays_a_five_dragon_21_three() -> None:
    r = dealer_vs_you("23", "T4", then=("4", "5", "7", "K"))  # you 2+3+4+5+7 = 21
    you = r.outcome().seats[0]
    assert (you.kind, you.total, you.multiple, you.net) == (HandKind.FIVE_DRAGON, 21, 3, 300)
    assert r.outcome().dealer.kind is HandKind.BUST


@pytest.mark.rule("T18")
@pytest.mark.parametrize(
    ("dealer_then", "dealer_total", "net"),
    [(("3", "2", "4"), 16, -200), (("3", "2", "9"), 21, -300)],
)
def test_T18_dealer_five_dragon_beats_a_plain_hand(
    dealer_then: tuple[str, ...], dealer_total: int, net: int
) -> None:
    # dealer 4+3 = 7, +3 = 10, +2 = 12 with four cards, a fifth: 16 or 21
    r = dealer_vs_you("T9", "43", then=dealer_then)
    d = r.outcome().dealer
    assert (d.kind, d.total) == (HandKind.FIVE_DRAGON, dealer_total)
    assert r.outcome().seats[0].net == net  # your plain 19 loses the dealer's multiple
    # the standing bots lose the same multiple
    assert nets(r)["anna"] == -50 * win_multiple(d.kind, d.total, TABLE)


@pytest.mark.rule("T18")
@pytest.mark.parametrize(
    ("you_then", "dealer_then", "result", "net"),
    [
        # you five dragon 18 vs dealer five dragon 16: higher wins your multiple (2)
        (("2", "2", "4"), ("2", "2", "3"), "win", 200),
        # you five dragon 15 vs dealer five dragon 21: lower loses the dealer's (3)
        (("2", "2", "A"), ("2", "5", "5"), "lose", -300),
        # you five dragon 21 vs dealer five dragon 17: higher wins your multiple (3)
        (("2", "2", "7"), ("2", "2", "4"), "win", 300),
        # equal totals push
        (("2", "2", "3"), ("2", "2", "4"), "push", 0),
    ],
)
def test_T18_five_dragon_against_five_dragon_goes_by_totals(
    you_then: tuple[str, ...], dealer_then: tuple[str, ...], result: str, net: int
) -> None:
    # you 5+5 = 10 then forced draws to five cards; dealer 4+5 = 9 then draws to five cards
    r = dealer_vs_you("55", "45", then=you_then + dealer_then)
    out = r.outcome()
    assert out.seats[0].kind is HandKind.FIVE_DRAGON, out
    assert out.dealer.kind is HandKind.FIVE_DRAGON, out
    assert (out.seats[0].result, out.seats[0].net) == (result, net)


@pytest.mark.rule("T18")
def test_T18_hands_are_opened_in_seat_order() -> None:
    r = play(TABLE, table_shoe("T8", "T9", "T7", "T6"))
    opened = [
        e.seat
        for e in r.events[
            [isinstance(e, TurnStarted) and e.seat == DEALER for e in r.events].index(True) :
        ]
        if isinstance(e, HandRevealed)
    ]
    assert opened == [DEALER, "you", "anna", "ben"]
    assert nets(r) == {"you": 100, "anna": 50, "ben": 50}
    assert isinstance(r.events[-1], RoundOver)


# ------------------------------------------------------------------ T19, T20, T21


@pytest.mark.rule("T19")
@pytest.mark.parametrize(("you", "multiple"), [("AA", 3), ("AK", 2), ("T9", 1)])
def test_T19_a_win_of_k_pays_k_times_the_bet_and_the_bet_comes_back(
    you: str, multiple: int
) -> None:
    r = dealer_vs_you(you, "T8", bet=37)
    s = r.outcome().seats[0]
    assert (s.result, s.multiple, s.net, s.stack) == (
        "win",
        multiple,
        37 * multiple,
        1000 + 37 * multiple,
    )


@pytest.mark.rule("T20")
@pytest.mark.parametrize(("stack", "net"), [(1000, -300), (300, -300), (299, -299), (10, -10)])
def test_T20_a_loss_never_takes_a_stack_below_zero(stack: int, net: int) -> None:
    r = dealer_vs_you("T8", "AA", bet=10 if stack == 10 else 100, stacks={"you": stack})
    s = r.outcome().seats[0]
    assert s.net == (net if stack != 10 else -10) and s.stack == stack + s.net >= 0


@pytest.mark.rule("T21")
def test_T21_multiples() -> None:
    assert win_multiple(HandKind.BAN_BAN, 21, TABLE) == 3
    assert win_multiple(HandKind.BAN_LUCK, 21, TABLE) == 2
    assert win_multiple(HandKind.FIVE_DRAGON, 20, TABLE) == 2
    assert win_multiple(HandKind.FIVE_DRAGON, 21, TABLE) == 3
    assert win_multiple(HandKind.PLAIN, 21, TABLE) == 1
    assert TABLE.five_card_bust_multiple == 2


@pytest.mark.rule("T21")
def test_T21_a_loss_costs_the_dealers_multiple_a_win_pays_the_seats() -> None:
    r = dealer_vs_you("AT", "T8")
    assert nets(r)["you"] == 200  # your Ban-Luck wins its own 2
    r = dealer_vs_you("55", "T8", then=("2", "2", "7"))
    assert nets(r)["you"] == 300  # your five dragon of 21 wins its own 3
    r = dealer_vs_you("T9", "43", then=("3", "2", "9"))
    assert nets(r)["you"] == -300  # your plain 19 loses the dealer's five dragon 21: 3
    r = dealer_vs_you("T6", "T8", then=("9",), moves={"you": ["hit"]})
    assert nets(r)["you"] == -100  # a three-card bust: 1, whatever the dealer holds


# ------------------------------------------------------------------ T22


@pytest.mark.rule("T22")
def test_T22_you_see_your_own_cards_from_the_deal_and_no_other() -> None:
    shoe = table_shoe("T6", "97", "84", "T7", then=["2"])
    r = Round.start(TABLE, Shoe.stacked(shoe, decks=2), entries(TABLE))
    for seat in TABLE.seats:
        v = view_for(r, seat)
        for h in v.hands:
            assert all(c is not None for c in h.cards) == (h.name == seat)
            assert (h.total is None) == (h.name != seat)
        assert v.dealer.cards == (None, None) and v.dealer.total is None
        dealt = [e for e in v.events if isinstance(e, CardDealt)]
        assert all((e.card is not None) == (e.seat == seat) for e in dealt)
    # only the seat to act gets its legal actions
    assert view_for(r, "you").legal_actions == {Action.HIT, Action.STAND}
    assert view_for(r, "anna").legal_actions == frozenset()


@pytest.mark.rule("T22")
def test_T22_a_bust_hand_is_shown_a_standing_hand_waits_for_the_dealer() -> None:
    shoe = table_shoe("T6", "T6", "T8", "T7", then=["9"])
    r = Round.start(TABLE, Shoe.stacked(shoe, decks=2), entries(TABLE))
    r.apply(Action.HIT)  # you bust with T+6+9
    assert r.to_act == "anna"
    anna_view = view_for(r, "anna")
    assert codes(anna_view.hands[0].cards) == ["TS", "6S", "9S"]
    assert anna_view.hands[0].total == 25
    r.apply(Action.STAND)  # anna stands on 16: not shown to you yet
    assert r.to_act == "ben"
    assert view_for(r, "you").hands[1].cards == (None, None)
    assert view_for(r, "ben").hands[1].cards == (None, None)
    r.apply(Action.STAND)  # the dealer plays and opens every hand
    v = view_for(r, "you")
    assert all(c is not None for h in v.hands for c in h.cards)
    assert ranks(v.dealer.cards) == "T7"


@pytest.mark.rule("T22")
def test_T22_naturals_free_hands_and_the_dealers_void_are_shown() -> None:
    shoe = table_shoe("T8", "AK", "78", "T9")
    r = Round.start(TABLE, Shoe.stacked(shoe, decks=2), entries(TABLE))
    r.apply(Action.STAND)  # you; anna's Ban-Luck is then turned over at her turn
    assert r.to_act == "ben"
    assert codes(view_for(r, "you").hands[1].cards) == ["AS", "KS"]
    assert view_for(r, "you").hands[2].cards == (None, None)
    r.apply(Action.THROW)  # ben's free hand, thrown in: shown
    assert ranks(view_for(r, "you").hands[2].cards) == "78"
    # a void shows every hand
    r = play(TABLE, table_shoe("T8", "T9", "T7", "96"))
    assert all(
        c is not None
        for h in (*view_for(r, "anna").hands, view_for(r, "anna").dealer)
        for c in h.cards
    )


# ------------------------------------------------------------------ T23


@pytest.mark.rule("T23")
@pytest.mark.parametrize("name", ["table", "one-on-one"])
def test_T23_the_policy_never_breaks_a_rule(name: str) -> None:
    rules = preset(name)
    policy = policy_for(rules)
    t = Table(rules, rng=random.Random(23))
    seen: set[tuple[str, frozenset[Action]]] = set()
    for _ in range(3000):
        you = t.seating.fresh_stack_for(rules, "you", t.stacks["you"])
        r = t.start_round(max(10, min(100, you // rules.bet_cover)))
        while r.to_act is not None:
            point = r.decision_point()
            assert point.legal == r.legal_actions()
            choice = policy(point)
            assert choice in r.legal_actions(), (point, choice)
            seen.add((choice.value, point.legal))
            r.apply(choice)
        t.finish_round(r)
    # the policy met every kind of choice of the preset
    kinds = {legal for _, legal in seen}
    assert frozenset({Action.HIT, Action.STAND}) in kinds
    if rules.free_hand:
        assert frozenset({Action.THROW, Action.HIT}) in kinds


def reachable_order(hand: list[Card], rules: Rules) -> tuple[Card, ...] | None:
    """An order in which a seat can hold ``hand`` and be asked to choose: the first two
    cards make no natural (T4) and no shorter part of the hand is bust (T16)."""
    for order in permutations(hand):
        if is_natural(order[:2]):
            continue
        if all(hand_total(order[:k], rules) <= 21 for k in range(2, len(order))):
            return order
    return None


@pytest.mark.rule("T23")
def test_T23_the_policy_is_legal_at_every_possible_decision_point() -> None:
    """Every hand of 2 to 4 cards a seat can be asked about, every up card, both presets."""
    asked = 0
    for rules in (TABLE, preset("table", 1), preset("one-on-one")):
        policy = policy_for(rules)
        ups = "A23456789T" if rules.dealer_up_card else "-"
        for n in (2, 3, 4):
            for hand_ranks in combinations_with_replacement("A23456789T", n):
                order = reachable_order(cards(*hand_ranks), rules)
                if order is None:
                    continue
                t = hand_total(order, rules)
                if t > 21:
                    continue
                if rules.free_hand and n == 2 and t == 15:
                    legal = frozenset({Action.THROW, Action.HIT})
                elif t >= rules.seat_must_draw_under:
                    legal = frozenset({Action.HIT, Action.STAND})
                else:
                    continue  # a forced draw asks nothing
                for up_rank in ups:
                    held = (*hand_ranks, up_rank)
                    if any(held.count(r) > 4 * rules.decks for r in hand_ranks):
                        continue  # more of a rank than the shoe holds
                    up = cards(*hand_ranks, up_rank)[-1] if up_rank != "-" else None
                    assert policy(DecisionPoint("anna", order, t, legal, up)) in legal
                    asked += 1
    assert asked > 1000


@pytest.mark.rule("T22")
def test_T22_another_hands_forced_draw_looks_like_a_hit() -> None:
    """A forced draw would tell that a hidden total is under 16: to the other seats it is a
    hit like any other; to its own seat it stays a forced draw."""
    order = "AS 2D 9C TH 3H 3C 8C 7D 3S 9H 2H KD"
    r = Round.start(TABLE, Shoe.stacked(order.split(), decks=2), entries(TABLE))
    r.apply(Action.STAND)  # you: A+3 (14), forced 3 -> 16
    r.apply(Action.STAND)  # anna: 2+3, forced 9 and 2 -> 16
    anna_raw = [e.reason for e in r.events if isinstance(e, CardDealt) and e.seat == "anna"]
    assert anna_raw.count(DrawReason.FORCED) == 2

    mine = view_for(r, "you").events
    assert not any(
        isinstance(e, CardDealt) and e.seat == "anna" and e.reason is DrawReason.FORCED
        for e in mine
    )
    anna_draws = [
        e
        for e in mine
        if isinstance(e, CardDealt) and e.seat == "anna" and e.reason is DrawReason.HIT
    ]
    anna_hits = [
        e
        for e in mine
        if isinstance(e, ActionTaken) and e.seat == "anna" and e.action is Action.HIT
    ]
    assert len(anna_draws) == len(anna_hits) == 2
    assert all(e.card is None for e in anna_draws)
    # my own forced draw is mine to see as such
    assert any(
        isinstance(e, CardDealt) and e.seat == "you" and e.reason is DrawReason.FORCED for e in mine
    )
    # and Anna sees hers as forced
    hers = view_for(r, "anna").events
    assert [e.reason for e in hers if isinstance(e, CardDealt) and e.seat == "anna"] == anna_raw
