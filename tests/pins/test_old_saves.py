"""Saves of the first kind (``tests/data/saves``, a hand in the middle of each game): those
written before the house moved, those written with a fair ledger before the table's run
was kept as one object (``*.ledger.*``) and blackjack's and kampung's before the one table
save (``*.v3.*``, ``*.v2.*``), load to the same answer, byte for byte, and play on to the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from banluck.games.registry import GAMES
from tests.web.games_helpers import api, game_client
from tests.web.helpers import db_key

SAVES = Path(__file__).parents[1] / "data" / "saves"


#: every game's saves of the first kind, blackjack's own third format (``.v3``: a house
#: chosen in ``classic``, side bets in ``infinite``) and kampung's second (``.v2``: the bank
#: passing round, in ``kampung`` and ``xi-dach``), which the one table save replaced
KINDS = [(game, kind) for game in sorted(GAMES) for kind in ("", ".ledger")] + [
    ("classic", ".v3"),
    ("infinite", ".v3"),
    ("kampung", ".v2"),
    ("xi-dach", ".v2"),
]


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_an_old_save_loads_unchanged_and_plays_on(game: str, kind: str, tmp_path: Path) -> None:
    c = game_client(tmp_path / "old.sqlite3", seed=3)
    c.get(api(game, "state"))  # the server issues the browser's cookie
    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.transaction() as tx:
        data = (SAVES / f"{game}{kind}.save.json").read_text()
        if game == "table":
            tx.save_player(db_key(c), data)
        else:
            tx.save_game(db_key(c), game, data)
    res = c.get(api(game, "state"))
    assert res.status_code == 200
    assert res.text == (SAVES / f"{game}{kind}.state.json").read_text()
    state = res.json()
    assert state["table"] is not None and not state["table"]["over"]
    while not state["table"]["over"]:
        t = state["table"]
        body = {"action": t["legal"][0], "hand": t["hand"], "step": t["step"]}
        res = c.post(api(game, "action"), json=body)
        assert res.status_code == 200, res.text
        state = res.json()
    assert c.get(api(game, f"history/{t['hand']}")).status_code == 200
    with store.reading() as tx:
        raw = tx.load_player(db_key(c)) if game == "table" else tx.load_game(db_key(c), game)
    assert raw is not None and "table" in json.loads(raw)  # saved again in today's form
    if game not in ("table", "one-on-one"):
        assert json.loads(raw)["v"] == 4  # the one table save
