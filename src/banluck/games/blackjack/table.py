"""A blackjack table between hands: stacks (T9 fresh stacks, T10 kept), the play shoe with
its hand numbers (I1, C8), and the bots' choices (B10).

>>> import random
>>> from banluck.games.blackjack.rules import CLASSIC
>>> t = BlackjackTable(CLASSIC, rng=random.Random(7))
>>> r = t.deal(bet=20)
>>> t.play_bots(r)
>>> while r.to_act == "you":
...     _ = r.apply("stand"); t.play_bots(r)
>>> o = t.settle(r)
>>> t.stacks["you"] == 1000 + o.seats[0].net, t.hands_played
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from banluck.core.seating import Seating, seating_for
from banluck.games.blackjack.bets import SeatEntry, check_entry
from banluck.games.blackjack.decisions import Policy
from banluck.games.blackjack.round import BlackjackRound, RoundOutcome
from banluck.games.blackjack.rules import BlackjackRules
from banluck.games.blackjack.shoe import BlackjackShoe

__all__ = ["BlackjackTable"]


def never_insuring(r: BlackjackRound, policy: Policy) -> str:
    """B10 / I8: the choice of a seat that never insures (a bot, an absent person):
    ``decline`` when insurance is offered, else ``policy``'s."""
    return "decline" if r.phase == "insurance" else policy(r.decision())


class BlackjackTable:
    """Seats and their stacks, the shoe, and the hand in play."""

    def __init__(
        self,
        rules: BlackjackRules,
        *,
        rng: random.Random | None = None,
        shoe: BlackjackShoe | None = None,
        stacks: Mapping[str, int] | None = None,
        bot_policy: Policy | None = None,
        seating: Seating | None = None,
    ) -> None:
        self.rules = rules
        #: who sits where, who is a bot and what a bot bets (B5; by default the rules' seats,
        #: every one but the first a bot)
        self.seating = seating if seating is not None else seating_for(rules)
        self.shoe = shoe if shoe is not None else BlackjackShoe(rules, rng)
        self.stacks: dict[str, int] = {s: rules.fresh_stack for s in self.seating.seats}
        if stacks:
            self.stacks.update(stacks)
        self._bot_policy = bot_policy
        self.hands_played = 0

    def bot_policy(self) -> Policy:
        """B10: the solved strategy (loaded on first use)."""
        if self._bot_policy is None:
            from banluck.games.blackjack.strategy.play import policy_for

            self._bot_policy = policy_for(self.rules)
        return self._bot_policy

    def deal(
        self,
        *,
        bet: int,
        side_bets: Mapping[str, int] | None = None,
        bots: Mapping[str, tuple[int, Mapping[str, int]]] | None = None,
    ) -> BlackjackRound:
        """Start a hand: T9 for every stack, then the player's ``bet`` and ``side_bets`` and
        each bot's ``bots[name] = (bet, side_bets)`` (default: ``bot_bet`` and none, B13).
        A bad stake raises BadBet and deals nothing."""
        rules, seating = self.rules, self.seating
        for seat, stack in self.stacks.items():
            self.stacks[seat] = seating.fresh_stack_for(rules, seat, stack)
        entries = []
        for seat in seating.seats:
            if seating.is_bot(seat):
                b, sides = (bots or {}).get(seat, (seating.bot_bet, {}))
            else:
                b, sides = bet, side_bets or {}
            entries.append(SeatEntry(name=seat, stack=self.stacks[seat], bet=b, side_bets=sides))
        # check the stakes against the next hand's number before the shoe moves on
        number = self.shoe.next_hand_number()
        for e in entries:
            check_entry(rules, e, shoe_hand=number, seating=seating)
        number = self.shoe.begin_hand()
        return BlackjackRound.start(rules, self.shoe, entries, shoe_hand=number, seating=seating)

    def play_bots(self, r: BlackjackRound) -> None:
        """B10: the bots choose until a person (the first seat, by default) must, or the
        round ends; they never take insurance."""
        seating = self.seating
        while r.to_act is not None and seating.is_bot(r.to_act):
            r.apply(never_insuring(r, self.bot_policy()))

    def settle(self, r: BlackjackRound) -> RoundOutcome:
        """After the round: stacks updated (T10), the table's cards to the discards."""
        outcome = r.outcome()
        for s in outcome.seats:
            self.stacks[s.name] = s.stack
        self.shoe.end_hand()
        self.hands_played += 1
        return outcome

    # -- saving (T10: stacks and the shoe survive a restart) ---------------------------------

    def to_json(self) -> dict[str, Any]:
        """The table between hands as JSON-ready data."""
        return {
            "preset": self.rules.name,
            "stacks": dict(self.stacks),
            "shoe": self.shoe.to_json(),
            "hands_played": self.hands_played,
        }

    @classmethod
    def from_json(
        cls,
        rules: BlackjackRules,
        data: Mapping[str, Any],
        *,
        rng: random.Random | None = None,
        bot_policy: Policy | None = None,
    ) -> BlackjackTable:
        """A table saved by :meth:`to_json`.

        >>> from banluck.games.blackjack.rules import INFINITE
        >>> t = BlackjackTable(INFINITE, rng=random.Random(1), stacks={"you": 750})
        >>> u = BlackjackTable.from_json(INFINITE, t.to_json())
        >>> u.stacks["you"], len(u.shoe) == len(t.shoe), u.shoe.hand_number
        (750, True, 0)
        """
        if data.get("preset") != rules.name:
            raise ValueError(f"a saved {data.get('preset')!r} table is not {rules.name!r}")
        shoe = BlackjackShoe.from_json(rules, data["shoe"], rng)
        t = cls(rules, shoe=shoe, stacks=data["stacks"], bot_policy=bot_policy)
        t.hands_played = int(data.get("hands_played", 0))
        return t
