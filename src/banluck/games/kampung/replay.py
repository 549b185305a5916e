"""``banluck replay`` for ``kampung`` (REPLAY.md, section "kampung"): one hand, JSON in and out.

Bad input raises :class:`ReplayError` (or another ``BanLuckError``) with one line saying what
is wrong and where; ``banluck.replay`` turns it into exit status 2 or ``{"error": …}``.

>>> out = replay_hand({"preset": "kampung", "banker": "anna",
...     "shoe": "9S 7H TD 5C KS 8H QD 6C 4S 7D 3S".split(),
...     "seats": [{"name": "you", "bet": 100, "moves": ["stand"]},
...               {"name": "anna", "moves": ["open:ben", "hit"]},
...               {"name": "ben", "moves": ["play", "hit", "stand"]},
...               {"name": "dealer", "moves": ["stand"]}]})
>>> out["bank"]["net"], [s["net"] for s in out["seats"]]
(250, [-200, 50, -100])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from banluck.core.cards import Card
from banluck.core.errors import IllegalAction, ReplayError
from banluck.core.seating import seating_for
from banluck.core.shoe import Shoe
from banluck.games.house import House
from banluck.games.kampung.decisions import BankerDecision
from banluck.games.kampung.records import BankResult, KampungOutcome, PlayerEntry, PlayerResult
from banluck.games.kampung.round import OPEN, KampungRound
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from banluck.replay_input import (
    read_bet,
    read_decks,
    read_move_list,
    read_seats,
    read_stack,
    require,
    with_decks,
)
from banluck.replay_input import read_shoe as _read_shoe

if TYPE_CHECKING:
    from banluck.games.kampung.bots.policy import BankerPolicy, OwnHandPolicy, TableBots

__all__ = ["outcome_json", "replay_hand"]

#: REPLAY.md: the moves a seat may script (``open:SEAT`` besides).
PLAYER_MOVES = frozenset({"burn", "play", "hit", "stand", "double", "forfeit"})
BANKER_MOVES = frozenset({"void", "burn", "play", "hit", "stand"})


def round_again(
    rules: KampungRules,
    cards: Sequence[Card],
    *,
    banker: str,
    bank_stack: int,
    players: Sequence[PlayerEntry],
    actions: Sequence[tuple[str, str]],
    shoe: Shoe | None = None,
) -> KampungRound:
    """The same round again from the cards it drew (``KampungRound.drawn``) and the actions
    it took (``KampungRound.actions``); ``shoe``, when given, is where it draws from
    afterwards (a hand saved in the middle continues with the rest of its shoe)."""
    stacked = Shoe.stacked(cards, decks=rules.decks)
    r = KampungRound.start(rules, stacked, banker=banker, bank_stack=bank_stack, players=players)
    for seat, action in actions:
        if seat != r.to_act:
            raise IllegalAction(f"seat {seat!r} acted out of turn")
        r.apply(action)
    if shoe is not None:
        r.shoe = shoe
    return r


def read_rules(data: dict[str, Any]) -> KampungRules:
    """``decks`` (optional): K4's one or two decks."""
    rules: KampungRules = with_decks(KAMPUNG.with_decks, read_decks(data))
    return rules


def read_shoe(data: dict[str, Any], rules: KampungRules) -> Shoe:
    """``shoe``: the cards top first, no more copies of a card than the decks hold."""
    return _read_shoe(data, rules.decks)


def read_moves(seat: str, moves: Any, *, banker: str, seats: tuple[str, ...]) -> list[str]:
    """A seat's ``moves``: each a choice this seat may ever make (REPLAY.md)."""
    moves = read_move_list(seat, moves)
    allowed = BANKER_MOVES if seat == banker else PLAYER_MOVES
    for i, move in enumerate(moves):
        if isinstance(move, str) and move in allowed:
            continue
        where = f"seat {seat!r}: move {i + 1} {move!r}"
        require(isinstance(move, str), f"{where} is not a string")
        if seat == banker and move.startswith(OPEN):
            target = move.removeprefix(OPEN)
            require(target in seats, f"{where} names no seat (seats: {', '.join(seats)})")
            require(target != banker, f"{where}: the banker cannot open its own hand")
            continue
        require(
            move in allowed,
            f"{where} is unknown (a {'banker' if seat == banker else 'player'} may "
            f"{', '.join(sorted(allowed))}{', open:SEAT' if seat == banker else ''})",
        )
    return list(moves)


