"""One browser's table, server side: its saved record, the deal, the player's choices.

The server is the only authority (issue 3). A player's record (``PlayerRecord``) holds the
stacks, the settings, the remaining shoe and the hand in progress as the cards it drew and
the actions taken; every request rebuilds the round with ``Round.replay`` and the shoe, so a
hand continues after a reload or a restart exactly where it was. Anna and Ben
(``policy_for``) and the dealer are played as soon as it is their turn.

Only ``view_for(round, "you")`` leaves this module (``state_json``): never the shoe, never a
card the player may not see (T22).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from banluck.core import Action, BadBet, BanLuckError, Round, SeatEntry, Shoe, view_for
from banluck.core.cards import Card, parse_card
from banluck.core.events import (
    ActionTaken,
    CardDealt,
    Event,
    HandRevealed,
    HandSettled,
    RoundOver,
    RoundVoided,
    TurnStarted,
)
from banluck.core.rules import TABLE, Rules
from banluck.core.table import Table
from banluck.core.views import HandView, SeatView
from banluck.replay import outcome_json
from banluck.strategy import policy_for

YOU = "you"
SPEEDS = ("slow", "normal", "fast", "instant")
LANGUAGES = ("en", "de", "zh")
RECORD_VERSION = 1


class ApiError(Exception):
    """A refused request: HTTP status, a code the page translates, an English message."""

    def __init__(
        self, status: int, code: str, message: str, params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.params = params or {}

    def body(self) -> dict[str, Any]:
        """The error body of docs/API.md."""
        return {"error": {"code": self.code, "message": self.message, "params": self.params}}


class CorruptSave(Exception):
    """A saved record that cannot be read back as a valid table."""


def now_iso() -> str:
    """The time now, UTC, to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# --------------------------------------------------------------------------- the record


@dataclass
class HandRecord:
    """A hand as saved: enough to rebuild it with ``Round.replay``."""

    number: int
    decks: int
    seats: list[SeatEntry]
    cards: list[Card]
    actions: list[tuple[str, Action]]
    time: str

    def rules(self) -> Rules:
        return TABLE.with_decks(self.decks)

    def rebuild(self, shoe: Shoe) -> Round:
        """The round again from its cards and actions; later draws come from ``shoe``."""
        return Round.replay(self.rules(), self.cards, self.seats, self.actions, shoe=shoe)


