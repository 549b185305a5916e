"""House rules (HOUSE_RULES.md H1–H20): the house object is read and checked once, every
field changes play as the page says (the worked cases in ``tests/cases/houses``, one field
each), and random valid houses keep the properties of every hand: chips conserved, no stack
below zero, no view holding a hidden card, a replay giving the same hand."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.errors import ReplayError
from banluck.core.seating import seating_for
from banluck.core.shoe import Shoe
from banluck.games.banluck import Round, Rules, SeatEntry, preset
from banluck.games.banluck.house import record as banluck_record
from banluck.games.banluck.house import values as banluck_values
from banluck.games.banluck.rules import PRESETS
from banluck.games.house import House, HouseError, read_house
from banluck.games.kampung.house import record as kampung_record
from banluck.games.kampung.house import values as kampung_values
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.replay import round_again
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from banluck.replay import replay_hand, replay_text
from tests.games.kampung.test_properties import check_views as check_kampung_views
from tests.houses.strategies import houses
from tests.test_properties import play_checked

CASES = sorted((Path(__file__).parents[1] / "cases" / "houses").glob("*.json"))


@pytest.mark.rule("H1")
def test_a_preset_is_the_house_that_changes_nothing() -> None:
    for rules in PRESETS.values():
        assert banluck_record(rules, banluck_values(rules)) == rules
        assert read_house({"base": rules.name}).record() == rules
    assert kampung_record(KAMPUNG, kampung_values(KAMPUNG)) == KAMPUNG
    assert read_house({"base": "kampung", "rules": {}}).record() == KAMPUNG


@pytest.mark.rule("H2")
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_each_field_changes_play_as_house_rules_says(path: Path) -> None:
    """The worked case of one field settles as written, and not as its base does: the
    field is played, not only echoed."""
    case = json.loads(path.read_text())
    out = replay_hand(case["input"])
    assert out["house"] == case["expected"]["house"]
    base_input = {k: v for k, v in case["input"].items() if k != "house"}
    base_input["preset"] = case["input"]["house"]["base"]
    try:
        plain: dict[str, Any] | str = replay_hand(base_input)
    except Exception as exc:  # a move the base does not allow is a difference too
        plain = str(exc)
    changed = out if isinstance(plain, str) else {k: v for k, v in out.items() if k != "house"}
    assert changed != plain


REFUSED: list[tuple[Any, str]] = [
    ([], "a house is a JSON object"),
    ({"rules": {}}, "'base' must be a preset's name"),
    ({"base": "pontoon"}, "unknown preset 'pontoon'"),
    ({"base": "table", "colour": "red"}, "unknown key 'colour'"),
    ({"base": "table", "name": None}, "'name' is null, allowed a text of 1 to 40"),
    ({"base": "table", "name": "x" * 41}, "allowed a text of 1 to 40"),
    ({"base": "table", "rules": []}, "'rules' must be an object"),
    ({"base": "table", "rules": {"colour": 1}}, "unknown field 'colour' for base 'table'"),
    ({"base": "table", "rules": {"decks": 9}}, "'decks' is 9, allowed 1 to 8 (base 'table')"),
    ({"base": "table", "rules": {"decks": True}}, "'decks' is true, allowed 1 to 8"),
    ({"base": "table", "rules": {"decks": 2.0}}, "'decks' is 2.0, allowed 1 to 8"),
    ({"base": "table", "rules": {"decks": "2"}}, "'decks' is \"2\", allowed 1 to 8"),
    ({"base": "table", "rules": {"free_hand": 1}}, "'free_hand' is 1, allowed true or false"),
    ({"base": "table", "rules": {"dealer_15": "Void"}}, "allowed 'void' or 'play'"),
    ({"base": "table", "rules": {"seven_seven_seven": 1}}, "allowed 2 to 21 or 0"),
    ({"base": "table", "rules": {"ace_two_cards": []}}, "'ace_two_cards' is []"),
    ({"base": "table", "rules": {"ace_two_cards": [11, 11]}}, "distinct values from 1, 10, 11"),
    ({"base": "table", "rules": {"ace_three_cards": [5]}}, "'ace_three_cards' is [5]"),
    ({"base": "table", "rules": {"bet_min": 600}}, "'bet_max' is 500, allowed at least"),
    ({"base": "one-on-one", "rules": {"bet_min": 400}}, "(1200 > 1000)"),
    (
        {"base": "table", "rules": {"fresh_stack": 100, "bet_min": 200}},
        "'bet_min' is 200, allowed at most a 'fresh_stack' of 100 covering it 'bet_cover' 1",
    ),
    ({"base": "kampung", "rules": {"dealer_15": "play"}}, "unknown field 'dealer_15'"),
    ({"base": "classic", "rules": {"double": "8-11"}}, "allowed 'none' or 'any' or '9-11'"),
    ({"base": "infinite", "rules": {"splits": 4}}, "'splits' is 4, allowed 0 to 3"),
    ({"base": "classic", "rules": {"bet_min": 5}}, "unknown field 'bet_min' for base 'classic'"),
]


@pytest.mark.rule("H4")
@pytest.mark.rule("H11")
@pytest.mark.parametrize(("house", "says"), REFUSED)
def test_a_bad_house_is_refused_naming_what_is_wrong(house: Any, says: str) -> None:
    with pytest.raises(HouseError) as e:
        read_house(house)
    assert says in str(e.value)
    assert str(e.value).startswith("house: ")


@pytest.mark.rule("H12")
def test_replay_refuses_a_bad_house_in_one_line_and_checks_preset_and_decks() -> None:
    hand = {"house": {"base": "table", "rules": {"five_card_bust": 9}}, "shoe": ["AS"] * 8}
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "replay", "-"],
        input=json.dumps(hand),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "banluck replay: house: 'five_card_bust' is 9, allowed 1 to 3 (base 'table')"
    ]
    good = json.loads(CASES[0].read_text())["input"]
    for extra, says in (({"preset": "table"}, "must be the house's base"), ({"decks": 9}, "9")):
        with pytest.raises(Exception, match=says):
            replay_text(json.dumps({**good, **extra}))


LEFT_OUT = ["table-ban-luck-3-ban-ban-4", "xi-dach-banker-natural", "xi-dach-den-lang"]


@pytest.mark.rule("H12")
@pytest.mark.parametrize("name", LEFT_OUT)
def test_a_seat_whose_stack_is_left_out_has_1000_whatever_the_fresh_stack(name: str) -> None:
    """H12: the house's ``fresh_stack`` is what T9 gives a seat below its minimum, not the
    stack of a seat the input leaves out: the same hand under a fresh stack of 5,000 plays
    and settles as under 1,000."""
    case = json.loads((CASES[0].parent / f"{name}.json").read_text())
    hand = case["input"]
    assert any("stack" not in seat for seat in hand["seats"])
    house = hand["house"]
    hand = {**hand, "house": {**house, "rules": {**house.get("rules", {}), "fresh_stack": 5000}}}
    out = replay_text(json.dumps(hand))
    played = replay_text(json.dumps(case["input"]))
    played["house"]["rules"]["fresh_stack"] = 5000
    assert out == played


@pytest.mark.rule("H13")
def test_a_bot_bets_50_or_the_nearer_limit() -> None:
    rules = read_house({"base": "table", "rules": {"bet_min": 60, "bet_max": 100}}).record()
    assert seating_for(rules).bot_bet == 60
    rules = read_house({"base": "table", "rules": {"bet_min": 1, "bet_max": 20}}).record()
    assert seating_for(rules).bot_bet == 20
    assert seating_for(preset("table")).bot_bet == 50
    three = read_house({"base": "table", "rules": {"bet_cover": 3}}).record()
    assert three.player_min_stack == 30
    assert seating_for(three).fresh_stack_for(three, "anna", 149) == three.fresh_stack


def _banluck_seats(rules: Rules, rng: random.Random) -> list[SeatEntry]:
    seating = seating_for(rules)
    out = []
    for seat in seating.seats:
        stack = seating.fresh_stack_for(rules, seat, rng.randrange(0, 3000))
        if seating.is_bot(seat):
            bet = seating.bot_bet
        else:
            bet = max(rules.bet_min, min(rng.randrange(1, 600), rules.bet_max))
            bet = min(bet, stack // rules.bet_cover)
        seating.check_bet(rules, seat, bet, stack)
        out.append(SeatEntry(seat, stack, bet))
    return out


@pytest.mark.rule("H8")
@settings(max_examples=150, deadline=None)
@given(houses(("table", "one-on-one")), st.randoms(use_true_random=False))
def test_every_banluck_house_conserves_chips_hides_cards_and_replays(
    house: House, rng: random.Random
) -> None:
    rules = house.record()
    seats = _banluck_seats(rules, rng)
    r = play_checked(rules, rng.randrange(2**32), seats, rng.randrange(2**32))  # views: T22
    out = r.outcome()
    assert sum(s.net for s in out.seats) == -out.bank_net
    for entry, s in zip(seats, out.seats, strict=True):
        assert s.stack == entry.stack + s.net >= 0
    again = Round.replay(rules, r.drawn, seats, r.actions)
    assert again.events == r.events


@pytest.mark.rule("H19")
@settings(max_examples=150, deadline=None)
@given(houses(("kampung",)), st.randoms(use_true_random=False))
def test_every_kampung_house_conserves_chips_hides_cards_and_replays(
    house: House, rng: random.Random
) -> None:
    rules: KampungRules = house.record()
    banker = rng.choice(rules.seats)
    seating = seating_for(rules)
    stacks = {
        s: seating.fresh_stack_for(rules, s, rng.randrange(0, 3000), banker) for s in rules.seats
    }
    players = []
    for s in rules.players(banker):
        bet = seating.bot_bet
        if not seating.is_bot(s):
            cap = stacks[s] // rules.bet_cover
            bet = max(rules.bet_min, min(rng.randrange(1, 600), rules.bet_max, cap))
        players.append(
            PlayerEntry(s, stacks[s], seating.check_bet(rules, s, bet, stacks[s], bot_covered=True))
        )
    shoe = Shoe(rules.decks, random.Random(rng.randrange(2**32)))
    r = KampungRound.start(rules, shoe, banker=banker, bank_stack=stacks[banker], players=players)
    for _ in range(200):
        check_kampung_views(r)
        if r.to_act is None:
            break
        r.apply(rng.choice(r.legal_actions()))
    assert r.to_act is None
    out = r.outcome()
    assert out.bank.net == -sum(s.net for s in out.seats)
    assert all(s.stack >= 0 for s in out.seats) and out.bank.stack >= 0
    again = round_again(
        rules,
        r.drawn(),
        banker=banker,
        bank_stack=stacks[banker],
        players=players,
        actions=r.actions(),
    )
    assert again.outcome() == out


@pytest.mark.rule("X13")
@pytest.mark.parametrize(
    ("named", "case"),
    [
        ("xi-dach", "xi-dach-banker-natural"),
        ("xi-dach-rooms", "xi-dach-rooms-forced-licence"),
        ("xi-dach-bots", "xi-dach-bots-non-loses-bet"),
    ],
)
def test_the_xi_dach_named_houses_are_the_houses_of_their_worked_cases(
    named: str, case: str
) -> None:
    """X13–X15: each named house is field for field the house its worked case writes out in
    full (the cases come from the spec, the named houses from this package)."""
    from banluck.games.named_houses import named_house

    written = json.loads((CASES[0].parent / f"{case}.json").read_text())["input"]["house"]
    ours = named_house(named)
    assert ours.name == written["name"]
    assert ours.to_object()["rules"] == read_house(written).to_object()["rules"]
    assert ours.record() == read_house(written).record()


@pytest.mark.rule("X13")
@pytest.mark.parametrize("case", ["xi-dach-den-lang", "xi-dach-two-offenders-split"])
def test_a_replay_of_the_xi_dach_game_plays_its_named_house(case: str) -> None:
    """``{"preset": "xi-dach"}`` is the game's own house: the worked case's hand without its
    house written out gives the case's output, the house echoed (H12)."""
    data = json.loads((CASES[0].parent / f"{case}.json").read_text())
    assert data["input"]["house"]["name"] == "Xì Dách"
    hand = {k: v for k, v in data["input"].items() if k != "house"}
    assert replay_hand({**hand, "preset": "xi-dach"}) == data["expected"]
    try:  # kampung's own rules play it otherwise, or not at all
        plain: dict[str, Any] | None = replay_hand({**hand, "preset": "kampung"})
    except ReplayError:
        plain = None
    assert plain != data["expected"]
