"""The web table of ``kampung`` (issue 9 item 5): you play against a bot banker, or you hold
the bank and choose which hands to open.

A hand is saved as the cards it drew and the choices made (``KampungRound.drawn`` and
``actions``) with the seats' entries, and rebuilt with ``KampungRound.replay``; the rest of
the shoe is saved as in ``table``. Only views leave (K17: ``views.view_for``; a hidden bust
and a hand the banker has not opened are None card by card). Anna, Ben and the dealer play
``policy.player_policy`` and, when they bank, ``policy.banker_policy``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from banluck.core.cards import Card, parse_card
from banluck.core.errors import BadBet, BanLuckError, IllegalAction
from banluck.core.money import MAX_CHIPS
from banluck.core.refusal import Refusal
from banluck.core.seating import seating_for
from banluck.core.shoe import Shoe
from banluck.games.kampung.decisions import BankerDecision
from banluck.games.kampung.replay import outcome_json
from banluck.games.kampung.round import KampungRound, PlayerEntry
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from banluck.games.kampung.table import KampungTable
from banluck.games.kampung.view_json import table_json
from banluck.web.betcap import largest_bet
from banluck.web.records import MAX_HAND, CorruptSave, is_int, now_iso
from banluck.web.solo import deal_number, hand_and_step, refuse_unless_legal
from banluck.web.stats import Stats

VERSION = 1
BANKS = ("house", "rotate")
_NATURALS = {"ban-ban", "ban-luck"}


def rules_for(bank: str, decks: int) -> KampungRules:
    """The house's rules with the ``bank`` and ``decks`` settings."""
    return KAMPUNG.with_bank(bank).with_decks(decks)


@lru_cache(maxsize=8)
def _policies(rules: KampungRules) -> tuple[Any, Any]:
    from banluck.games.kampung.policy import banker_policy, player_policy

    return player_policy(rules), banker_policy(rules)


@dataclass
class KampungHand:
    """A hand as saved: its rules, entries, the cards it drew and the choices made."""

    number: int
    bank: str
    decks: int
    banker: str
    bank_stack: int
    players: list[PlayerEntry]
    cards: list[Card]
    actions: list[tuple[str, str]]
    time: str

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "bank": self.bank,
            "decks": self.decks,
            "banker": self.banker,
            "bank_stack": self.bank_stack,
            "players": [[p.name, p.stack, p.bet] for p in self.players],
            "cards": [c.code for c in self.cards],
            "actions": [[s, a] for s, a in self.actions],
            "time": self.time,
        }

    def rebuild(self, shoe: Shoe) -> KampungRound:
        return KampungRound.replay(
            rules_for(self.bank, self.decks),
            self.cards,
            banker=self.banker,
            bank_stack=self.bank_stack,
            players=self.players,
            actions=self.actions,
            shoe=shoe,
        )


@dataclass
class KampungRecord:
    """Everything kept for one browser's kampung game."""

    stacks: dict[str, int]
    shoe_decks: int
    shoe_cards: list[Card]
    shoe_drawn: int
    settings: dict[str, Any]  # bank, decks
    banker: str
    hands_banked: int = 0
    last_bet: int = 100
    next_hand: int = 1
    notices: list[dict[str, Any]] = field(default_factory=list)
    hand: KampungHand | None = None
    stats: Stats = field(default_factory=Stats)

    def shoe(self, rng: random.Random | None) -> Shoe:
        return Shoe.restore(self.shoe_cards, decks=self.shoe_decks, drawn=self.shoe_drawn, rng=rng)

    def store_shoe(self, shoe: Shoe) -> None:
        self.shoe_decks = shoe.decks
        self.shoe_cards = list(shoe.peek_order())
        self.shoe_drawn = shoe.drawn

    def to_json(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "stacks": self.stacks,
            "shoe": {
                "decks": self.shoe_decks,
                "cards": [c.code for c in self.shoe_cards],
                "drawn": self.shoe_drawn,
            },
            "settings": self.settings,
            "banker": self.banker,
            "hands_banked": self.hands_banked,
            "last_bet": self.last_bet,
            "next_hand": self.next_hand,
            "notices": self.notices,
            "hand": None if self.hand is None else self.hand.to_json(),
            "stats": self.stats.to_json(),
        }


