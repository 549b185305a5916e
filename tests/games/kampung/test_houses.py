"""H9 at kampung: a house gets the bots' own solve (the model's fields), the Hint and the
simulator play it, and the simulator still plays the engine's hands hand for hand at it; a
house that changes a field the model leaves out is refused by the simulator and the Hint."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.cli import main
from banluck.core.shoe import Shoe
from banluck.games.house import House, HouseError, read_house
from banluck.games.kampung.bots.policy import player_hint
from banluck.games.kampung.bots.shipped import (
    is_shipped,
    load,
    model_rules,
    solved,
)
from banluck.games.kampung.driver import KampungDriver
from banluck.games.kampung.equilibrium.model import solve
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from tests.games.kampung.bots.helpers import (
    KernelHands,
    cards,
    engine_hand,
    player_decision,
    shuffled,
)
from tests.houses.strategies import houses

pytestmark = pytest.mark.slow

#: the house fields the model and the simulator play, with values to draw from
PLAYED: dict[str, list[Any]] = {
    "seat_must_draw_under": [14, 15, 16, 17],
    "banker_must_draw_under": [14, 15, 16, 17, 18],
    "ban_ban": [1, 2, 3, 5],
    "ban_luck": [1, 2, 4],
    "five_dragon": [1, 2, 3],
    "five_dragon_21": [2, 3, 5],
    "five_card_bust": [1, 2, 3],
    "seven_seven_seven": [0, 3, 7, 21],
    "any_21": [1, 2, 3],
    "ace_two_cards": [[10, 11], [1, 11], [1, 10, 11], [1, 10], [10], [1]],
    "ace_three_cards": [[1, 10], [1], [1, 10, 11]],
    "burn": [False],
    "free_hand": [False],
    "selective_open": [False],
    "busts_shown": [True],
}


def house_rules(seed: int) -> KampungRules:
    """A random kampung house over the fields the model plays (three to five of them)."""
    rng = random.Random(seed)
    while True:
        fields = rng.sample(sorted(PLAYED), rng.randint(3, 5))
        try:
            house = read_house(
                {"base": "kampung", "rules": {f: rng.choice(PLAYED[f]) for f in fields}}
            )
        except HouseError:
            continue
        rules: KampungRules = house.record()
        if not is_shipped(rules):
            return rules


@pytest.mark.rule("H9")
def test_a_house_the_model_plays_gets_its_own_solve() -> None:
    house = dataclasses.replace(KAMPUNG, seven_seven_seven_multiple=3)
    s = solved(house)
    assert s is not load() and s is solved(house)  # solved once, then kept
    assert s.v777 == pytest.approx(solve(house).v777) and s.v777 != load().v777
    # what the model leaves out shares kampung's shipped solve
    unread = dataclasses.replace(KAMPUNG, bet_max=900, equal_naturals="banker")
    for same in (KAMPUNG.with_decks(1), unread):
        assert is_shipped(same) and solved(same) is load()
    assert model_rules(dataclasses.replace(house, bet_min=20)) == model_rules(house)


@pytest.mark.rule("H19")
@pytest.mark.rule("K10")
@pytest.mark.parametrize("field", ["burn", "free_hand"])
def test_without_a_players_burn_the_solve_never_burns(field: str) -> None:
    """H19: without ``burn`` (or ``free_hand``) a player's 15 plays on: the house's solve has
    no burn in its players' tables, and without ``burn`` the banker's first 15 is voided or
    played as a second one is (K7)."""
    house: KampungRules = read_house({"base": "kampung", "rules": {field: False}}).record()
    s = solved(house)
    assert s is not load() and not s.players.burn.any() and not s.best_response.burn.any()
    assert load().players.burn.any()  # kampung's own players do burn some 15s
    first = s.bank15[:, 0]
    if field == "burn":
        assert (first == s.bank15[:, 1]).all()
    else:  # the banker's burn stays: its first 15 takes the best of the three
        assert (first == s.bank15_ev.argmax(axis=1)).all()


@pytest.mark.rule("H9")
@pytest.mark.rule("K13")
def test_the_hint_follows_the_house_solve() -> None:
    """Hitting a 7-7 is worth less where 7-7-7 pays 3 than where it pays 21 (K13, H5)."""
    d = player_decision(cards("7S", "7H"), {"hit", "stand"})
    own = player_hint(KAMPUNG, d)["hit"]
    house = dataclasses.replace(KAMPUNG, seven_seven_seven_multiple=3)
    assert player_hint(house, d)["hit"] < own


@pytest.mark.rule("H9")
@pytest.mark.rule("K18")
@pytest.mark.parametrize("seed", range(12))
def test_the_simulator_plays_the_engines_hands_at_a_house(seed: int) -> None:
    """Stacked shoes at a house (six random ones, then no free hand, no burn with a richer
    21, a banker who may not open hands one by one, busts shown, bankers free to stop at 14
    and at 15): every player's net and the cards
    used agree with ``round.py``, with the house's own solve on both sides."""
    fixed = {
        6: {"free_hand": False},
        7: {"burn": False, "any_21": 3},
        8: {"selective_open": False},
        9: {"busts_shown": True},
        10: {"banker_must_draw_under": 14},
        11: {"banker_must_draw_under": 15, "seat_must_draw_under": 15},
    }
    rules = (
        read_house({"base": "kampung", "rules": fixed[seed]}).record()
        if seed in fixed
        else house_rules(seed)
    )
    kernel = KernelHands("project", "project", rules)
    for deal in range(60):
        deck = shuffled(7919 * seed + deal)[:48]
        assert kernel.hand(deck) == engine_hand(deck, "project", "project", rules), (seed, deal)


