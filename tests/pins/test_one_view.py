"""One JSON view per game: the same hand, dealt from the same shoe and played with the same
choices, reads the same to the same seat at the solo table and in a room (the room's view
only adds the game's name; the solo kampung table also names the next banker)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banluck.games.driver import HandStart
from banluck.games.drivers import driver_for
from tests.web.games_helpers import act, api, deal, full_shoe_after, game_client, rig_kampung
from tests.web.helpers import db_key

# table: you TS 6H (16), anna 9C 8D, ben 8C 9D, the dealer TC 7D (17); then low cards.
TABLE_FIRST = "TS 9C 8C TC 6H 8D 9D 7D 2C 2D 3C 3D 4C 4D"
# kampung: anna 9C 8D, ben 8C 9D, dealer TC 7D (17 each); you TS 6H (16); then low cards.
KAMPUNG_FIRST = "9C 8C TC TS 8D 9D 7D 6H 2C 2D 2H 3C 3D 4C 4D"


def _rig_table(c: Any, full: list[str]) -> None:
    assert c.put(api("table", "settings"), json={"decks": 2}).status_code == 200
    store = c.app.state.service.store
    with store.reading() as tx:
        data = json.loads(tx.load_player(db_key(c)))
    data["table"]["shoe"] = {"decks": 2, "remaining": full, "drawn": 0}
    data["stacked"] = 0
    with store.transaction() as tx:
        tx.save_player(db_key(c), json.dumps(data))


def _same(solo: dict[str, Any], room: dict[str, Any]) -> None:
    solo = {k: v for k, v in solo.items() if k != "next_banker"}
    assert room.pop("game") in ("table", "kampung")
    assert room == solo


@pytest.mark.parametrize(
    ("game", "first", "banker"),
    [
        ("table", TABLE_FIRST, None),
        ("kampung", KAMPUNG_FIRST, "you"),
        ("kampung", KAMPUNG_FIRST, "dealer"),
    ],
)
def test_a_room_and_the_solo_table_send_one_view_of_the_same_hand(
    game: str, first: str, banker: str | None, tmp_path: Path
) -> None:
    full = full_shoe_after(first.split(), 2)
    c = game_client(tmp_path / "one.sqlite3")
    if game == "table":
        _rig_table(c, full)
    else:
        assert banker is not None
        rig_kampung(c, first, banker=banker)
    bet = {} if banker == "you" else {"bet": 100}
    state = deal(c, game, **bet)
    driver = driver_for(game, decks=2, bank="rotate" if game == "kampung" else "house")
    hand = driver.begin(
        HandStart(
            number=state["table"]["hand"],
            seed=0,
            shoe={"decks": 2, "remaining": full, "drawn": 0},
            seats=driver.layout,
            people=("you",),
            stacks=dict.fromkeys(driver.layout, 1000),
            bets={"you": 100} if bet else {},
            banker=banker,
        )
    )

    def advance() -> None:  # the room plays its bots at once, as the solo table does
        while not hand.over and hand.to_act() != "you":
            hand.apply(hand.bot_choice())

    advance()
    _same(state["table"], hand.view("you"))
    while not state["table"]["over"]:
        legal = state["table"]["legal"]
        choice = next((a for a in ("stand", "open:anna", "hit") if a in legal), legal[0])
        state = act(c, game, state, choice)
        hand.apply(choice)
        advance()
        _same(state["table"], hand.view("you"))