def fresh_record(shoe: Shoe) -> KampungRecord:
    """A new player's kampung: fresh stacks, the house banks, a shuffled shoe."""
    rules = KAMPUNG
    return KampungRecord(
        stacks=dict.fromkeys(rules.seats, rules.fresh_stack),
        shoe_decks=shoe.decks,
        shoe_cards=list(shoe.peek_order()),
        shoe_drawn=shoe.drawn,
        settings={"bank": "house", "decks": shoe.decks},
        banker=rules.bank_order[0],
    )


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CorruptSave(what)


def _chips(x: Any) -> bool:
    return is_int(x) and 0 <= x <= MAX_CHIPS


def read_record(d: Any, rng: random.Random | None) -> tuple[KampungRecord, KampungRound | None]:
    """A saved record and its hand rebuilt; CorruptSave says what is wrong."""
    try:
        return _read(d, rng)
    except CorruptSave:
        raise
    except (BanLuckError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptSave(f"{type(exc).__name__}: {exc}") from None


def _read(d: Any, rng: random.Random | None) -> tuple[KampungRecord, KampungRound | None]:
    rules = KAMPUNG
    _need(isinstance(d, dict) and d.get("v") == VERSION, "unknown record version")
    stacks = d["stacks"]
    _need(
        isinstance(stacks, dict)
        and set(stacks) == set(rules.seats)
        and all(_chips(v) for v in stacks.values()),
        "bad stacks",
    )
    s = d["shoe"]
    _need(s["decks"] in rules.allowed_decks and is_int(s["drawn"]), "bad shoe")
    cards = [parse_card(c) for c in s["cards"]]
    Shoe.restore(cards, decks=s["decks"], drawn=s["drawn"])
    settings = d["settings"]
    _need(
        isinstance(settings, dict)
        and set(settings) == {"bank", "decks"}
        and settings["bank"] in BANKS
        and settings["decks"] in rules.allowed_decks,
        "bad settings",
    )
    rec = KampungRecord(
        stacks={k: int(v) for k, v in stacks.items()},
        shoe_decks=s["decks"],
        shoe_cards=cards,
        shoe_drawn=s["drawn"],
        settings=dict(settings),
        banker=d["banker"],
        hands_banked=d["hands_banked"],
        last_bet=d["last_bet"],
        next_hand=d["next_hand"],
        notices=d["notices"],
        stats=Stats.from_json(d.get("stats")),
    )
    _need(rec.banker in rules.seats, "bad banker")
    _need(is_int(rec.hands_banked) and 0 <= rec.hands_banked <= 10**6, "bad hands banked")
    _need(is_int(rec.last_bet) and rules.bet_min <= rec.last_bet <= rules.bet_max, "bad bet")
    _need(is_int(rec.next_hand) and 1 <= rec.next_hand <= MAX_HAND, "bad next hand")
    _need(isinstance(rec.notices, list) and len(rec.notices) <= 16, "bad notices")
    h = d["hand"]
    if h is None:
        return rec, None
    hand = KampungHand(
        number=h["number"],
        bank=h["bank"],
        decks=h["decks"],
        banker=h["banker"],
        bank_stack=h["bank_stack"],
        players=[PlayerEntry(str(n), st, b) for n, st, b in h["players"]],
        cards=[parse_card(c) for c in h["cards"]],
        actions=[(str(x), str(a)) for x, a in h["actions"]],
        time=h["time"],
    )
    _need(is_int(hand.number) and 1 <= hand.number < rec.next_hand, "bad hand number")
    _need(hand.bank in BANKS and hand.decks in rules.allowed_decks, "bad hand rules")
    _need(isinstance(hand.time, str) and len(hand.time) <= 40, "bad hand time")
    _need(_chips(hand.bank_stack) and all(_chips(p.stack) for p in hand.players), "bad stacks")
    hrules = rules_for(hand.bank, hand.decks)
    seating = seating_for(hrules)
    for p in hand.players:
        seating.check_bet(hrules, p.name, p.bet, p.stack, bot_covered=True)
    if hand.decks == rec.shoe_decks:
        counts = Counter(hand.cards) + Counter(rec.shoe_cards)
        _need(all(n <= hand.decks for n in counts.values()), "a card is in the hand and the shoe")
    r = hand.rebuild(rec.shoe(rng))
    _need(r.to_act in (None, rules.seats[0]), "a saved hand waits for a bot")
    rec.hand = hand
    return rec, r


class KampungSession:
    """One browser's kampung game during one request."""

    family = "kampung"

    def __init__(
        self, record: KampungRecord, round_: KampungRound | None, rng: random.Random | None
    ) -> None:
        self.record = record
        self.round = round_
        self.rng = rng

    @property
    def you(self) -> str:
        return KAMPUNG.seats[0]

    @property
    def rules(self) -> KampungRules:
        """The rules of the next hand (the settings)."""
        return rules_for(self.record.settings["bank"], self.record.settings["decks"])

    def in_progress(self) -> bool:
        return self.round is not None and not self.round.is_over

    # ------------------------------------------------------------------ answers

    def table_json(self) -> dict[str, Any] | None:
        r, hand = self.round, self.record.hand
        if r is None or hand is None:
            return None
        table = table_json(r, self.you, hand.number, len(hand.actions))
        return {**table, "next_banker": self.record.banker}

    def limits(self) -> dict[str, Any]:
        """The stakes and, for the next deal, the largest bet (K3 / T9 then K3's check;
        None when you hold the bank and place no bet)."""
        rules, you, banker = self.rules, self.you, self.record.banker
        seating = seating_for(rules)  # K2: you in the first seat, the others bots
        at_deal = seating.fresh_stack_for(rules, you, self.record.stacks[you], banker)
        cap = None
        if banker != you:
            cap = largest_bet(
                lambda bet: seating.check_bet(rules, you, bet, at_deal, bot_covered=True),
                rules.bet_min,
                rules.bet_max,
            )
        return {
            "bet_min": rules.bet_min,
            "bet_max": rules.bet_max,
            "bot_bet": seating.bot_bet,
            "banker_min_stack": rules.banker_min_stack,
            "bet_cover": 1,
            "fresh_stack": rules.fresh_stack,
            "min_stack": seating.min_stack(rules, you, banker),
            "bet_cap": cap,
        }

    def player_json(self) -> dict[str, Any]:
        rec = self.record
        return {
            "stacks": dict(rec.stacks),
            "last_bet": rec.last_bet,
            "banker": rec.banker,
            "settings": dict(rec.settings),
            "decks_in_play": rec.shoe_decks,
            "notices": list(rec.notices),
        }

    # ------------------------------------------------------------------ the deal

    def _bad_bet(self, message: str) -> Refusal:
        return Refusal(
            "bad_bet",
            message.removeprefix(f"seat {self.you!r}: "),
            {
                "min": KAMPUNG.bet_min,
                "max": KAMPUNG.bet_max,
                "stack": self.record.stacks[self.you],
            },
        )

    def deal(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST deal: K2 the banker, K3 the bets (none when you bank), K5 the deal."""
        rec = self.record
        rules = self.rules
        you_bank = rec.banker == self.you
        if you_bank and "bet" in body:
            raise self._bad_bet("you hold the bank: the banker places no bet")
        if not you_bank and "bet" not in body:
            raise self._bad_bet("a bet is required")
        bet = None if you_bank else body["bet"]
        number = deal_number(body, rec.next_hand)
        if self.in_progress():
            raise Refusal("hand_in_progress", "a hand is in progress: finish it first")
        notices: list[dict[str, Any]] = []
        shoe = rec.shoe(self.rng)
        if rules.decks != shoe.decks:  # a deck count chosen: a new shoe of it now
            shoe = Shoe(rules.decks, self.rng)
            notices.append({"code": "decks_changed", "params": {"decks": rules.decks}})
        table = KampungTable(
            rules, stacks=rec.stacks, shoe=shoe, banker=rec.banker, hands_banked=rec.hands_banked
        )
        try:
            r = table.start_round(bet)
        except BadBet as exc:
            raise self._bad_bet(str(exc)) from None
        notices += [
            {"code": "fresh_stack", "params": {"seat": s, "stack": table.stacks[s]}}
            for s in table.last_start.fresh_stacks
        ]
        if table.last_start.reshuffled:
            notices.append({"code": "reshuffled", "params": {"decks": rules.decks}})
        rec.notices = notices
        rec.stacks = dict(table.stacks)
        if bet is not None:
            rec.last_bet = int(bet)
        rec.next_hand = number + 1
        rec.hand = KampungHand(
            number=number,
            bank=rules.bank,
            decks=rules.decks,
            banker=r.banker,
            bank_stack=table.stacks[r.banker],
            players=list(r.entries),
            cards=[],
            actions=[],
            time=now_iso(),
        )
        self.round = r
        self._play_bots()
        return self._after(r)

    # ------------------------------------------------------------------ the choices

    def _at(self, number: int, step: int, what: str) -> KampungRound:
        hand, r = self.record.hand, self.round
        if hand is None or r is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        step_now = len(r.actions())
        if number != hand.number or step != step_now:
            raise Refusal(
                "stale",
                f"this {what} is for hand {number} step {step};"
                f" the table is at hand {hand.number} step {step_now}",
                {"hand": hand.number, "step": step_now},
            )
        if r.is_over:
            raise Refusal("no_hand", f"hand {number} is over: deal the next one")
        if r.to_act != self.you:
            raise Refusal("not_your_turn", "it is not your turn", {"to_act": r.to_act})
        return r

    def act(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST action: your choice (as a player or as the banker), then the bots."""
        name = body.get("action")
        if not isinstance(name, str) or len(name) > 20:
            raise Refusal("bad_action", f"unknown action {name!r}", {"action": name})
        r = self._at(*hand_and_step(body), "action")
        refuse_unless_legal(name, list(r.legal_actions()))
        try:
            r.apply(name)
        except IllegalAction as exc:
            raise Refusal("bad_action", str(exc), {"action": name}) from None
        self._play_bots()
        return self._after(r)

    def _play_bots(self) -> None:
        r = self.round
        assert r is not None
        as_player, as_banker = _policies(r.rules)
        while r.to_act is not None and r.to_act != self.you:
            d = r.decision()
            r.apply(as_banker(d) if isinstance(d, BankerDecision) else as_player(d))

    def _after(self, r: KampungRound) -> dict[str, Any] | None:
        """Save the hand as it stands; settle it when it is over."""
        rec, hand = self.record, self.record.hand
        assert hand is not None
        hand.cards = list(r.drawn())
        hand.actions = list(r.actions())
        rec.store_shoe(r.shoe)
        if not r.is_over:
            return None
        table = KampungTable(
            r.rules,
            stacks=rec.stacks,
            shoe=r.shoe,
            banker=hand.banker,
            hands_banked=rec.hands_banked,
        )
        outcome = table.finish_round(r)
        before = dict(rec.stacks)
        rec.stacks = dict(table.stacks)
        rec.banker, rec.hands_banked = table.banker, table.hands_banked
        if table.last_pass is not None:
            p = table.last_pass
            rec.notices.append(
                {
                    "code": "bank_passed",
                    "params": {"from": p.from_seat, "to": p.to_seat, "reason": p.reason},
                }
            )
        if outcome.bank.name == self.you:
            net, wagered, kinds = outcome.bank.net, 0, [outcome.bank.kind]
        else:
            you = next(s for s in outcome.seats if s.name == self.you)
            net, wagered, kinds = (
                you.net,
                next(p.bet for p in hand.players if p.name == self.you),
                [you.kind],
            )
        rec.stats.add(
            net=net,
            wagered=wagered,
            kinds=kinds,
            naturals=_NATURALS,
            stack_before=before[self.you],
            stack_after=rec.stacks[self.you],
        )
        return self._history(r, outcome, net, wagered)

    def _history(self, r: KampungRound, outcome: Any, net: int, wagered: int) -> dict[str, Any]:
        hand = self.record.hand
        assert hand is not None
        moves: dict[str, list[str]] = {s: [] for s in KAMPUNG.seats}
        for seat, action in hand.actions:
            moves[seat].append(action)
        entries = {p.name: p for p in hand.players}
        seats: list[dict[str, Any]] = []
        for name in KAMPUNG.seats:
            if name == hand.banker:
                seats.append({"name": name, "stack": hand.bank_stack, "moves": moves[name]})
            else:
                p = entries[name]
                seats.append({"name": name, "stack": p.stack, "bet": p.bet, "moves": moves[name]})
        replay = {
            "preset": "kampung",
            "decks": hand.decks,
            "banker": hand.banker,
            "shoe": [c.code for c in hand.cards],
            "seats": seats,
        }
        result = outcome_json("kampung", outcome)
        mine = (
            result["bank"]
            if hand.banker == self.you
            else next(s for s in result["seats"] if s["name"] == self.you)
        )
        item = {
            "hand": hand.number,
            "time": now_iso(),
            "bet": wagered,
            "net": net,
            "result": "win" if net > 0 else "lose" if net < 0 else "push",
            "banker": hand.banker,
            "you": mine,
            "bank": result["bank"],
            "void": outcome.void,
        }
        return {"item": item, "replay": replay, "result": result}

    # ------------------------------------------------------------------ settings, hint

    def change_settings(self, body: dict[str, Any]) -> None:
        """PUT settings: ``bank`` (K2) and ``decks``, both from the next deal."""
        rec = self.record
        unknown = sorted(set(body) - {"bank", "decks"})
        if unknown or not body:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {unknown}" if unknown else "no setting given",
                {"fields": unknown},
            )
        if "bank" in body and body["bank"] not in BANKS:
            raise Refusal(
                "bad_settings",
                f"bank must be house or rotate, not {body['bank']!r}",
                {"field": "bank"},
            )
        decks = KAMPUNG.allowed_decks
        if "decks" in body and not (is_int(body["decks"]) and body["decks"] in decks):
            raise Refusal(
                "bad_settings",
                f"decks must be {' or '.join(map(str, decks))}, not {body['decks']!r}",
                {"field": "decks"},
            )
        if "decks" in body:
            rec.settings["decks"] = int(body["decks"])
        if "bank" in body and body["bank"] != rec.settings["bank"]:
            if self.in_progress():
                raise Refusal("hand_in_progress", "the bank changes between hands: finish this one")
            rec.settings["bank"] = body["bank"]
            rec.banker = KAMPUNG.bank_order[0]  # K2: a new order starts with the house
            rec.hands_banked = 0

    def hint(self, number: int, step: int) -> dict[str, Any]:
        """K18: the EV of each legal choice, as a player or as the banker."""
        from banluck.games.kampung.policy import banker_hint, player_hint

        r = self._at(number, step, "hint")
        d = r.decision()
        try:
            values = (
                banker_hint(r.rules, d)
                if isinstance(d, BankerDecision)
                else player_hint(r.rules, d)
            )
        except (LookupError, ValueError, OSError) as exc:
            raise Refusal("hint_unavailable", f"no hint is available: {exc}") from None
        if not values:
            raise Refusal("hint_unavailable", "no hint is available for this hand")
        best = max(values, key=lambda a: values[a])
        return {"best": best, "ev": {a: float(v) for a, v in values.items()}}

    def cell(self, number: int, step: int) -> tuple[str, str] | None:
        return None
