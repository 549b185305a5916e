"""A finished hand keeps the table as you saw it at its end (History's step-by-step replay):
the same ``Table`` the last answer of the hand gave, its events included, so the replay
shows nothing the table did not (T22, B9, K17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.games.registry import GAMES
from tests.web.games_helpers import api, deal, game_client


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_hand_keeps_the_table_as_you_saw_it(game: str, tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3", seed=6)
    for _ in range(3):
        state = c.get(api(game, "state")).json()
        you_bank = state["player"].get("banker") == "you"
        state = deal(c, game, **({} if you_bank else {"bet": 20}))
        while not state["table"]["over"]:
            t = state["table"]
            legal = t["legal"]
            action = "stand" if "stand" in legal else "decline" if "decline" in legal else legal[0]
            res = c.post(
                api(game, "action"), json={"action": action, "hand": t["hand"], "step": t["step"]}
            )
            assert res.status_code == 200, res.text
            state = res.json()
        entry = c.get(api(game, f"history/{state['table']['hand']}")).json()
        assert entry["table"] == state["table"]
        assert entry["table"]["events"]
