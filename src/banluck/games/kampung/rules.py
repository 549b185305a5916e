"""Kampung's rules as data (KAMPUNG.md K1–K23): one frozen, keyword-only record and its preset.

Totals and kinds are Ban Luck's (K1 = T1–T6): a ``KampungRules`` holds a Ban Luck
:class:`~banluck.games.banluck.rules.Rules` (``totals``) that ``hand_total`` and
``win_multiple`` read, so those rules keep one home. Everything that is kampung's own is a
field here.

>>> KAMPUNG.bank, KAMPUNG.decks, KAMPUNG.seats
('house', 2, ('you', 'anna', 'ben', 'dealer'))
>>> KAMPUNG.with_bank("rotate").bank
'rotate'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from banluck.core.seating import seating_for
from banluck.games.banluck.rules import Rules, low_shoe

BankMode = Literal["house", "rotate"]

#: K2: the four seats in seat (playing) order; the bank passes dealer → you → anna → ben.
SEATS: tuple[str, ...] = ("you", "anna", "ben", "dealer")
#: K2: the order the bank passes in under ``bank="rotate"``.
BANK_ORDER: tuple[str, ...] = ("dealer", "you", "anna", "ben")

#: K4: decks in the shoe.
DECKS = 2
#: K1: T1–T6 and T21's multiples, shared with Ban Luck (their one home is ``core.rules``).
TOTALS = Rules(name="kampung", seats=SEATS, decks=DECKS)
#: K6 / K8: what a natural collects or wins (T21).
BAN_BAN_MULTIPLE = TOTALS.ban_ban_multiple
BAN_LUCK_MULTIPLE = TOTALS.ban_luck_multiple
#: K12 / K15: five cards: a dragon wins (or collects) 2, 3 at 21; a five-card bust costs 2.
FIVE_DRAGON_MULTIPLE = TOTALS.five_dragon_multiple
FIVE_DRAGON_21_MULTIPLE = TOTALS.five_dragon_21_multiple
FIVE_CARD_BUST_MULTIPLE = TOTALS.five_card_bust_multiple
#: K13: 7-7-7 wins 21 to 1.
SEVEN_SEVEN_SEVEN_MULTIPLE = 21
#: K15 / K16: a 21 wins (or collects) 2.
TWENTY_ONE_MULTIPLE = 2
#: K3 / T9: the banker's minimum stack.
BANKER_MIN_STACK = 100


@dataclass(frozen=True, kw_only=True, slots=True)
class KampungRules:
    """The house of KAMPUNG.md. ``totals`` carries T1–T6 (K1) for ``core.hands``."""

    name: str = "kampung"
    #: K2: seats in seat order.
    seats: tuple[str, ...] = SEATS
    #: K2: who holds the bank: ``house`` (always ``dealer``) or ``rotate``.
    bank: BankMode = "house"
    #: K2: under ``rotate`` the bank passes every this many hands (a void counts).
    rotate_every: int = 5
    #: K2: the bank's order of passing.
    bank_order: tuple[str, ...] = BANK_ORDER
    #: K4: decks, and the counts allowed.
    decks: int = DECKS
    allowed_decks: tuple[int, ...] = (1, 2)
    #: K1: T1–T6 totals and kinds, with T21's multiples that K6, K8, K12 and K15 share.
    totals: Rules = TOTALS
    #: K9: a player must draw under this total.
    player_must_draw_under: int = 15
    #: K14: the banker must draw under this total.
    banker_must_draw_under: int = 16
    #: K1 / K12 / K14: a hand stops at this many cards.
    card_limit: int = 5
    #: K7 / K10: the total of two cards that may be burnt (and the banker's escape).
    burn_total: int = 15
    #: K13: 7-7-7's multiple (H19: 0, a plain 21 that stands)
    seven_seven_seven_multiple: int = SEVEN_SEVEN_SEVEN_MULTIPLE
    twenty_one_multiple: int = TWENTY_ONE_MULTIPLE
    #: K10 (H19): a player's first two-card 15 may be burnt or played; with False it plays on
    free_hand: bool = True
    #: K7 / K10 (H19): burns exist at all (False: the banker's 15 is only void or play)
    burn: bool = True
    #: K14 (H19): the banker may open hands one by one (False: only hit or stand)
    selective_open: bool = True
    #: K11 (H19): a three- or four-card bust is turned over and loses at once
    busts_shown: bool = False
    #: K6 (H18): equal naturals ``push``, or the banker wins them (``banker``)
    equal_naturals: str = "push"
    #: X6: a player's five dragon against the banker's (``compare: xi_dach`` only):
    #: ``by_total`` (the higher wins), ``lower`` (the lower wins), ``banker``, ``push``
    five_against_five: str = "by_total"
    #: X3: a two-card 15 is K7 / K10's ``special`` hand, or a ``plain`` 15
    two_card_15: str = "special"
    #: X4: hands compare as ``kampung`` (K12, K15) or as Xì Dách ranks them (``xi_dach``)
    compare: str = "kampung"
    #: X5: equal totals at an opening ``push``, go to the ``banker`` or to the ``player``
    equal_totals: str = "push"
    #: X7: who may stand under their licence, the hand then *non*: ``off``, ``players``,
    #: ``all`` (the banker too)
    non: str = "off"
    #: X8: a total of this or more is a heavy bust (*đền*), penalised (0: none)
    heavy_bust_from: int = 0
    #: X10: a penalised player pays back what the bank paid out, at most this many of its
    #: bets (0: it loses its bet only)
    pay_for_banker: int = 0
    #: H20: shuffle before every hand (else K4's low-shoe rule)
    shuffle_every_hand: bool = False
    #: K3: a person's bet range, covered once by the stack (who is a bot, and what a bot
    #: bets, is the table's ``core.seating.Seating``).
    bet_min: int = 10
    bet_max: int = 500
    bet_cover: int = 1
    #: K3 / T9: a fresh stack below the minimum (the banker's minimum is ``banker_min_stack``).
    fresh_stack: int = 1000
    player_min_stack: int = 10
    banker_min_stack: int = BANKER_MIN_STACK

    def heavy(self, total: int) -> bool:
        """X8: whether ``total`` is a heavy bust.

        >>> KAMPUNG.heavy(30), dataclasses.replace(KAMPUNG, heavy_bust_from=28).heavy(28)
        (False, True)
        """
        return 0 < self.heavy_bust_from <= total

    def xi_dach(self) -> bool:
        """Whether any of X3–X10's fields plays otherwise than kampung (the table's bots,
        solve and simulator know kampung's rules only)."""
        return (
            self.two_card_15 != "special"
            or self.compare != "kampung"
            or self.equal_totals != "push"
            or self.non != "off"
            or self.heavy_bust_from != 0
            or self.pay_for_banker != 0
        )

    def players(self, banker: str) -> tuple[str, ...]:
        """K2 / K5: the three players against ``banker``, in seat order."""
        return tuple(s for s in self.seats if s != banker)

    def players_burn(self) -> bool:
        """K10 / H19: a player's first two-card 15 may be burnt (without ``burn`` or
        ``free_hand`` it plays on without a move).

        >>> KAMPUNG.players_burn(), dataclasses.replace(KAMPUNG, free_hand=False).players_burn()
        (True, False)
        """
        return self.burn and self.free_hand

    def max_cards_per_hand(self) -> int:
        """K4 / T12: the most cards one hand can use: five per hand, plus two burnt pairs
        for each player and two for the banker."""
        return self.card_limit * len(self.seats) + 2 * len(self.seats)

    def reshuffle_below(self) -> int:
        """K4 / T12: reshuffle before a hand when fewer cards than this remain."""
        return low_shoe(self.decks, self.max_cards_per_hand())

    def next_banker(self, banker: str) -> str:
        """K2: the seat after ``banker`` in the bank's order.

        >>> [KAMPUNG.next_banker(s) for s in BANK_ORDER]
        ['you', 'anna', 'ben', 'dealer']
        """
        order = self.bank_order
        return order[(order.index(banker) + 1) % len(order)]

    def with_decks(self, decks: int | None) -> KampungRules:
        """The same rules with another deck count (None keeps the preset's)."""
        if decks is None or decks == self.decks:
            return self
        if decks not in self.allowed_decks:
            allowed = " or ".join(str(d) for d in self.allowed_decks)
            raise ValueError(f"preset {self.name!r} plays with {allowed} deck(s), not {decks}")
        return dataclasses.replace(
            self, decks=decks, totals=dataclasses.replace(self.totals, decks=decks)
        )

    def with_bank(self, bank: str) -> KampungRules:
        """K2: the same rules with the ``bank`` setting ``house`` or ``rotate``."""
        if bank == "house":
            return dataclasses.replace(self, bank="house")
        if bank == "rotate":
            return dataclasses.replace(self, bank="rotate")
        raise ValueError(f"bank must be 'house' or 'rotate', not {bank!r}")


#: The house of KAMPUNG.md with its defaults (K2: the dealer always banks).
KAMPUNG = KampungRules()
#: K2: its seating (you in the first seat, the others bots betting 50)
KAMPUNG_SEATING = seating_for(KAMPUNG)