def replay_hand(data: Any, house: House | None = None) -> dict[str, Any]:
    """Play one kampung hand of REPLAY.md input and return its output object (of the
    preset, or of ``house``, H2: checked by the caller)."""
    require(isinstance(data, dict), "a hand is a JSON object")
    rules = read_rules(data) if house is None else house.record()
    banker = data.get("banker", "dealer")
    if not (isinstance(banker, str) and banker in rules.seats):
        raise ReplayError(f"'banker' must be one of {', '.join(rules.seats)}, not {banker!r}")
    shoe = read_shoe(data, rules)

    seats = read_seats(data, "kampung", rules.seats)
    seating = seating_for(rules)  # K2: you in the first seat, the others bots
    players: list[PlayerEntry] = []
    bank_stack = 0
    scripts: dict[str, list[str] | None] = {}
    for seat in seats:
        name = seat["name"]
        stack = seating.fresh_stack_for(rules, name, read_stack(seat), banker)
        if name == banker:
            if "bet" in seat:
                raise ReplayError(f"seat {name!r} holds the bank: it bets nothing (K3)")
            bank_stack = stack
        else:
            bet = read_bet(seat, bot=seating.is_bot(name), bot_bet=seating.bot_bet)
            stake = seating.check_bet(rules, name, bet, stack, bot_covered=True)  # K3
            players.append(PlayerEntry(name, stack, stake))
        scripts[name] = (
            read_moves(name, seat["moves"], banker=banker, seats=rules.seats)
            if "moves" in seat
            else None
        )

    r = KampungRound.start(
        rules, shoe, banker=banker, bank_stack=bank_stack, players=players, record=False
    )
    play(r, scripts)
    return outcome_json(rules.name, r.outcome(), paid_for_banker=rules.pay_for_banker > 0)


def play(r: KampungRound, scripts: dict[str, list[str] | None]) -> None:
    """Drive a round to its end: each seat's scripted moves, or the bots (K18) for a seat
    without ``moves``; a move that does not fit is a ReplayError."""
    used = dict.fromkeys(scripts, 0)
    bots: TableBots | None = None
    key = r.deal_key  # the bots' draws (``bots.mixed``): from the first deal
    # each bot seat's policy this hand, drawn once
    banker_bot: BankerPolicy | None = None
    player_bots: dict[str, OwnHandPolicy] = {}
    while r.to_act is not None:
        seat = r.to_act
        script = scripts[seat]
        if script is None:
            if bots is None:
                bots = _bots(r.rules)
            if seat == r.banker:
                d = r.decision()
                assert isinstance(d, BankerDecision)
                if banker_bot is None:
                    banker_bot = bots.banker(key, seat)
                r.apply(banker_bot(d))
            else:  # K17: a player's bot reads its own cards, their total and its choices
                player = player_bots.get(seat)
                if player is None:
                    player = player_bots[seat] = bots.player(key, seat)
                r.apply(player(r.legal_actions(), r.cards(seat), r.total(seat)))
            continue
        n = used[seat]
        legal = r.legal_actions()
        if n >= len(script):
            raise ReplayError(
                f"seat {seat!r}: a move is needed at {r.total(seat)} ({', '.join(legal)}),"
                " none is left"
            )
        move = script[n]
        if move not in legal:
            raise ReplayError(f"seat {seat!r}: move {n + 1} {move!r} {_why_not(r, move, legal)}")
        used[seat] = n + 1
        r.apply(move)
    for seat, script in scripts.items():
        if script is not None and used[seat] < len(script):
            left = script[used[seat] :]
            raise ReplayError(
                f"seat {seat!r}: {len(left)} move(s) left over after the hand ended: "
                f"{', '.join(left)}{_why_left(r, seat, left[0])}"
            )


