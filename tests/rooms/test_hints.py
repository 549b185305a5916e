"""A room's Hint: when its host allowed hints, a seated person asks the game's solver at
their own choice and alone hears the answer (the same values as the solo table's Hint for
that seat); where the host did not, or out of turn, the answer is a refusal and nothing
changes."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.settings import parse_settings
from tests.rooms.test_ws import Player, _cookie, join_and_sit, make_room, served


def _hint(p: Player, ref: int, hand: int, step: int) -> dict[str, Any]:
    """Ask; every frame up to the answer (the others hear nothing of it)."""
    p.send({"type": "hint", "id": ref, "hand": hand, "step": step})
    while True:
        f: dict[str, Any] = p.ws.receive_json()
        p.frames.append(f)
        if f["type"] == "hint" and f["reply"] == ref:
            return f


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
            for n in range(1, 6):  # until a hand waits for Ann (a natural may end one)
                ann.send({"type": "bet", "hand": n, "amount": 20})
                t = ann.sync()["table"]
                if t and t["to_act"] == "you":
                    break
            else:
                raise AssertionError("no hand waited for Ann")
            answer = _hint(ann, 7, t["hand"], t["step"])
            hint = answer["hint"]
            assert set(hint["ev"]) == set(t["legal"]) and hint["best"] in t["legal"]
            hand = hub.rooms[code].hand
            assert hand is not None and hint == hand.hint("you").to_json()
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
