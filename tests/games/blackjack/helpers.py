"""Small builders for the blackjack tests: REPLAY.md inputs and rounds on stacked shoes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from banluck.core.shoe import Shoe
from banluck.games.blackjack.bets import SeatEntry
from banluck.games.blackjack.replay import replay_hand
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import PRESETS


def hand_input(
    preset: str,
    shoe: Sequence[str],
    *,
    you: Mapping[str, Any] | None = None,
    anna: Mapping[str, Any] | None = None,
    ben: Mapping[str, Any] | None = None,
    **top: Any,
) -> dict[str, Any]:
    """A REPLAY.md input; ``you`` bets 100 from 1,000 unless told; bots as given."""
    seats = [
        {"name": "you", "stack": 1000, "bet": 100, **(you or {})},
        {"name": "anna", **(anna or {})},
        {"name": "ben", **(ben or {})},
    ]
    return {"preset": preset, "shoe": list(shoe), "seats": seats, **top}


def replay(preset: str, shoe: Sequence[str], **kw: Any) -> dict[str, Any]:
    """The replay output of one hand."""
    return replay_hand(hand_input(preset, shoe, **kw))


def seat(out: Mapping[str, Any], name: str) -> dict[str, Any]:
    """One seat of a replay output."""
    found: dict[str, Any] = next(s for s in out["seats"] if s["name"] == name)
    return found


def start(
    preset: str,
    shoe: Sequence[str],
    bets: Sequence[int] = (100, 50, 50),
    stacks: Sequence[int] = (1000, 1000, 1000),
    side_bets: Sequence[Mapping[str, int]] = ({}, {}, {}),
    shoe_hand: int = 1,
) -> BlackjackRound:
    """A round of ``preset`` dealt from a stacked shoe (with room for the rest)."""
    rules = PRESETS[preset]
    entries = [
        SeatEntry(name=n, stack=s, bet=b, side_bets=dict(sb))
        for n, s, b, sb in zip(rules.seats, stacks, bets, side_bets, strict=True)
    ]
    return BlackjackRound.start(
        rules, Shoe.stacked(shoe, decks=rules.decks), entries, shoe_hand=shoe_hand
    )
