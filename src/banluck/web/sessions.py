"""The game flow of one browser's table: the deal, the player's choices, the settings.

A ``TableSession`` is one request's view of a table: the session's rules (the preset is a
parameter, never assumed), the player's record and its hand rebuilt once (``records.decode``).
The player sits in the preset's first seat; the other seats (``policy_for``) and the dealer
are played as soon as it is their turn. Refusals are ``Refusal``s with a code and
parameters; this module knows nothing of HTTP or of the store.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from banluck.core import BadBet
from banluck.core.refusal import Refusal
from banluck.core.seating import Seating, seating_for
from banluck.games.banluck import Action, Round, Rules
from banluck.games.banluck.strategy import policy_for
from banluck.games.banluck.table import Table
from banluck.games.banluck.view_json import table_json
from banluck.games.banluck.views import view_for
from banluck.web import wire
from banluck.web.records import LANGUAGES, SPEEDS, HandRecord, PlayerRecord, is_int, now_iso
from banluck.web.solo import deal_number, hand_and_step


@dataclass
class TableSession:
    """One browser's table during one request: ``record`` and its hand ``round`` (or None)."""

    rules: Rules
    record: PlayerRecord
    round: Round | None
    rng: random.Random | None

    @property
    def seating(self) -> Seating:
        """The preset's seating: the player in the first seat, bots in the others."""
        return seating_for(self.rules)

    @property
    def you(self) -> str:
        """The player's seat: the preset's first (the others are bots)."""
        return self.seating.seats[0]

    def table(self) -> dict[str, Any] | None:
        """docs/API.md ``Table``: the player's view of the current (or last) hand."""
        if self.round is None or self.record.hand is None:
            return None
        return table_json(view_for(self.round, self.you), self.record.hand.number)

    # ------------------------------------------------------------------ the deal

    def _bad_bet(self, exc: BadBet | None, message: str = "") -> Refusal:
        limits = {
            "min": self.rules.bet_min,
            "max": self.rules.bet_max,
            "stack": self.record.stacks[self.you],
        }
        if exc is not None:  # the rules' own reason (T8 / O1), without the seat's name
            message = str(exc).removeprefix(f"seat {self.you!r}: ")
        return Refusal("bad_bet", message, limits)

    def deal(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST /api/deal: T9, the bet (T8), the reshuffle (T12), the deal, the bots.
        Returns the finished hand's history entry when the deal already ends it."""
        rec, you = self.record, self.you
        if "bet" not in body:
            raise self._bad_bet(None, "a bet is required")
        bet = body["bet"]
        rules, seating = self.rules, self.seating
        try:  # checked first, by the rules, as the stack will be at the deal (T9)
            seating.check_bet(rules, you, bet, seating.fresh_stack_for(rules, you, rec.stacks[you]))
        except BadBet as exc:
            raise self._bad_bet(exc) from None
        number = deal_number(body, rec.next_hand)
        if self.round is not None and not self.round.is_over:
            raise Refusal("hand_in_progress", "a hand is in progress: finish it first")
        table = Table(
            self.rules.with_decks(rec.shoe_decks), stacks=rec.stacks, shoe=rec.shoe(self.rng)
        )
        if rec.pending_decks is not None:
            table.set_decks(rec.pending_decks)
        try:
            r = table.start_round({you: bet})
        except BadBet as exc:
            raise self._bad_bet(exc) from None
        self._play_bots(r)
        notices: list[dict[str, Any]] = [
            {"code": "fresh_stack", "params": {"seat": s, "stack": table.stacks[s]}}
            for s in table.last_start.fresh_stacks
        ]
        if table.last_start.reshuffled:
            # O2 shuffles every hand: that is no news, but the end of a stacked shoe is
            news = not r.rules.shuffle_every_hand or rec.stacked > 0
            rec.stacked = 0  # the --shoe cards, if any were left, are shuffled away
            if news:
                notices.append({"code": "reshuffled", "params": {"decks": r.rules.decks}})
            if r.rules.decks != rec.shoe_decks:
                notices.append({"code": "decks_changed", "params": {"decks": r.rules.decks}})
        rec.notices = notices
        rec.stacks = dict(table.stacks)
        rec.pending_decks = table.pending_decks
        rec.last_bet = bet
        rec.next_hand = number + 1
        rec.hand = HandRecord.of(number, r, now_iso())
        rec.store_shoe(r.shoe)
        self.round = r
        return self._maybe_finish(table)

    # ------------------------------------------------------------------ the choices

    def act(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST /api/action: the player's hit, stand or throw; then the bots and the dealer.
        Returns the finished hand's history entry when this ends the hand."""
        name = body.get("action")
        if not isinstance(name, str) or name not in {a.value for a in Action}:
            raise Refusal(
                "bad_action", f"unknown action {name!r} (hit, stand or throw)", {"action": name}
            )
        action = Action(name)
        number, step = hand_and_step(body)
        r = self._at(number, step, "action")
        if r.is_over:
            raise Refusal("no_hand", f"hand {number} is over: deal the next one")
        legal = r.legal_actions()
        if action not in legal:
            raise Refusal(
                "bad_action",
                f"{action.value} is not allowed at {r.total(self.you)}"
                f" with {len(r.hands[self.you])} cards",
                {"action": action.value, "legal": sorted(a.value for a in legal)},
            )
        r.apply(action)
        self._play_bots(r)
        hand = self.record.hand
        assert hand is not None
        self.record.hand = HandRecord.of(hand.number, r, hand.time)
        self.record.store_shoe(r.shoe)
        return self._maybe_finish(Table(r.rules, stacks=self.record.stacks, shoe=r.shoe))

    def _at(self, number: int, step: int, what: str) -> Round:
        """The round, when ``number`` and ``step`` name where it stands and it waits for
        the player (409 ``no_hand``, ``stale``, ``not_your_turn`` otherwise)."""
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
        if not r.is_over and r.to_act != self.you:  # never saved so: refuse, do not guess
            raise Refusal("not_your_turn", "it is not your turn", {"to_act": r.to_act})
        return r

    def hint_point(self, number: int, step: int) -> Round:
        """The round at the player's choice named by hand and step (for a hint)."""
        r = self._at(number, step, "hint")
        if r.to_act != self.you:
            raise Refusal("not_your_turn", "it is not your turn", {"to_act": r.to_act})
        return r

    def _play_bots(self, r: Round) -> None:
        """The other seats choose at once (the dealer plays inside the round)."""
        policy = policy_for(r.rules)
        while r.to_act is not None and r.to_act != self.you:
            r.apply(policy(r.decision_point()))

    def _maybe_finish(self, table: Table) -> dict[str, Any] | None:
        r, hand = self.round, self.record.hand
        assert r is not None and hand is not None
        if not r.is_over:
            return None
        table.finish_round(r)
        self.record.stacks = dict(table.stacks)
        you = next(s for s in r.outcome().seats if s.name == self.you)
        self.record.stats.add(
            net=you.net,
            wagered=you.bet,
            kinds=[you.kind.value],
            naturals={"ban-ban", "ban-luck"},
            stack_before=r.stacks[self.you],
            stack_after=self.record.stacks[self.you],
        )
        return wire.history_entry(hand, r, self.you)

    # ------------------------------------------------------------------ the settings

    def change_settings(self, body: dict[str, Any]) -> None:
        """PUT /api/settings: decks (at the next shuffle, T11/T12), speed, language."""
        rec = self.record
        unknown = sorted(set(body) - {"decks", "speed", "language"})
        if unknown or not body:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {unknown}" if unknown else "no setting given",
                {"fields": unknown},
            )
        decks = self.rules.allowed_decks
        # Each setting's allowed values, as the message names them, and its check (in order).
        checks: tuple[tuple[str, str, Callable[[Any], bool]], ...] = (
            ("decks", " or ".join(map(str, decks)), lambda v: is_int(v) and v in decks),
            ("speed", f"one of {', '.join(SPEEDS)}", lambda v: v in SPEEDS),
            ("language", f"one of {', '.join(LANGUAGES)}", lambda v: v in LANGUAGES),
        )
        for key, allowed, ok in checks:
            if key in body and not ok(body[key]):
                raise Refusal(
                    "bad_settings", f"{key} must be {allowed}, not {body[key]!r}", {"field": key}
                )
        for key in ("speed", "language"):
            if key in body:
                rec.settings[key] = str(body[key])
        if "decks" in body:
            chosen = int(body["decks"])
            rec.settings["decks"] = chosen
            rec.pending_decks = None if chosen == rec.shoe_decks else chosen
