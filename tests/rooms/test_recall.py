"""Game recall (issue 20, GLI-19): a room keeps every finished hand (bets, cards by seat as
each person saw them, choices, results), viewable and downloadable by its people only,
across a restart; a person reads each hand as they saw it at the table, never a card more."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

from tests.rooms.helpers import hidden_leaks
from tests.rooms.test_ws import ORIGIN, Player, _cookie, make_room, play_out, served


def _get(p: Player, path: str) -> Any:
    return p.client.get(path, headers={**ORIGIN, "cookie": f"banluck_id={p.cookie}"})


def test_every_hand_is_kept_for_the_people_as_each_saw_it(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    seen: dict[tuple[str, int], dict[str, Any]] = {}  # (person, hand) -> their last table
    with served(db) as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        cai = Player(client, _cookie(client), "cai")
        stranger = Player(client, _cookie(client), "eve")
        code = make_room(client, ann.cookie, game="table")
        with ExitStack() as stack:
            for p in (ann, bob, cai):
                p.ws = stack.enter_context(p.open(code))
            bob.send({"type": "join", "name": "Bob"})
            cai.send({"type": "join", "name": "Cai"})  # watches
            ann.send({"type": "sit", "seat": "you"})
            bob.send({"type": "sit", "seat": "ben"})
            ann.sync(), bob.sync(), cai.sync()
            for n in range(1, 4):
                ann.send({"type": "bet", "hand": n, "amount": 20})
                bob.send({"type": "bet", "hand": n, "amount": 30})
                ann.sync(), bob.sync()
                play_out([ann, bob], hub, code, lambda legal: legal[-1])
                for p in (ann, bob, cai):
                    table = p.sync()["table"]
                    assert table["hand"] == n and table["over"]
                    seen[(p.name, n)] = table

        got = _get(ann, f"/api/rooms/{code}/hands").json()
        lines = got["hands"]
        assert [h["hand"] for h in lines] == [3, 2, 1] and not got["more"]  # newest first
        older = _get(ann, f"/api/rooms/{code}/hands?before=3").json()
        assert [h["hand"] for h in older["hands"]] == [2, 1] and not older["more"]
        assert _get(ann, f"/api/rooms/{code}/hands?before=x").status_code == 422
        for line in lines:
            assert line["seat"] == "you" and "table" not in line
            names = {s["seat"]: s["name"] for s in line["seats"]}
            assert names == {"you": "Ann", "anna": None, "ben": "Bob"}
            bets = {s["seat"]: s["bet"] for s in line["seats"]}
            assert bets["you"] == 20 and bets["ben"] == 30
        for p, seat in ((ann, "you"), (bob, "ben"), (cai, None)):
            for n in (1, 2, 3):
                got = _get(p, f"/api/rooms/{code}/hands/{n}").json()
                assert got["seat"] == seat and got["table"] == seen[(p.name, n)]
                frame = {"type": "state", "you": {"seat": seat}, "table": got["table"]}
                assert hidden_leaks(frame) == []
                assert got["actions"] and all(len(a) == 2 for a in got["actions"])
        # not for strangers; a hand the room does not keep
        assert _get(stranger, f"/api/rooms/{code}/hands").status_code == 403
        assert _get(stranger, f"/api/rooms/{code}/hands/1").status_code == 403
        assert _get(ann, f"/api/rooms/{code}/hands/9").status_code == 404
        assert _get(ann, f"/api/rooms/{code}/hands/x").status_code == 404
        download = _get(bob, f"/room/{code}/hands.json")
        assert "attachment" in download.headers["content-disposition"]
        hands = download.json()["hands"]
        assert [h["hand"] for h in hands] == [1, 2, 3]
        assert [h["table"] for h in hands] == [seen[("bob", n)] for n in (1, 2, 3)]
    with served(db) as (client2, _hub):  # a new server on the same files keeps them
        ann.client = client2
        again = _get(ann, f"/api/rooms/{code}/hands/2").json()
        assert again["table"] == seen[("ann", 2)]


def test_the_hands_come_a_page_at_a_time(tmp_path: Path, monkeypatch: Any) -> None:
    """A room's list of hands is read a page at a time (``HANDS_PAGE``), the newest first,
    ``more`` saying older ones remain: a list request never reads every kept hand."""
    from banluck.web.rooms import http as rooms_http

    monkeypatch.setattr(rooms_http, "HANDS_PAGE", 2)
    db = tmp_path / "s.sqlite3"
    with served(db) as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        code = make_room(client, ann.cookie, game="table")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            ann.send({"type": "sit", "seat": "you"})
            ann.sync()
            for n in range(1, 6):
                ann.send({"type": "bet", "hand": n, "amount": 20})
                ann.sync()
                play_out([ann], hub, code, lambda legal: legal[-1])
                ann.sync()
        pages, before = [], ""
        while True:
            got = _get(ann, f"/api/rooms/{code}/hands{before}").json()
            pages.append([h["hand"] for h in got["hands"]])
            if not got["more"]:
                break
            before = f"?before={pages[-1][-1]}"
        assert pages == [[5, 4], [3, 2], [1]]


def test_the_hands_file_is_made_off_the_loop_kept_and_limited_per_member(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """N7: the file of every hand is streamed as the API writes JSON, made once per reader
    and room version (asked again: the same bytes, nothing read or encoded), and one member
    may download it only a few times a minute; another member is not held by it."""
    import json

    from banluck.rooms.recall import for_person
    from banluck.web.rooms import download as rooms_download

    monkeypatch.setattr(rooms_download, "CHUNK", 2)  # several chunks for a few hands
    with served(tmp_path / "s.sqlite3") as (client, hub):
        ann = Player(client, _cookie(client), "ann")
        bob = Player(client, _cookie(client), "bob")
        code = make_room(client, ann.cookie, game="table")
        with ExitStack() as stack:
            ann.ws = stack.enter_context(ann.open(code))
            bob.ws = stack.enter_context(bob.open(code))
            bob.send({"type": "join", "name": "Bob"})
            ann.send({"type": "sit", "seat": "you"})
            ann.sync(), bob.sync()
            for n in range(1, 6):
                ann.send({"type": "bet", "hand": n, "amount": 20})
                ann.sync()
                play_out([ann], hub, code, lambda legal: legal[-1])
                ann.sync()
        records = [json.loads(d) for _, d in hub.store.hands(code)][::-1]
        want = {"room": code, "game": "table", "hands": [for_person(r, "") for r in records]}
        first = _get(bob, f"/room/{code}/hands.json")
        assert first.status_code == 200
        expected = json.dumps(want, ensure_ascii=False, separators=(",", ":")).encode()
        assert first.content == expected
        monkeypatch.setattr(hub.store, "hands", lambda *a, **k: 1 / 0)  # kept: not read again
        again = [_get(bob, f"/room/{code}/hands.json") for _ in range(3)]
        assert all(r.status_code == 200 and r.content == first.content for r in again)
        assert _get(bob, f"/room/{code}/hands.json").status_code == 429  # a few a minute
        monkeypatch.undo()
        # a member's downloads are limited; another member's are not
        limited = [_get(ann, f"/room/{code}/hands.json").status_code for _ in range(3)]
        files = rooms_download.HandFiles()
        for _ in range(rooms_download.DOWNLOADS_BURST):
            files.start("p")
            files.done("p")
        try:
            files.start("p")
            raise AssertionError("a fifth download at once was allowed")
        except Exception as exc:
            assert getattr(exc, "code", "") == "rate_limited"
        files.start("q")  # another member
        assert limited == [200, 200, 200]
