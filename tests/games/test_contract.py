"""The contract every registered game keeps through its driver (``games.driver``), checked
alike over each one, so that a new game is held to it by its registry line alone: random
hands with random legal choices, and at every step the one stale check, a refused choice
changing nothing, views that are JSON and show a watcher nothing a seated person does not
see; at the end, stacks moved by exactly the settled nets (a banker's table conserving every
chip), and the hand rebuilt from its start and its choices, byte for byte."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import re
from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.cards import ONE_DECK
from banluck.core.fair.table import TableLedger
from banluck.core.refusal import Refusal
from banluck.games.driver import GameDriver, HandDriver, HandStart
from banluck.games.drivers import driver_for
from banluck.games.registry import GAMES, driver_class, game
from banluck.replay import replay_hand

CARD = re.compile(r"^(?:10|[2-9TJQKA])[SHDC♠♥♦♣]$")


def _decks(name: str) -> tuple[int, ...]:
    """The game's deck counts: its default, and one deck where it offers that."""
    spec = driver_class(name).settings_spec(name)
    return tuple(sorted({spec.default_decks, *(k for k in spec.decks if k == 1)}))


def _start(d: GameDriver, seed: int, people: int) -> HandStart:
    seats = d.layout
    if not seats:  # a game whose seats are made as people sit (infinite)
        for _ in range(people):
            seats = (*seats, d.next_seat_name(seats))
    banker = d.first_banker()
    persons = tuple(s for s in seats if s != banker)[:people]
    return HandStart(
        number=1,
        seed=seed,
        shoe=d.fresh_shoe(seed),
        seats=seats,
        people=persons,
        stacks={s: d.fresh_stack() for s in seats},
        bets={s: d.min_bet for s in d.bettors(persons, banker)},
        banker=banker,
    )


def _cards(view: Any) -> Counter[str]:
    """Every card a view shows (each code as often as it appears)."""
    if isinstance(view, dict):
        return sum((_cards(v) for v in view.values()), Counter())
    if isinstance(view, list):
        return sum((_cards(v) for v in view), Counter())
    return Counter([view]) if isinstance(view, str) and CARD.match(view) else Counter()


@cache
def _chart_cells(name: str, decks: int) -> frozenset[tuple[str, str]]:
    """The cells of the game's Strategy chart that have a mark (none: the game has no chart)."""
    if game(name).chart is None:
        return frozenset()
    chart = game(name).part("chart")(name, decks)
    return frozenset(
        (row, col)
        for row, line in zip(chart["rows"], chart["cells"], strict=True)
        for col, mark in zip(chart["columns"], line, strict=True)
        if mark is not None
    )


def _views(h: HandDriver, seats: tuple[str, ...]) -> dict[str | None, Any]:
    return {s: json.loads(json.dumps(h.view(s))) for s in (None, *seats)}


def _check_step(
    h: HandDriver, start: HandStart, name: str, decks: int, choices: tuple[str, ...]
) -> None:
    seat = h.to_act()
    assert seat is not None and h.legal(), "a hand not over waits for a seat with choices"
    cell = h.chart_cell()  # the Hint's and the drill's: a cell the game's own chart has
    assert cell is None or cell in _chart_cells(name, decks), (cell, h.legal())
    h.check_turn(h.number, h.step, seat)  # the turn as it stands is not stale
    before = _views(h, start.seats)
    for bad in ((h.number, h.step + 1, seat), (h.number + 1, h.step, seat)):
        with pytest.raises(Refusal) as stale:
            h.check_turn(*bad)
        assert stale.value.code == "stale"
    with pytest.raises(Refusal) as refused:
        h.apply("no-such-choice")
    assert refused.value.code == "bad_action"
    for known in set(choices) - set(h.legal()):  # a known choice not allowed now, in words
        assert known in h.refusal_message(known)
    assert _views(h, start.seats) == before  # a refused choice changes nothing
    watcher = _cards(before[None])
    for s in start.people:  # a watcher sees only what every seated person sees
        assert not watcher - _cards(before[s]), (s, watcher - _cards(before[s]))
    if decks == 1:  # one deck: a card only one seat sees is in no other seat's view
        own = {s: _cards(before[s]) - watcher for s in start.seats}
        for s in start.seats:
            for other in start.seats:
                assert other == s or not own[s] & own[other], (s, other, own[s] & own[other])


