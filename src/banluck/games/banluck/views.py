"""What one seat may see (T22): a projection of the round, never the round itself.

A card the seat may not see yet is absent from the view (``None`` in its place): a view
holds no hidden card in any field, so serialising a view can never leak one.
"""

from __future__ import annotations

from dataclasses import dataclass

from banluck.core.cards import Card
from banluck.games.banluck.actions import Action
from banluck.games.banluck.events import (
    ActionTaken,
    CardDealt,
    DrawReason,
    Event,
    HandRevealed,
    Result,
)
from banluck.games.banluck.hands import HandKind
from banluck.games.banluck.round import Round


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand as the viewer sees it. ``total`` and ``kind`` are given only when the viewer
    sees every card of the hand."""

    name: str
    cards: tuple[Card | None, ...]
    total: int | None
    kind: HandKind | None
    revealed: bool
    bet: int
    stack: int
    result: Result | None
    net: int | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """The round as one seat may see it (``seat`` None: a watcher, who holds no cards)."""

    seat: str | None
    hands: tuple[HandView, ...]
    dealer: HandView
    to_act: str | None
    legal_actions: frozenset[Action]
    events: tuple[Event, ...]
    over: bool
    void: bool
    step: int


def _sees_card(viewer: str | None, owner: str, face_up: bool, revealed: set[str]) -> bool:
    """T22: your own cards from the deal; face-up cards; every card of a turned-over hand."""
    return face_up or owner in revealed or owner == viewer


def _card_faces(r: Round, seat: str) -> dict[int, bool]:
    """For each position of a hand, whether the card there was dealt face up."""
    faces: dict[int, bool] = {}
    count = 0
    for e in r.events:
        if isinstance(e, CardDealt) and e.seat == seat:
            faces[count] = e.face_up
            count += 1
    return faces


def _hand_view(r: Round, viewer: str | None, owner: str, revealed: set[str]) -> HandView:
    h = r.hand(owner)
    cards = h.cards
    faces = _card_faces(r, owner)
    shown = tuple(
        card if _sees_card(viewer, owner, faces[i], revealed) else None
        for i, card in enumerate(cards)
    )
    full = all(c is not None for c in shown)
    s = h.settled
    return HandView(
        name=owner,
        cards=shown,
        total=h.total if full and cards else None,
        kind=r.kind(h.ref) if full and len(cards) >= 2 else None,
        revealed=h.revealed,
        bet=h.bet,
        stack=s.stack if s else r.stacks.get(owner, 0),
        result=s.result if s else None,
        net=s.net if s else None,
    )


def _events_view(e: Event, viewer: str | None, revealed_so_far: set[str]) -> tuple[Event, ...]:
    """One event as ``viewer`` saw it when it happened.

    A card dealt face down to another hand is ``None``. A forced draw of a hand the viewer
    cannot see is shown as a hit (an ``ActionTaken`` then a ``CardDealt`` of reason HIT),
    the same as a chosen one: that the draw was forced would tell that the hidden total is
    under 16 (T22).
    """
    if isinstance(e, CardDealt) and not _sees_card(viewer, e.seat, e.face_up, revealed_so_far):
        if e.reason is DrawReason.FORCED:
            return (
                ActionTaken(e.seat, Action.HIT),
                CardDealt(e.seat, None, e.face_up, DrawReason.HIT),
            )
        return (CardDealt(e.seat, None, e.face_up, e.reason),)
    return (e,)


def view_for(r: Round, seat: str | None) -> SeatView:
    """What ``seat`` may see of round ``r`` now (T22); the dealer's seat is a seat too, and
    None is a watcher, who sees what every seat sees of a hand not its own.

    Events are filtered as they were seen when they happened: a card dealt face down to
    another hand stays ``None`` in its CardDealt event, and appears in the HandRevealed
    event that turns that hand over; another hand's forced draws look like hits.
    """
    if seat is not None and seat not in r.seats and seat != r.dealer:
        raise ValueError(f"no seat {seat!r} at this table")
    revealed = r.revealed
    events: list[Event] = []
    revealed_so_far: set[str] = set()
    for e in r.events:
        if isinstance(e, HandRevealed):
            revealed_so_far.add(e.seat)
        events.extend(_events_view(e, seat, revealed_so_far))
    return SeatView(
        seat=seat,
        hands=tuple(_hand_view(r, seat, name, revealed) for name in r.seats),
        dealer=_hand_view(r, seat, r.dealer, revealed),
        to_act=r.to_act,
        legal_actions=r.legal_actions() if r.to_act == seat else frozenset(),
        events=tuple(events),
        over=r.is_over,
        void=r.void,
        step=r.step,
    )
