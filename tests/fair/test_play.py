"""Issue 11 #6 on real play: Ban Luck over a reshuffle (T12), blackjack's burn and cut card
(I1) and the discards shuffled in mid-hand (C8); what a seat may see of the ledger."""

from __future__ import annotations

import dataclasses
import random

import pytest

from banluck.core.fair import FairLedger, verify_history
from banluck.core.shoe import Shoe
from banluck.games.banluck.rules import TABLE
from banluck.games.banluck.table import Table
from banluck.games.blackjack.rules import CLASSIC, INFINITE
from banluck.games.blackjack.shoe import BlackjackShoe
from banluck.verify import play_banluck, play_blackjack, play_kampung

from .helpers import edited, ledger, problem


@pytest.mark.rule("T12")
def test_banluck_table_over_a_reshuffle_verifies() -> None:
    history = play_banluck("table", 40, random.Random(3), salt_rng=random.Random(4))
    report = verify_history(history)
    assert report.ok, report.problem
    used = {d.shoe for d in history.deals}
    assert len(used) >= 2  # the table reshuffled at least once
    assert report.hands == 40 and report.cards == sum(len(d.cards) for d in history.deals)


@pytest.mark.rule("K2")
def test_kampung_with_the_bank_rotating_verifies() -> None:
    history = play_kampung(30, random.Random(2), salt_rng=random.Random(3), bank="rotate")
    report = verify_history(history)
    assert report.ok and report.hands == 30 and report.shoes >= 2


def test_one_on_one_shuffling_every_hand_verifies() -> None:
    report = verify_history(play_banluck("one-on-one", 10, random.Random(1)))
    assert report.ok and report.shoes == 11 and report.unused == 1  # the shoe made at the start
    assert "1 never dealt from" in report.summary()


@pytest.mark.rule("I1")
def test_I1_infinite_burns_and_cut_card_verify() -> None:
    history = play_blackjack("infinite", 75, random.Random(5), salt_rng=random.Random(6))
    assert verify_history(history).ok
    burns = [d for d in history.deals if d.hand is None]
    assert len(burns) >= 2  # the first shuffle and the one after the cut card
    for burn in burns:
        from banluck.core.cards import parse_card

        assert len(burn.cards) == 1 + parse_card(burn.cards[0]).points
    assert {s.commitment.source for s in history.shoes} == {"shuffle"}
    # a burnt card changed is caught like any other
    data = edited(history)
    burn = next(d for d in data["deals"] if d.get("burn"))
    burn["cards"][0] = "AS" if burn["cards"][0] != "AS" else "AH"
    assert (problem(data) or "").startswith("the burn of shoe 1, card 1: dealt ")


@pytest.mark.rule("C8")
def test_C8_discards_shuffled_in_mid_hand_are_a_new_committed_shoe() -> None:
    rules = dataclasses.replace(CLASSIC, reshuffle_below=None)  # play the pack to its end
    history = play_blackjack(
        "classic", 40, random.Random(2), salt_rng=random.Random(9), rules=rules
    )
    assert verify_history(history).ok
    packs = [s for s in history.shoes if s.commitment.source == "discards"]
    assert packs and packs[0].commitment.cards < 104
    # a hand that spans the old pack and the new one: its cards go on counting
    split = [d.hand for d in history.deals]
    assert any(split.count(h) == 2 for h in set(split) if h is not None)


@pytest.mark.rule("C8")
def test_C8_a_discards_pack_with_a_card_from_nowhere_fails() -> None:
    rules = dataclasses.replace(CLASSIC, reshuffle_below=None)
    book = ledger(1)
    shoe = BlackjackShoe(rules, random.Random(2), ledger=book)
    shoe.begin_hand()
    for _ in range(104):
        shoe.draw()
    shoe.end_hand()
    # commit a dishonest "discards" pack: three aces of spades from two decks
    from banluck.core.cards import parse_card

    fake = [parse_card("AS")] * 3
    book.committed(fake, decks=rules.decks, source="discards")
    book.begin_hand()
    book.drew(fake[0])
    book.finish()
    assert verify_history(book.public_history()).problem == (
        "shoe 2: the revealed order is not the discards (it has an extra AS)"
    )


def test_a_seat_never_sees_the_shoe_in_use() -> None:
    """Only finished shoes are revealed, and not while a hand in play has cards from them."""
    rules = dataclasses.replace(CLASSIC, reshuffle_below=None)
    book = ledger(2)
    shoe = BlackjackShoe(rules, random.Random(2), ledger=book)
    assert book.current is not None and book.current.shoe == 1
    shoe.begin_hand()
    for _ in range(60):
        shoe.draw()
    shoe.end_hand()
    shoe.begin_hand()
    for _ in range(40):
        shoe.draw()
    seen = book.public_history()
    assert seen.shoes[0].reveal is None and seen.deals == ()
    for _ in range(6):  # the pack runs out: C8 mid-hand
        shoe.draw()
    assert book.current is not None and book.current.source == "discards"
    assert book.public_history().shoes[0].reveal is None  # the hand in play holds its cards
    shoe.end_hand()
    after = book.public_history()
    assert after.shoes[0].reveal is not None and after.shoes[1].reveal is None
    assert {d.shoe for d in after.deals} == {1}
    assert verify_history(after).summary() == (
        "verified: 2 shoes (1 not revealed yet), 2 hands, 104 cards"
    )


def test_the_ledger_survives_a_restart() -> None:
    book = ledger(8)
    table = Table(TABLE, shoe=Shoe(2, random.Random(8), ledger=book))
    for n in range(25):
        if n == 12:  # save and load, as a server restart does (T10)
            saved = book.to_json()
            remaining = table.shoe.peek_order()
            book = FairLedger.from_json(saved)
            assert book.remaining() == tuple(c.code for c in remaining)
            table.shoe.ledger = book
        book.begin_hand()
        r = table.start_round(100)
        while r.to_act:
            r.apply(sorted(r.legal_actions())[-1])
        table.finish_round(r)
        book.end_hand()
    book.finish()
    report = verify_history(book.public_history())
    assert report.ok and report.hands == 25


def test_a_finished_history_round_trips_through_json() -> None:
    history = play_blackjack("infinite", 5, random.Random(1), salt_rng=random.Random(1))
    from banluck.core.fair import parse_history

    assert parse_history(history.to_json()) == history
    assert INFINITE.decks * 52 == history.shoes[0].commitment.cards