@pytest.mark.parametrize(("name", "decks"), [(n, k) for n in GAMES for k in _decks(n)])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 99), max_size=40))
def test_every_game_keeps_the_drivers_contract(
    name: str, decks: int, seed: int, picks: list[int]
) -> None:
    d = driver_for(name, decks=decks)
    start = _start(d, seed, people=2)
    h = d.begin(start)
    assert h.dealt_stacks() == {s: start.stacks[s] for s in h.dealt_stacks()}  # none fresh
    assert set(start.people) <= set(h.dealt_stacks())
    choices = iter(picks)
    steps = 0
    while not h.over:
        _check_step(h, start, name, d.decks, d.choices)
        legal = h.legal()
        h.apply(legal[next(choices, 0) % len(legal)])
        steps += 1
        assert steps < 200, "a hand ends"
    assert h.to_act() is None
    with pytest.raises(Refusal) as over:
        h.check_turn(h.number, h.step, None)
    assert over.value.code == "no_hand"
    settled = h.settle()
    nets: Counter[str] = Counter()
    for line in settled.summary:
        nets[line["seat"]] += line["net"]
    for s in start.seats:  # stacks moved by exactly the settled nets
        if s != start.banker:
            assert settled.stacks[s] - start.stacks[s] == nets[s], s
    if start.banker is not None:  # a banker's table: every chip stays at the table
        assert sum(settled.stacks.values()) == sum(start.stacks.values())
    passed = [n for n in h.news() if n["code"] == "bank_passed"]  # K2's passing, told once
    assert len(passed) == (settled.banker != start.banker)
    assert all(n["params"]["to"] == settled.banker for n in passed)
    # I1: the next hand's number in the shoe, the hand's own and read from the settled shoe
    assert h.next_shoe_hand() == d.next_shoe_hand(settled.shoe)
    # the hand again from its start (through JSON) and its choices: the same, byte for byte
    again = d.begin(HandStart.from_json(json.loads(json.dumps(start.to_json()))))
    again.replay(list(h.actions))
    assert _views(again, start.seats) == _views(h, start.seats)
    assert again.settle() == settled
    result = h.result_json()  # the replay's output: JSON, the same for the hand rebuilt
    assert json.loads(json.dumps(result)) == result == again.result_json()


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.rule("T9")
def test_a_seat_dealt_a_fresh_stack_is_told_by_the_hand(name: str) -> None:
    """A person whose stack is below every bet is dealt T9's fresh stack, and the hand says
    so (``dealt_stacks``: what the table's ``fresh_stack`` notice tells), in every game that
    gives fresh stacks; the other seats keep theirs."""
    d = driver_for(name, decks=driver_class(name).settings_spec(name).default_decks)
    start = _start(d, 7, people=1)
    if d.seating_of(start.people) is None:
        return  # a game of people only: no fresh stacks to tell (its contract is above)
    broke = start.people[0]
    start = dataclasses.replace(start, stacks={**start.stacks, broke: 0})
    dealt = d.begin(start).dealt_stacks()
    assert dealt[broke] == d.fresh_stack() > 0
    assert all(dealt[s] == start.stacks[s] for s in dealt if s != broke)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_solo_table_takes_its_answers_from_the_driver(name: str) -> None:
    """What a solo table asks the driver: its seats (the person's first), the first bet it
    offers (within the range), the player block's fields (ones the table knows), the known
    choices (every choice a hand offers among them), and ``--shoe``'s first shoe: the cards
    given first, then the rest of its decks, committed so, and drawn so by a hand."""
    d = driver_for(name, decks=driver_class(name).settings_spec(name).default_decks)
    d = driver_for(name, decks=getattr(d.rules, "decks", d.decks))  # a house's own count
    seats = d.solo_seats
    assert seats and len(set(seats)) == len(seats)
    assert d.min_bet <= d.first_bet <= d.max_bet
    own = {"banker", "last_side_bets", "house_in_play", "next_shoe_hand", "decks_in_play"}
    assert set(d.player_fields) - own == {"stacks", "last_bet", "settings", "notices"}
    assert not d.known_choices or set(d.choices) <= set(d.known_choices)
    cards = ["AS", "KD", "7H"]
    ledger = TableLedger(salt_source=bytes)
    shoe = d.first_shoe(cards, random.Random(1), ledger)
    order = ledger.remaining()
    assert list(order[:3]) == cards
    assert Counter(order) == Counter(c.code for c in ONE_DECK * d.decks)
    recorded = copy.copy(d)
    recorded.ledger = ledger
    if not d.shoe_marks_hands:
        ledger.begin_hand()
    recorded.begin(dataclasses.replace(_start(d, 3, people=1), shoe=shoe))
    drawn = list(ledger.full_history().deals[-1].cards)
    assert drawn[:3] == cards


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_limits_are_its_own_bet_check(name: str) -> None:
    """``limits`` (the solo table's and a room's): the range is the driver's, and ``bet_cap``
    is the edge of its own bet check for each stack (accepted, one more refused), None for
    the banker, who bets nothing (K3)."""
    d = driver_for(name, decks=driver_class(name).settings_spec(name).default_decks)
    start = _start(d, 0, people=2)
    seat = start.people[0]
    for stack in (0, 7, d.min_bet, 3 * d.min_bet + 7, d.fresh_stack() // 3, d.fresh_stack()):
        limits = d.limits(seat, start.people, stack, start.banker)
        assert (limits["bet_min"], limits["bet_max"]) == (d.min_bet, d.max_bet)
        assert limits["bet_cover"] == d.bet_cover and limits["fresh_stack"] == d.fresh_stack()
        cap = limits["bet_cap"]
        if cap is None:
            with pytest.raises(Refusal):
                d.check_bet(seat, start.people, d.min_bet, stack)
            continue
        assert d.check_bet(seat, start.people, cap, stack) == cap, stack
        if cap < d.max_bet:
            with pytest.raises(Refusal):
                d.check_bet(seat, start.people, cap + 1, stack)
    if start.banker is not None:
        assert d.limits(start.banker, start.people, 1000, start.banker)["bet_cap"] is None


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 99), max_size=40))
def test_a_solo_hands_history_replays_as_it_was_settled(
    name: str, seed: int, picks: list[int]
) -> None:
    """``history_json`` (the solo table's history entry): the person's line, and REPLAY.md
    input that ``banluck replay`` settles exactly as the table did; ``seat_line`` (the
    statistics'): the net, the stack before and after, the kinds the result names."""
    d = driver_for(name, decks=driver_class(name).settings_spec(name).default_decks)
    start = _start(d, seed, people=1)
    if not d.layout:  # infinite's solo table: the preset's seats, you in the first
        seats = d.rules.seats
        start = dataclasses.replace(
            start,
            seats=seats,
            people=seats[:1],
            stacks=dict.fromkeys(seats, d.fresh_stack()),
            bets={seats[0]: d.min_bet},
        )
    h = d.begin(start)
    choices = iter(picks)
    while not h.over:
        legal = h.legal()
        h.apply(legal[next(choices, 0) % len(legal)])
    you = start.people[0]
    entry = h.history_json(you, "2027-02-06T20:00:00Z")
    settled = h.settle()
    assert entry is not None  # every registered game has REPLAY.md's format
    net = sum(int(line["net"]) for line in settled.summary if line["seat"] == you)
    assert entry["item"]["hand"] == h.number and entry["item"]["net"] == net
    line = h.seat_line(you, settled)  # the statistics' line: the stack moved by the net
    assert line.net == net and line.stack_after == settled.stacks[you]
    assert line.stack_after - line.stack_before == net and line.wagered == entry["item"]["bet"]
    assert set(line.kinds) <= set(json.dumps(entry["result"]).split('"')) and line.kinds
    assert entry["item"]["time"] == "2027-02-06T20:00:00Z"
    assert replay_hand(json.loads(json.dumps(entry["replay"]))) == entry["result"]
