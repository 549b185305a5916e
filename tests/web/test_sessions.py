"""The game flow apart from HTTP and the store: the preset is the session's parameter, the
rules' own bet check speaks (issue 7 item 6), and every refusal code has one status."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from banluck.core import Shoe
from banluck.core.refusal import Refusal
from banluck.games.banluck import Rules
from banluck.games.banluck.rules import ONE_ON_ONE, TABLE
from banluck.web.app import STATUS
from banluck.web.saves.banluck_save import PlayerRecord
from banluck.web.solo.banluck_game import BanluckSession

WEB = Path(__file__).resolve().parents[2] / "src/banluck/web"


def _session(rules: Rules, stack: int, seed: int = 3) -> BanluckSession:
    rng = random.Random(seed)
    rec = PlayerRecord.fresh(rules, Shoe(rules.decks, rng), "en")
    rec.stacks[rules.seats[0]] = stack
    return BanluckSession(rules.name, rec)


def test_a_bet_the_stack_must_cover_three_times_says_so() -> None:
    """O1: one-on-one needs three times the bet; the refusal says that, not "more than
    your stack" (the stack of 500 is more than the bet of 200)."""
    s = _session(ONE_ON_ONE, 500)
    with pytest.raises(Refusal) as err:
        s.deal({"bet": 200, "hand": 1})
    assert err.value.code == "bad_bet"
    assert "3 times" in err.value.message and "600" in err.value.message
    assert err.value.params == {"min": 10, "max": 500, "stack": 500}


def test_the_table_refusal_names_the_stack() -> None:
    s = _session(TABLE, 320)
    with pytest.raises(Refusal) as err:
        s.deal({"bet": 400, "hand": 1})
    assert err.value.code == "bad_bet" and "320" in err.value.message
    assert "seat" not in err.value.message  # the rules' reason, without the seat's name


@pytest.mark.parametrize("seed", range(5))
def test_a_session_plays_the_preset_it_is_given(seed: int) -> None:
    """Nothing assumes the table: a one-on-one session deals one seat and settles it."""
    s = _session(ONE_ON_ONE, 1000, seed)
    finished = s.deal({"bet": 100, "hand": 1})
    while finished is None:
        table = s.table_json()
        assert table is not None and table["to_act"] == "you"
        finished = s.act({"action": table["legal"][-1], "hand": 1, "step": table["step"]})
    assert [seat["name"] for seat in s.table_json()["seats"]] == ["you"]  # type: ignore[index]
    assert finished["replay"]["preset"] == "one-on-one"
    assert finished["item"]["net"] == s.record.stacks["you"] - 1000


def test_every_refusal_code_has_one_status() -> None:
    """Domain errors carry a code; the HTTP layer maps each code to a status in one place."""
    codes = set()
    for path in WEB.rglob("*.py"):
        codes |= set(re.findall(r'Refusal\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    codes.add("bad_bet")  # raised through SoloSession.bad_bet
    assert codes <= set(STATUS), codes - set(STATUS)
    assert {"stale", "no_hand", "bad_request", "not_found"} <= codes
