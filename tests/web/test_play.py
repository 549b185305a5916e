"""Many hands through the API: no face-down card in any response (T22), chips conserved
(T10, T19, T20), every hand's history equal to ``banluck replay`` of its replay file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from banluck.games.banluck.events import DEALER, CardDealt, DrawReason
from banluck.replay import replay_text
from tests.web.helpers import (
    Json,
    assert_no_leak,
    client_for,
    play_hand,
    player_id,
    random_chooser,
    server_round,
)


@pytest.mark.rule("T22")
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.slow
def test_no_face_down_card_in_any_response(db: Path, seed: int) -> None:
    """Every JSON answer is compared with the server's own round: a card the player may not
    see is null where it sits and its code appears nowhere else; and another seat's forced
    draw never says "forced" (that would tell its hidden total is under 16)."""
    c = client_for(db, seed=seed)
    checked = 0
    bots_forced = 0

    def check(state: Json) -> None:
        nonlocal checked
        r = server_round(c)
        assert_no_leak(state, r)
        for e in (state.get("table") or {}).get("events", []):
            assert not (e["type"] == "dealt" and e["seat"] != "you" and e["reason"] == "forced")
        assert_no_leak(c.get("/api/state").json(), r)
        checked += 1

    rng = random.Random(seed)
    check(c.get("/api/state").json())
    for _ in range(40):
        stack = c.get("/api/state").json()["player"]["stacks"]["you"]
        bet = min(rng.choice([10, 50, 500]), stack) if stack >= 10 else 10
        play_hand(c, bet=bet, choose=random_chooser(rng), check=check)
        r = server_round(c)
        assert r is not None and r.is_over
        # once over, every hand still in the round has been turned over (T18)
        assert DEALER in r.revealed or r.void or all(s in r.revealed for s in r.seats)
        bots_forced += sum(
            isinstance(e, CardDealt) and e.seat != "you" and e.reason is DrawReason.FORCED
            for e in r.events
        )
    assert checked > 40
    assert bots_forced > 0, "no bot was forced to draw: the check above tested nothing"


@pytest.mark.rule("T22")
def test_a_hand_in_progress_hides_the_dealer_and_the_bots(db: Path) -> None:
    c = client_for(db, seed=21)
    for _ in range(50):
        s = c.post("/api/deal", json={"bet": 10, "hand": c.get("/api/state").json()["next_hand"]})
        state = s.json()
        if not state["table"]["over"]:
            break
    else:
        pytest.fail("every hand ended at the deal")
    t = state["table"]
    assert t["dealer"]["cards"] == [None, None] and not t["dealer"]["revealed"]
    assert t["dealer"]["total"] is None and t["dealer"]["kind"] is None
    assert all(c is not None for c in t["seats"][0]["cards"])
    for e in t["events"]:
        if e["type"] == "dealt" and e["seat"] != "you":
            assert e["card"] is None
    text = json.dumps(state)
    r = server_round(c)
    assert r is not None
    for card in r.hands[DEALER]:
        assert f'"{card.code}"' not in text or card in r.hands["you"]
    # of the shoe, only the fair commitments: no card, no salt (docs/FAIRNESS.md)
    assert "shoe" not in json.dumps({k: v for k, v in state.items() if k != "fair"})
    fair = state["fair"]
    assert set(fair) == {*PUBLIC_FAIR, "next", "sort", "seed", "last_hand"}
    assert set(fair["next"]) == {"salt_commitment", "seeds"}


#: what a seat is shown of the shoe in use
PUBLIC_FAIR = {"shoe", "decks", "cards", "commitment", "revealed", "salt_commitment", "client_seed"}


@pytest.mark.slow
def test_chips_are_conserved_over_many_hands(db: Path) -> None:
    """Each hand moves the stacks by exactly its nets; nothing else changes them except a
    fresh stack (T9), which is announced."""
    c = client_for(db, seed=13)
    rng = random.Random(13)
    stacks = c.get("/api/state").json()["player"]["stacks"]
    for _ in range(120):
        state = c.get("/api/state").json()
        you = stacks["you"]
        bet = rng.choice([10, 100, 500])
        bet = min(bet, you) if you >= 10 else bet
        final = play_hand(c, bet=bet, choose=random_chooser(rng))
        fresh = {
            n["params"]["seat"]: n["params"]["stack"]
            for n in final["player"]["notices"]
            if n["code"] == "fresh_stack"
        }
        before = {**stacks, **fresh}
        for seat in final["table"]["seats"]:
            assert before[seat["name"]] + seat["net"] == seat["stack"]
        after = {s["name"]: s["stack"] for s in final["table"]["seats"]}
        assert final["player"]["stacks"] == after
        assert state["player"]["stacks"] == stacks
        stacks = after
    history = c.get("/api/history").json()["hands"]
    assert len(history) == 50
    for item in history:
        entry = c.get(f"/api/history/{item['hand']}").json()
        assert replay_text(json.dumps(entry["replay"])) == entry["result"]
        you = next(s for s in entry["result"]["seats"] if s["name"] == "you")
        assert (you["net"], you["result"]) == (item["net"], item["result"])


@pytest.mark.parametrize("seed", [31, pytest.param(32, marks=pytest.mark.slow)])
def test_random_requests_from_two_tabs_keep_every_invariant(db: Path, seed: int) -> None:
    """A storm of valid, stale and bad requests from two tabs of one browser: every answer
    is a State or a 4xx error body; no card leaks; stacks move only when a hand settles."""
    rng = random.Random(seed)
    tab1 = client_for(db, seed=seed)
    tab1.get("/api/state")
    tab2 = client_for(db, seed=seed + 100, cookie=player_id(tab1))
    seen: dict[str, Json] = {"tab1": tab1.get("/api/state").json()}
    seen["tab2"] = seen["tab1"]
    stacks = seen["tab1"]["player"]["stacks"]
    settled_hands = 0
    for _ in range(300):
        name, tab = rng.choice([("tab1", tab1), ("tab2", tab2)])
        view = seen[name]  # what this tab last saw: possibly stale
        t = view["table"]
        kind = rng.random()
        if kind < 0.3:
            body: Json = {"bet": rng.choice([10, 50, 500, 5, "x"]), "hand": view["next_hand"]}
            res = tab.post("/api/deal", json=body)
        elif kind < 0.8 and t is not None:
            action = rng.choice([*t["legal"], "hit", "stand", "throw", "fold"])
            step = t["step"] + rng.choice([0, 0, 0, 1, -1])
            body = {"action": action, "hand": t["hand"], "step": step}
            res = tab.post("/api/action", json=body)
        elif kind < 0.9:
            res = tab.put("/api/settings", json=rng.choice([{"decks": 1}, {"decks": 2}, {"x": 1}]))
        else:
            res = tab.get("/api/state")
        assert res.status_code in (200, 409, 422), res.text
        if res.status_code != 200:
            assert set(res.json()["error"]) == {"code", "message", "params"}
            seen[name] = tab.get("/api/state").json()
            continue
        state = res.json()
        assert_no_leak(state, server_round(tab))
        seen[name] = state
        table = state["table"]
        fresh = {
            n["params"]["seat"]: n["params"]["stack"]
            for n in state["player"]["notices"]
            if n["code"] == "fresh_stack"
        }
        if table is None:
            assert state["player"]["stacks"] == stacks
        elif table["over"]:
            if table["hand"] > settled_hands:
                settled_hands = table["hand"]
                for seat in table["seats"]:
                    start = {**stacks, **fresh}[seat["name"]]
                    assert start + seat["net"] == seat["stack"]
                stacks = {seat["name"]: seat["stack"] for seat in table["seats"]}
            assert state["player"]["stacks"] == stacks
        else:  # during a hand: the stacks before it (after T9), nothing taken yet
            assert state["player"]["stacks"] == {**stacks, **fresh}
    assert settled_hands >= 5
    history = tab1.get("/api/history").json()["hands"]
    assert [h["hand"] for h in history] == list(range(settled_hands, 0, -1))[:50]
