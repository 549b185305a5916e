"""The blackjack rules as data: one frozen, keyword-only record, and the presets.

Every difference between ``classic`` and ``infinite`` is a field here: the round, the solver
and the simulator read the fields and never ask which preset they play.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from banluck.core.seating import seating_for

#: I10: the side bets, their stake range and the last hand of a shoe each may be placed on.
SIDE_BET_NAMES: tuple[str, ...] = ("pairs", "bust", "lucky3", "poker3")


@dataclass(frozen=True, kw_only=True, slots=True)
class BlackjackRules:
    """One blackjack variant (BLACKJACK.md)."""

    name: str
    #: C1 / I1: decks in the shoe.
    decks: int
    #: B5: the seats in playing order; the dealer (the bank) plays after them.
    seats: tuple[str, ...] = ("you", "anna", "ben")
    #: B6: a blackjack pays numerator to denominator (rounded down).
    blackjack_pays: tuple[int, int] = (3, 2)
    #: C4: a seat's blackjack is turned over and paid at once after the peek (False, I6: it
    #: stands and is paid at the end of the hand).
    blackjack_paid_at_once: bool = False
    #: B7: the dealer draws under this total and stands on every 17, soft 17 included.
    dealer_stands_on: int = 17
    #: B7 (a house's ``dealer_hits_soft_17``): the dealer draws on a soft 17 too.
    dealer_hits_soft_17: bool = False
    #: C3 / I5: with an ace or ten up the dealer peeks for a blackjack.
    dealer_peeks: bool = True
    #: C2 / B9: the seats' cards are dealt face down (others see them when turned over);
    #: False (I3): every seat card is face up.
    seat_cards_face_down: bool = True
    #: I2: every seat plays the same cards (one common row).
    shared_cards: bool = False
    #: C7 / I9: the dealer plays out even when no seat hand is left standing.
    dealer_always_plays: bool = False
    #: C6 / I6: a pair is the same rank (False) or the same value, so J+Q splits (True).
    split_by_value: bool = False
    #: C6 / I6: split aces take one card each and stand.
    split_aces_one_card: bool = False
    #: C6 / I6: how many times a seat may split (1: no resplit).
    max_splits: int = 1
    #: I6: doubling on any first two cards; after a split; never on split aces.
    double: bool = False
    double_after_split: bool = False
    #: I6 (a house's ``double``): the first-two-card totals a double is allowed on (empty:
    #: any total).
    double_totals: tuple[int, ...] = ()
    #: I6 / B12: surrender as the very first decision, against these up-card values (ace 1).
    surrender_against: frozenset[int] = frozenset()
    #: I4: insurance for half the bet against an ace, paid 2 to 1.
    insurance: bool = False
    insurance_pays: int = 2
    #: I10: side bets allowed; a seat may then bet 0 on the main hand.
    side_bets: bool = False
    side_bet_min: int = 1
    side_bet_max: int = 100
    #: I10: the last hand of a shoe on which each side bet may be placed.
    side_bet_last_hand: tuple[tuple[str, int], ...] = ()
    #: B5: the seat bet range (who is a bot, and what a bot bets, is the table's
    #: ``core.seating.Seating``).
    bet_min: int = 10
    bet_max: int = 500
    #: T9 (via B5): below its minimum a seat gets a fresh stack.
    fresh_stack: int = 1000
    player_min_stack: int = 10
    #: C8: before a hand, gather and shuffle when fewer cards than this remain (None: I1's
    #: cut card decides instead).
    reshuffle_below: int | None = None
    #: C8: the pack may run out mid-hand; the discards are then shuffled into a new pack.
    reshuffle_discards_mid_hand: bool = False
    #: I1: burn the first card and as many more as its value after a shuffle.
    burn_after_shuffle: bool = False
    #: I1: the cut card lies this many cards from the end of the shoe (None: no cut card).
    cut_card_from_end: int | None = None

    @property
    def shoe_size(self) -> int:
        return 52 * self.decks

    def side_bet_limit(self, name: str) -> int:
        """I10: the last hand of a shoe on which side bet ``name`` may be placed."""
        return dict(self.side_bet_last_hand)[name]

    def may_double(self, total: int) -> bool:
        """I6: a double is offered on a first-two-card hand of ``total`` (where the rules
        double at all, and the hand may: split aces and split hands are the caller's)."""
        return self.double and (not self.double_totals or total in self.double_totals)

    def can_surrender_against(self, up_value: int) -> bool:
        """I6: surrender is offered against this up card (its value, an ace as 1)."""
        return up_value in self.surrender_against

    def with_decks(self, decks: int | None) -> BlackjackRules:
        """B: the decks are fixed by the preset; ``decks`` must match (REPLAY.md)."""
        if decks is None or decks == self.decks:
            return self
        raise ValueError(f"preset {self.name!r} plays with {self.decks} decks, not {decks}")

    def replace(self, **changes: object) -> BlackjackRules:
        """The same rules with some fields changed (for the solver's rule-value figures)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


#: Seed 001: two decks, the dealer is the bank, split a same-rank pair once, no doubling.
CLASSIC = BlackjackRules(
    name="classic",
    decks=2,
    seat_cards_face_down=True,
    blackjack_paid_at_once=True,
    reshuffle_below=26,
    reshuffle_discards_mid_hand=True,
)

#: Seed 002: eight decks, shared cards, insurance, surrender, double, split, four side bets.
INFINITE = BlackjackRules(
    name="infinite",
    decks=8,
    seat_cards_face_down=False,
    shared_cards=True,
    dealer_always_plays=True,
    split_by_value=True,
    split_aces_one_card=True,
    double=True,
    double_after_split=True,
    surrender_against=frozenset(range(2, 10)),
    insurance=True,
    side_bets=True,
    side_bet_last_hand=(("pairs", 40), ("bust", 45), ("lucky3", 45), ("poker3", 45)),
    burn_after_shuffle=True,
    cut_card_from_end=78,
)

PRESETS: dict[str, BlackjackRules] = {r.name: r for r in (CLASSIC, INFINITE)}
#: B5: the presets' seating (you in the first seat, the others bots betting 50)
BLACKJACK_SEATING = seating_for(CLASSIC)
