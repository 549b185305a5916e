"""The Ban Luck games (``table``, ``one-on-one``) behind the common session interface of
``service``: ``sessions.TableSession`` plus its answers, its hint and its chart cell."""

from __future__ import annotations

from typing import Any

from banluck.core.cards import CLASS_LABELS, class_counts, rank_class
from banluck.core.refusal import Refusal
from banluck.games.banluck.choices import THROW_HIT, seat_choices
from banluck.web import wire
from banluck.web.betcap import largest_bet
from banluck.web.sessions import TableSession


class BanluckSession(TableSession):
    """A Ban Luck table (the preset is ``rules``) with the answers every game gives."""

    family = "banluck"

    def table_json(self) -> dict[str, Any] | None:
        return self.table()

    def limits(self) -> dict[str, Any]:
        """The bet range and, for the next deal, the largest bet (T9 then T8 / O1)."""
        rules, seating, you = self.rules, self.seating, self.you
        stack = self.record.stacks[you]
        at_deal = seating.fresh_stack_for(rules, you, stack)
        return {
            "bet_min": rules.bet_min,
            "bet_max": rules.bet_max,
            "bot_bet": seating.bot_bet,
            "bet_cover": rules.bet_cover,
            "fresh_stack": rules.fresh_stack,
            "min_stack": seating.min_stack(rules, you),
            "bet_cap": largest_bet(
                lambda bet: seating.check_bet(rules, you, bet, at_deal),
                rules.bet_min,
                rules.bet_max,
            ),
        }

    def player_json(self) -> dict[str, Any]:
        state = wire.state_json(self.record, self.rules, self.seating, None, {})
        player: dict[str, Any] = state["player"]
        return player

    def in_progress(self) -> bool:
        return self.round is not None and not self.round.is_over

    def hint(self, number: int, step: int) -> dict[str, Any]:
        """The exact solver's advice at the player's pending choice (issue 4)."""
        from banluck.games.banluck.strategy.hint import hint_for

        r = self.hint_point(number, step)
        point = r.decision_point()
        try:
            h = hint_for(r.rules, point.cards, point.dealer_up, point.legal)
        except (ImportError, OSError, LookupError, ValueError):
            raise Refusal("hint_unavailable", "no hint is available for this hand") from None
        return {"best": h.best.value, "ev": {a.value: float(v) for a, v in h.ev.items()}}

    def cell(self, number: int, step: int) -> tuple[str, str] | None:
        """The chart cell (``strategy.chart``'s row and column) of the pending choice."""
        from banluck.games.banluck.strategy.solver import solve

        try:
            r = self.hint_point(number, step)
        except Refusal:
            return None
        point = r.decision_point()
        up = rank_class(point.dealer_up) if point.dealer_up is not None else None
        try:
            hv = solve(r.rules).value(class_counts(point.cards), up)
        except KeyError:
            return None
        free = " (free hand)" if seat_choices(r.rules, hv.total, hv.cards) is THROW_HIT else ""
        group = f"{hv.cards} cards{' soft' if hv.soft else ''}"
        if up is None:
            return f"{hv.total}{free}", group
        return f"{group} {hv.total}{free}", CLASS_LABELS[up]
