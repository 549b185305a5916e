"""A kampung hand entered in the ledger by how each hand ended settles exactly as the engine
played it: random hands of random kampung houses, every choice random (burns, doubles and
forfeits, the banker's openings), entered as the cards with what else the table saw (a burn,
a double, the bank's total when a hand was opened) and as the family's words."""

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
from banluck.games.banluck.hands import hand_total
from banluck.games.house import House, HouseError, read_house
from banluck.games.kampung.events import (
    ActionTaken,
    BetDoubled,
    CardDealt,
    CardsBurnt,
    HandSettled,
    HandTurned,
    Result,
)
from banluck.games.kampung.ledger import settle_hand
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.replay import play, read_moves, read_rules, read_shoe
from banluck.games.kampung.round import OPEN, KampungRound
from tests.conftest import OWN_CASES

DEEP = 10**9


def house_or_none(changes: dict[str, Any]) -> House | None:
    """The house of ``changes``, or None where H1 refuses the combination."""
    try:
        return read_house({"base": "kampung", "rules": changes})
    except HouseError:
        return None


houses = st.builds(
    house_or_none,
    st.fixed_dictionaries(
        {},
        optional={
            "burn": st.booleans(),
            "busts_shown": st.booleans(),
            "free_hand": st.booleans(),
            "selective_open": st.booleans(),
            "any_21": st.integers(1, 3),
            "seven_seven_seven": st.sampled_from([0, 5, 21]),
            "equal_naturals": st.sampled_from(["push", "banker"]),
            "two_card_15": st.sampled_from(["special", "plain"]),
            "equal_totals": st.sampled_from(["push", "banker", "player"]),
            "decks": st.sampled_from([1, 2]),
            # Xì Dách's houses (XI_DACH.md)
            "compare": st.sampled_from(["kampung", "xi_dach"]),
            "non": st.sampled_from(["off", "players", "all"]),
            "heavy_bust_from": st.sampled_from([0, 26, 28]),
            "pay_for_banker": st.integers(0, 3),
            "five_against_five": st.sampled_from(["by_total", "push", "banker", "lower"]),
        },
    ),
).filter(lambda h: h is not None)