@pytest.mark.rule("H9")
@pytest.mark.rule("K7")
@settings(max_examples=6, deadline=None)
@given(houses(("kampung",), xi_dach=False), st.integers(0, 10_000))
def test_the_simulator_plays_the_engines_hands_at_any_house(house: House, seed: int) -> None:
    """Any kampung house, every field but XI_DACH.md's drawn (the ace values too, which move
    the banker's soft 15: ace-five where an ace counts 10, none where it counts 1): the
    kernel plays 20 stacked shoes as the engine does, with the house's own solve on both
    sides. A house of Xì Dách's fields is refused by the simulator, never played wrong."""
    rules: KampungRules = house.record()
    kernel = KernelHands("project", "project", rules)
    for deal in range(20):
        deck = shuffled(seed + 104_729 * deal)[:48]
        assert kernel.hand(deck) == engine_hand(deck, "project", "project", rules), deal


@pytest.mark.rule("H18")
@pytest.mark.rule("K6")
def test_the_simulator_lets_the_banker_win_equal_naturals_as_the_engine_does() -> None:
    """H18 at kampung: with ``equal_naturals: banker`` the banker's natural beats the same
    natural; the simulator settles stacked shoes as the engine does, and some of them
    differently from kampung's own push (the bots' choices are the same: K6 comes first)."""
    rules: KampungRules = read_house(
        {"base": "kampung", "rules": {"equal_naturals": "banker"}}
    ).record()
    assert is_shipped(rules)
    kernel = KernelHands("project", "project", rules)
    differ = 0
    for deal in range(400):
        deck = shuffled(31 * deal + 5)[:48]
        got = engine_hand(deck, "project", "project", rules)
        assert kernel.hand(deck) == got, deal
        differ += got != engine_hand(deck, "project", "project")
    assert differ > 0


