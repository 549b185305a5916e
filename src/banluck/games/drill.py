"""The trainer's drill: a spot of the Strategy chart (your hand against what the
dealer shows) dealt as a real hand, with the exact value of every choice, so the page can
answer at once.

A spot is dealt through the game's own driver from a full, stacked shoe: the shoe is first
in a random order, then the card that reached a wrong place (your j-th card, the dealer's
face-up card) is swapped with a card of the rank wanted from further down, and the hand is
dealt again from the start: the cards before it are unchanged, so every choice before it is
too. Where a card was dealt is read from the hand's own events (each ``dealt`` event is the
next card of the shoe). The hand found is checked by the same chart cell and Hint the table
uses (the driver's ``chart_cell`` and ``hint``; its ``chart_cell_of`` finds the cards), so
the drill plays no rule of its own: your cards, the dealer's and the choices are the
driver's, the values the solver's.

Nothing is stored and no chip moves; only the person's view of the hand is sent, with the
values (a drill answers at once). Games without a chart (kampung) have no drill.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from banluck.core.cards import parse_card
from banluck.core.refusal import Refusal
from banluck.games.driver import GameDriver, HandDriver, HandStart
from banluck.games.drivers import driver_for
from banluck.games.house import House
from banluck.games.registry import driver_class, game

YOU = "you"
RANKS = "A23456789TJQK"
#: tries at a composition for a spot, and deals of one composition (a swap each)
COMPOSITIONS = 60
DEALS = 12
#: hands dealt to a spot's cards that stood by themselves before it is called never a choice
STOOD = 3
#: what a deal answers when your cards are the spot's and the hand stood without a choice
STANDS = "stands"
#: hands of up to EVERY cards are all looked at for a cell's cards, longer ones by a sample
EVERY = 3
SAMPLES = 3000


#: Spots found never to be a choice at a rules record (no hand of theirs, one that always
#: stands by itself or ends at the deal), by the record's text and the cell: asked again,
#: refused at once.
_NEVER: set[tuple[str, str, str]] = set()
#: At most this many such spots remembered (all forgotten past it).
NEVER_KEPT = 4096


def rank(code: str) -> str:
    """A card's rank (a jack is not a ten: C6 splits a pair of the same rank)."""
    return code[0]


def _dealt(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in view.get("events", ()) if e.get("type") == "dealt"]


def _up(view: dict[str, Any]) -> tuple[int, str] | None:
    """The shoe position and code of the dealer's first face-up card, if one shows."""
    for k, e in enumerate(_dealt(view)):
        if e["seat"] == "dealer" and e["card"] is not None:
            return k, e["card"]
    return None


def _yours(view: dict[str, Any]) -> list[tuple[int, str]]:
    return [(k, e["card"]) for k, e in enumerate(_dealt(view)) if e["seat"] == YOU]


class _Stands(Exception):
    """The spot's cards were dealt and the hand stood by itself."""


