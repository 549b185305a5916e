"""A room's Hint: when its host allowed hints, a seated person asks the game's solver at
their own choice and alone hears the answer (the same values as the solo table's Hint for
that seat, with the chart's cell of the choice); where the host did not, or out of turn, the
answer is a refusal and nothing changes. With hints on, the room also has its game's chart
(the cell of your pending choice marked) and its drill, for the people of the room alone."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.settings import parse_settings
from banluck.web.catalog import chart
from tests.rooms.test_ws import ORIGIN, Player, _cookie, join_and_sit, make_room, served


def _hint(p: Player, ref: int, hand: int, step: int) -> dict[str, Any]:
    """Ask; every frame up to the answer (the others hear nothing of it)."""
    p.send({"type": "hint", "id": ref, "hand": hand, "step": step})
    while True:
        f: dict[str, Any] = p.ws.receive_json()
        p.frames.append(f)
        if f["type"] == "hint" and f["reply"] == ref:
            return f


def _until_ann_acts(ann: Player) -> dict[str, Any]:
    """Ann bets hand after hand until one waits for her (a natural may end one): its table."""
    for n in range(1, 6):
        ann.send({"type": "bet", "hand": n, "amount": 20})
        t: dict[str, Any] = ann.sync()["table"]
        if t and t["to_act"] == "you":
            return t
    raise AssertionError("no hand waited for Ann")


@pytest.mark.parametrize("game", ["table", "kampung", "classic"])
def test_a_seated_person_gets_the_solvers_hint_when_the_host_allows_it(
    game: str, tmp_path: Path
) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game=game, hints=True)
        with ExitStack() as stack:
            join_and_sit(stack, ann, bob, code, "Bob")
            assert ann.sync()["room"]["settings"]["hints"] is True
            t = _until_ann_acts(ann)
            answer = _hint(ann, 7, t["hand"], t["step"])
            hint = answer["hint"]
            assert set(hint["ev"]) == set(t["legal"]) and hint["best"] in t["legal"]
            hand = hub.rooms[code].hand
            assert hand is not None
            assert {k: hint[k] for k in ("best", "ev")} == hand.hint("you").to_json()
            cell = hand.chart_cell()  # the trainer notes the chart's spot of the choice
            assert hint["cell"] == (None if cell is None else {"row": cell[0], "column": cell[1]})
            assert hint["house"] is None and (cell is None or game != "kampung")
            bob.sync()
            assert not any(f["type"] == "hint" for f in bob.frames)  # Ann's alone
            stale = _hint(ann, 8, t["hand"], t["step"] + 5)
            assert stale["error"]["code"] == "stale" and "hint" not in stale
            watcher = _hint(bob, 9, t["hand"], t["step"])
            assert watcher["error"]["code"] == "not_seated"


def test_no_hint_where_the_host_did_not_allow_it(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (client, _hub):
        ann = Player(client, _cookie(client), "ann")
        code = make_room(client, ann.cookie, game="classic")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            ann.send({"type": "sit", "seat": "you"})
            ann.send({"type": "bet", "hand": 1, "amount": 20})
            state = ann.sync()
            assert "hints" not in state["room"]["settings"]
            version = state["room"]["version"]
            refused = _hint(ann, 1, 1, 0)
            assert refused["error"]["code"] == "hint_unavailable"
            assert ann.sync()["room"]["version"] == version  # nothing changed


def test_hints_is_true_or_false() -> None:
    assert parse_settings({"game": "table"}).hints is False
    assert parse_settings({"game": "table", "hints": True}).to_json()["hints"] is True
    with pytest.raises(Refusal, match="hints is true or false"):
        parse_settings({"game": "table", "hints": "yes"})


def _get(p: Player, path: str) -> Any:
    return p.client.get(path, headers={**ORIGIN, "cookie": f"banluck_id={p.cookie}"})


def test_a_room_with_hints_has_its_games_chart_and_drill(tmp_path: Path) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        eve = Player(client, _cookie(client), "eve")  # has the link, never joined
        code = make_room(client, ann.cookie, game="one-on-one", hints=True)
        base = f"/api/rooms/{code}"
        with ExitStack() as stack:
            join_and_sit(stack, ann, bob, code, "Bob")
            assert ann.sync()["room"]["features"]["chart"] is True
            answer = _get(ann, f"{base}/chart")
            assert answer.status_code == 200, answer.text
            got = answer.json()
            own = chart("one-on-one", hub.rooms[code].settings.decks, None)
            assert own is not None and got == {"game": "one-on-one", **own, "current": None}
            t = _until_ann_acts(ann)
            hand = hub.rooms[code].hand
            assert hand is not None
            cell = hand.chart_cell()
            assert cell is not None
            mine = _get(ann, f"{base}/chart?hand={t['hand']}&step={t['step']}").json()
            assert mine["current"] == {"row": cell[0], "column": cell[1]}
            theirs = _get(bob, f"{base}/chart?hand={t['hand']}&step={t['step']}").json()
            assert theirs["current"] is None  # not Bob's choice: no cell of it
            spot = _get(ann, f"{base}/drill?row={cell[0]}&column={cell[1]}")
            assert spot.status_code == 200, spot.text
            drill = spot.json()
            assert drill["cell"] == {"row": cell[0], "column": cell[1]}
            assert drill["best"] in drill["legal"] and set(drill["ev"]) == set(drill["legal"])
            assert _get(ann, f"{base}/drill?row=x").json()["error"]["code"] == "bad_request"
            stranger = _get(eve, f"{base}/chart")
            assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "forbidden"
            assert _get(eve, f"{base}/drill").status_code == 403


@pytest.mark.parametrize(
    ("game", "hints", "code"),
    [("classic", False, "hint_unavailable"), ("kampung", True, "not_found")],
)
def test_no_chart_where_the_host_gave_no_hints_or_the_game_has_none(
    game: str, hints: bool, code: str, tmp_path: Path
) -> None:
    with served(tmp_path / "s.sqlite3") as (client, _hub):
        ann = Player(client, _cookie(client), "ann")
        room = make_room(client, ann.cookie, game=game, hints=hints)
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(room))
            assert "chart" not in ann.sync()["room"]["features"]
            for what in ("chart", "drill"):
                refused = _get(ann, f"/api/rooms/{room}/{what}")
                assert refused.json()["error"]["code"] == code, what
