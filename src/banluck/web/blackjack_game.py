"""The web table of ``classic`` and ``infinite`` (issue 10 item 3): one browser's game.

A hand is saved as the shoe before its deal, a seed for the shoe's shuffles during the hand
(C8's mid-hand reshuffle, I1's shuffle at the cut card), the stakes and every choice made
(bots' included): ``rebuild`` deals it again from that and replays the choices, so a hand
survives a reload and a restart exactly, a split hand included. Only views leave (B9:
``views.view_for``; events with every card the player may not see yet as None).
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from banluck.core.cards import Card, parse_card
from banluck.core.errors import BadBet, BanLuckError, IllegalAction
from banluck.core.money import MAX_CHIPS, HandRef
from banluck.core.refusal import Refusal
from banluck.core.seating import seating_for
from banluck.games.blackjack.bets import SeatEntry, check_entry
from banluck.games.blackjack.decisions import Decision
from banluck.games.blackjack.replay import outcome_json
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import SIDE_BET_NAMES, BlackjackRules
from banluck.games.blackjack.shoe import BlackjackShoe
from banluck.games.blackjack.table import BlackjackTable, never_insuring
from banluck.games.blackjack.view_json import events_json
from banluck.games.blackjack.views import view_for, view_json
from banluck.web.betcap import largest_bet
from banluck.web.records import MAX_HAND, CorruptSave, is_int, now_iso
from banluck.web.sessions import deal_number, hand_and_step, refuse_unless_legal
from banluck.web.stats import Stats

VERSION = 1
ACTIONS = ("hit", "stand", "double", "split", "surrender", "insure", "decline")


class RecordingShoe(BlackjackShoe):
    """The play shoe, remembering the cards drawn since the hand began (the replay's shoe)."""

    @property
    def taken(self) -> list[Card]:
        got: list[Card] | None = self.__dict__.get("_taken")
        if got is None:
            got = []
            self.__dict__["_taken"] = got
        return got

    def begin_hand(self) -> int:
        self.taken.clear()
        return super().begin_hand()

    def draw(self) -> Card:
        card = super().draw()
        self.taken.append(card)
        return card


def stacked_shoe(
    rules: BlackjackRules, first: list[Card], rng: random.Random | None
) -> dict[str, Any]:
    """A new shoe (as saved) dealing ``first`` first, then the rest shuffled (``--shoe``);
    no burn, so that the cards come exactly as written."""
    rest = _full(rules)
    for c in first:
        rest.remove(c)
    (rng or secrets.SystemRandom()).shuffle(rest)
    pack = [c.code for c in first] + [c.code for c in rest]
    return {"pack": pack, "discards": [], "hand_number": 0, "cut_card_out": False}


def _full(rules: BlackjackRules) -> list[Card]:
    from banluck.core.cards import ONE_DECK

    return list(ONE_DECK * rules.decks)


@dataclass
class BlackjackHand:
    """A hand as saved: enough to deal and play it again."""

    number: int
    seed: int
    shoe_before: dict[str, Any]
    stacks_before: dict[str, int]
    bet: int
    side_bets: dict[str, int]
    actions: list[tuple[str, str]]
    time: str

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seed": self.seed,
            "shoe_before": self.shoe_before,
            "stacks_before": self.stacks_before,
            "bet": self.bet,
            "side_bets": self.side_bets,
            "actions": [[s, a] for s, a in self.actions],
            "time": self.time,
        }


@dataclass
class BlackjackRecord:
    """Everything kept for one browser's blackjack game."""

    stacks: dict[str, int]
    shoe: dict[str, Any]  # between hands (during a hand: the shoe before it)
    last_bet: int = 100
    last_side_bets: dict[str, int] = field(default_factory=dict)
    next_hand: int = 1
    burnt: list[str] = field(default_factory=list)
    notices: list[dict[str, Any]] = field(default_factory=list)
    hand: BlackjackHand | None = None
    stats: Stats = field(default_factory=Stats)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "stacks": self.stacks,
            "shoe": self.shoe,
            "last_bet": self.last_bet,
            "last_side_bets": self.last_side_bets,
            "next_hand": self.next_hand,
            "burnt": self.burnt,
            "notices": self.notices,
            "hand": None if self.hand is None else self.hand.to_json(),
            "stats": self.stats.to_json(),
        }


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CorruptSave(what)


