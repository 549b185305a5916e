"""The guided first hand of every game (issue 18): a stacked hand that shows the game's key
rule, dealt and played through the game's own driver with the choices its lesson asks for.

``guide_json(game)`` is the hand as the person sees it at each of those choices (the
driver's view of the seat ``you``: nothing hidden is sent) and at its end. The page shows
each view with the lesson's words, takes only the choice asked for, and then hands over to
the real table. Nothing is stored and no chip moves: the lesson is not a hand of the table.

The lessons are data (the cards, top first, in the family's deal order; the choices; the
bank; the side bets). What each teaches is the page's text (``guide.{game}.{n}``):

- ``table``: an ace that counts 11 with two cards (A-4: 15, a free hand, T16) and 10 with
  three (A-4-6: 20, T3); the dealer's 17 loses.
- ``one-on-one``: the same ace, with the dealer's face-up card (O rules) and no free hand.
- ``kampung``: you hold the bank at 16 and draw to 19 (K14), open the hand that drew (K16)
  and stand: every hand left is opened and loses.
- ``xi-dach``: an ace that counts 11 with two cards (A-4: 15, X13), under 16 a stand that
  would be non and what it costs (X7, X9, X10), and 10 with three (A-4-7: 21, which stands);
  the banker opens the hands at its 18 (K16).
- ``classic``: a pair of eights split against a 6 (C6); the dealer draws to 17 and busts.
- ``infinite``: the shared first cards (I2), a Pairs side bet that wins (I10) and eights
  split against a 9.

Every choice a lesson asks for is the best play by the game's own solver (its Hint), ties
included: a lesson never teaches a play the table's Hint would call a mistake.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from banluck.games.driver import HandDriver, HandStart
from banluck.games.drivers import driver_for
from banluck.games.registry import driver_class

YOU = "you"


@dataclass(frozen=True, kw_only=True)
class Lesson:
    """One game's guided hand."""

    cards: tuple[str, ...]
    choices: tuple[str, ...]
    bet: int = 100
    banker: str | None = None
    side_bets: Mapping[str, int] = field(default_factory=dict)


LESSONS: dict[str, Lesson] = {
    "table": Lesson(
        cards=("AS", "9C", "8C", "TC", "4H", "8D", "9D", "7D", "6S"), choices=("hit", "stand")
    ),
    "one-on-one": Lesson(cards=("AS", "7C", "4H", "TD", "6S"), choices=("stand",)),
    "kampung": Lesson(
        cards=("TS", "9C", "5H", "8S", "6D", "9D", "7C", "8H", "4C", "3C"),
        choices=("hit", "open:dealer", "stand"),
        banker=YOU,
    ),
    "xi-dach": Lesson(
        cards=("AS", "9C", "TC", "TD", "4H", "8C", "7D", "8D", "7S", "2C", "3C", "2D", "3D"),
        choices=("hit",),
    ),
    "classic": Lesson(
        cards=("8S", "TC", "9H", "6D", "8D", "9S", "TD", "TH", "3C", "TS", "9C", "9D"),
        choices=("split", "hit", "stand"),
    ),
    "infinite": Lesson(
        cards=("8S", "9C", "8H", "8C", "TD", "JC"),
        choices=("split", "stand", "stand"),
        side_bets={"pairs": 10},
    ),
}


def lesson_play(game: str) -> Iterator[tuple[HandDriver, str | None]]:
    """``game``'s lesson hand at each choice it asks for, with that choice (made when the
    caller moves on), and at its end (None). KeyError for a game with no lesson."""
    lesson = LESSONS[game]
    driver = driver_for(game, decks=driver_class(game).settings_spec(game).default_decks)
    seats = driver.layout or (YOU,)
    start = HandStart(
        number=1,
        seed=0,
        shoe=driver.stacked_shoe(lesson.cards),
        seats=seats,
        people=(YOU,),
        stacks=dict.fromkeys(seats, driver.fresh_stack()),
        bets={} if lesson.banker == YOU else {YOU: lesson.bet},
        banker=lesson.banker or driver.first_banker(),
        side_bets={YOU: lesson.side_bets} if lesson.side_bets else {},
    )
    hand = driver.begin(start)

    def bots(seat: str) -> str | None:
        return None if seat == YOU else hand.bot_choice()

    for choice in lesson.choices:
        hand.play_until(bots)
        yield hand, choice
        hand.apply(choice)
    hand.play_until(bots)
    yield hand, None


@cache
def guide_json(game: str) -> dict[str, Any]:
    """The guided hand of ``game``: ``steps`` (the view at each choice asked for, and the
    choice) and ``end`` (the view of the hand over). KeyError for a game with no lesson."""
    steps: list[dict[str, Any]] = []
    end: dict[str, Any] = {}
    for hand, choice in lesson_play(game):
        if choice is None:
            end = hand.view(YOU)
        else:
            steps.append({"table": hand.view(YOU), "choice": choice})
    return {"game": game, "steps": steps, "end": end}
