"""Issue 10 follow-ups: a stacked ``--shoe`` deals its cards first in one-on-one too (O2),
and every game's State says the most you may bet on the next deal (``limits.bet_cap``: T9,
then T8 / O1 / B5 / K3), computed by the rules, not by the page."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banluck.core import BadBet, Shoe
from banluck.core.seating import seating_for
from banluck.games.banluck import preset
from banluck.games.betcap import largest_bet
from banluck.web.saves.banluck_save import PlayerRecord
from banluck.web.solo.banluck_game import BanluckSession
from tests.web.games_helpers import Json, act, api, deal, game_client, stored, write_record

# one-on-one (O4: you, dealer up, you, dealer hole, then draws).
# Hand 1: you TS 7H (17) against 9C 8D (17): stand, a push.
# Hand 2: you 5S 6D (11) against TC 7C (17): hit 9H (20), stand, a win.
ONE_ON_ONE = "TS 9C 7H 8D 5S TC 6D 7C 9H"


def _codes(state: Json) -> tuple[list[str], list[str]]:
    t = state["table"]
    return t["seats"][0]["cards"], t["dealer"]["cards"]


def _notice_codes(state: Json) -> list[str]:
    return [n["code"] for n in state["player"]["notices"]]


@pytest.mark.rule("O2")
def test_a_stacked_one_on_one_shoe_deals_its_cards_before_shuffling(
    db: Path, tmp_path: Path
) -> None:
    c = game_client(db, shoes={"one-on-one": ONE_ON_ONE}, tmp=tmp_path)
    s = deal(c, "one-on-one", bet=100)
    assert _codes(s) == (["TS", "7H"], ["9C", None])
    assert "reshuffled" not in _notice_codes(s)
    s = act(c, "one-on-one", s, "stand")
    assert s["table"]["over"] and _codes(s) == (["TS", "7H"], ["9C", "8D"])
    assert s["table"]["seats"][0]["net"] == 0

    s = deal(c, "one-on-one", bet=100)  # the second hand still comes from the stack
    assert _codes(s)[0][:2] == ["5S", "6D"] and _codes(s)[1] == ["TC", None]
    assert "reshuffled" not in _notice_codes(s)
    while not s["table"]["over"]:  # 11 must draw (the 9H), then stand at 20
        s = act(c, "one-on-one", s, "stand" if "stand" in s["table"]["legal"] else "hit")
    assert _codes(s) == (["5S", "6D", "9H"], ["TC", "7C"])
    assert s["table"]["seats"][0]["net"] == 100
    # the stack is dealt: O2's shuffle again, made as the hand ends (its commitment is
    # shown before the next bet) and announced with the next deal
    assert stored(c, "one-on-one")["stacked"] == 0
    assert stored(c, "one-on-one")["table"]["shoe"]["drawn"] == 0

    s = deal(c, "one-on-one", bet=100)
    assert "reshuffled" in _notice_codes(s)


@pytest.mark.rule("O2")
def test_without_a_stacked_shoe_one_on_one_shuffles_before_every_hand(db: Path) -> None:
    """Every hand comes from a full shoe (the stored shoe has drawn only this hand's
    cards), and the routine shuffle is not announced each hand."""
    c = game_client(db, seed=4)
    first = c.get(api("one-on-one", "state")).json()["fair"]["shoe"]
    for _ in range(2):
        s = deal(c, "one-on-one", bet=10)
        assert "reshuffled" not in _notice_codes(s)
        while not s["table"]["over"]:
            s = act(c, "one-on-one", s, "stand" if "stand" in s["table"]["legal"] else "hit")
        # the next hand's shoe is made, full, as soon as this one ends: a shoe a hand
        assert stored(c, "one-on-one")["table"]["shoe"]["drawn"] == 0
        assert s["fair"]["shoe"] == first + _ + 1


def _set_stack(c: object, game: str, stack: int) -> None:
    data = stored(c, game)  # type: ignore[arg-type]
    data["table"]["stacks"]["you"] = stack
    write_record(c, game, data)  # type: ignore[arg-type]


@pytest.mark.rule("O1")
@pytest.mark.parametrize(
    ("stack", "cap"), [(600, 200), (1000, 333), (31, 10), (30, 10), (29, 333), (2000, 500)]
)
def test_one_on_one_caps_the_bet_at_a_third_of_the_stack(db: Path, stack: int, cap: int) -> None:
    c = game_client(db)
    deal(c, "one-on-one", bet=10)  # a save to change
    s = c.get(api("one-on-one", "state")).json()
    while not s["table"]["over"]:
        s = act(c, "one-on-one", s, "stand" if "stand" in s["table"]["legal"] else "hit")
    _set_stack(c, "one-on-one", stack)
    limits = c.get(api("one-on-one", "state")).json()["limits"]
    assert limits["bet_cap"] == cap  # 29 is below O1's minimum: a fresh 1,000 (T9)
    assert (limits["bet_cover"], limits["min_stack"], limits["fresh_stack"]) == (3, 30, 1000)
    state = c.get(api("one-on-one", "state")).json()
    over = c.post(api("one-on-one", "deal"), json={"hand": state["next_hand"], "bet": cap + 1})
    assert over.status_code == 422 or cap == 500
    assert (
        c.post(api("one-on-one", "deal"), json={"hand": state["next_hand"], "bet": cap}).status_code
        == 200
    )


@pytest.mark.rule("T8")
@pytest.mark.parametrize(("stack", "cap"), [(250, 250), (10, 10), (9, 500), (800, 500)])
def test_the_table_caps_the_bet_at_the_stack(stack: int, cap: int) -> None:
    rules = preset("table")
    rec = PlayerRecord.fresh(rules, Shoe(rules.decks, random.Random(0)), "en")
    rec.stacks["you"] = stack
    limits = BanluckSession(rules.name, rec).limits()
    assert (limits["bet_cap"], limits["bet_cover"], limits["min_stack"]) == (cap, 1, 10)


@pytest.mark.parametrize("game", ["classic", "infinite", "kampung"])
def test_every_game_sends_its_next_deal_limits(db: Path, game: str) -> None:
    limits = game_client(db).get(api(game, "state")).json()["limits"]
    assert limits["bet_cover"] == 1 and limits["fresh_stack"] == 1000
    assert limits["bet_cap"] == min(limits["bet_max"], 1000)


@given(st.integers(0, 3000), st.sampled_from(["table", "one-on-one"]))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_bet_cap_is_the_largest_bet_the_rules_accept(stack: int, name: str) -> None:
    """The cap is allowed and one more is not (T8 / O1 after T9), by the rules' own check."""
    rules = preset(name)
    seating = seating_for(rules)
    at_deal = seating.fresh_stack_for(rules, "you", stack)

    def check(bet: int) -> int:
        return seating.check_bet(rules, "you", bet, at_deal)

    cap = largest_bet(check, rules.bet_min, rules.bet_max)
    assert cap is not None
    check(cap)
    if cap < rules.bet_max:
        with pytest.raises(BadBet):
            check(cap + 1)
