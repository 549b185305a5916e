"""A sixth game for the tests only: one card each, the higher rank wins against the dealer.

It is written as a new game would be: a driver (``games.driver``) and a ``replay_hand``,
and nothing else; ``test_sixth_game.py`` adds it to the registry and plays it in a room and
through ``banluck replay``. Each seat's one choice is ``show`` (its turn must be taken);
a seat sees its own card, the others' and the dealer's only when the hand is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banluck.core.cards import RANKS, Card, parse_card
from banluck.core.errors import ReplayError
from banluck.core.fair import FairLedger
from banluck.core.refusal import Refusal
from banluck.core.shoe import Shoe
from banluck.core.shoe_json import shoe_from_json, shoe_json, shoe_of_dealt
from banluck.games.driver import (
    GameDriver,
    HandDriver,
    HandStart,
    SettingsSpec,
    Settled,
    hand_rng,
    shoe_rng,
)

SEATS = ("you", "anna")
BET_MIN, BET_MAX, BOT_BET, FRESH = 10, 100, 10, 1000


def _score(card: Card) -> int:
    return RANKS.index(card.rank)


class HighCardDriver(GameDriver):
    def __init__(self, name: str, *, decks: int, bank: str = "house", house: Any = None) -> None:
        super().__init__(name, decks=decks, bank=bank, house=house)
        self.layout = SEATS
        self.min_bet, self.max_bet = BET_MIN, BET_MAX

    @staticmethod
    def settings_spec(name: str) -> SettingsSpec:
        return SettingsSpec(decks=(1,), default_decks=1)

    def fresh_shoe(self, seed: int, ledger: FairLedger | None = None) -> dict[str, Any]:
        return shoe_json(Shoe(1, shoe_rng(seed, ledger), ledger=ledger))

    def stacked_shoe(self, cards: Sequence[str]) -> dict[str, Any]:
        return shoe_of_dealt(1, [parse_card(c) for c in cards])

    def shuffle_due(self, shoe: dict[str, Any]) -> bool:
        return len(shoe["remaining"]) < 2 * (len(SEATS) + 1)

    def fresh_stack(self) -> int:
        return FRESH

    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        ok = isinstance(bet, int) and not isinstance(bet, bool) and BET_MIN <= bet <= BET_MAX
        if not ok or bet > stack:  # type: ignore[operator]
            raise Refusal("bad_bet", f"bet {bet!r} is not {BET_MIN} to {BET_MAX} within {stack}")
        assert isinstance(bet, int)
        return bet

    def begin(self, start: HandStart) -> HandDriver:
        return HighCardHand(self, start)


class HighCardHand(HandDriver):
    def __init__(self, game: HighCardDriver, start: HandStart) -> None:
        super().__init__(start)
        shoe = shoe_from_json(start.shoe, hand_rng(start.seed), game.ledger)
        if game.shuffle_due(start.shoe):
            shoe.shuffle()
        self.shoe = shoe
        self.bets = {s: (start.bets[s] if s in start.people else BOT_BET) for s in SEATS}
        self.stacks = {s: start.stacks[s] if start.stacks[s] >= BET_MIN else FRESH for s in SEATS}
        self.cards = {s: shoe.draw() for s in (*SEATS, "dealer")}
        self.shown: list[str] = []

    def to_act(self) -> str | None:
        return SEATS[len(self.shown)] if len(self.shown) < len(SEATS) else None

    def legal(self) -> tuple[str, ...]:
        return ("show",) if self.to_act() else ()

    def _apply(self, action: str) -> None:
        seat = self.to_act()
        assert seat is not None
        self.shown.append(seat)

    def bot_choice(self) -> str:
        return "show"

    def auto_choice(self) -> str:
        return "show"

    @property
    def over(self) -> bool:
        return self.to_act() is None

    def nets(self) -> dict[str, int]:
        dealer = _score(self.cards["dealer"])
        out = {}
        for s in SEATS:
            mine = _score(self.cards[s])
            out[s] = self.bets[s] if mine > dealer else -self.bets[s] if mine < dealer else 0
        return out

    def view(self, seat: str | None) -> dict[str, Any]:
        over = self.over
        return {
            "game": "highcard",
            "hand": self.number,
            "step": self.step,
            "over": over,
            "to_act": self.to_act(),
            "legal": list(self.legal()) if seat == self.to_act() else [],
            "cards": {
                s: self.cards[s].code if (over or s == seat) else None for s in (*SEATS, "dealer")
            },
            "nets": self.nets() if over else None,
        }

    def settle(self) -> Settled:
        nets = self.nets()
        return Settled(
            stacks={s: self.stacks[s] + nets[s] for s in SEATS},
            shoe=shoe_json(self.shoe),
            summary=[{"seat": s, "net": nets[s]} for s in SEATS],
        )


def replay_hand(data: Any, house: Any = None) -> dict[str, Any]:
    """One hand from a stacked shoe: every seat bets, shows, and is settled."""
    if not isinstance(data, dict) or not isinstance(data.get("shoe"), list):
        raise ReplayError("a high-card hand is an object with a 'shoe'")
    first = [parse_card(c) for c in data["shoe"]]
    shoe = Shoe.stacked_then_shuffled(first, decks=1, rng=hand_rng(0))
    bets = {s["name"]: s.get("bet", BOT_BET) for s in data.get("seats", [])}
    start = HandStart(
        number=1,
        seed=0,
        shoe=shoe_json(shoe),
        seats=SEATS,
        people=("you",),
        stacks=dict.fromkeys(SEATS, FRESH),
        bets={"you": bets.get("you", BET_MIN)},
    )
    hand = HighCardHand(HighCardDriver("highcard", decks=1), start)
    while not hand.over:
        hand.apply(hand.bot_choice())
    settled = hand.settle()
    return {"preset": "highcard", "nets": hand.nets(), "stacks": settled.stacks}
