"""Issue 11 #6: ``verify_history`` finds any card, order or salt that does not match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from banluck.core.fair import FairFormatError, parse_history, verify_history

from .helpers import drawn_history, edited, problem

HISTORY = drawn_history(7, [4, 5, 6, 3], decks=1)


def test_an_untouched_history_verifies() -> None:
    report = verify_history(HISTORY)
    assert report.ok
    assert report.summary() == "verified: 1 shoes, 4 hands, 18 cards"


def test_a_changed_card_names_the_hand_the_card_and_the_position() -> None:
    data = edited(HISTORY)
    order = data["shoes"][0]["reveal"]["order"]
    hand3 = data["deals"][2]["cards"]  # hand 3 begins at position 10
    wrong = next(c for c in order if c != hand3[2])
    committed = hand3[2]
    hand3[2] = wrong
    assert problem(data) == (
        f"hand 3, card 3: dealt {wrong} but the committed shoe 1 has {committed} at position 12"
    )


def test_a_swapped_pair_of_cards_fails() -> None:
    data = edited(HISTORY)
    cards = data["deals"][1]["cards"]
    cards[0], cards[1] = cards[1], cards[0]
    assert problem(data) == (
        f"hand 2, card 1: dealt {cards[0]} but the committed shoe 1 has {cards[1]} at position 5"
    )


def test_a_tampered_order_fails_the_commitment() -> None:
    data = edited(HISTORY)
    order = data["shoes"][0]["reveal"]["order"]
    order[30], order[31] = order[31], order[30]  # cards nobody was dealt
    found = problem(data)
    assert found is not None
    assert found.startswith("shoe 1: the revealed order and salt hash to ")
    assert "not to the committed" in found


def test_a_tampered_salt_fails_the_commitment() -> None:
    data = edited(HISTORY)
    salt = data["shoes"][0]["reveal"]["salt"]
    data["shoes"][0]["reveal"]["salt"] = ("0" if salt[0] != "0" else "1") + salt[1:]
    assert "hash to" in (problem(data) or "")


def test_a_tampered_commitment_fails() -> None:
    data = edited(HISTORY)
    data["shoes"][0]["commitment"] = "f" * 64
    assert "not to the committed ffffffffffffffff…" in (problem(data) or "")


def test_a_full_shoe_must_hold_every_card() -> None:
    """A commitment honestly made to a shoe with a card twice still fails."""
    from banluck.core.cards import ONE_DECK
    from banluck.core.fair import FairLedger

    order = list(ONE_DECK)
    order[0] = order[1]
    book = FairLedger()
    book.committed(order, decks=1)
    book.finish()
    assert verify_history(book.public_history()).problem == (
        f"shoe 1: the revealed order is not a full 1-deck shoe (it has an extra {order[1].code})"
    )


def test_deals_from_an_unrevealed_shoe_cannot_pass() -> None:
    data = edited(HISTORY)
    del data["shoes"][0]["reveal"]
    assert problem(data) == "shoe 1 is not revealed, so hand 1's cards cannot be checked"


def test_a_shoe_never_committed_fails() -> None:
    data = edited(HISTORY)
    data["deals"][0]["shoe"] = 9
    assert problem(data) == "hand 1 draws from shoe 9, never committed"


def test_going_back_to_an_earlier_shoe_fails() -> None:
    """Two committed shoes must be used one after the other, not picked from hand to hand."""
    one, two = drawn_history(1, [3], decks=1), drawn_history(2, [3], decks=1)
    data = edited(one)
    second = edited(two)["shoes"][0]
    second["shoe"] = 2
    data["shoes"].append(second)
    first_deal = data["deals"][0]
    data["deals"] = [
        {"shoe": 1, "hand": 1, "cards": first_deal["cards"][:2]},
        {"shoe": 2, "hand": 2, "cards": second["reveal"]["order"][:2]},
        {"shoe": 1, "hand": 3, "cards": first_deal["cards"][2:]},
    ]
    assert problem(data) == "hand 3 goes back to shoe 1 after a later shoe"


def test_more_cards_than_the_shoe_holds_fail() -> None:
    data = edited(drawn_history(4, [52], decks=1))
    data["deals"][0]["cards"].append("AS")
    assert problem(data) == "hand 1, card 53: dealt AS but shoe 1 has only 52 cards"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="x"), "the history's 'format' must be 'banluck-fair/1'"),
        (lambda d: d.pop("deals"), "the history: 'deals' is missing"),
        (lambda d: d["shoes"][0].update(shoe="1"), "shoe entry 1: 'shoe' must be a whole number"),
        (lambda d: d["shoes"][0].update(source="new"), "'source' must be 'shuffle' or 'discards'"),
        (lambda d: d["shoes"][0]["reveal"].update(salt="ab"), "the salt must be 64 lowercase hex"),
        (lambda d: d["deals"][0]["cards"].__setitem__(0, "10S"), "deal 1, card 1: '10S' is not"),
        (lambda d: d["deals"][0].update(hand=0), "deal 1: 'hand' must be a number from 1"),
        (lambda d: d["deals"].__setitem__(0, []), "deal 1 must be an object"),
        (lambda d: d["shoes"][0].update(decks=0), "shoe entry 1: 'decks' must be from 1 to 16"),
    ],
)
def test_malformed_histories_are_refused_with_a_reason(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = edited(HISTORY)
    change(data)
    with pytest.raises(FairFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_history(data)


def test_a_hidden_shoe_before_a_revealed_one_fails() -> None:
    data = edited(drawn_history(6, [30, 30, 30], decks=1))
    assert len(data["shoes"]) >= 2
    del data["shoes"][0]["reveal"]
    assert problem(data) == "shoe 2 is revealed but shoe 1, committed before it, is not"
