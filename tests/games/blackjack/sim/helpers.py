"""The blackjack engine's view of a hand, for comparing with the simulator's records."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np

from banluck.core.cards import ONE_DECK, Card
from banluck.core.shoe import Shoe
from banluck.games.blackjack.bets import SeatEntry
from banluck.games.blackjack.decisions import Decision, Policy
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import SIDE_BET_NAMES, BlackjackRules
from banluck.games.blackjack.side_bets import PAYS
from banluck.games.blackjack.sim.tables import CLASS_RANK, card_id, id_class, money_unit

#: The engine's seat bet and side-bet stake; the simulator counts money units (half bets
#: at 3 to 2, tenths at 6 to 5) and side-bet units.
BET = 50
SIDE_STAKE = 10
STACK = 10**6

#: Weights that tilt a shoe's top towards rare paths.
RANK_WEIGHTS: dict[str, dict[str, float]] = {
    "uniform": {},
    "pairs": {"8": 4.0, "A": 4.0, "9": 3.0, "2": 3.0},
    "naturals": {"A": 6.0, "T": 2.0, "J": 2.0, "Q": 2.0, "K": 2.0},
    "small": {"A": 2.0, "2": 5.0, "3": 5.0, "4": 4.0, "5": 3.0, "6": 3.0},
    "sevens": {"6": 4.0, "7": 6.0, "8": 4.0},
}


def tilted_shoe(rng: np.random.Generator, decks: int, mode: str, length: int) -> list[Card]:
    """The top ``length`` cards of a shoe in a random order favouring ``mode``'s ranks."""
    cards = list(ONE_DECK * decks)
    weights = np.array([RANK_WEIGHTS[mode].get(c.rank, 1.0) for c in cards])
    keys = np.log(rng.random(len(cards))) / weights
    return [cards[i] for i in np.argsort(-keys, kind="stable")[:length]]


def scrambled(salt: str) -> Policy:
    """A composition-dependent policy that differs by seat: a fixed hash of the classes,
    the split card, the up card and the legal actions picks the action."""

    def policy(d: Decision) -> str:
        classes = "".join(sorted(CLASS_RANK[id_class(card_id(c))] for c in d.cards))
        split = CLASS_RANK[id_class(card_id(d.cards[0]))] if d.from_split else "-"
        up = CLASS_RANK[id_class(card_id(d.up))]
        legal = sorted(d.legal)
        key = f"{salt}|{classes}|{split}|{up}|{legal}"
        return legal[zlib.crc32(key.encode()) % len(legal)]

    return policy


@dataclass
class EngineHand:
    """One seat's part of a hand as the engine settled it, in the simulator's units."""

    hands: list[tuple[list[int], int, int]]  # (card ids, bet in units, net in money units)
    net: int  # money units
    side: list[int]  # each side bet's line index (0 lost), -1 not placed
    first_two: list[int]


def engine_hand(
    rules: BlackjackRules, cards: list[Card], policies: dict[str, Policy], hand_no: int
) -> tuple[list[EngineHand], list[int], int]:
    """Play one hand through the engine: each seat's hands, the dealer's card ids, the cards
    used. Every seat bets ``BET`` and, where the rules and the hand number allow, every side
    bet with ``SIDE_STAKE``; insurance is declined (B10)."""
    sides = {
        name: SIDE_STAKE
        for name in SIDE_BET_NAMES
        if rules.side_bets and hand_no <= rules.side_bet_limit(name)
    }
    entries = [SeatEntry(name=s, stack=STACK, bet=BET, side_bets=dict(sides)) for s in rules.seats]
    r = BlackjackRound.start(rules, Shoe.stacked(cards, decks=rules.decks), entries,
                             shoe_hand=hand_no)  # fmt: skip
    while r.to_act is not None:
        if r.phase == "insurance":
            r.apply("decline")
        else:
            d = r.decision()
            r.apply(policies[d.seat](d))
    out = r.outcome()
    unit = money_unit(rules)
    seats = []
    for s in out.seats:
        hands = [
            ([card_id(c) for c in h.cards], h.bet // BET, h.net * unit // BET) for h in s.hands
        ]
        side = [-1] * len(SIDE_BET_NAMES)
        for w in s.side_bets:
            b = SIDE_BET_NAMES.index(w.wager)
            side[b] = 0 if w.line is None else list(PAYS[w.wager]).index(w.line) + 1
        main = sum(w.net for w in s.hands)
        first = r.seat_state(s.name).first_two
        seats.append(EngineHand(hands, main * unit // BET, side, [card_id(c) for c in first]))
    return seats, [card_id(c) for c in out.dealer_cards], out.cards_used
