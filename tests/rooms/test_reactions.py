"""Quick reactions (rooms/reactions.py): a fixed set the page shows in each reader's
language, only from people of the room, one a person every two seconds, the last few in
everyone's frame and none in the room's save."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.reactions import GAP, KEEP, REACTIONS
from tests.rooms.helpers import room

ROOM_JS = Path(__file__).resolve().parents[2] / "src/banluck/web/static/js/room/social.js"


def test_people_react_from_the_set_at_a_bounded_rate() -> None:
    r = room("kampung")
    r.react("A", "huat", 0.0)
    r.react("B", "nice", 0.5)  # each person has their own pace
    shown = r.view("C")["room"]["reactions"]
    assert [(x["name"], x["reaction"]) for x in shown] == [("Ann", "huat"), ("Bob", "nice")]
    assert r.view("A")["room"]["reactions"] == shown == r.public()["reactions"]
    before = r.version
    for who, what, code in [
        ("A", "wow", "rate_limited"),  # within GAP of Ann's last
        ("A", "<b>hi</b>", "bad_request"),  # never free text
        ("X", "wow", "not_found"),  # a stranger with the link: join first
    ]:
        with pytest.raises(Refusal) as e:
            r.react(who, what, 1.0)
        assert e.value.code == code
    assert r.version == before
    for i in range(KEEP + 3):
        r.react("A", REACTIONS[i % len(REACTIONS)], 10.0 + i * GAP)
    shown = r.public()["reactions"]
    assert len(shown) == KEEP and [x["n"] for x in shown] == sorted(x["n"] for x in shown)
    assert "reactions" not in json.dumps(r.to_json())  # of the moment: not saved


def test_the_page_offers_the_servers_set() -> None:
    found = re.search(r"export const REACTIONS = \[([^\]]*)\]", ROOM_JS.read_text())
    assert found, "social.js names its reactions"
    assert tuple(re.findall(r'"(\w+)"', found.group(1))) == REACTIONS
