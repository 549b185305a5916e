"""One table's run of hands (``games.table_run``), over every registered game: a fresh run,
hands dealt and settled through it with the next shoe made when its driver says, the run
saved and read back dealing the same next hand, and damaged saves refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from banluck.games.driver import GameDriver, HandDriver
from banluck.games.drivers import driver_for
from banluck.games.registry import GAMES, driver_class
from banluck.games.table_run import BadRun, TableRun


def _driver(name: str) -> GameDriver:
    return driver_for(name, decks=driver_class(name).settings_spec(name).default_decks)


#: games whose seats are fixed (``infinite`` makes a seat for each person who sits)
FIXED = sorted(name for name in GAMES if _driver(name).layout)


def _salts(seed: int) -> Any:
    return random.Random(seed).randbytes


def _fresh(name: str, seed: int) -> tuple[GameDriver, TableRun]:
    """A fresh run of ``name`` and its driver, whose shoes tell the run's ledger."""
    d = _driver(name)
    run = TableRun.fresh(d, seed, _salts(seed))
    d.ledger = run.ledger
    return d, run


def _play(run: TableRun, d: GameDriver, rng: random.Random) -> HandDriver:
    """One hand of ``run``: the first seat a person betting the smallest bet, bots
    elsewhere, random legal choices; settled into the run."""
    seats = d.layout
    you = seats[0]
    bets = {} if run.banker == you else {you: d.min_bet}
    start = run.start(seed=rng.getrandbits(63), seats=seats, people=(you,), bets=bets)
    hand = run.deal(d, start)
    hand.play_until(lambda seat: rng.choice(hand.legal()) if seat == you else hand.bot_choice())
    assert hand.over
    run.settle(hand.settle())
    if run.shoe_due(d):
        run.new_shoe(d, rng.getrandbits(63))
    return hand


@pytest.mark.parametrize("name", FIXED)
def test_a_fresh_run_has_every_seat_the_first_bank_and_a_committed_shoe(name: str) -> None:
    d, run = _fresh(name, 7)
    assert run.stacks == dict.fromkeys(d.layout, d.fresh_stack())
    assert run.banker == d.first_banker() and run.next_hand == 1 and run.last_number == 0
    assert run.ledger.current is not None  # the first shoe committed before its first card
    assert run.ledger.pending_salt_commitment() is not None  # and the next one's salt


@pytest.mark.parametrize("name", FIXED)
def test_hands_through_a_run_take_their_settlement_and_number(name: str) -> None:
    d, run = _fresh(name, 7)
    rng = random.Random(5)
    commitments = {run.ledger.current.commitment}  # type: ignore[union-attr]
    for number in range(1, 13):
        before = dict(run.stacks)
        hand = _play(run, d, rng)
        assert hand.number == number and run.next_hand == number + 1
        settled = hand.settle()
        assert run.stacks == {**before, **settled.stacks}
        if settled.banker is not None:
            assert (run.banker, run.hands_banked) == (settled.banker, settled.hands_banked)
        assert run.ledger.current is not None
        commitments.add(run.ledger.current.commitment)
    # twelve hands go through more than one shoe in every game, each committed
    assert len(commitments) > 1
    assert run.ledger.public_json()["shoes"]


def test_a_kept_seat_keeps_its_stack() -> None:
    d, run = _fresh("table", 3)
    kept = d.layout[1]
    start = run.start(seed=1, seats=d.layout, people=(d.layout[0],), bets={d.layout[0]: 10})
    hand = run.deal(d, start)
    hand.play_until(lambda seat: hand.bot_choice())
    settled = hand.settle()
    run.settle(settled, kept=(kept,))
    assert run.stacks[kept] == d.fresh_stack()
    assert all(run.stacks[s] == v for s, v in settled.stacks.items() if s != kept)


@pytest.mark.parametrize("name", FIXED)
def test_a_saved_run_reads_back_and_deals_the_same_next_hand(name: str) -> None:
    d, run = _fresh(name, 11)
    rng = random.Random(9)
    for _ in range(4):
        _play(run, d, rng)
    saved = json.loads(json.dumps(run.to_json()))
    back = TableRun.from_json(saved, seats=d.layout, salts=_salts(4))
    assert back.to_json() == run.to_json()
    views = []
    for r in (run, back):
        twin = _driver(name)
        twin.ledger = r.ledger
        _play(r, twin, random.Random(21))
        views.append((r.to_json()["stacks"], r.shoe))
    assert views[0] == views[1]


def _saved() -> tuple[dict[str, Any], tuple[str, ...]]:
    d = _driver("kampung")
    return TableRun.fresh(d, 1, _salts(5)).to_json(), d.layout


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda j: j.pop("stacks"), "no 'stacks'"),
        (lambda j: j["stacks"].popitem(), "stacks"),
        (lambda j: j["stacks"].update({next(iter(j["stacks"])): -1}), "stacks"),
        (lambda j: j["stacks"].update({next(iter(j["stacks"])): 2.5}), "stacks"),
        (lambda j: j.update(banker="nobody"), "banker"),
        (lambda j: j.update(next_hand=0), "next_hand"),
        (lambda j: j.update(hands_banked=-1), "hands_banked"),
        (lambda j: j.update(shoe=[]), "shoe"),
        (lambda j: j.update(fair=[]), "fair ledger"),
        (lambda j: j.update(fair={"shoes": "x"}), "fair ledger"),
    ],
)
def test_a_damaged_run_is_refused_saying_what(change: Any, says: str) -> None:
    data, seats = _saved()
    TableRun.from_json(json.loads(json.dumps(data)), seats=seats, salts=_salts(6))
    change(data)
    with pytest.raises(BadRun, match=says):
        TableRun.from_json(data, seats=seats, salts=_salts(6))