def played(house: House, seed: int) -> tuple[KampungRound, dict[str, int]]:
    """One hand with random choices from a shuffled shoe, every stack and the bank deep."""
    rules = house.record()
    rng = random.Random(seed)
    cards = [f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC"] * rules.decks
    rng.shuffle(cards)
    banker = rng.choice(rules.seats)
    bets = {p: rng.choice([10, 20, 50]) for p in rules.players(banker)}
    r = KampungRound.start(
        rules,
        Shoe.stacked(cards, decks=rules.decks),
        banker=banker,
        bank_stack=DEEP,
        players=[PlayerEntry(p, DEEP, bets[p]) for p in rules.players(banker)],
    )
    while r.to_act is not None:
        r.apply(rng.choice(r.legal_actions()))
    return r, bets


def owed(r: KampungRound) -> dict[str, int]:
    """What the rules moved for each hand before K3 / T20's caps (``HandSettled.owed``,
    signed by its result), less what an offender paid back for the banker (X10), and the
    bank the opposite."""
    signs = {"win": 1, "lose": -1, "forfeit": -1, "penalty": -1}
    nets = {
        e.wager.hand.seat: signs.get(e.wager.result, 0) * e.owed
        for e in r.events
        if isinstance(e, HandSettled)
    }
    for h in r.hands:
        nets[h.seat] -= h.paid_for_banker
    return nets | {r.bank.seat: -sum(nets.values())}


def ends_seen(r: KampungRound, *, words: bool) -> dict[str, object]:
    """What the table saw, as a ledger's entry: each hand's cards (or words) and what else
    happened to it."""
    rules = r.rules
    bank = r.bank
    # the banker's total at each opening, from the cards it had drawn by then (under
    # compare: xi_dach its cards stay face down while it opens, X21, so no settled event
    # says what the hands met)
    opened_at: dict[str, int] = {}
    bank_cards: list[Any] = []
    for e in r.events:
        if isinstance(e, CardDealt) and e.seat == bank.seat:
            bank_cards.append(e.card)
        elif isinstance(e, CardsBurnt) and e.seat == bank.seat:
            bank_cards = []
        elif isinstance(e, ActionTaken) and e.action.startswith(OPEN):
            opened_at[e.action.removeprefix(OPEN)] = hand_total(bank_cards, rules.totals)
    doubled = {e.seat for e in r.events if isinstance(e, BetDoubled)}
    first_two = bank.burnt or tuple(bank.cards[:2])
    fifteen = hand_total(first_two, rules.totals) == rules.burn_total
    bank_said = said(rules, bank.cards, words, banker=True)
    bank_end: dict[str, object] = {"end": bank_said, "fifteen": fifteen}
    if bank.non:
        bank_end = {"end": "non", "fifteen": fifteen} if words else {**bank_end, "non": True}
    ends: dict[str, object] = {bank.seat: "void" if r.voided else bank_end}
    for h in r.hands:
        if h.result is Result.FORFEIT:
            ends[h.seat] = "forfeit"
            continue
        end: dict[str, object] = {"end": said(rules, h.cards, words)}
        if h.non:
            end = {"end": "non"} if words else {**end, "non": True}
        if h.burnt:
            end["burnt"] = True
        if h.seat in doubled:
            end["doubled"] = True
        if h.seat in opened_at:
            end["opened_at"] = opened_at[h.seat]
        ends[h.seat] = end
    return ends


def said(rules: Any, cards: list[Any], words: bool, *, banker: bool = False) -> object:
    """A hand as its cards, or as a family says it (a banker's three 7s are its 21: 7-7-7
    is a player's end, K13)."""
    if not words:
        return [str(c) for c in cards]
    total, n = hand_total(cards, rules.totals), len(cards)
    ranks = [c.rank for c in cards]
    if n == 2 and sorted(ranks) == ["A", "A"]:
        return "ban-ban"
    if n == 2 and "A" in ranks and any(r in "TJQK" for r in ranks):
        return "ban-luck"
    if n == 2 and total == rules.burn_total:
        return "two-card-15"
    if n == 3 and ranks == ["7", "7", "7"] and rules.seven_seven_seven_multiple and not banker:
        return "7-7-7"
    if rules.heavy(total):
        return "heavy-bust" if n < rules.card_limit else [str(c) for c in cards]
    if n == rules.card_limit:
        return f"five-dragon {total}" if total <= 21 else "five-card-bust"
    return "bust" if total > 21 else str(total)


@settings(max_examples=400, deadline=None)
@given(houses, st.integers(0, 2**32))
@pytest.mark.slow
def test_a_kampung_hand_entered_by_its_ends_settles_as_the_engine_played_it(
    house: House, seed: int
) -> None:
    r, bets = played(house, seed)
    out = r.outcome()
    engine = {s.name: s.net for s in out.seats} | {out.bank.name: out.bank.net}
    assert owed(r) == engine  # nothing is capped: every stack and the bank are deep
    for words in (False, True):
        ends = ends_seen(r, words=words)
        nets = settle_hand(r.rules, out.bank.name, bets, ends)
        assert nets == engine, (ends, [e for e in r.events])


def kept_by_the_ledger(path: Path) -> bool:
    """A worked hand of a kampung house (Xì Dách's among them)."""
    case = json.loads(path.read_text())
    if "expected" not in case:
        return False
    return bool(case["input"].get("house", {"base": "kampung"})["base"] == "kampung")


KAMPUNG_CASES = sorted(
    p
    for p in [*(OWN_CASES / "kampung").glob("*.json"), *(OWN_CASES / "houses").glob("*.json")]
    if kept_by_the_ledger(p)
)


def test_the_worked_kampung_hands_are_all_entered() -> None:
    assert len(KAMPUNG_CASES) >= 15


@pytest.mark.parametrize("path", KAMPUNG_CASES, ids=lambda p: p.stem)
def test_every_worked_kampung_hand_settles_alike_in_the_ledger(path: Path) -> None:
    """Each worked hand (tests/cases) played again as it was (its stacks decide which
    choices there are), and entered as its cards and as words: the ledger settles what the
    rules move, before K3 / T20's caps (a ledger records what is owed)."""
    data = json.loads(path.read_text())["input"]
    rules = read_house(data["house"]).record() if "house" in data else read_rules(data)
    banker = data.get("banker", "dealer")
    seating = seating_for(rules)
    seats = {s["name"]: s for s in data["seats"]}
    scripts = {
        name: read_moves(name, s["moves"], banker=banker, seats=rules.seats)
        if "moves" in s
        else None
        for name, s in seats.items()
    }
    stacks = {
        name: seating.fresh_stack_for(rules, name, seats[name].get("stack", 1000), banker)
        for name in rules.seats
    }
    bets = {p: seats[p].get("bet", seating.bot_bet) for p in rules.players(banker)}
    r = KampungRound.start(
        rules,
        read_shoe(data, rules),
        banker=banker,
        bank_stack=stacks[banker],
        players=[PlayerEntry(p, stacks[p], bets[p]) for p in rules.players(banker)],
    )
    play(r, scripts)
    engine = owed(r)
    for words in (False, True):
        assert settle_hand(rules, banker, bets, ends_seen(r, words=words)) == engine


def test_offenders_pay_for_the_banker_when_the_players_turns_settled_every_hand() -> None:
    """X10 / X16 with K21: a hand whose players' turns settled everyone (a Ban-Luck paid at
    once, five cards paid at once, a heavy bust shown) is over before the banker draws, and
    the offender still pays the bank back the five cards' win, up to its cap (found by the
    property above: the engine ended such a hand without X10's shares)."""
    house = house_or_none(
        {
            "burn": False,
            "any_21": 1,
            "decks": 1,
            "five_against_five": "by_total",
            "non": "off",
            "compare": "kampung",
            "heavy_bust_from": 26,
            "equal_totals": "push",
            "two_card_15": "special",
            "equal_naturals": "push",
            "free_hand": False,
            "seven_seven_seven": 0,
            "selective_open": False,
            "pay_for_banker": 1,
            "busts_shown": True,
        }
    )
    assert house is not None
    r, bets = played(house, 7448)
    out = r.outcome()
    nets = {s.name: s.net for s in out.seats} | {out.bank.name: out.bank.net}
    turned = {e.seat: e.kind for e in r.events if isinstance(e, HandTurned)}
    assert turned == {
        "you": "ban-luck",
        "ben": "five-dragon",
        "dealer": "heavy-bust",
        "anna": "plain",
    }
    # the bank paid 20 for Ben's five cards; the offender's share is capped at its one bet
    assert nets == {"you": 20, "ben": 20, "dealer": -10 - 10, "anna": -20}
    assert settle_hand(r.rules, out.bank.name, bets, ends_seen(r, words=True)) == nets
