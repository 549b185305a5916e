"""A room's fair history over HTTP (issue 11 #6): ``GET /room/{code}/history.json`` is a
download for the people of the room only; it never holds the shoe in use; ``banluck
verify`` accepts it after a few shoes and refuses it tampered with."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

import pytest

from banluck.cli import main
from tests.rooms.helpers import secret_leaks
from tests.rooms.test_ws import ORIGIN, Player, _cookie, make_room, play_out, served


def _get(p: Player, path: str) -> tuple[int, dict[str, str], object]:
    r = p.client.get(path, headers={**ORIGIN, "cookie": f"banluck_id={p.cookie}"})
    return r.status_code, dict(r.headers), r.json()


def test_the_history_is_for_the_room_and_verifies_after_a_few_shoes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        stranger = Player(client, _cookie(client), "eve")
        code = make_room(client, ann.cookie, game="table", decks=1)
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            ann.send({"type": "sit", "seat": "you"})
            ann.sync()
            room = hub.rooms[code]
            n = 0
            while room.ledger.revealable() < 3:
                n += 1
                assert n < 40, "three shoes take fewer hands"
                ann.send({"type": "bet", "hand": n, "amount": 20})
                ann.sync()
                play_out([ann], hub, code, lambda legal: "stand" if "stand" in legal else legal[0])
                # mid-way, the history holds nothing of the shoe in use
                status, headers, body = _get(ann, f"/room/{code}/history.json")
                assert status == 200 and secret_leaks(body, room, history=True) == []
            assert "attachment" in headers["content-disposition"]
            assert headers["cache-control"] == "no-store"
            assert isinstance(body, dict)
            shown = [s for s in body["shoes"] if "reveal" in s]
            assert len(shown) >= 3 and "reveal" not in body["shoes"][-1]
            assert body["shoes"][-1]["commitment"] == ann.sync()["room"]["fair"]["commitment"]
            # not for a stranger, nor for a room that is not there
            assert _get(stranger, f"/room/{code}/history.json")[0] == 403
            assert _get(ann, f"/room/{'x' * 22}/history.json")[0] == 404
    path = tmp_path / "history.json"
    path.write_text(json.dumps(body))
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"verified: {len(body['shoes'])} shoes")
    # one card changed: refused, naming where
    deal = body["deals"][-1]
    deal["cards"][-1] = "AS" if deal["cards"][-1] != "AS" else "KD"
    path.write_text(json.dumps(body))
    assert main(["verify", str(path)]) == 1
    assert "NOT verified" in capsys.readouterr().out
