"""Issue 11 #6, the optional client seed: the order derived from the server's salt and the
players' seed (HMAC-SHA256 driving a Fisher–Yates shuffle, docs/FAIRNESS.md)."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import random
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.cards import ONE_DECK
from banluck.core.fair import FairLedger, derive_order, salt_commitment_of, verify_history
from banluck.core.shoe import Shoe
from banluck.games.blackjack.rules import CLASSIC
from banluck.verify import play_banluck, play_blackjack

from .helpers import edited, ledger, problem

CODES = [c.code for c in ONE_DECK]


def independent_derive(salt: str, seed: str, cards: list[str]) -> list[str]:
    """The documented derivation, written again from its description."""
    rank_order, suit_order = "A23456789TJQK", "SHDC"
    deck = sorted(cards, key=lambda c: rank_order.index(c[0]) * 4 + suit_order.index(c[1]))
    pool: list[int] = []
    counter = 0

    def next64() -> int:
        nonlocal counter
        if not pool:
            mac = hmac.new(bytes.fromhex(salt), (seed + ":" + str(counter)).encode(), "sha256")
            pool.extend(reversed(struct.unpack(">4Q", mac.digest())))
            counter += 1
        return pool.pop()

    for i in reversed(range(1, len(deck))):
        bound = i + 1
        x = next64()
        while x >= (1 << 64) // bound * bound:
            x = next64()
        j = x % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@settings(max_examples=40, deadline=None)
@given(
    salt=st.binary(min_size=32, max_size=32),
    seed=st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF), min_size=1, max_size=40),
    decks=st.integers(1, 2),
)
def test_the_derivation_is_the_documented_one(salt: bytes, seed: str, decks: int) -> None:
    cards = CODES * decks
    random.Random(seed).shuffle(cards)  # the input's order does not matter
    got = derive_order(salt.hex(), seed, cards)
    assert list(got) == independent_derive(salt.hex(), seed, cards)
    assert sorted(got) == sorted(cards)


def test_the_seed_changes_the_order() -> None:
    salt = "11" * 32
    assert derive_order(salt, "a", CODES) != derive_order(salt, "b", CODES)
    assert derive_order(salt, "a", CODES) == derive_order(salt, "a", list(reversed(CODES)))


def test_a_seeded_shoe_deals_the_derived_order_and_verifies() -> None:
    book = ledger(3)
    shown = book.next_salt_commitment()  # shown to every seat before the seed is asked
    book.set_client_seed("lucky 88")
    shoe = Shoe(1, book.shuffler(), ledger=book)
    salt = book.full_history().shoes[0].reveal.salt  # type: ignore[union-attr]
    assert salt_commitment_of(salt) == shown
    assert [c.code for c in shoe.peek_order()] == list(derive_order(salt, "lucky 88", CODES))
    c = book.current
    assert c is not None and (c.client_seed, c.salt_commitment) == ("lucky 88", shown)
    book.begin_hand()
    for _ in range(10):
        shoe.draw()
    book.finish()
    assert verify_history(book.public_history()).ok


def test_a_seed_is_used_once() -> None:
    book = ledger(4)
    book.set_client_seed("once")
    shoe = Shoe(1, book.shuffler(), ledger=book)
    first = book.next_salt_commitment()
    shoe.shuffle()  # nobody gave a seed for this shoe
    assert book.current is not None and book.current.client_seed == ""
    assert book.current.salt_commitment == first


@pytest.mark.parametrize("bad", ["", "x" * 1025, "tab\there"])
def test_an_unusable_seed_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="1 to 1024 printable characters"):
        FairLedger().set_client_seed(bad)


def test_seeded_tables_verify_and_tampering_is_caught() -> None:
    history = play_banluck(
        "table", 30, random.Random(1), salt_rng=random.Random(1), client_seed="seed"
    )
    assert verify_history(history).ok
    assert all(s.commitment.client_seed for s in history.shoes)
    data = edited(history)
    data["shoes"][0]["client_seed"] = "other"
    assert problem(data) == "shoe 1: the order is not the one the salt and the client seed give"
    data = edited(history)
    data["shoes"][0]["salt_commitment"] = "0" * 64
    assert problem(data) == "shoe 1: the revealed salt is not the one committed to"


@pytest.mark.rule("C8")
def test_C8_seeded_discards_verify() -> None:
    rules = dataclasses.replace(CLASSIC, reshuffle_below=None)
    history = play_blackjack(
        "classic", 30, None, salt_rng=random.Random(2), client_seed="s", rules=rules
    )
    assert verify_history(history).ok
    assert any(s.commitment.source == "discards" for s in history.shoes)


def test_the_ledger_keeps_a_pending_salt_and_seed_across_a_restart() -> None:
    book = ledger(5)
    shown = book.next_salt_commitment()
    book.set_client_seed("later")
    again = FairLedger.from_json(book.to_json())
    assert again.next_salt_commitment() == shown
    again.committed(again.derive(ONE_DECK), decks=1)
    assert again.current is not None and again.current.client_seed == "later"


def test_hashlib_agrees_on_the_salt_commitment() -> None:
    salt = "ab" * 32
    assert salt_commitment_of(salt) == hashlib.sha256(salt.encode("ascii")).hexdigest()


def test_an_order_changed_after_the_seeded_shuffle_is_committed_without_the_seed() -> None:
    """stacked_then_shuffled moves cards after the shuffle: no false claim of a seed."""
    book = ledger(6)
    book.set_client_seed("kept")
    shoe = Shoe.stacked_then_shuffled(["AS", "KH"], decks=1, rng=book.shuffler())
    c = shoe.commit_to(book)
    assert c.client_seed is None and c.salt_commitment is None
    book.finish()
    assert verify_history(book.public_history()).ok
    shoe.ledger = book
    shoe.shuffle()  # the pending salt and seed serve the next seeded shuffle
    assert book.current is not None and book.current.client_seed == "kept"
