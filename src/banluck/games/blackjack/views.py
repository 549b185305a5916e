"""B9: what one seat may see of a blackjack round. A hidden card is None in every field.

A seat sees its own cards; the dealer's up card; another seat's cards as they are dealt face
up (``infinite``, I3) or once turned over (``classic``, C2); the hole card only once the
dealer turns it over. Totals, kinds and results of a hand are given only when every card of
it is seen. Only views (and ``view_json``) may reach a browser, never the round itself.

>>> from banluck.core.shoe import Shoe
>>> from banluck.games.blackjack.round import BlackjackRound, SeatEntry
>>> from banluck.games.blackjack.rules import CLASSIC
>>> shoe = Shoe.stacked(["TS", "9H", "8C", "6D", "TH", "QH", "9C", "TD", "9S"], decks=2)
>>> r = BlackjackRound.start(CLASSIC, shoe, [SeatEntry(name="you", stack=100, bet=10),
...     SeatEntry(name="anna", stack=100, bet=50), SeatEntry(name="ben", stack=100, bet=50)])
>>> v = view_for(r, "you")
>>> v.dealer, v.seats[0].hands[0].cards, v.seats[1].hands[0].cards
((Card(6D), None), (Card(TS), Card(TH)), (None, None))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from banluck.core.cards import Card
from banluck.core.money import HandRef
from banluck.games.blackjack.hands import total_and_soft
from banluck.games.blackjack.round import BlackjackRound, hand_kind

__all__ = ["BlackjackView", "HandView", "SeatView", "view_for", "view_json"]


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat hand as the viewer sees it."""

    ref: HandRef
    cards: tuple[Card | None, ...]
    bet: int
    doubled: bool
    #: the hand takes no more choices (stood, bust, blackjack, doubled, surrendered)
    done: bool
    #: B1 total and kind (``blackjack``/``bust``/``plain``), when every card is seen
    total: int | None
    kind: str | None
    #: the hand's main wager once settled and seen: ``win``/``lose``/``push``/``surrender``
    result: str | None
    net: int | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it: its hands, and what it put down (public chips)."""

    name: str
    stack: int
    bet: int
    side_bets: dict[str, int]
    insurance: int
    #: the seat's first two cards (I2: shared; what its side bets read), hidden as its hand
    first_two: tuple[Card | None, ...]
    hands: tuple[HandView, ...]
    #: the seat's stack change, once the round is over
    net: int | None


@dataclass(frozen=True, slots=True)
class BlackjackView:
    """The round as ``seat`` sees it (B9)."""

    seat: str
    preset: str
    phase: str
    #: the dealer's cards: the up card, the hole card (None until turned), its draws
    dealer: tuple[Card | None, ...]
    dealer_total: int | None
    seats: tuple[SeatView, ...]
    to_act: str | None
    current_hand: HandRef | None
    #: the viewer's legal actions when it is to act, else empty
    legal: frozenset[str]
    #: what the page offers: ``legal`` less a double or split the stack cannot cover (I7)
    offered: frozenset[str]


def view_for(r: BlackjackRound, seat: str) -> BlackjackView:
    """B9: the projection of round ``r`` for ``seat``; no hidden card in any field."""
    rules = r.rules
    over = r.over
    seats = []
    for name in r.seat_names():
        s = r.seat_state(name)
        open_table = name == seat or not rules.seat_cards_face_down
        hands = []
        for h in s.hands:
            seen = open_table or h.turned_over
            cards = tuple(h.cards) if seen else tuple(None for _ in h.cards)
            settled = h.settled if seen else None
            hands.append(
                HandView(
                    ref=h.ref,
                    cards=cards,
                    bet=h.bet,
                    doubled=h.doubled,
                    done=h.done,
                    total=h.total if seen else None,
                    kind=hand_kind(h.cards, from_split=h.from_split) if seen else None,
                    result=None if settled is None else settled.result,
                    net=None if settled is None else settled.net,
                )
            )
        first_seen = open_table or over
        seats.append(
            SeatView(
                name=name,
                stack=s.entry.stack,
                bet=s.entry.bet,
                side_bets=dict(s.entry.side_bets),
                insurance=s.insurance,
                first_two=tuple(c if first_seen else None for c in s.first_two),
                hands=tuple(hands),
                net=sum(w.net for w in s.settlements) if over else None,
            )
        )
    if r.hole_turned:
        dealer: tuple[Card | None, ...] = tuple(r.dealer)
        dealer_total: int | None = total_and_soft(r.dealer)[0]
    else:
        dealer = (r.up_card, None)
        dealer_total = None
    mine = r.to_act == seat
    legal = r.legal_actions() if mine else frozenset()
    offered = r.decision().covered if mine and r.phase == "play" else legal
    return BlackjackView(
        seat=seat,
        preset=rules.name,
        phase=r.phase,
        dealer=dealer,
        dealer_total=dealer_total,
        seats=tuple(seats),
        to_act=r.to_act,
        current_hand=r.current_hand(),
        legal=legal,
        offered=offered,
    )


def _codes(cards: tuple[Card | None, ...]) -> list[str | None]:
    return [None if c is None else c.code for c in cards]


def view_json(view: BlackjackView) -> dict[str, Any]:
    """A view as JSON-ready data (card codes, None for a hidden card)."""
    return {
        "seat": view.seat,
        "preset": view.preset,
        "phase": view.phase,
        "dealer": {"cards": _codes(view.dealer), "total": view.dealer_total},
        "seats": [
            {
                "name": s.name,
                "stack": s.stack,
                "bet": s.bet,
                "side_bets": s.side_bets,
                "insurance": s.insurance,
                "first_two": _codes(s.first_two),
                "hands": [
                    {
                        "index": h.ref.index,
                        "cards": _codes(h.cards),
                        "bet": h.bet,
                        "doubled": h.doubled,
                        "done": h.done,
                        "total": h.total,
                        "hand": h.kind,
                        "result": h.result,
                        "net": h.net,
                    }
                    for h in s.hands
                ],
                "net": s.net,
            }
            for s in view.seats
        ],
        "to_act": view.to_act,
        "current_hand": None
        if view.current_hand is None
        else {"seat": view.current_hand.seat, "index": view.current_hand.index},
        "legal": sorted(view.legal),
        "offered": sorted(view.offered),
    }
