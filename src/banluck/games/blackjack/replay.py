"""``banluck replay`` for ``classic`` and ``infinite`` (REPLAY.md, "Blackjack games").

One hand from a stacked shoe (no shuffle, burn, cut card or reshuffle: a shoe that runs out
is an error) and scripted choices; bad input raises :class:`ReplayError` (or another
BanLuckError) with one line saying what is wrong and where.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from banluck.core.errors import ReplayError
from banluck.core.money import WagerSettled
from banluck.core.seating import Seating, seating_for
from banluck.games.blackjack.bets import SeatEntry
from banluck.games.blackjack.decisions import ACTIONS, Decision, auto_play
from banluck.games.blackjack.round import BlackjackRound, RoundOutcome
from banluck.games.blackjack.rules import PRESETS, BlackjackRules
from banluck.replay_input import (
    read_bet,
    read_decks,
    read_move_list,
    read_seats,
    read_shoe,
    read_stack,
    whole,
    with_decks,
)

__all__ = ["outcome_json", "replay_hand"]

if TYPE_CHECKING:
    from banluck.games.house import House

Policy = Callable[[Decision], str]

_MOVES = (*ACTIONS, "auto")
_policies: dict[BlackjackRules, Policy] = {}


def _policy(rules: BlackjackRules) -> Policy:
    """B10: the project's strategy for these rules (built once per preset or house)."""
    policy = _policies.get(rules)
    if policy is None:
        from banluck.games.blackjack.strategy.play import policy_for

        policy = _policies[rules] = policy_for(rules)
    return policy


def _rules(data: dict[str, Any]) -> BlackjackRules:
    name = data.get("preset")
    if not isinstance(name, str) or name not in PRESETS:
        raise ReplayError(f"unknown blackjack preset {name!r}")
    rules = PRESETS[name]
    if "decks" in data:
        chosen: BlackjackRules = with_decks(rules.with_decks, read_decks(data))
        return chosen
    return rules


def _shoe_hand(data: dict[str, Any], rules: BlackjackRules) -> int:
    """I10: the hand's number in its shoe (only side bets read it)."""
    if "shoe_hand" not in data:
        return 1
    n = data["shoe_hand"]
    if rules.side_bets:
        if not (whole(n) and n >= 1):
            raise ReplayError(f"'shoe_hand' must be a whole number from 1, not {n!r}")
        return int(n)
    return 1  # REPLAY.md: ignored in a game without side bets


def _side_bets(who: str, value: Any, rules: BlackjackRules) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ReplayError(f"{who}: 'side_bets' must be an object, not {value!r}")
    if value and not rules.side_bets:
        raise ReplayError(f"{who}: side bets are not played in {rules.name!r}")
    return dict(value)


def _moves(who: str, seat: dict[str, Any]) -> list[str] | None:
    if "moves" not in seat:
        return None
    moves = read_move_list(seat["name"], seat["moves"])
    for i, m in enumerate(moves):
        if m not in _MOVES:
            raise ReplayError(f"{who}: move {i + 1} {m!r} is unknown ({', '.join(_MOVES)})")
        if not (m != "auto" or i == len(moves) - 1):
            raise ReplayError(f"{who}: move {i + 1} 'auto' must be the last move")
    return moves


def _entry(seat: dict[str, Any], rules: BlackjackRules, seating: Seating) -> SeatEntry:
    name = seat["name"]
    who = f"seat {name!r}"
    stack = seating.fresh_stack_for(rules, name, read_stack(seat))  # T9
    bet = read_bet(seat, bot=seating.is_bot(name), bot_bet=seating.bot_bet)
    if not whole(bet):
        raise ReplayError(f"{who}: bet {bet!r} is not a whole number of chips")
    sides = _side_bets(who, seat.get("side_bets"), rules)
    return SeatEntry(name=name, stack=stack, bet=bet, side_bets=sides)