def _why_left(r: KampungRound, seat: str, move: str) -> str:
    """Why a seat was not asked for a move it scripted (K14 / K19 / K21)."""
    if seat == r.banker:
        if move.startswith(OPEN) or move in ("hit", "stand"):
            return (
                " (the banker draws under 16 without a move, and its turn ends by itself at"
                " 21, a bust, five cards or when no hand is left to open: K14, K21)"
            )
        return ""
    h = r.player(seat)
    if move == "double" and h.result == "forfeit" and 2 * h.bet > h.stack:
        return (
            f" (a stack of {h.stack} cannot cover a doubled bet of {2 * h.bet}:"
            " it forfeits without a choice, K19)"
        )
    return ""


def _why_not(r: KampungRound, move: str, legal: tuple[str, ...]) -> str:
    """The clearest reason a scripted move does not fit where it falls."""
    seat = r.to_act
    assert seat is not None
    allowed = f"(allowed: {', '.join(legal)})"
    if move.startswith(OPEN) and seat == r.banker:
        target = r.player(move.removeprefix(OPEN))
        if target.result is not None:
            return f"is not allowed: {target.seat}'s hand is already settled {allowed}"
        if target.seven:
            return f"is not allowed: {target.seat}'s 7-7-7 waits for the end of the turn (K21)"
    if seat == r.banker:
        if move == "burn" and r.bank.burnt:
            return f"is not allowed: a second 15 cannot be burnt (K7) {allowed}"
        return f"is not allowed at {r.total(seat)} {allowed}"
    h = r.player(seat)
    if move == "burn" and len(h.cards) == 2 and r.total(seat) == r.rules.burn_total:
        if h.burnt:
            return f"is not allowed: a 15 made by a burn cannot be burnt (K19) {allowed}"
        if 2 * h.bet > h.stack:
            return (
                f"is not allowed: a stack of {h.stack} cannot cover a burn to {2 * h.bet}"
                f" (K19) {allowed}"
            )
    if move in ("double", "forfeit"):
        return f"is not allowed: there is no banker's burn to answer {allowed}"
    return f"is not allowed at {r.total(seat)} {allowed}"


#: the rules of the last hand with bots, and its bots, replaced whole (one tuple: a thread
#: reads a pair that belongs together)
_last_bots: tuple[KampungRules, TableBots] | None = None


def _bots(rules: KampungRules) -> TableBots:
    """K18: the table's bots (``policy.table_bots``), imported only when a seat has no
    ``moves``."""
    global _last_bots
    last = _last_bots
    if last is None or last[0] is not rules:  # the same rules hand after hand: no hashing
        from banluck.games.kampung.bots.policy import table_bots  # only when needed

        last = _last_bots = (rules, table_bots(rules))
    return last[1]


def _cards(cards: tuple[Card, ...]) -> list[str]:
    """The cards' codes: rank + suit, as ``Card.code`` spells them, without its interning
    (the output of 10,000 hands writes some 120,000 codes)."""
    return [c.rank + c.suit for c in cards]


def _bank_json(b: BankResult) -> dict[str, Any]:
    return {
        "name": b.name,
        "cards": _cards(b.cards),
        "total": b.total,
        "hand": b.kind,
        "net": b.net,
        "stack": b.stack,
        "burnt": _cards(b.burnt),
    }


def _seat_json(s: PlayerResult, paid: bool) -> dict[str, Any]:
    out = {
        "name": s.name,
        "cards": _cards(s.cards),
        "total": s.total,
        "hand": s.kind,
        "result": s.result.value,
        "net": s.net,
        "stack": s.stack,
        "burnt": _cards(s.burnt),
        "bet": s.bet,
    }
    if paid:  # X23: with ``pay_for_banker`` above 0, what each seat paid back
        out["paid_for_banker"] = s.paid_for_banker
    return out


def outcome_json(
    preset_name: str, outcome: KampungOutcome, *, paid_for_banker: bool = False
) -> dict[str, Any]:
    """REPLAY.md's kampung output object for a settled hand (``paid_for_banker``: each seat
    says what it paid back to the bank, X23)."""
    return {
        "preset": preset_name,
        "void": outcome.void,
        "bank": _bank_json(outcome.bank),
        "seats": [_seat_json(s, paid_for_banker) for s in outcome.seats],
        "cards_used": outcome.cards_used,
    }
