"""A real-card hand entered in the ledger by how each hand ended settles exactly as the same
hand played by the engine from a stacked shoe (``banluck replay``), in random houses of the
Ban Luck family: entered as the cards, and as the words a family says at the table."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.seating import seating_for
from banluck.core.shoe import Shoe
from banluck.games.banluck import Action, Round, SeatEntry
from banluck.games.banluck.ledger import settle_hand, settlement_table
from banluck.games.house import House, read_house
from banluck.replay import replay_hand
from tests.conftest import OWN_CASES

STACK = 1_000_000

houses = st.builds(
    lambda base, changes: read_house({"base": base, "rules": changes}),
    st.sampled_from(["table", "one-on-one"]),
    st.fixed_dictionaries(
        {},
        optional={
            "seven_seven_seven": st.sampled_from([0, 7, 21]),
            "equal_naturals": st.sampled_from(["push", "banker"]),
            "equal_totals": st.sampled_from(["push", "banker"]),
            "five_against_five": st.sampled_from(["by_total", "push"]),
            "five_card_bust": st.integers(1, 3),
            "dealer_five_cards": st.sampled_from(["limit", "plain", "no_limit"]),
            "dealer_15": st.sampled_from(["void", "play"]),
            "free_hand": st.booleans(),
            "ban_ban": st.integers(2, 5),
            "five_dragon_21": st.integers(2, 5),
            "decks": st.sampled_from([1, 2]),
        },
    ),
)


def played(house: House, seed: int) -> dict[str, Any]:
    """One hand played with random legal moves from a shuffled shoe, then replayed from the
    cards it used: the replay's output (REPLAY.md)."""
    rules = house.record()
    rng = random.Random(seed)
    cards = [f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC"] * rules.decks
    rng.shuffle(cards)
    seating = seating_for(rules)
    names = seating.seats
    bets = {
        n: seating.bot_bet if seating.is_bot(n) else rng.choice([10, 20, 50, 100]) for n in names
    }
    r = Round.start(
        rules, Shoe.stacked(cards, decks=rules.decks), [SeatEntry(n, STACK, bets[n]) for n in names]
    )
    moves: dict[str, list[str]] = {n: [] for n in names}
    while r.to_act is not None:
        seat = r.to_act
        action = rng.choice(sorted(r.legal_actions()))
        moves[seat].append(action.value)
        r.apply(action)
    used = r.outcome().cards_used
    data = {
        "house": house.to_object(),
        "shoe": cards[:used],
        "seats": [{"name": n, "stack": STACK, "bet": bets[n], "moves": moves[n]} for n in names],
    }
    out = replay_hand(data, policy=unasked)  # every seat's moves are given
    out["bets"] = bets
    return out


def unasked(point: object) -> Action:
    raise AssertionError(f"the replay asked a policy at {point}: a move was missing")


def said(hand: dict[str, Any], *, banker: bool, void: bool) -> object:
    """How a family says a hand ended: a word, a total, or (where no word says it: a
    banker's short five cards) the cards."""
    kind, total, n = hand["hand"], hand["total"], len(hand["cards"])
    if banker and void:
        return "void"
    if hand.get("result") == "thrown-in":
        return "thrown"
    if kind in ("ban-ban", "ban-luck"):
        return kind
    if kind == "seven-seven-seven":
        return "7-7-7"
    if kind == "five-dragon":
        return f"five-dragon {total}"
    if kind == "bust":
        return "five-card-bust" if n >= 5 and not banker else "bust"
    if n >= 5:
        return hand["cards"]
    return str(total)


@settings(max_examples=300, deadline=None)
@given(houses, st.integers(0, 2**32))
@pytest.mark.slow
def test_a_hand_entered_by_its_ends_settles_as_the_engine_played_it(
    house: House, seed: int
) -> None:
    out = played(house, seed)
    rules = house.record()
    dealer = out["dealer"]
    engine = {s["name"]: s["net"] for s in out["seats"]}
    by_cards = {"Banker": dealer["cards"], **{s["name"]: s["cards"] for s in out["seats"]}}
    by_words = {
        "Banker": said(dealer, banker=True, void=out["void"]),
        **{s["name"]: said(s, banker=False, void=False) for s in out["seats"]},
    }
    if any(s["result"] == "thrown-in" for s in out["seats"]):
        # the cards alone do not say a free hand was thrown in
        by_cards.update({s["name"]: "thrown" for s in out["seats"] if s["result"] == "thrown-in"})
    # "lost": every hand that lost to the banker's without busting, as the page's default
    by_lost = {
        **by_words,
        **{s["name"]: "lost" for s in out["seats"] if lost_at_showdown(s, dealer)},
    }
    for ends in (by_cards, by_words, by_lost):
        nets = settle_hand(rules, "Banker", out["bets"], ends)
        assert {n: nets[n] for n in engine} == engine, (ends, out)
        assert sum(nets.values()) == 0
        assert nets["Banker"] == -sum(engine.values())
    # the table a page keeps offline says the same, bet by bet
    table = settlement_table(rules)
    bank = (
        table["banker_ends"].index(by_words["Banker"])
        if isinstance(by_words["Banker"], str)
        else None
    )
    for ends in (by_words, by_lost):
        for s in out["seats"]:
            end = ends[s["name"]]
            if bank is None or not isinstance(end, str):
                continue
            multiple = table["multiples"][table["seat_ends"].index(end)][bank]
            assert multiple * out["bets"][s["name"]] == s["net"], (end, by_words["Banker"])


def lost_at_showdown(seat: dict[str, Any], dealer: dict[str, Any]) -> bool:
    return bool(seat["result"] == "lose" and seat["hand"] != "bust" and dealer["hand"] != "bust")


BANLUCK_CASES = sorted(
    p
    for p in [*OWN_CASES.glob("*.json"), *(OWN_CASES / "houses").glob("*.json")]
    if "expected" in json.loads(p.read_text())
    and json.loads(p.read_text())["input"].get("house", {}).get("base", "table")
    in ("table", "one-on-one")
)


def test_the_worked_cases_of_the_family_are_all_entered() -> None:
    assert len(BANLUCK_CASES) >= 25
    bases = {json.loads(p.read_text())["input"].get("house", {}).get("base") for p in BANLUCK_CASES}
    assert {"table", "one-on-one"} <= bases


@pytest.mark.parametrize("path", BANLUCK_CASES, ids=lambda p: p.stem)
def test_every_worked_hand_of_the_family_settles_alike_in_the_ledger(path: Path) -> None:
    """Each worked hand (tests/cases), its stacks made deep enough that no loss is capped
    (T20; a ledger records what is owed), played again and entered by its words."""
    data = json.loads(path.read_text())["input"]
    for seat in data["seats"]:
        seat["stack"] = STACK
    out = replay_hand(data)
    house = read_house(data["house"]) if "house" in data else read_house({"base": out["preset"]})
    bot_bet = seating_for(house.record()).bot_bet
    bets = {seat["name"]: seat.get("bet", bot_bet) for seat in data["seats"]}
    ends = {
        "Banker": said(out["dealer"], banker=True, void=out["void"]),
        **{s["name"]: said(s, banker=False, void=False) for s in out["seats"]},
    }
    nets = settle_hand(house.record(), "Banker", bets, ends)
    assert {s["name"]: nets[s["name"]] for s in out["seats"]} == {
        s["name"]: s["net"] for s in out["seats"]
    }
