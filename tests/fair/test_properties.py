"""Issue 11 #6, as properties: any seeded shoe's history verifies; any one card changed,
anywhere in the deals, breaks it."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.cards import ONE_DECK
from banluck.core.fair import verify_history
from banluck.games.blackjack.rules import CLASSIC
from banluck.verify import play_blackjack

from .helpers import drawn_history, edited, problem

hands = st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), sizes=hands, decks=st.integers(1, 2))
def test_any_seeded_shoe_verifies(seed: int, sizes: list[int], decks: int) -> None:
    report = verify_history(drawn_history(seed, sizes, decks=decks))
    assert report.ok, report.problem
    assert report.cards == sum(sizes) and report.hands == len(sizes)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    sizes=hands,
    pick=st.integers(0, 10**6),
    card=st.sampled_from([c.code for c in ONE_DECK]),
)
def test_any_single_card_change_breaks_it(
    seed: int, sizes: list[int], pick: int, card: str
) -> None:
    data = edited(drawn_history(seed, sizes, decks=1))
    places = [(d, i) for d, deal in enumerate(data["deals"]) for i in range(len(deal["cards"]))]
    d, i = places[pick % len(places)]
    cards = data["deals"][d]["cards"]
    if cards[i] == card:
        card = next(c.code for c in ONE_DECK if c.code != card)
    was = cards[i]
    cards[i] = card
    found = problem(data)
    assert found is not None
    assert f"hand {data['deals'][d]['hand']}, card {i + 1}: dealt {card}" in found
    assert f"has {was} at position" in found


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), sizes=hands, at=st.integers(0, 10**6))
def test_any_change_to_a_revealed_order_breaks_it(seed: int, sizes: list[int], at: int) -> None:
    data = edited(drawn_history(seed, sizes, decks=1))
    order = data["shoes"][0]["reveal"]["order"]
    i = at % len(order)
    order[i] = next(c.code for c in ONE_DECK if c.code != order[i])
    assert "hash to" in (problem(data) or "")


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), game=st.sampled_from(["classic-c8", "infinite"]))
def test_any_seeded_blackjack_table_verifies(seed: int, game: str) -> None:
    rules = dataclasses.replace(CLASSIC, reshuffle_below=None) if game == "classic-c8" else None
    history = play_blackjack(
        "infinite" if rules is None else "classic",
        25,
        random.Random(seed),
        salt_rng=random.Random(seed),
        rules=rules,
    )
    report = verify_history(history)
    assert report.ok, report.problem
    assert report.hands == 25
