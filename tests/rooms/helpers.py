"""Helpers of the rooms' tests: a fake clock, seeded rooms, and the frame checks that no
card a seat may not see ever reaches it (T22, B9, K17)."""

from __future__ import annotations

import random
from typing import Any

from banluck.games.registry import GAMES
from banluck.rooms.room import Room, new_room
from banluck.rooms.settings import parse_settings

CODE = "c" * 22


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, t: float = 1_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def first_format(data: dict[str, Any]) -> dict[str, Any]:
    """A saved room (``Room.to_json``) as the first format saved it: its table run's
    fields (``games.table_run``) at its top level, the last hand's number for the next."""
    run = dict(data["table"])
    last = run.pop("next_hand") - 1
    rest = {k: v for k, v in data.items() if k != "table"}
    return {**rest, **run, "format": 1, "last_number": last}


def seeded(seed: int = 1) -> Any:
    rng = random.Random(seed)
    return lambda: rng.getrandbits(128)


def room(game: str = "table", seed: int = 2, **settings: Any) -> Room:
    """A room made by host ``A`` (Ann), with ``B`` (Bob) and ``C`` (Cai) joined."""
    r = new_room(
        CODE, parse_settings({"game": game, **settings}), "A", "Ann", 0.0, entropy=seeded(seed)
    )
    r.join("B", "Bob", 0.0)
    r.join("C", "Cai", 0.0)
    return r


def finish_hand(r: Room, now: float = 0.0) -> None:
    """The people choose their seats' automatic choice until the hand is over."""
    while r.in_hand:
        h = r.hand
        assert h is not None
        seat = h.to_act()
        assert seat is not None
        r.act(r.occupant[seat], h.number, h.step, h.auto_choice(), now)


def hidden_leaks(frame: dict[str, Any]) -> list[str]:
    """Every card in ``frame`` its receiver may not see, by the frame's own flags: another
    seat's card before that hand is turned over; the dealer's face-down card."""
    table = frame.get("table")
    if not table:
        return []
    me = frame["you"]["seat"] if frame.get("you") else None
    leaks: list[str] = []
    family = GAMES[table["game"]].family
    if family == "banluck":
        # O4: one-on-one's dealer card dealt face up is seen by everyone
        up = {
            (e["seat"], e["card"])
            for e in table["events"]
            if e["type"] == "dealt" and e["face_up"] and e["card"]
        }
        for h in [*table["seats"], table["dealer"]]:
            if h["name"] != me and not h["revealed"]:
                leaks += [c for c in h["cards"] if c is not None and (h["name"], c) not in up]
        seen: set[str] = set()
        for e in table["events"]:
            if e["type"] == "revealed":
                seen.add(e["seat"])
            if e["type"] != "dealt" or not e["card"] or e["seat"] == me or e["face_up"]:
                continue
            if e["seat"] not in seen:
                leaks.append(e["card"])
    elif family == "kampung":
        # X17: only the seat to act is asked to confirm a choice
        if "confirm" in table and table["to_act"] != me:
            leaks.append("confirm")
        for h in [*table["players"], table["bank"]]:
            if h["seat"] != me and not h["turned"]:
                leaks += [c for c in h["cards"] if c is not None and c not in h["burnt"]]
        turned = {h["seat"] for h in [*table["players"], table["bank"]] if h["turned"]}
        burnt = {c for h in [*table["players"], table["bank"]] for c in h["burnt"]}
        for e in table["events"]:
            if e["type"] != "dealt" or not e["card"] or e["seat"] == me:
                continue
            if not (e["face_up"] or e["seat"] in turned or e["card"] in burnt):
                leaks.append(e["card"])
    else:  # classic / infinite: another seat's face-down hand, the hole card
        if table["preset"] == "classic":
            for s in table["seats"]:
                if s["name"] == me:
                    continue
                for h in s["hands"]:
                    if h["total"] is None:
                        leaks += [c for c in h["cards"] if c is not None]
                if s["net"] is None:
                    leaks += [c for c in s["first_two"] if c is not None]
        dealer = table["dealer"]
        if dealer["total"] is None:
            leaks += [c for c in dealer["cards"][1:] if c is not None]
        # the events tell no card the table does not show (B9)
        shown = {c for c in dealer["cards"] if c is not None}
        for s in table["seats"]:
            shown |= {c for h in s["hands"] for c in h["cards"] if c is not None}
            shown |= {c for c in s.get("first_two", []) if c is not None}
        shown |= set(table.get("row", []) or [])
        for e in table.get("events", []):
            if e["type"] == "dealt" and e["card"] is not None and e["card"] not in shown:
                leaks.append(e["card"])
    return leaks


def true_hidden(r: Room, viewer: str | None) -> set[str]:
    """The codes of the cards of the live hand that ``viewer`` may not see, from the
    engine itself (an independent oracle for the frames of a fixed seat)."""
    h = r.hand
    if h is None:
        return set()
    out: set[str] = set()
    rnd: Any = getattr(h, "round", None)
    if r.settings.game == "table":
        for seat, cards in rnd.hands.items():
            if seat != viewer and seat not in rnd.revealed:
                out |= {c.code for c in cards}
    elif GAMES[r.settings.game].family == "kampung":
        for ph in rnd.hands:
            if ph.seat != viewer and not ph.turned:
                out |= {c.code for c in ph.cards}
        if rnd.banker != viewer and not rnd.bank.turned:
            out |= {c.code for c in rnd.bank.cards}
    return out


#: Keys of a shoe's secrets: none of them may be in a frame (the public history holds the
#: reveals of finished shoes, under ``reveal``, and is checked by ``secret_leaks`` too).
SECRET_KEYS = frozenset({"salt", "order", "remaining", "pack", "discards", "seed", "next_salt"})


def keys_of(data: Any) -> set[str]:
    """Every key of every object in ``data``."""
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys_of(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys_of(v)}
    return set()


def secret_leaks(data: Any, r: Room, *, history: bool = False) -> list[str]:
    """What ``data`` (a frame, or with ``history`` the public history) holds of ``r``'s
    shoes that nobody may know yet: the salt or order of a shoe not revealed (the one in
    use), a card of it not dealt in a finished hand; in a frame, any secret key at all."""
    import json

    text = json.dumps(data)
    leaks: list[str] = []
    full = r.ledger.full_history()
    revealed = r.ledger.revealable()
    for i, rec in enumerate(full.shoes):
        if i < revealed:
            continue
        assert rec.reveal is not None
        if rec.reveal.salt in text:
            leaks.append(f"the salt of shoe {rec.commitment.shoe}")
        if " ".join(rec.reveal.order[:8]) in text or '", "'.join(rec.reveal.order[:8]) in text:
            leaks.append(f"the order of shoe {rec.commitment.shoe}")
    pending = r.ledger.to_json()["next_salt"]  # the next shoe's salt: committed, secret
    if pending is not None and pending in text:
        leaks.append("the next shoe's salt")
    if history:
        shown = {s["shoe"] for s in data["shoes"] if "reveal" in s}
        if shown != {rec.commitment.shoe for rec in full.shoes[:revealed]}:
            leaks.append(f"reveals {sorted(shown)} with {revealed} shoes finished")
        leaks += [f"a deal of shoe {d['shoe']}" for d in data["deals"] if d["shoe"] not in shown]
    else:
        leaks += sorted(keys_of(data) & SECRET_KEYS)
    return leaks