def replay_hand(
    data: Any, policy: Policy | None = None, *, house: House | None = None
) -> dict[str, Any]:
    """Play one REPLAY.md blackjack hand and return its output object (of the preset, or of
    ``house``, H2: checked by the caller)."""
    if not isinstance(data, dict):
        raise ReplayError("a hand is a JSON object")
    rules = _rules(data) if house is None else house.record()
    shoe = read_shoe(data, rules.decks)
    shoe_hand = _shoe_hand(data, rules)
    seats = read_seats(data, rules.name, rules.seats)
    seating = seating_for(rules)  # B5: the first seat a person, the others bots
    entries = [_entry(s, rules, seating) for s in seats]
    insure: dict[str, bool] = {}
    scripts: dict[str, list[str] | None] = {}
    for s in seats:
        who = f"seat {s['name']!r}"
        flag = s.get("insurance", False)
        if not (flag is None or isinstance(flag, bool)):
            raise ReplayError(f"{who}: 'insurance' must be true or false, not {flag!r}")
        if flag and not rules.insurance:
            raise ReplayError(f"{who}: insurance is not played in {rules.name!r}")
        insure[s["name"]] = bool(flag)
        scripts[s["name"]] = _moves(who, s)

    r = BlackjackRound.start(rules, shoe, entries, shoe_hand=shoe_hand, seating=seating)
    for name, flag in insure.items():
        if flag:
            refusal = r.insurance_refusal(name)
            if refusal is not None:
                raise ReplayError(f"seat {name!r}: {refusal}")

    chooser = policy  # the strategy is loaded when a seat without moves first decides
    used = dict.fromkeys(scripts, 0)
    auto: set[str] = set()
    order = list(rules.seats)
    checked = 0  # the seats before this one have had their turn: no move may be left
    while r.to_act is not None:
        name = r.to_act
        if r.phase == "insurance":
            r.apply("insure" if insure[name] else "decline")
            continue
        while order[checked] != name:
            _check_used(order[checked], scripts, used)
            checked += 1
        d = r.decision()
        script = scripts[name]
        if script is None:
            if chooser is None:
                chooser = _policy(rules)
            action = chooser(d)
            if action not in d.legal:
                raise ReplayError(f"seat {name!r}: the strategy chose {action!r}")
        elif name in auto:
            action = auto_play(d)
        else:
            n = used[name]
            if n >= len(script):
                raise ReplayError(f"seat {name!r}: a move is needed {_where(d)}, none is left")
            action = script[n]
            used[name] = n + 1
            if action == "auto":
                auto.add(name)
                action = auto_play(d)
            else:
                if action not in d.legal:
                    raise ReplayError(
                        f"seat {name!r}: move {n + 1} {action!r} is not allowed {_where(d)}"
                        f" (allowed: {', '.join(a for a in ACTIONS if a in d.legal)})"
                    )
        r.apply(action)
    for name in order[checked:]:
        _check_used(name, scripts, used)
    return outcome_json(rules.name, r.outcome())


def _check_used(name: str, scripts: dict[str, list[str] | None], used: dict[str, int]) -> None:
    """REPLAY.md: moves left over are an error (a trailing ``auto`` asks nothing)."""
    script = scripts[name]
    if script is not None and used[name] < len(script) and script[used[name]] != "auto":
        left = len(script) - used[name]
        raise ReplayError(f"seat {name!r}: {left} move(s) left over after its turn ended")


def _where(d: Decision) -> str:
    hand = f" on hand {d.hand.index + 1}" if d.from_split else ""
    cards = " ".join(c.code for c in d.cards)
    return f"at {d.total}{hand} ({cards} against {d.up.code})"


def _wager_json(w: WagerSettled) -> dict[str, Any]:
    return {"bet": w.stake, "net": w.net}


def outcome_json(preset_name: str, outcome: RoundOutcome) -> dict[str, Any]:
    """REPLAY.md's blackjack output object for a settled round."""
    seats = []
    for s in outcome.seats:
        seats.append(
            {
                "name": s.name,
                "hands": [
                    {
                        "cards": [c.code for c in h.cards],
                        "total": h.total,
                        "hand": h.kind,
                        "bet": h.bet,
                        "doubled": h.doubled,
                        "result": h.result,
                        "net": h.net,
                    }
                    for h in s.hands
                ],
                "insurance": None if s.insurance is None else _wager_json(s.insurance),
                "side_bets": {
                    w.wager: {"bet": w.stake, "line": w.line, "net": w.net} for w in s.side_bets
                },
                "net": s.net,
                "stack": s.stack,
            }
        )
    return {
        "preset": preset_name,
        "dealer": {
            "cards": [c.code for c in outcome.dealer_cards],
            "total": outcome.dealer_total,
            "hand": outcome.dealer_kind,
        },
        "seats": seats,
        "cards_used": outcome.cards_used,
    }
