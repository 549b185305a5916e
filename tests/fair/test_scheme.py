"""Issue 11 #6: the commitment is SHA-256 over ``salt:order`` and anyone can recompute it."""

from __future__ import annotations

import hashlib
import random
import shutil
import subprocess

import pytest

from banluck.core.fair import SALT_BYTES, canonical_text, commitment_of
from banluck.core.shoe import Shoe

from .helpers import drawn_history, ledger


def test_commitment_is_sha256_of_salt_colon_codes() -> None:
    salt = bytes(range(32)).hex()
    order = ["AS", "TD", "KH"]
    expected = hashlib.sha256(f"{salt}:AS TD KH".encode("ascii")).hexdigest()
    assert canonical_text(salt, order) == f"{salt}:AS TD KH"
    assert commitment_of(salt, order) == expected


def test_every_shuffle_commits_a_fresh_salt_and_the_shuffled_order() -> None:
    book = ledger(5)
    shoe = Shoe(2, random.Random(5), ledger=book)
    first = book.full_history().shoes[0]
    assert first.reveal is not None
    assert first.reveal.order == tuple(c.code for c in shoe.peek_order())
    assert len(bytes.fromhex(first.reveal.salt)) == SALT_BYTES
    assert first.commitment.cards == 104 and first.commitment.decks == 2
    shoe.shuffle()
    second = book.full_history().shoes[1]
    assert second.reveal is not None and second.reveal.salt != first.reveal.salt
    assert second.commitment.shoe == 2
    assert second.reveal.order == tuple(c.code for c in shoe.peek_order())


def test_commit_to_records_a_shoe_made_another_way() -> None:
    shoe = Shoe.stacked_then_shuffled(["AS", "AH"], decks=1, rng=random.Random(1))
    book = ledger(1)
    c = shoe.commit_to(book)
    assert c.commitment == commitment_of(
        book.full_history().shoes[0].reveal.salt,  # type: ignore[union-attr]
        [card.code for card in shoe.peek_order()],
    )
    shoe.draw()
    with pytest.raises(ValueError, match="full shoe"):
        shoe.commit_to(book)


def test_commitment_matches_sha256sum() -> None:
    """docs/FAIRNESS.md's check with ordinary tools: printf … | sha256sum."""
    tool = shutil.which("sha256sum")
    if tool is None:
        pytest.skip("sha256sum is not installed")
    shoe = drawn_history(3, [5, 6], decks=2).shoes[0]
    assert shoe.reveal is not None
    text = canonical_text(shoe.reveal.salt, shoe.reveal.order)
    out = subprocess.run(
        ["sh", "-c", 'printf "%s" "$1" | sha256sum', "sh", text],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    assert out.split()[0] == shoe.commitment.commitment


def test_an_unrecorded_shoe_behaves_as_before() -> None:
    """The ledger only listens: the same seed deals the same cards with and without it."""
    plain = Shoe(2, random.Random(11))
    recorded = Shoe(2, random.Random(11), ledger=ledger())
    assert [plain.draw() for _ in range(60)] == [recorded.draw() for _ in range(60)]
    assert Shoe.stacked(["AS"], decks=1).ledger is None
