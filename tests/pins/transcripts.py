"""Seeded, scripted play of every game, solo and in rooms, written out as text.

The pins (``test_pins.py``) hash these transcripts: every answer the solo API gives, every
save text and history entry it stores, every member's view of a room and the room's stored
JSON. A refactoring that changes a byte of any of them fails the pin; a deliberate change
re-pins with ``BANLUCK_REPIN=1`` and says so in its commit.

The choices are drawn from the legal ones by a seeded generator, so each transcript walks
hands no person scripted: splits, doubles, opens, burns, throws, timeouts.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from banluck.rooms.room import Room
from tests.rooms.helpers import room
from tests.web.games_helpers import api, game_client
from tests.web.helpers import TestClient, db_key

SOLO_HANDS = 10
ROOM_HANDS = 8
FROZEN_TIME = "2026-12-01T12:00:00Z"


@contextmanager
def frozen_clock() -> Iterator[None]:
    """The history entries' time stamps, fixed (the only clock in a solo answer)."""
    from banluck.web.saves import records

    saved = records.now_iso
    records.now_iso = lambda: FROZEN_TIME
    patched = []

    for name, module in list(sys.modules.items()):
        if name.startswith("banluck.") and getattr(module, "now_iso", None) is saved:
            module.now_iso = records.now_iso  # type: ignore[attr-defined]
            patched.append(module)
    try:
        yield
    finally:
        records.now_iso = saved
        for module in patched:
            module.now_iso = saved  # type: ignore[attr-defined]


def _save_text(c: TestClient, game: str) -> str:
    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.reading() as tx:
        raw = tx.load_player(db_key(c)) if game == "table" else tx.load_game(db_key(c), game)
    return "" if raw is None else raw


def solo_transcript(game: str, db: Path, seed: int = 11) -> dict[str, list[str]]:
    """Every answer, save text and history entry of ``SOLO_HANDS`` scripted hands."""
    out: dict[str, list[str]] = {"answers": [], "saves": [], "history": []}
    rng = random.Random(seed)
    with frozen_clock():
        c = game_client(db, seed=seed)
        answers = out["answers"]

        def get(path: str, **params: Any) -> Any:
            res = c.get(path, params=params or None)
            answers.append(f"GET {path} {params} {res.status_code} {res.text}")
            return res.json()

        def post(path: str, body: dict[str, Any]) -> Any:
            res = c.post(path, json=body)
            answers.append(f"POST {path} {body} {res.status_code} {res.text}")
            return res.json()

        if game == "kampung":  # the bank passes round, so the person banks too (K2)
            res = c.put(api(game, "settings"), json={"bank": "rotate"})
            answers.append(f"PUT settings {res.status_code} {res.text}")
        if game == "table":
            res = c.put(api(game, "settings"), json={"decks": 1})
            answers.append(f"PUT settings {res.status_code} {res.text}")
        for _ in range(SOLO_HANDS):
            state = get(api(game, "state"))
            body: dict[str, Any] = {"hand": state["next_hand"]}
            if state["player"].get("banker") != "you":
                body["bet"] = rng.choice((10, 50, 100, 250))
            if game == "infinite":
                body["side_bets"] = {"pairs": rng.choice((0, 5)), "bust": rng.choice((0, 10))}
            state = post(api(game, "deal"), body)
            if "error" in state:  # refused (a bet too large for the stack): the smallest
                state = post(api(game, "deal"), {**body, "bet": 10} if "bet" in body else body)
            # a stale and a doubled action are refused and change nothing
            t = state["table"]
            if t is not None and not t["over"]:
                post(api(game, "action"), {"action": t["legal"][0], "hand": t["hand"], "step": 99})
            while state["table"] is not None and not state["table"]["over"]:
                t = state["table"]
                if state["features"].get("hint"):
                    get(api(game, "hint"), hand=t["hand"], step=t["step"])
                get(api(game, "chart"), hand=t["hand"], step=t["step"])
                choice = rng.choice(t["legal"])
                body = {"action": choice, "hand": t["hand"], "step": t["step"]}
                state = post(api(game, "action"), body)
            out["saves"].append(_save_text(c, game))
            hist = get(api(game, "history"))
            for item in hist["hands"][:1]:
                out["history"].append(c.get(api(game, f"history/{item['hand']}")).text)
                out["history"].append(c.get(api(game, f"history/{item['hand']}/replay.json")).text)
        get(api(game, "stats"))
        c.close()
    return out


def _seats_for(r: Room) -> list[str | None]:
    if not r.game.layout:
        return [None, None]
    layout = list(r.game.layout)
    return [layout[0], layout[-1]]


def room_transcript(game: str, seed: int = 7) -> dict[str, list[str]]:
    """Every member's view and the stored room after each command of a scripted room."""
    settings: dict[str, Any] = {"bank": "rotate"} if game == "kampung" else {}
    r = room(game, seed=seed, timer=10, **settings)
    rng = random.Random(seed)
    out: dict[str, list[str]] = {"views": [], "stored": []}
    now = 1.0

    def record() -> None:
        for player in ("A", "B", "C", None):
            out["views"].append(json.dumps(r.view(player)))
        saved = r.to_json()
        out["stored"].append(json.dumps(saved))
        again = Room.from_json(json.loads(json.dumps(saved)))
        assert json.dumps(again.to_json()) == json.dumps(saved)

    for player, seat in zip(("A", "B"), _seats_for(r), strict=True):
        r.sit(player, seat, now)
        r.connect(player, now)
    record()
    for hand in range(1, ROOM_HANDS + 1):
        for player in ("A", "B"):
            if hand == 3 and player == "B":
                continue  # B misses a bet: the timer plays for B (away), then B is back
            m = r.members[player]
            amount = rng.choice((10, 20, 50))
            if m.seat == r.banker:
                amount = 0
            try:
                r.bet(player, r.last_number + 1, amount, now)
            except Exception as exc:  # a refusal is part of the transcript
                out["views"].append(f"refused {exc}")
            record()
        if not r.in_hand:
            now += 11
            r.tick(now)
            record()
        for _ in range(200):
            if not r.in_hand:
                break
            h = r.hand
            assert h is not None
            seat = h.to_act()
            occupant = r.occupant.get(seat or "")
            if occupant is None:
                break
            if hand == 5 and occupant == "A":  # A's time runs out once
                now += 11
                r.tick(now)
            else:
                r.act(occupant, h.number, h.step, rng.choice(h.legal()), now)
            now += 1
            record()
    return out