@pytest.mark.rule("H9")
def test_simulate_at_a_house_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--preset", "kampung", "--hands", "3000", "--seed", "5", "--json"]
    assert main([*args, "--no-progress", "--rule", "seven_seven_seven=7"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["house"]["rules"]["seven_seven_seven"] == 7 and data["hands"] == 3000
    assert main([*args, "--no-progress"]) == 0
    own = json.loads(capsys.readouterr().out)
    assert "house" not in own and own["bank_edge"] != data["bank_edge"]


@pytest.mark.rule("H20")
def test_a_house_that_shuffles_every_hand_shuffles_every_hand() -> None:
    house = read_house({"base": "kampung", "rules": {"shuffle_every_hand": True}})
    full = Shoe(2, random.Random(1))
    assert KampungDriver("kampung", decks=2, house=house).reshuffles(full)
    assert not KampungDriver("kampung", decks=2).reshuffles(full)
    stacked = Shoe.stacked(shuffled(3), decks=2)
    assert not KampungDriver("kampung", decks=2, house=house).reshuffles(stacked)


@pytest.mark.rule("H19")
@pytest.mark.rule("K14")
def test_a_banker_who_may_not_open_one_by_one_never_opens_early() -> None:
    """``selective_open: false``: the banker only hits or stands (its solve has no
    ``open:``), so no hand is opened early in the simulator, where kampung's banker often
    opens; the open-four banker, which opens hands one by one, is refused there."""
    from banluck.games.kampung.sim import hand as kh
    from banluck.games.kampung.sim.runner import simulate

    rules: KampungRules = read_house(
        {"base": "kampung", "rules": {"selective_open": False}}
    ).record()
    assert simulate(rules, 20_000, seed=3).per_hand(kh.A_EARLY_OPEN) == 0
    assert simulate(KAMPUNG, 20_000, seed=3).per_hand(kh.A_EARLY_OPEN) > 0.05
    with pytest.raises(ValueError, match="selective_open"):
        simulate(rules, 100, banker="open-four")


def test_the_simulator_refuses_a_house_of_xi_dachs_fields() -> None:
    rules: KampungRules = read_house(
        {"base": "kampung", "rules": {"non": "players", "heavy_bust_from": 28}}
    ).record()
    with pytest.raises(ValueError, match="XI_DACH"):
        KernelHands("project", "project", rules)


@pytest.mark.rule("X13")
def test_the_table_round_measures_kampung_as_the_simulator_does() -> None:
    """``sim.engine`` plays whole hands through the table's round and bots; at kampung's own
    rules, which the Numba simulator also plays, the two figures agree within their
    intervals (fixed seeds: the same numbers every run)."""
    from banluck.games.kampung.sim.edge import simulated_edge
    from banluck.games.kampung.sim.engine import engine_edge

    engine = engine_edge(KAMPUNG, hands=20_000)
    kernel = simulated_edge(KAMPUNG)
    assert engine.hands == 20_000 and 0 < engine.ci95 < 0.03
    assert abs(engine.bank_edge - kernel.bank_edge) < (engine.ci95**2 + kernel.ci95**2) ** 0.5
    assert engine_edge(KAMPUNG, hands=300) == engine_edge(KAMPUNG, hands=300)  # seeded


@pytest.mark.rule("X13")
def test_a_xi_dach_house_gets_an_edge_measured_by_the_table_round(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The simulator refuses XI_DACH.md's fields; their edge is the table round's, said to be
    outside the model, by ``banluck odds`` and for the page (``edge.house_edge``)."""
    from banluck.games.kampung.sim.edge import house_edge
    from banluck.games.named_houses import named_house

    assert main(["odds", "--preset", "xi-dach", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["house"]["name"] == "Xì Dách" and data["method"] == "engine"
    assert data["edge_source"] == "simulated" and "model" in data and "equilibrium" not in data
    assert -0.2 < data["house_edge"] < 0.2 and 0 < data["ci95"] < 0.03
    page = house_edge(named_house("xi-dach"))
    assert page is not None
    assert page["house_edge"] == data["house_edge"] and page["hands"] == data["hands"]


@pytest.mark.rule("X13")
def test_the_shipped_xi_dach_edges_are_the_table_rounds_own() -> None:
    """engine_edges.json holds what ``engine_edge`` measures for each named Xì Dách house,
    played again here (a change of the round or the bots shows until the file is written
    again: ``sim.engine.write_known``)."""
    from banluck.games.kampung.sim.engine import KNOWN, known_data, measured_edge, rules_key
    from banluck.games.named_houses import named_house

    shipped = json.loads(KNOWN.read_text(encoding="utf-8"))
    assert set(shipped) == {"xi-dach", "xi-dach-rooms", "xi-dach-bots"}
    assert known_data(tuple(shipped)) == shipped
    rules = named_house("xi-dach").record()
    assert shipped["xi-dach"]["key"] == rules_key(rules)
    assert measured_edge(rules).bank_edge == shipped["xi-dach"]["bank_edge"]
