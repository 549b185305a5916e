"""Properties of every game's sessions over random play (Hypothesis): chips are conserved
(K3 for kampung: the four stacks add up as before the hand), your stack moves by exactly
your net, and each finished hand's replay gives the result the table settled."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banluck.replay import replay_text
from tests.web.games_helpers import api, deal, game_client, rig_kampung, stored

_SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _finish(c: object, game: str, state: dict, rng: random.Random) -> dict:  # type: ignore[type-arg]
    from tests.web.games_helpers import act

    while not state["table"]["over"]:
        state = act(c, game, state, rng.choice(state["table"]["legal"]))  # type: ignore[arg-type]
    return state


@_SETTINGS
@given(seed=st.integers(0, 2**32 - 1), you_bank=st.booleans())
def test_kampung_conserves_chips(seed: int, you_bank: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        c = game_client(Path(tmp) / "k.sqlite3", seed=seed)
        rig_kampung(c, "", banker="you" if you_bank else "dealer", seed=seed)
        state = deal(c, "kampung") if you_bank else deal(c, "kampung", bet=100)
        before = sum(state["player"]["stacks"].values())  # after T9, before the hand
        state = _finish(c, "kampung", state, random.Random(seed))
        assert sum(state["player"]["stacks"].values()) == before
        entry = c.get(api("kampung", "history/1")).json()
        assert replay_text(json.dumps(entry["replay"])) == entry["result"]
        assert stored(c, "kampung")["hand"]["start"]["number"] == 1


@_SETTINGS
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(["classic", "infinite"]))
def test_blackjack_stack_moves_by_the_net(seed: int, game: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        c = game_client(Path(tmp) / "b.sqlite3", seed=seed)
        rng = random.Random(seed)
        sides = {"pairs": 5, "poker3": 2} if game == "infinite" and rng.random() < 0.5 else {}
        start = c.get(api(game, "state")).json()["player"]["stacks"]["you"]
        state = deal(c, game, bet=rng.choice([10, 100, 250]), side_bets=sides)
        state = _finish(c, game, state, rng)
        you = state["table"]["seats"][0]
        assert state["player"]["stacks"]["you"] == start + you["net"]
        entry = c.get(api(game, "history/1")).json()
        assert replay_text(json.dumps(entry["replay"])) == entry["result"]
        assert entry["result"]["seats"][0]["net"] == you["net"]
