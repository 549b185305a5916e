"""The rules as data: one frozen, keyword-only record per variant, and the named presets.

Every difference between the presets is a field here; the engine, the solver and the
simulator read these fields and never ask which preset they are playing.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from banluck.core.seating import seating_for


def low_shoe(decks: int, max_cards_per_hand: int) -> int:
    """T12 (and kampung's K4): reshuffle before a hand when fewer cards remain than a
    quarter of the shoe, or than one hand can use.

    >>> low_shoe(2, 20), low_shoe(1, 30)
    (26, 30)
    """
    return max(52 * decks // 4, max_cards_per_hand)


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """One variant of Ban Luck. Rule ids refer to ``shared/spec/RULES.md``."""

    name: str
    #: T7 / O1: the seats in playing order; the dealer plays after them. Who holds each
    #: (a person or a bot) is the table's ``Seating``, not a rule.
    seats: tuple[str, ...]
    #: T11 / O2: decks in the shoe, and the counts a player may choose.
    decks: int
    allowed_decks: tuple[int, ...] = (1, 2)
    #: O2: shuffle all cards back before every hand (else T12's low-shoe rule).
    shuffle_every_hand: bool = False
    #: T2 / O3: what an ace may count in a hand of two cards; three cards; four or more.
    two_card_ace_values: tuple[int, ...] = (10, 11)
    three_card_ace_values: tuple[int, ...] = (1, 10)
    #: O4: the dealer's first card is dealt face up.
    dealer_up_card: bool = False
    #: T15: the dealer throws in a two-card 15 and the hand is void.
    dealer_voids_15: bool = True
    #: T16: a seat's two-card 15 may be thrown in.
    free_hand: bool = True
    #: T16 / O6: a seat must draw under this total.
    seat_must_draw_under: int = 16
    #: T6: a seat's hand stops at this many cards.
    seat_card_limit: int = 5
    #: T17 / O8: the dealer draws under this total.
    dealer_stands_on: int = 16
    #: T17: at exactly 16 with four cards the dealer draws a fifth.
    dealer_draws_16_with_four: bool = True
    #: T17 / O8: the dealer stops at this many cards (None: no limit).
    dealer_card_limit: int | None = 5
    #: T18 / O8: the dealer's five cards of 21 or less are a five dragon.
    dealer_five_dragon: bool = True
    #: T21: the multiples.
    ban_ban_multiple: int = 3
    ban_luck_multiple: int = 2
    five_dragon_multiple: int = 2
    five_dragon_21_multiple: int = 3
    #: T16 / O6: what a bust with five cards costs.
    five_card_bust_multiple: int = 2
    #: H5 / H18: three sevens as a seat's first three cards win this many to 1 (0: off,
    #: a plain 21).
    seven_seven_seven: int = 0
    #: H6: equal naturals (T14) and equal totals (T18) ``push``, or the dealer wins them
    #: (``banker``); H7: a five dragon against the dealer's ``by_total`` or ``push``.
    equal_naturals: str = "push"
    equal_totals: str = "push"
    five_against_five: str = "by_total"
    #: T8 / O1: the bet range; the stack must cover ``bet_cover`` times the bet.
    bet_min: int = 10
    bet_max: int = 500
    bet_cover: int = 1
    #: T9 / O1: below its minimum a seat gets a fresh stack.
    fresh_stack: int = 1000
    player_min_stack: int = 10

    def ace_values(self, cards: int) -> tuple[int, ...]:
        """T2 / O3: what an ace may count in a hand of ``cards`` cards."""
        if cards <= 2:
            return self.two_card_ace_values
        if cards == 3:
            return self.three_card_ace_values
        return (1,)

    def max_cards_per_hand(self) -> int:
        """T12: the most cards one hand can use (5 per hand with a five-card dealer)."""
        # With no limit (O8), a one-deck dealer stops by its tenth card: its first ten cards
        # make at least A A A A 2 2 2 2 3 3 = 18 (aces 1). 11 is a safe bound.
        dealer = self.dealer_card_limit or 11
        return self.seat_card_limit * len(self.seats) + dealer

    def reshuffle_below(self) -> int:
        """T12: reshuffle before a hand when fewer cards than this remain."""
        return low_shoe(self.decks, self.max_cards_per_hand())

    def with_decks(self, decks: int | None) -> Rules:
        """The same rules with another deck count (None keeps the preset's)."""
        if decks is None or decks == self.decks:
            return self
        if decks not in self.allowed_decks:
            allowed = " or ".join(str(d) for d in self.allowed_decks)
            raise ValueError(f"preset {self.name!r} plays with {allowed} deck(s), not {decks}")
        return dataclasses.replace(self, decks=decks)


#: The default table of seed 000: you, Anna and Ben against the dealer (T1–T23).
TABLE = Rules(name="table", seats=("you", "anna", "ben"), decks=2)

#: Seed 003: one seat against the dealer (O1–O8).
ONE_ON_ONE = Rules(
    name="one-on-one",
    seats=("you",),
    decks=1,
    allowed_decks=(1,),
    shuffle_every_hand=True,
    two_card_ace_values=(1, 10, 11),
    dealer_up_card=True,
    dealer_voids_15=False,
    free_hand=False,
    dealer_stands_on=17,
    dealer_draws_16_with_four=False,
    dealer_card_limit=None,
    dealer_five_dragon=False,
    five_card_bust_multiple=1,
    bet_cover=3,
    player_min_stack=30,
)

PRESETS: dict[str, Rules] = {r.name: r for r in (TABLE, ONE_ON_ONE)}

#: T7 / T8, O1: the presets' seatings (the first seat a person, every other seat a bot).
TABLE_SEATING = seating_for(TABLE)
ONE_ON_ONE_SEATING = seating_for(ONE_ON_ONE)


def preset(name: str, decks: int | None = None) -> Rules:
    """A named preset, optionally with another deck count.

    >>> preset("table", decks=1).decks
    1
    """
    try:
        rules = PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise ValueError(f"unknown preset {name!r} (known: {known})") from None
    return rules.with_decks(decks)
