"""Helpers for the tests of every game's API (issue 10): clients with a stacked shoe per
game, the server's own round of a game (with every hidden card), and a leak check."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from banluck.core.cards import ONE_DECK, Card, parse_card
from banluck.games.blackjack.driver import BlackjackHand
from banluck.games.kampung.driver import KampungHand
from banluck.games.kampung.round import KampungRound
from banluck.web.app import COOKIE, create_app
from banluck.web.saves.codecs import codec_for
from tests.web.helpers import TestClient, db_key

Json = dict[str, Any]


def game_client(
    db: Path,
    *,
    seed: int = 1,
    shoes: dict[str, str] | None = None,
    tmp: Path | None = None,
    cookie: str | None = None,
) -> TestClient:
    """A TestClient on a new app; ``shoes`` maps a game to its first cards ("TS 9H ...")."""
    files: dict[str, str | Path] = {}
    for name, codes in (shoes or {}).items():
        assert tmp is not None
        path = tmp / f"{name}-shoe.json"
        path.write_text(json.dumps(codes.split()))
        files[name] = path
    app = create_app(db, rng=random.Random(seed), shoes=files, host_names=["testserver"])
    client = TestClient(app)
    if cookie is not None:
        client.cookies.set(COOKIE, cookie, domain="testserver.local")
    return client


def api(game: str, what: str) -> str:
    return f"/api/games/{game}/{what}"


def deal(c: TestClient, game: str, **body: Any) -> Json:
    state = c.get(api(game, "state")).json()
    res = c.post(api(game, "deal"), json={"hand": state["next_hand"], **body})
    assert res.status_code == 200, res.text
    out: Json = res.json()
    return out


def act(c: TestClient, game: str, state: Json, action: str) -> Json:
    t = state["table"]
    res = c.post(api(game, "action"), json={"action": action, "hand": t["hand"], "step": t["step"]})
    assert res.status_code == 200, res.text
    out: Json = res.json()
    return out


def stored(c: TestClient, game: str) -> Any:
    """The game's record as stored (JSON), or None."""
    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.reading() as tx:
        raw = tx.load_game(db_key(c), game)
    return None if raw is None else json.loads(raw)


def write_record(c: TestClient, game: str, data: Any) -> None:
    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.transaction() as tx:
        tx.save_game(db_key(c), game, json.dumps(data))


def blackjack_truth(c: TestClient, game: str) -> Any:
    """The server's own blackjack round now (every card), or None."""
    data = stored(c, game)
    if data is None or data["hand"] is None:
        return None
    hand = codec_for(game, None, None, b"k").decode(json.dumps(data)).hand  # type: ignore[attr-defined]
    assert isinstance(hand, BlackjackHand)
    return hand.round


def kampung_truth(c: TestClient) -> KampungRound | None:
    data = stored(c, "kampung")
    if data is None:
        return None
    hand = codec_for("kampung", None, None, b"k").decode(json.dumps(data)).hand  # type: ignore[attr-defined]
    assert hand is None or isinstance(hand, KampungHand)
    return None if hand is None else hand.round


def hidden_blackjack(r: Any, viewer: str = "you") -> list[Card]:
    """B9: the cards ``viewer`` may not see now."""
    hidden: list[Card] = []
    if not r.hole_turned:
        hidden.append(r.dealer[1])
    if r.rules.seat_cards_face_down:
        for name in r.seat_names():
            if name == viewer:
                continue
            for h in r.seat_state(name).hands:
                if not h.turned_over:
                    hidden.extend(h.cards)
    return hidden


def visible_blackjack(r: Any, viewer: str = "you") -> list[Card]:
    seen = list(r.dealer)
    for name in r.seat_names():
        for h in r.seat_state(name).hands:
            seen.extend(h.cards)
    for c in hidden_blackjack(r, viewer):
        seen.remove(c)
    return seen


def hidden_kampung(r: KampungRound, viewer: str = "you") -> list[Card]:
    """K17: the cards ``viewer`` may not see now (unturned hands of others)."""
    hidden: list[Card] = []
    for h in r.hands:
        if h.seat != viewer and not h.turned:
            hidden.extend(h.cards)
    if r.banker != viewer and not r.bank.turned:
        hidden.extend(r.bank.cards)
    return hidden


def visible_kampung(r: KampungRound, viewer: str = "you") -> list[Card]:
    seen = [c for h in r.hands for c in (*h.cards, *h.burnt)]
    seen += [*r.bank.cards, *r.bank.burnt]
    for c in hidden_kampung(r, viewer):
        seen.remove(c)
    return seen


def assert_hidden_absent(state: Json, hidden: list[Card], visible: list[Card]) -> None:
    """No hidden card in the answer: a hidden card's code appears nowhere in it, unless a
    card of the same code is visible (several decks), and then no more often than the
    visible ones may be named (in a hand, an event, a reveal: 4 times each)."""
    text = json.dumps(state)
    shown = {c.code for c in visible}
    for card in hidden:
        if card.code not in shown:
            assert f'"{card.code}"' not in text, f"hidden card {card.code} leaked"
        else:
            allowed = 4 * sum(1 for c in visible if c.code == card.code)
            assert text.count(f'"{card.code}"') <= allowed, f"hidden card {card.code} leaked"


def full_shoe_after(first: list[str], decks: int, seed: int = 0) -> list[str]:
    """``first`` then the rest of a full shoe of ``decks`` decks, shuffled by ``seed``."""
    rest = list(ONE_DECK * decks)
    for code in first:
        rest.remove(parse_card(code))
    random.Random(seed).shuffle(rest)
    return first + [c.code for c in rest]


def rig_kampung(c: TestClient, first: str, *, banker: str, seed: int = 0) -> None:
    """Set the stored kampung game: ``banker`` holds the bank next (setting ``rotate``), and
    a new full shoe deals ``first`` first."""
    res = c.put(api("kampung", "settings"), json={"bank": "rotate"})
    assert res.status_code == 200, res.text
    data = stored(c, "kampung")
    assert data is not None
    data["hand"] = None
    run = data["table"]  # the table's run (games.table_run)
    run["banker"], run["hands_banked"] = banker, 0
    run["shoe"] = {"decks": 2, "remaining": full_shoe_after(first.split(), 2), "drawn": 0}
    write_record(c, "kampung", data)


def play_out(
    c: TestClient,
    game: str,
    state: Json,
    choose: Callable[[Json], str],
    check: Callable[[Json], None],
) -> Json:
    """Play a dealt hand to its end; ``check`` every answer."""
    check(state)
    while not state["table"]["over"]:
        state = act(c, game, state, choose(state["table"]))
        check(state)
    return state
