"""What one seat may see of a kampung round (K17): a projection, never the round itself.

A seat sees its own cards; another hand's cards once it is turned over (a natural, a
banker's natural or escape, five cards, 7-7-7, an opening, the end of the hand); the two
cards a burn puts aside (the burn shows the 15); how many cards each hand holds and who has
stood; the banker's cards from its turn (K14). A card the seat may not see is ``None``, so
serialising a view can never leak one. Choices that would tell what a hidden hand holds (a
player's ``hit``, ``stand`` or ``play``, the banker's ``play`` of its 15) are left out of
other seats' events: the cards dealt and ``TurnEnded`` say all that may be said.
"""

from __future__ import annotations

from dataclasses import dataclass

from banluck.core.cards import Card
from banluck.games.banluck.hands import hand_total
from banluck.games.kampung.events import (
    ActionTaken,
    CardDealt,
    CardsBurnt,
    Event,
    HandTurned,
)
from banluck.games.kampung.round import KampungRound

#: A player's choices that are private: they would tell another seat about a hidden hand.
PRIVATE_PLAYER_ACTIONS = frozenset({"hit", "stand", "play"})
#: The banker's one private choice: ``play`` on a 15 says it holds a 15 (K7).
PRIVATE_BANKER_ACTIONS = frozenset({"play"})


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand as the viewer sees it. ``total`` and ``kind`` are given only when the viewer
    sees every card of the hand; ``bet`` is None for the banker."""

    seat: str
    banker: bool
    cards: tuple[Card | None, ...]
    burnt: tuple[Card, ...]
    card_count: int
    turned: bool
    stood: bool
    total: int | None
    kind: str | None
    bet: int | None
    stack: int
    result: str | None
    net: int | None


@dataclass(frozen=True, slots=True)
class KampungView:
    """The round as one seat may see it (``seat`` None: a watcher)."""

    seat: str | None
    banker: str
    players: tuple[HandView, ...]
    bank: HandView
    to_act: str | None
    legal_actions: tuple[str, ...]
    events: tuple[Event, ...]
    over: bool
    void: bool


def view_for(r: KampungRound, seat: str | None) -> KampungView:
    """K17: the round as ``seat`` may see it (None: a watcher, who sees of every hand what
    a seat not its own sees)."""
    if seat is not None and seat not in r.rules.seats:
        raise ValueError(f"unknown seat {seat!r}")
    players = tuple(_player_view(r, h.seat, seat) for h in r.hands)
    return KampungView(
        seat=seat,
        banker=r.banker,
        players=players,
        bank=_bank_view(r, seat),
        to_act=r.to_act,
        legal_actions=r.legal_actions() if r.to_act == seat else (),
        events=tuple(visible_events(r, seat)),
        over=r.is_over,
        void=r.voided,
    )


def _sees_all(r: KampungRound, owner: str, viewer: str | None) -> bool:
    if owner == viewer:
        return True
    if owner == r.banker:
        return r.bank.turned
    return r.player(owner).turned


def _player_view(r: KampungRound, owner: str, viewer: str | None) -> HandView:
    h = r.player(owner)
    cards = tuple(h.cards)
    sees = _sees_all(r, owner, viewer)
    settled = h.result is not None
    return HandView(
        seat=owner,
        banker=False,
        cards=cards if sees else (None,) * len(cards),
        burnt=h.burnt,
        card_count=len(cards),
        turned=h.turned,
        stood=h.done,
        total=r.total(owner) if sees else None,
        kind=r.kind(owner) if sees else None,
        bet=h.bet,
        stack=h.stack + h.net,
        result=h.result.value if h.result is not None else None,
        net=h.net if settled else None,
    )


def _bank_view(r: KampungRound, viewer: str | None) -> HandView:
    b = r.bank
    cards = tuple(b.cards)
    sees = _sees_all(r, b.seat, viewer)
    return HandView(
        seat=b.seat,
        banker=True,
        cards=cards if sees else (None,) * len(cards),
        burnt=b.burnt,
        card_count=len(cards),
        turned=b.turned,
        stood=r.is_over,
        total=hand_total(cards, r.rules.totals) if sees else None,
        kind=r.kind(b.seat) if sees else None,
        bet=None,
        stack=b.stack,
        result=None,
        net=b.stack - b.start_stack if r.is_over else None,
    )


def visible_events(r: KampungRound, viewer: str | None) -> list[Event]:
    """K17: the round's events as ``viewer`` may see them, hidden cards as ``None``."""
    out: list[Event] = []
    dealt: dict[str, int] = {}
    burnt = {e.seat for e in r.events if isinstance(e, CardsBurnt)}
    turned = {e.seat for e in r.events if isinstance(e, HandTurned)}
    for e in r.events:
        if isinstance(e, CardDealt):
            index = dealt.get(e.seat, 0)
            dealt[e.seat] = index + 1
            shown = (
                e.face_up
                or e.seat == viewer
                or e.seat in turned
                or (e.seat in burnt and index < 2)  # the burnt pair is shown (K7 / K10)
            )
            out.append(e if shown else CardDealt(e.seat, None, e.face_up, e.reason))
        elif isinstance(e, ActionTaken):
            private = PRIVATE_BANKER_ACTIONS if e.seat == r.banker else PRIVATE_PLAYER_ACTIONS
            if e.seat == viewer or e.action not in private:
                out.append(e)
        else:
            out.append(e)
    return out
