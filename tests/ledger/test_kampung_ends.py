"""What a page offers to tap for a kampung hand (``settlement_table``): every end and every
extra it offers is one the house's ledger settles, and none it leaves out is; and a hand
said "lost" is refused against a banker who bust, as Ban Luck's ledger refuses it."""

from __future__ import annotations

import pytest

from banluck.core.errors import LedgerError
from banluck.games.house import read_house
from banluck.games.kampung.ledger import settle_hand, settlement_table
from banluck.games.kampung.rules import KampungRules
from banluck.games.named_houses import NAMED, named_house

KAMPUNG_HOUSES = ["kampung", *(k for k in NAMED if named_house(k).base == "kampung")]


def rules_of(key: str) -> KampungRules:
    rules = (named_house(key) if key in NAMED else read_house({"base": key})).record()
    assert isinstance(rules, KampungRules)
    return rules


def settles(rules: KampungRules, seat: object, bank: object) -> bool:
    try:
        settle_hand(rules, "B", {"S": 3}, {"B": bank, "S": seat})
    except LedgerError:
        return False
    return True


@pytest.mark.parametrize("key", KAMPUNG_HOUSES)
def test_every_end_offered_is_one_the_house_settles(key: str) -> None:
    rules = rules_of(key)
    table = settlement_table(rules)
    assert table["multiples"] is None  # each hand goes to the server whole
    seats, banks = table["seat_ends"], table["banker_ends"]
    assert seats[0] == "lost" and set(table["banker_quick"]) <= set(banks)
    for seat in seats:
        assert any(settles(rules, seat, b) for b in banks), seat
    for bank in banks:
        assert any(settles(rules, s, bank) for s in seats), bank
    for word in ("non", "heavy-bust", "7-7-7"):  # offered exactly where the house has them
        assert (word in seats) == any(settles(rules, word, b) for b in banks), word
    for t in table["seat_extras"].get("opened_at", []):
        assert settles(rules, {"end": "19", "opened_at": t}, "20"), t
    for flag in ("burnt", "doubled"):
        if table["seat_extras"].get(flag):
            assert settles(rules, {"end": "19", flag: True}, "20")
    if table["banker_extras"].get("fifteen"):
        assert settles(rules, "ban-luck", {"end": "19", "fifteen": True})


def test_xi_dach_offers_its_penalties_and_kampung_its_burn() -> None:
    xi = settlement_table(rules_of("xi-dach"))
    kampung = settlement_table(rules_of("kampung"))
    assert {"non", "heavy-bust"} <= set(xi["seat_ends"]) and "7-7-7" not in xi["seat_ends"]
    assert "non" not in kampung["seat_ends"] and "7-7-7" in kampung["seat_ends"]
    assert kampung["seat_extras"] == {
        "opened_at": [16, 17, 18, 19, 20, 21],
        "burnt": True,
        "doubled": True,
    }
    assert kampung["banker_extras"] == {"fifteen": True}


@pytest.mark.parametrize("key", ["kampung", "xi-dach"])
def test_a_hand_said_lost_is_refused_against_a_banker_who_bust(key: str) -> None:
    rules = rules_of(key)
    for lost in ("lost", {"end": "lost", "burnt": True}):
        with pytest.raises(LedgerError, match="no hand simply loses") as raised:
            settle_hand(rules, "Mum", {"Ann": 10}, {"Mum": "bust", "Ann": lost})
        assert raised.value.who == "Ann"
    # opened before the banker bust, it did lose to the total the banker had then (K16)
    nets = settle_hand(
        rules,
        "Mum",
        {"Ann": 10},
        {
            "Mum": "bust",
            "Ann": {"end": "lost", "opened_at": 18},
        },
    )
    assert nets == {"Ann": -10, "Mum": 10}


def test_a_forfeit_at_the_burn_stands_when_the_fresh_pair_is_voided() -> None:
    """K7: players forfeit when the banker burns its 15; a second 15 may then be voided,
    which gives back only the bets still in the hand (found by the property test of
    ``test_kampung_as_played``: the ledger voided the forfeits too)."""
    rules = rules_of("kampung")
    ends = {"Mum": "void", "Ann": "forfeit", "Ben": {"end": "18", "doubled": True}}
    assert settle_hand(rules, "Mum", {"Ann": 10, "Ben": 10}, ends) == {
        "Ann": -10,
        "Ben": 0,
        "Mum": 10,
    }
