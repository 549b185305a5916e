"""Helpers for the web table's API tests: clients on a temporary SQLite file, the server's
own round (to compare every response with), and a loop that plays hands."""

from __future__ import annotations

import json
import random
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from banluck.games.banluck import Round, Rules
from banluck.games.banluck.driver import BanluckHand
from banluck.games.banluck.events import DEALER, CardDealt, HandRevealed
from banluck.games.banluck.rules import TABLE
from banluck.web.app import COOKIE, create_app
from banluck.web.saves.banluck_save import PlayerRecord, read_json
from banluck.web.solo.banluck_game import BanluckSession

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

Json = dict[str, Any]
__all__ = ["Json", "TestClient"]


def from_json(data: Any, rules: Rules) -> tuple[PlayerRecord, Round | None]:
    """A parsed Ban Luck record and its hand's round played again (CorruptSave says what
    is wrong)."""
    session = BanluckSession(rules.name, read_json(data, rules))
    hand = session.hand
    assert hand is None or isinstance(hand, BanluckHand)
    return session.record, None if hand is None else hand.round


def client_for(
    db: Path,
    *,
    seed: int = 1,
    shoe_file: Path | None = None,
    cookie: str | None = None,
    headers: dict[str, str] | None = None,
) -> TestClient:
    """A TestClient on a new app over ``db`` (a seeded shuffle so failures repeat).

    The TestClient's Host header is ``testserver``: the app is told to serve that name."""
    app = create_app(db, shoe_file=shoe_file, rng=random.Random(seed), host_names=["testserver"])
    client = TestClient(app, headers=headers)
    if cookie is not None:
        client.cookies.set(COOKIE, cookie, domain="testserver.local")
    return client


def player_id(client: TestClient) -> str:
    """The client's ``banluck_id`` cookie as the server set it (``<id>.<signature>``)."""
    pid = client.cookies.get(COOKIE)
    assert pid, "the server gave no banluck_id cookie"
    return str(pid)


def db_key(client: TestClient) -> str:
    """The id under which the store keeps the client's table (the cookie's id part)."""
    return player_id(client).partition(".")[0]


def stored_record(client: TestClient) -> PlayerRecord | None:
    """The player's saved record, read straight from the server's store (None: not
    stored, as a browser that has only looked is not)."""
    store = client.app.state.service.store  # type: ignore[attr-defined]
    with store.reading() as tx:
        raw = tx.load_player(db_key(client))
    return None if raw is None else from_json(json.loads(raw), TABLE)[0]


def record(client: TestClient) -> PlayerRecord:
    """The player's saved record (which must exist)."""
    rec = stored_record(client)
    assert rec is not None, "the player is not stored"
    return rec


def server_round(client: TestClient) -> Round | None:
    """The server's own round for this player (with every hidden card)."""
    store = client.app.state.service.store  # type: ignore[attr-defined]
    with store.reading() as tx:
        raw = tx.load_player(db_key(client))
    return None if raw is None else from_json(json.loads(raw), TABLE)[1]


def hidden_cards(r: Round) -> Counter[str]:
    """How many of each card code the player 'you' may not see now (T22)."""
    hidden: Counter[str] = Counter()
    for seat in (*r.seats, DEALER):
        if seat == "you" or seat in r.revealed:
            continue
        faces = [e.face_up for e in r.events if isinstance(e, CardDealt) and e.seat == seat]
        for card, up in zip(r.hands[seat], faces, strict=True):
            if not up:
                hidden[card.code] += 1
    return hidden


def visible_cards(r: Round) -> Counter[str]:
    """How many of each card code the player may see now."""
    seen: Counter[str] = Counter()
    for seat in (*r.seats, DEALER):
        for card in r.hands[seat]:
            seen[card.code] += 1
    return seen - hidden_cards(r)


def assert_no_leak(state: Json, r: Round | None) -> None:
    """No face-down card in a response: structurally (null where hidden) and as text (a
    hidden card's code appears no more often than the cards of that code the player sees,
    counting every place a visible card may be named)."""
    table = state["table"]
    if r is None:
        assert table is None
        return
    hidden = hidden_cards(r)
    hands = {h["name"]: h for h in [*table["seats"], table["dealer"]]}
    for seat in (*r.seats, DEALER):
        sent = hands[seat]["cards"]
        assert len(sent) == len(r.hands[seat])
        faces = [e.face_up for e in r.events if isinstance(e, CardDealt) and e.seat == seat]
        for card, shown, up in zip(r.hands[seat], sent, faces, strict=True):
            visible = seat == "you" or seat in r.revealed or up
            assert shown == (card.code if visible else None), (seat, card, shown)
        if not (seat == "you" or seat in r.revealed):
            assert hands[seat]["total"] is None or all(c is not None for c in sent)
    if not hidden:
        return
    text = json.dumps(state)
    seen = visible_cards(r)
    revealed_events = [e for e in r.events if isinstance(e, HandRevealed)]
    for code in hidden:
        # each visible card may be named: in its hand, its dealt event, its revealed event
        allowance = 3 * seen[code] + sum(
            1 for e in revealed_events for c in e.cards if c.code == code
        )
        assert text.count(f'"{code}"') <= allowance, f"hidden card {code} leaked"


def play_hand(
    client: TestClient,
    bet: int = 100,
    choose: Callable[[Json], str] | None = None,
    check: Callable[[Json], None] | None = None,
) -> Json:
    """Deal and play one hand to its end; ``choose`` picks the player's action."""
    pick = choose or (lambda t: "stand" if "stand" in t["legal"] else "throw")
    state = client.get("/api/state").json()
    res = client.post("/api/deal", json={"bet": bet, "hand": state["next_hand"]})
    assert res.status_code == 200, res.text
    state = res.json()
    if check:
        check(state)
    while not state["table"]["over"]:
        t = state["table"]
        assert t["to_act"] == "you" and t["legal"]
        res = client.post(
            "/api/action", json={"action": pick(t), "hand": t["hand"], "step": t["step"]}
        )
        assert res.status_code == 200, res.text
        state = res.json()
        if check:
            check(state)
    final: Json = state
    return final


def random_chooser(rng: random.Random) -> Callable[[Json], str]:
    """A player who picks any legal action."""

    def choose(table: Json) -> str:
        legal: list[str] = table["legal"]
        return rng.choice(legal)

    return choose


def write_shoe(path: Path, codes: str) -> Path:
    path.write_text(json.dumps(codes.split()))
    return path