@dataclass
class PlayerRecord:
    """Everything the server keeps for one browser id."""

    stacks: dict[str, int]
    shoe_decks: int
    shoe_cards: list[Card]  # the remaining shoe, top first
    shoe_drawn: int
    settings: dict[str, Any]
    last_bet: int = 100
    next_hand: int = 1
    pending_decks: int | None = None
    notices: list[dict[str, Any]] = field(default_factory=list)
    hand: HandRecord | None = None

    @classmethod
    def fresh(cls, shoe: Shoe, language: str) -> PlayerRecord:
        """A new player: fresh stacks (T9), the default settings, a shuffled shoe."""
        return cls(
            stacks=dict.fromkeys(TABLE.seats, TABLE.fresh_stack),
            shoe_decks=shoe.decks,
            shoe_cards=list(shoe.peek_order()),
            shoe_drawn=shoe.drawn,
            settings={"decks": shoe.decks, "speed": "normal", "language": language},
        )

    def shoe(self, rng: random.Random | None) -> Shoe:
        """The saved shoe, shuffled by ``rng`` (``secrets.SystemRandom()`` when None) next time."""
        return Shoe.restore(self.shoe_cards, decks=self.shoe_decks, drawn=self.shoe_drawn, rng=rng)

    def store_shoe(self, shoe: Shoe) -> None:
        self.shoe_decks = shoe.decks
        self.shoe_cards = list(shoe.peek_order())
        self.shoe_drawn = shoe.drawn

    # -- JSON

    def to_json(self) -> dict[str, Any]:
        hand = self.hand
        return {
            "v": RECORD_VERSION,
            "stacks": self.stacks,
            "shoe": {
                "decks": self.shoe_decks,
                "cards": [c.code for c in self.shoe_cards],
                "drawn": self.shoe_drawn,
            },
            "settings": self.settings,
            "last_bet": self.last_bet,
            "next_hand": self.next_hand,
            "pending_decks": self.pending_decks,
            "notices": self.notices,
            "hand": None
            if hand is None
            else {
                "number": hand.number,
                "decks": hand.decks,
                "seats": [[s.name, s.stack, s.bet] for s in hand.seats],
                "cards": [c.code for c in hand.cards],
                "actions": [[seat, a.value] for seat, a in hand.actions],
                "time": hand.time,
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> PlayerRecord:
        """Read a saved record, checking every field; CorruptSave says what is wrong."""
        try:
            return _read_record(data)
        except CorruptSave:
            raise
        except (BanLuckError, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise CorruptSave(f"{type(exc).__name__}: {exc}") from None


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CorruptSave(what)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _read_record(d: Any) -> PlayerRecord:
    _need(isinstance(d, dict), "the record is not an object")
    _need(d.get("v") == RECORD_VERSION, f"unknown record version {d.get('v')!r}")
    stacks = d["stacks"]
    _need(
        isinstance(stacks, dict)
        and set(stacks) == set(TABLE.seats)
        and all(_is_int(v) and v >= 0 for v in stacks.values()),
        "bad stacks",
    )
    s = d["shoe"]
    decks = s["decks"]
    _need(decks in TABLE.allowed_decks, f"bad shoe decks {decks!r}")
    shoe_cards = [parse_card(c) for c in s["cards"]]
    drawn = s["drawn"]
    _need(_is_int(drawn), "bad shoe count")
    Shoe.restore(shoe_cards, decks=decks, drawn=drawn)  # raises on a shoe that does not add up
    settings = d["settings"]
    _need(
        isinstance(settings, dict)
        and settings.get("decks") in TABLE.allowed_decks
        and settings.get("speed") in SPEEDS
        and settings.get("language") in LANGUAGES
        and len(settings) == 3,
        "bad settings",
    )
    pending = d["pending_decks"]
    _need(pending is None or pending in TABLE.allowed_decks, "bad pending decks")
    last_bet, next_hand = d["last_bet"], d["next_hand"]
    _need(_is_int(last_bet) and _is_int(next_hand) and next_hand >= 1, "bad counters")
    notices = d["notices"]
    _need(isinstance(notices, list) and all(isinstance(n, dict) for n in notices), "bad notices")
    rec = PlayerRecord(
        stacks={k: int(v) for k, v in stacks.items()},
        shoe_decks=decks,
        shoe_cards=shoe_cards,
        shoe_drawn=drawn,
        settings=dict(settings),
        last_bet=last_bet,
        next_hand=next_hand,
        pending_decks=pending,
        notices=notices,
    )
    h = d["hand"]
    if h is not None:
        seats = [SeatEntry(str(n), st, b) for n, st, b in h["seats"]]
        _need(all(_is_int(x.stack) and _is_int(x.bet) for x in seats), "bad seats")
        hand = HandRecord(
            number=h["number"],
            decks=h["decks"],
            seats=seats,
            cards=[parse_card(c) for c in h["cards"]],
            actions=[(str(seat), Action(a)) for seat, a in h["actions"]],
            time=str(h["time"]),
        )
        _need(_is_int(hand.number) and hand.number < next_hand, "bad hand number")
        counts = Counter(hand.cards) + Counter(shoe_cards)
        if hand.decks == decks:
            _need(all(n <= decks for n in counts.values()), "a card is in the hand and the shoe")
        r = hand.rebuild(rec.shoe(random.Random(0)))  # raises on an impossible hand
        _need(r.to_act in (None, YOU), "a saved hand waits for a bot")
        if not r.is_over:
            _need(
                {x.name: x.stack for x in seats} == rec.stacks,
                "the stacks of a hand in progress do not match",
            )
        rec.hand = hand
    return rec


# --------------------------------------------------------------------------- the play


def _play_bots(r: Round) -> None:
    """Anna and Ben choose at once (the dealer plays inside the round)."""
    policy = policy_for(r.rules)
    while r.to_act is not None and r.to_act != YOU:
        r.apply(policy(r.decision_point()))


def _hand_record(number: int, r: Round, time: str) -> HandRecord:
    return HandRecord(
        number=number,
        decks=r.rules.decks,
        seats=[SeatEntry(n, r.stacks[n], r.bets[n]) for n in r.seats],
        cards=list(r.drawn),
        actions=list(r.actions),
        time=time,
    )


def replay_input(hand: HandRecord) -> dict[str, Any]:
    """REPLAY.md's input for a hand: every seat's moves, the cards it drew, stacks before."""
    moves: dict[str, list[str]] = {s.name: [] for s in hand.seats}
    for seat, action in hand.actions:
        moves[seat].append(action.value)
    return {
        "preset": TABLE.name,
        "decks": hand.decks,
        "shoe": [c.code for c in hand.cards],
        "seats": [
            {"name": s.name, "stack": s.stack, "bet": s.bet, "moves": moves[s.name]}
            for s in hand.seats
        ],
    }


def _history_entry(hand: HandRecord, r: Round) -> dict[str, Any]:
    outcome = r.outcome()
    you = next(s for s in outcome.seats if s.name == YOU)
    assert you.result is not None

    def brief(cards: tuple[Card, ...], total: int, kind: str) -> dict[str, Any]:
        return {"cards": [c.code for c in cards], "total": total, "kind": kind}

    item = {
        "hand": hand.number,
        "time": now_iso(),
        "bet": you.bet,
        "net": you.net,
        "result": you.result.value,
        "you": brief(you.cards, you.total, you.kind.value),
        "dealer": brief(outcome.dealer.cards, outcome.dealer.total, outcome.dealer.kind.value),
        "void": outcome.void,
    }
    return {
        "item": item,
        "replay": replay_input(hand),
        "result": outcome_json(TABLE.name, outcome),
    }


@dataclass
class Change:
    """What a request did: the new record, and a finished hand for the history (or None)."""

    record: PlayerRecord
    finished: dict[str, Any] | None = None


def _check_int(value: Any, code: str, name: str) -> int:
    if not _is_int(value):
        raise ApiError(
            422, code, f"{name!r} must be a whole number, not {value!r}", {"field": name}
        )
    return int(value)


def deal(rec: PlayerRecord, body: dict[str, Any], rng: random.Random | None) -> Change:
    """POST /api/deal: T9, the bet (T8), the reshuffle (T12), the deal, the bots."""
    bet = body.get("bet")
    limits = {"min": TABLE.bet_min, "max": TABLE.bet_max, "stack": rec.stacks[YOU]}
    if "bet" not in body:
        raise ApiError(422, "bad_bet", "a bet is required", limits)
    if (
        not isinstance(bet, int)
        or isinstance(bet, bool)
        or not (TABLE.bet_min <= bet <= TABLE.bet_max)
    ):
        raise ApiError(
            422,
            "bad_bet",
            f"the bet must be a whole number from {TABLE.bet_min} to {TABLE.bet_max}, not {bet!r}",
            limits,
        )
    if "hand" not in body:
        raise ApiError(422, "bad_request", "'hand' (State.next_hand) is required", {})
    number = _check_int(body["hand"], "bad_request", "hand")
    if number != rec.next_hand:
        raise ApiError(
            409,
            "stale",
            f"this deal is for hand {number}, the next hand is {rec.next_hand}",
            {"hand": number, "next_hand": rec.next_hand},
        )
    if rec.hand is not None and not _rebuilt(rec, rng).is_over:
        raise ApiError(409, "hand_in_progress", "a hand is in progress: finish it first", {})
    shoe = rec.shoe(rng)
    table = Table(TABLE.with_decks(rec.shoe_decks), stacks=rec.stacks, shoe=shoe)
    if rec.pending_decks is not None:
        table.set_decks(rec.pending_decks)
    try:
        r = table.start_round(bet)
    except BadBet as exc:
        stack = TABLE.fresh_stack_for(YOU, rec.stacks[YOU])
        raise ApiError(
            422, "bad_bet", f"the bet of {bet} is more than your stack of {stack}", limits
        ) from exc
    _play_bots(r)
    notices: list[dict[str, Any]] = [
        {"code": "fresh_stack", "params": {"seat": s, "stack": table.stacks[s]}}
        for s in table.last_start.fresh_stacks
    ]
    if table.last_start.reshuffled:
        notices.append({"code": "reshuffled", "params": {"decks": r.rules.decks}})
        if r.rules.decks != rec.shoe_decks:
            notices.append({"code": "decks_changed", "params": {"decks": r.rules.decks}})
    rec.notices = notices
    rec.stacks = dict(table.stacks)
    rec.pending_decks = table.pending_decks
    rec.last_bet = bet
    rec.next_hand = number + 1
    rec.hand = _hand_record(number, r, now_iso())
    rec.store_shoe(r.shoe)
    return _maybe_finish(rec, r, table)


def act(rec: PlayerRecord, body: dict[str, Any], rng: random.Random | None) -> Change:
    """POST /api/action: the player's hit, stand or throw; then the bots and the dealer."""
    name = body.get("action")
    if not isinstance(name, str) or name not in {a.value for a in Action}:
        raise ApiError(
            422, "bad_action", f"unknown action {name!r} (hit, stand or throw)", {"action": name}
        )
    action = Action(name)
    for key in ("hand", "step"):
        if key not in body:
            raise ApiError(422, "bad_request", f"{key!r} is required", {"field": key})
    number = _check_int(body["hand"], "bad_request", "hand")
    step = _check_int(body["step"], "bad_request", "step")
    hand = rec.hand
    if hand is None:
        raise ApiError(409, "no_hand", "no hand has been dealt yet", {})
    if number != hand.number or step != len(hand.actions):
        raise ApiError(
            409,
            "stale",
            f"this action is for hand {number} step {step};"
            f" the table is at hand {hand.number} step {len(hand.actions)}",
            {"hand": hand.number, "step": len(hand.actions)},
        )
    r = _rebuilt(rec, rng)
    if r.is_over:
        raise ApiError(409, "no_hand", f"hand {hand.number} is over: deal the next one", {})
    if r.to_act != YOU:  # never saved so, but refuse rather than guess
        raise ApiError(409, "not_your_turn", "it is not your turn", {"to_act": r.to_act})
    legal = r.legal_actions()
    if action not in legal:
        raise ApiError(
            422,
            "bad_action",
            f"{action.value} is not allowed at {r.total(YOU)} with {len(r.hands[YOU])} cards",
            {"action": action.value, "legal": sorted(a.value for a in legal)},
        )
    r.apply(action)
    _play_bots(r)
    rec.hand = _hand_record(hand.number, r, hand.time)
    rec.store_shoe(r.shoe)
    table = Table(r.rules, stacks=rec.stacks, shoe=r.shoe)
    return _maybe_finish(rec, r, table)


def _rebuilt(rec: PlayerRecord, rng: random.Random | None) -> Round:
    assert rec.hand is not None
    return rec.hand.rebuild(rec.shoe(rng))


def _maybe_finish(rec: PlayerRecord, r: Round, table: Table) -> Change:
    if not r.is_over:
        return Change(rec)
    assert rec.hand is not None
    table.finish_round(r)
    rec.stacks = dict(table.stacks)
    return Change(rec, _history_entry(rec.hand, r))


def change_settings(rec: PlayerRecord, body: dict[str, Any]) -> Change:
    """PUT /api/settings: decks (at the next shuffle, T11/T12), speed, language."""
    unknown = sorted(set(body) - {"decks", "speed", "language"})
    if unknown or not body:
        raise ApiError(
            422,
            "bad_settings",
            f"unknown setting(s) {unknown}" if unknown else "no setting given",
            {"fields": unknown},
        )
    # Each setting's allowed values, as the message names them, and its check (in this order).
    checks: tuple[tuple[str, str, Callable[[Any], bool]], ...] = (
        ("decks", "1 or 2", lambda v: _is_int(v) and v in (1, 2)),
        ("speed", f"one of {', '.join(SPEEDS)}", lambda v: v in SPEEDS),
        ("language", f"one of {', '.join(LANGUAGES)}", lambda v: v in LANGUAGES),
    )
    for key, allowed, ok in checks:
        if key in body and not ok(body[key]):
            raise ApiError(
                422, "bad_settings", f"{key} must be {allowed}, not {body[key]!r}", {"field": key}
            )
    for key in ("speed", "language"):
        if key in body:
            rec.settings[key] = str(body[key])
    if "decks" in body:
        decks = int(body["decks"])
        rec.settings["decks"] = decks
        rec.pending_decks = None if decks == rec.shoe_decks else decks
    return Change(rec)


# --------------------------------------------------------------------------- the views


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def _hand_json(h: HandView) -> dict[str, Any]:
    return {
        "name": h.name,
        "cards": [_code(c) for c in h.cards],
        "total": h.total,
        "kind": None if h.kind is None else h.kind.value,
        "revealed": h.revealed,
        "bet": h.bet,
        "stack": h.stack,
        "result": None if h.result is None else h.result.value,
        "net": h.net,
    }


def event_json(e: Event) -> dict[str, Any]:
    """One event of a view, as docs/API.md writes it."""
    if isinstance(e, CardDealt):
        return {
            "type": "dealt",
            "seat": e.seat,
            "card": _code(e.card),
            "face_up": e.face_up,
            "reason": e.reason.value,
        }
    if isinstance(e, TurnStarted):
        return {"type": "turn", "seat": e.seat}
    if isinstance(e, ActionTaken):
        return {"type": "action", "seat": e.seat, "action": e.action.value}
    if isinstance(e, HandRevealed):
        return {
            "type": "revealed",
            "seat": e.seat,
            "cards": [c.code for c in e.cards],
            "total": e.total,
            "kind": e.kind.value,
        }
    if isinstance(e, RoundVoided):
        return {"type": "void"}
    if isinstance(e, HandSettled):
        return {
            "type": "settled",
            "seat": e.seat,
            "result": e.result.value,
            "multiple": e.multiple,
            "net": e.net,
            "stack": e.stack,
        }
    assert isinstance(e, RoundOver)
    return {"type": "over"}


def table_json(view: SeatView, number: int) -> dict[str, Any]:
    """docs/API.md ``Table`` from the player's view."""
    return {
        "hand": number,
        "step": view.step,
        "over": view.over,
        "void": view.void,
        "to_act": view.to_act,
        "legal": sorted(a.value for a in view.legal_actions),
        "seats": [_hand_json(h) for h in view.hands],
        "dealer": _hand_json(view.dealer),
        "events": [event_json(e) for e in view.events],
    }


def state_json(rec: PlayerRecord, rng: random.Random | None) -> dict[str, Any]:
    """docs/API.md ``State``: only the player's view of the round, never the shoe."""
    table = None
    if rec.hand is not None:
        table = table_json(view_for(_rebuilt(rec, rng), YOU), rec.hand.number)
    return {
        "player": {
            "stacks": dict(rec.stacks),
            "last_bet": rec.last_bet,
            "settings": dict(rec.settings),
            "pending_decks": rec.pending_decks,
            "decks_in_play": rec.shoe_decks,
            "notices": list(rec.notices),
        },
        "limits": {
            "bet_min": TABLE.bet_min,
            "bet_max": TABLE.bet_max,
            "bot_bet": TABLE.bot_bet,
        },
        "next_hand": rec.next_hand,
        "table": table,
    }


def hint_point(rec: PlayerRecord, hand: int, step: int, rng: random.Random | None) -> Round:
    """The round at the player's choice named by hand and step (409 otherwise)."""
    if rec.hand is None:
        raise ApiError(409, "no_hand", "no hand has been dealt yet", {})
    if hand != rec.hand.number or step != len(rec.hand.actions):
        raise ApiError(409, "stale", "this hint is for another hand or step", {})
    r = _rebuilt(rec, rng)
    if r.to_act != YOU:
        raise ApiError(409, "not_your_turn", "it is not your turn", {})
    return r