class Dealer:
    """Deals spots of one game and house."""

    def __init__(self, name: str, decks: int | None, house: House | None) -> None:
        g = game(name)
        if g.chart is None:  # no chart, no spots of it
            raise Refusal("not_found", f"{g.title} has no drill", {"game": name})
        spec = driver_class(name).settings_spec(name)
        if house is not None and decks is not None:
            house = house.with_field("decks", decks)
        self.driver: GameDriver = driver_for(name, decks=decks or spec.default_decks, house=house)
        self.seats = self.driver.layout or (YOU,)
        self.shoe = [r + s for _ in range(self.driver.rules.decks) for r in RANKS for s in "SHDC"]

    def _begin(self, order: list[str]) -> HandDriver:
        d = self.driver
        start = HandStart(
            number=1,
            seed=0,
            shoe=d.stacked_shoe(order),
            seats=self.seats,
            people=(YOU,),
            stacks=dict.fromkeys(self.seats, d.fresh_stack()),
            bets={YOU: d.min_bet},
            banker=d.first_banker(),
        )
        return d.begin(start)

    def _play(
        self, order: list[str], want: list[str], up: str | None
    ) -> HandDriver | tuple[int, str] | str | None:
        """Deal ``order`` until you hold ``len(want)`` cards at your choice: the hand, or
        (position, rank) of the first card in a wrong place, or None (no such hand)."""
        hand = self._begin(order)

        def bots(seat: str) -> str | None:
            return None if seat == YOU else hand.bot_choice()

        while True:
            hand.play_until(bots)
            view = hand.view(YOU)
            yours = _yours(view)
            for (k, code), r in zip(yours, want, strict=False):
                if rank(code) != r:
                    return k, r
            shown = _up(view)
            if up is not None and shown is not None and rank(shown[1]) != up:
                return shown[0], up
            if hand.over and len(yours) == len(want) > 2 and (up is None or shown is not None):
                # the cards wanted, drawn after the deal (so no dealer's natural ended the
                # hand), and no choice: the hand stood by itself
                return STANDS
            if hand.over or len(yours) > len(want):
                return None
            if "decline" in hand.legal():  # I4: the drill's spot is the play after insurance
                hand.apply("decline")
                continue
            if len(yours) == len(want):
                return hand if up is None or shown is not None else None
            if "hit" not in hand.legal():
                return None
            hand.apply("hit")

    def _deal(self, want: list[str], up: str | None, rng: random.Random) -> HandDriver | None:
        """A hand dealt to ``want`` (your ranks) and ``up`` at your choice, or None; raises
        ``_Stands`` when those cards are dealt and the hand stands by itself."""
        order = self.shoe[:]
        rng.shuffle(order)
        fixed: set[int] = set()
        for _ in range(DEALS):
            got = self._play(order, want, up)
            if got is None or isinstance(got, HandDriver):
                return got
            if got == STANDS:
                raise _Stands
            assert isinstance(got, tuple)
            k, r = got
            later = [m for m in range(k + 1, len(order)) if m not in fixed and rank(order[m]) == r]
            if k in fixed or not later:
                return None
            m = rng.choice(later)
            order[k], order[m] = order[m], order[k]
            fixed.add(k)
        return None

    def _compositions(self, row: str, column: str, rng: random.Random) -> list[list[str]]:
        """Hands (ranks in a random order) and the up card whose chart cell is the spot's, of
        the fewest cards that have one: every hand of two and three cards, then a sample."""
        cell_of = self.driver.chart_cell_of
        # a column that is a card's rank is the dealer's face-up card; the others (Ban Luck's
        # card counts at the table) show none
        up = column if column in RANKS else None
        shown = None if up is None else parse_card(up + "H")
        for n in range(2, 6):
            hands = (
                itertools.product(RANKS, repeat=n)
                if n <= EVERY
                else ([rng.choice(RANKS) for _ in range(n)] for _ in range(SAMPLES))
            )
            found = [
                [*cards, up or ""]
                for cards in hands
                if cell_of([parse_card(c + "S") for c in cards], shown) == (row, column)
            ]
            if found:
                return found
        return []

    def spot(self, row: str, column: str, rng: random.Random) -> dict[str, Any]:
        """A hand dealt to the spot (``row``, ``column``) of the chart, as you see it, with
        the value of each choice; Refusal ``no_spot`` when none can be dealt."""
        never = (repr(self.driver.rules), row, column)
        if never in _NEVER:
            raise _no_spot(row, column)
        found = self._compositions(row, column, rng)
        stood = 0
        for _ in range(COMPOSITIONS if found else 0):
            *want, up = rng.choice(found)
            try:
                hand = self._deal(want, up or None, rng)
            except _Stands:
                stood += 1
                if stood >= STOOD:  # a spot that is never a choice (blackjack's 21)
                    break
                continue
            if hand is not None and hand.chart_cell() == (row, column):
                return self._json(hand, row, column)
        # not dealt in COMPOSITIONS tries (every cell that is a choice is dealt in a few): a
        # spot that is never a choice at these rules, remembered
        if len(_NEVER) >= NEVER_KEPT:
            _NEVER.clear()
        _NEVER.add(never)
        raise _no_spot(row, column)

    def _json(self, hand: HandDriver, row: str, column: str) -> dict[str, Any]:
        view = hand.view(YOU)
        hint = hand.hint_json(YOU)
        shown = _up(view)
        return {
            "cell": {"row": row, "column": column},
            "cards": [code for _, code in _yours(view)],
            "dealer": [] if shown is None else [shown[1]],
            "legal": list(hand.legal()),
            "best": hint["best"],
            "ev": hint["ev"],
        }


def _no_spot(row: str, column: str) -> Refusal:
    return Refusal(
        "no_spot",
        f"no hand could be dealt for the spot {row!r} against {column!r}",
        {"row": row, "column": column},
    )


def drill_json(
    name: str,
    decks: int | None,
    house: House | None,
    chart: dict[str, Any],
    spot: tuple[str, str] | None,
    rng: random.Random,
) -> dict[str, Any]:
    """A drill spot of game ``name`` (``spot``: the row and column asked for; None: a cell of
    ``chart`` at random) at ``decks`` and ``house`` (named in the answer, H9). Refusal
    ``bad_spot`` (422) for a cell the chart does not have."""
    cells = [
        (row, col)
        for row, line in zip(chart["rows"], chart["cells"], strict=True)
        for col, mark in zip(chart["columns"], line, strict=True)
        if mark is not None
    ]
    if spot is not None and spot not in cells:
        raise Refusal(
            "bad_spot",
            f"the chart has no spot {spot[0]!r} against {spot[1]!r}",
            {"row": spot[0], "column": spot[1]},
        )
    dealer = Dealer(name, decks, house)
    named = {"game": name, "house": None if house is None else house.name}
    if spot is not None:
        return {**named, **dealer.spot(*spot, rng)}
    # a cell at random; one that is never a choice (blackjack's 21 stands) gives way to another
    for cell in rng.sample(cells, min(len(cells), 8)):
        try:
            return {**named, **dealer.spot(*cell, rng)}
        except Refusal:
            continue
    raise Refusal("no_spot", "no spot of the chart could be dealt", {})