def _stacks(d: Any, rules: BlackjackRules) -> dict[str, int]:
    _need(
        isinstance(d, dict)
        and set(d) == set(rules.seats)
        and all(is_int(v) and 0 <= v <= MAX_CHIPS for v in d.values()),
        "bad stacks",
    )
    return {k: int(v) for k, v in d.items()}


def _sides(d: Any) -> dict[str, int]:
    _need(
        isinstance(d, dict) and all(k in SIDE_BET_NAMES and is_int(v) for k, v in d.items()),
        "bad side bets",
    )
    return dict(d)


def read_record(d: Any, rules: BlackjackRules) -> BlackjackRecord:
    """A saved record, every field checked (CorruptSave says what is wrong)."""
    try:
        _need(isinstance(d, dict) and d.get("v") == VERSION, "unknown record version")
        BlackjackShoe.from_json(rules, d["shoe"])  # raises on a shoe that does not add up
        rec = BlackjackRecord(
            stacks=_stacks(d["stacks"], rules),
            shoe=d["shoe"],
            last_bet=d["last_bet"],
            last_side_bets=_sides(d["last_side_bets"]),
            next_hand=d["next_hand"],
            burnt=[parse_card(c).code for c in d["burnt"]],
            notices=d["notices"],
            stats=Stats.from_json(d.get("stats")),
        )
        _need(is_int(rec.last_bet) and 0 <= rec.last_bet <= rules.bet_max, "bad last bet")
        _need(is_int(rec.next_hand) and 1 <= rec.next_hand <= MAX_HAND, "bad next hand")
        _need(isinstance(rec.notices, list) and len(rec.notices) <= 16, "bad notices")
        h = d["hand"]
        if h is not None:
            _need(isinstance(h, dict), "bad hand")
            rec.hand = BlackjackHand(
                number=h["number"],
                seed=h["seed"],
                shoe_before=h["shoe_before"],
                stacks_before=_stacks(h["stacks_before"], rules),
                bet=h["bet"],
                side_bets=_sides(h["side_bets"]),
                actions=[(str(s), str(a)) for s, a in h["actions"]],
                time=h["time"],
            )
            _need(is_int(rec.hand.number) and 1 <= rec.hand.number < rec.next_hand, "bad hand")
            _need(is_int(rec.hand.seed) and 0 <= rec.hand.seed < 2**64, "bad seed")
            _need(isinstance(rec.hand.time, str) and len(rec.hand.time) <= 40, "bad time")
            _need(len(rec.hand.actions) <= 200, "too many actions")
        return rec
    except CorruptSave:
        raise
    except (BanLuckError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSave(f"{type(exc).__name__}: {exc}") from None


def rebuild(rules: BlackjackRules, hand: BlackjackHand) -> tuple[BlackjackTable, BlackjackRound]:
    """The hand dealt again from its saved shoe and seed, its choices replayed."""
    shoe = RecordingShoe.from_json(rules, hand.shoe_before, random.Random(hand.seed))
    table = BlackjackTable(rules, shoe=shoe, stacks=hand.stacks_before)
    r = table.deal(bet=hand.bet, side_bets=hand.side_bets)
    for seat, action in hand.actions:
        if r.to_act != seat:
            raise CorruptSave(f"seat {seat!r} acted out of turn")
        r.apply(action)
    return table, r


class BlackjackSession:
    """One browser's blackjack game during one request: the record and its hand rebuilt."""

    family = "blackjack"

    def __init__(
        self,
        rules: BlackjackRules,
        record: BlackjackRecord,
        rng: random.Random | None,
    ) -> None:
        self.rules = rules
        self.record = record
        self.rng = rng
        self.table: BlackjackTable | None = None
        self.round: BlackjackRound | None = None
        if record.hand is not None:
            self.table, self.round = rebuild(rules, record.hand)
            r = self.round
            _need(r.to_act in (None, self.you), "a saved hand waits for a bot")
            if not r.over:
                _need(record.hand.stacks_before == record.stacks, "stacks of a hand differ")

    @property
    def you(self) -> str:
        return self.rules.seats[0]

    # ------------------------------------------------------------------ answers

    def table_json(self) -> dict[str, Any] | None:
        r, hand, table = self.round, self.record.hand, self.table
        if r is None or hand is None or table is None:
            return None
        data = view_json(view_for(r, self.you))
        shoe = table.shoe
        data.update(
            {
                "hand": hand.number,
                "step": len(hand.actions),
                "over": r.over,
                "events": events_json(r, self.you),
                "shoe": {
                    "cards_left": len(shoe),
                    "hand_number": shoe.hand_number,
                    "cut_card_out": shoe.cut_card_out,
                    "cut_card_from_end": self.rules.cut_card_from_end,
                    # I1: the turned card is shown, the cards burnt after it are not
                    "burn": None
                    if not self.record.burnt
                    else {"turned": self.record.burnt[0], "count": len(self.record.burnt)},
                },
            }
        )
        return data

    def limits(self) -> dict[str, Any]:
        """The stakes and, for the next deal, the largest bet (T9 then B5's check)."""
        rules, you = self.rules, self.you
        seating = seating_for(rules)  # B5: you in the first seat, the others bots
        at_deal = seating.fresh_stack_for(rules, you, self.record.stacks[you])

        def check(bet: int) -> object:
            entry = SeatEntry(name=you, stack=at_deal, bet=bet, side_bets={})
            return check_entry(rules, entry, seating=seating)

        return {
            "bet_min": rules.bet_min,
            "bet_max": rules.bet_max,
            "bot_bet": seating.bot_bet,
            "bet_cover": 1,
            "fresh_stack": rules.fresh_stack,
            "min_stack": seating.min_stack(rules, you),
            "bet_cap": largest_bet(check, rules.bet_min, rules.bet_max),
            "side_bet_min": rules.side_bet_min,
            "side_bet_max": rules.side_bet_max,
            "side_bets": list(SIDE_BET_NAMES) if rules.side_bets else [],
            "side_bet_last_hand": dict(rules.side_bet_last_hand),
        }

    def player_json(self) -> dict[str, Any]:
        rec = self.record
        return {
            "stacks": dict(rec.stacks),
            "last_bet": rec.last_bet,
            "last_side_bets": dict(rec.last_side_bets),
            # I10: the next hand's number in its shoe (side bets close past their limits)
            "next_shoe_hand": self._next_shoe_hand(),
            "settings": {},
            "notices": list(rec.notices),
        }

    def in_progress(self) -> bool:
        return self.round is not None and not self.round.over

    def _next_shoe_hand(self) -> int:
        """I1: the number the next hand will have in its shoe (the table's shoe is the saved
        one once its hand is settled: no second parse)."""
        shoe = self.table.shoe if self.table is not None else None
        if shoe is None:
            shoe = BlackjackShoe.from_json(self.rules, self.record.shoe)
        return shoe.next_hand_number()

    # ------------------------------------------------------------------ the deal

    def _bad_bet(self, message: str) -> Refusal:
        return Refusal(
            "bad_bet",
            message.removeprefix(f"seat {self.you!r}: "),
            {
                "min": self.rules.bet_min,
                "max": self.rules.bet_max,
                "stack": self.record.stacks[self.you],
            },
        )

    def deal(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST deal: B5/B11/I10 stakes, the deal, the bots up to your first choice."""
        rec, rules = self.record, self.rules
        if "bet" not in body:
            raise self._bad_bet("a bet is required")
        bet = body["bet"]
        sides_in = body.get("side_bets", {})
        if not isinstance(sides_in, dict):
            raise self._bad_bet("side_bets must be an object of stakes")
        sides = {k: v for k, v in sides_in.items() if v != 0}
        number = deal_number(body, rec.next_hand)
        if self.in_progress():
            raise Refusal("hand_in_progress", "a hand is in progress: finish it first")
        seed = (self.rng or secrets.SystemRandom()).getrandbits(63)
        hand = BlackjackHand(
            number=number,
            seed=seed,
            shoe_before=rec.shoe,
            stacks_before=dict(rec.stacks),
            bet=bet,
            side_bets=sides,
            actions=[],
            time=now_iso(),
        )
        try:
            table, r = rebuild(rules, hand)
        except BadBet as exc:
            raise self._bad_bet(str(exc)) from None
        notices: list[dict[str, Any]] = [
            {"code": "fresh_stack", "params": {"seat": s, "stack": table.stacks[s]}}
            for s in rules.seats
            if table.stacks[s] != rec.stacks[s]
        ]
        if table.shoe.shuffles:
            rec.burnt = [c.code for c in table.shoe.burnt]
            notices.append({"code": "reshuffled", "params": {"decks": rules.decks}})
        rec.notices = notices
        rec.last_bet, rec.last_side_bets = bet, sides
        rec.next_hand = number + 1
        rec.hand = hand
        self.table, self.round = table, r
        self._play_bots()
        return self._maybe_finish()

    # ------------------------------------------------------------------ the choices

    def _at(self, number: int, step: int, what: str) -> BlackjackRound:
        hand, r = self.record.hand, self.round
        if hand is None or r is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        if number != hand.number or step != len(hand.actions):
            raise Refusal(
                "stale",
                f"this {what} is for hand {number} step {step};"
                f" the table is at hand {hand.number} step {len(hand.actions)}",
                {"hand": hand.number, "step": len(hand.actions)},
            )
        if r.over:
            raise Refusal("no_hand", f"hand {number} is over: deal the next one")
        if r.to_act != self.you:
            raise Refusal("not_your_turn", "it is not your turn", {"to_act": r.to_act})
        return r

    def act(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST action: your choice, then the bots' and the dealer's."""
        name = body.get("action")
        if not isinstance(name, str) or name not in ACTIONS:
            raise Refusal(
                "bad_action", f"unknown action {name!r} ({', '.join(ACTIONS)})", {"action": name}
            )
        r = self._at(*hand_and_step(body), "action")
        refuse_unless_legal(name, sorted(r.legal_actions()))
        self._apply(name)
        self._play_bots()
        return self._maybe_finish()

    def _apply(self, action: str) -> None:
        r, hand = self.round, self.record.hand
        assert r is not None and hand is not None and r.to_act is not None
        seat = r.to_act
        try:
            r.apply(action)
        except IllegalAction as exc:
            raise Refusal("bad_action", str(exc), {"action": action}) from None
        hand.actions.append((seat, action))

    def _play_bots(self) -> None:
        """B10: Anna and Ben play the solved strategy and never insure."""
        r, table = self.round, self.table
        assert r is not None and table is not None
        while r.to_act is not None and r.to_act != self.you:
            self._apply(never_insuring(r, table.bot_policy()))

    def _maybe_finish(self) -> dict[str, Any] | None:
        r, table, hand, rec = self.round, self.table, self.record.hand, self.record
        assert r is not None and table is not None and hand is not None
        if not r.over:
            return None
        shoe = table.shoe
        assert isinstance(shoe, RecordingShoe)
        drawn = list(shoe.taken)
        outcome = table.settle(r)
        rec.stacks = dict(table.stacks)
        rec.shoe = shoe.to_json()
        you = next(s for s in outcome.seats if s.name == self.you)
        rec.stats.add(
            net=you.net,
            wagered=hand.bet,
            kinds=[h.kind for h in you.hands],
            naturals={"blackjack"},
            stack_before=you.stack_before,
            stack_after=you.stack,
        )
        return self._history(r, drawn)

    def _history(self, r: BlackjackRound, drawn: list[Card]) -> dict[str, Any]:
        hand = self.record.hand
        assert hand is not None
        outcome = r.outcome()
        moves: dict[str, list[str]] = {s: [] for s in self.rules.seats}
        insured: dict[str, bool] = dict.fromkeys(self.rules.seats, False)
        for seat, action in hand.actions:
            if action == "insure":
                insured[seat] = True
            elif action != "decline":
                moves[seat].append(action)
        seats = []
        for name in self.rules.seats:
            e = r.seat_state(name).entry
            entry: dict[str, Any] = {
                "name": name,
                "stack": e.stack,
                "bet": e.bet,
                "moves": moves[name],
            }
            if self.rules.insurance:
                entry["insurance"] = insured[name]
            if e.side_bets:
                entry["side_bets"] = dict(e.side_bets)
            seats.append(entry)
        replay: dict[str, Any] = {"preset": self.rules.name}
        if self.rules.side_bets:
            replay["shoe_hand"] = self.table.shoe.hand_number if self.table else 1
        replay.update({"shoe": [c.code for c in drawn], "seats": seats})
        result = outcome_json(self.rules.name, outcome)
        you = next(s for s in outcome.seats if s.name == self.you)
        item = {
            "hand": hand.number,
            "time": now_iso(),
            "bet": hand.bet,
            "net": you.net,
            "result": "win" if you.net > 0 else "lose" if you.net < 0 else "push",
            "you": result["seats"][0],
            "dealer": result["dealer"],
        }
        return {"item": item, "replay": replay, "result": result}

    # ------------------------------------------------------------------ settings, hint

    def change_settings(self, body: dict[str, Any]) -> None:
        """Blackjack has no settings of its own (the decks are the preset's)."""
        if body:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {sorted(body)}: {self.rules.name} plays its own decks",
                {"fields": sorted(body)},
            )

    def hint(self, number: int, step: int) -> dict[str, Any]:
        """EV of each legal choice by the solver (insurance: against declining)."""
        from banluck.games.blackjack.strategy import hint_for, insurance_ev

        r = self._at(number, step, "hint")
        if r.phase == "insurance":
            s = r.seat_state(self.you)
            d = Decision(
                seat=self.you,
                hand=HandRef(self.you, 0),
                cards=tuple(s.first_two),
                up=r.up_card,
                legal=r.legal_actions(),
                from_split=False,
                splits=0,
                bet=s.entry.bet,
                stack=s.entry.stack,
            )
            values = {"insure": insurance_ev(self.rules, d), "decline": 0.0}
        else:
            values = hint_for(self.rules, r.decision())
        if not values:
            raise Refusal("hint_unavailable", "no hint is available for this hand")
        best = max(values, key=lambda a: values[a])
        return {"best": best, "ev": {a: float(v) for a, v in values.items()}}

    def cell(self, number: int, step: int) -> tuple[str, str] | None:
        """The chart cell of your hand at its pending choice (or None)."""
        from banluck.games.blackjack.solver import RANK_LABELS, counts_of, hand_total, rank_index
        from banluck.games.blackjack.solver_chart import COLUMN_LABELS, COLUMNS

        try:
            r = self._at(number, step, "chart")
        except Refusal:
            return None
        if r.phase != "play":
            return None
        d = r.decision()
        col = COLUMN_LABELS[COLUMNS.index(rank_index(d.up))]
        counts = counts_of(d.cards)
        if len(d.cards) == 2 and "split" in d.legal and max(counts) == 2:
            lab = RANK_LABELS[counts.index(2)]
            return f"pair {lab},{lab}", col
        total, soft = hand_total(counts)
        return f"{'soft' if soft else 'hard'} {total}", col


def fresh_record(rules: BlackjackRules, shoe: dict[str, Any]) -> BlackjackRecord:
    """A new player's game: fresh stacks (T9), a new shoe."""
    return BlackjackRecord(
        stacks=dict.fromkeys(rules.seats, rules.fresh_stack),
        shoe=shoe,
        last_bet=min(max(100, rules.bet_min), rules.bet_max),
    )


def new_shoe(rules: BlackjackRules, rng: random.Random | None) -> tuple[dict[str, Any], list[str]]:
    """A freshly shuffled shoe as saved, and its burnt cards (I1)."""
    shoe = BlackjackShoe(rules, rng)
    return shoe.to_json(), [c.code for c in shoe.burnt]
