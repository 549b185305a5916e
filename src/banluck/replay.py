"""``banluck replay`` (shared/spec/REPLAY.md): one hand from a stacked shoe, JSON in and out."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from banluck.core import (
    Action,
    BanLuckError,
    Round,
    SeatEntry,
    Shoe,
    preset,
)
from banluck.core.cards import parse_card
from banluck.core.errors import ReplayError
from banluck.core.round import DecisionPoint, Outcome, SeatResult
from banluck.games import game
from banluck.strategy import policy_for

Policy = Callable[[DecisionPoint], Action]

__all__ = ["ReplayError", "outcome_json", "replay_hand", "replay_lines", "replay_text"]


_STACK_DIGITS = 4000
_STACK_LIMIT = 10**_STACK_DIGITS


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise ReplayError(message)


def replay_hand(data: Any, policy: Policy | None = None) -> dict[str, Any]:
    """Play one hand of REPLAY.md input, of any game, and return its output object."""
    _require(isinstance(data, dict), "a hand is a JSON object")
    name = data.get("preset", "table")
    _require(isinstance(name, str), "'preset' must be a string")
    try:
        g = game(name)
    except ValueError as exc:
        raise ReplayError(str(exc)) from None
    if g.family == "banluck":
        return replay_banluck(data, policy)
    result: dict[str, Any] = g.part("replay")(data)
    return result


def replay_banluck(data: Any, policy: Policy | None = None) -> dict[str, Any]:
    """One hand of ``table`` or ``one-on-one`` (REPLAY.md's first sections)."""
    name = data.get("preset", "table")
    # A key left out takes its default; a key given (even as null) must be valid.
    decks = data.get("decks")
    _require(
        "decks" not in data or (isinstance(decks, int) and not isinstance(decks, bool)),
        f"'decks' must be a whole number, not {decks!r}",
    )
    try:
        rules = preset(name, decks)
    except ValueError as exc:
        raise ReplayError(str(exc)) from None

    codes = data.get("shoe")
    _require(isinstance(codes, list), "'shoe' must be a list of card codes")
    cards = []
    for i, code in enumerate(codes):
        try:
            cards.append(parse_card(code))
        except BanLuckError as exc:
            raise ReplayError(f"shoe card {i + 1}: {exc}") from None
    shoe = Shoe.stacked(cards, decks=rules.decks)

    seats = data.get("seats")
    _require(isinstance(seats, list), "'seats' must be a list")
    for i, seat in enumerate(seats):
        _require(isinstance(seat, dict), f"seat {i + 1} must be a JSON object, not {seat!r}")
    names = tuple(s.get("name") for s in seats)
    _require(
        names == rules.seats,
        f"preset {rules.name!r} needs the seats {list(rules.seats)} in that order,"
        f" got {list(names)}",
    )
    entries: list[SeatEntry] = []
    scripts: dict[str, list[Action] | None] = {}
    for seat in seats:
        seat_name = seat["name"]
        stack = seat.get("stack", rules.fresh_stack)
        _require(
            isinstance(stack, int) and not isinstance(stack, bool) and stack >= 0,
            f"seat {seat_name!r}: stack {stack!r} is not a whole number of chips",
        )
        # Python writes no integer of more than 4,300 digits: keep the stack after the hand
        # writable (a stack this large would otherwise end in a traceback at the output).
        _require(
            stack < _STACK_LIMIT,
            f"seat {seat_name!r}: stack is too large (at most {_STACK_DIGITS:,} digits)",
        )
        stack = rules.fresh_stack_for(seat_name, stack)  # T9 first
        if rules.is_bot(seat_name):
            bet = seat.get("bet", rules.bot_bet)
        else:
            _require("bet" in seat, f"seat {seat_name!r}: a bet is required")
            bet = seat["bet"]
        bet = rules.check_bet(seat_name, bet, stack)
        entries.append(SeatEntry(seat_name, stack, bet))
        scripts[seat_name] = _read_moves(seat_name, seat["moves"]) if "moves" in seat else None

    chooser = policy or policy_for(rules)
    r = Round.start(rules, shoe, entries)
    used = dict.fromkeys(scripts, 0)
    while r.to_act is not None:
        seat_name = r.to_act
        script = scripts[seat_name]
        if script is None:
            r.apply(chooser(r.decision_point()))
            continue
        n = used[seat_name]
        total = r.total(seat_name)
        _require(n < len(script), f"seat {seat_name!r}: a move is needed at {total}, none is left")
        move = script[n]
        _require(
            move in r.legal_actions(),
            f"seat {seat_name!r}: move {n + 1} {move.value!r} is not allowed at {total}",
        )
        used[seat_name] = n + 1
        r.apply(move)
    for seat_name, script in scripts.items():
        if script is not None and used[seat_name] < len(script):
            left = len(script) - used[seat_name]
            raise ReplayError(f"seat {seat_name!r}: {left} move(s) left over after the hand ended")
    return outcome_json(rules.name, r.outcome())


def _read_moves(seat: str, moves: Any) -> list[Action]:
    _require(isinstance(moves, list), f"seat {seat!r}: 'moves' must be a list, not {moves!r}")
    out = []
    for i, m in enumerate(moves):
        try:
            out.append(Action(m))
        except ValueError:
            raise ReplayError(
                f"seat {seat!r}: move {i + 1} {m!r} is unknown (hit, stand or throw)"
            ) from None
    return out


def _hand_json(h: SeatResult) -> dict[str, Any]:
    return {"cards": [c.code for c in h.cards], "total": h.total, "hand": h.kind.value}


def outcome_json(preset_name: str, outcome: Outcome) -> dict[str, Any]:
    """REPLAY.md's output object for a settled hand."""
    seats = []
    for s in outcome.seats:
        assert s.result is not None
        seats.append(
            {
                "name": s.name,
                **_hand_json(s),
                "result": s.result.value,
                "net": s.net,
                "stack": s.stack,
                "bet": s.bet,
            }
        )
    return {
        "preset": preset_name,
        "void": outcome.void,
        "dealer": _hand_json(outcome.dealer),
        "seats": seats,
        "cards_used": outcome.cards_used,
    }


def replay_text(text: str, policy: Policy | None = None) -> dict[str, Any]:
    """One hand from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(
            f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise ReplayError(f"malformed JSON: {exc}") from None
    except RecursionError:
        raise ReplayError("malformed JSON: nested too deeply") from None
    try:
        return replay_hand(data, policy)
    except BanLuckError as exc:
        raise ReplayError(str(exc)) from None
    except (KeyError, TypeError, AttributeError) as exc:  # a field of the wrong shape
        raise ReplayError(f"malformed hand: {type(exc).__name__} {exc}") from None


def replay_lines(lines: Iterable[str], policy: Policy | None = None) -> Iterator[str]:
    """``--lines``: one output line per input line, in order; a bad hand (a blank line
    too, so that output line i always answers input line i) gives ``{"error": …}``."""
    for line in lines:
        try:
            if not line.strip():
                raise ReplayError("an empty line: each line must be one hand as JSON")
            result: dict[str, Any] = replay_text(line, policy)
        except ReplayError as exc:
            result = {"error": str(exc)}
        yield json.dumps(result, separators=(",", ":"))
