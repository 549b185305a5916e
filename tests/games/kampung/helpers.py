"""Stacked kampung hands for the rule tests: shoes written hand by hand, not card by card."""

from __future__ import annotations

from typing import Any

from banluck.core.seating import BOT_BET
from banluck.core.shoe import Shoe
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.replay import play, replay_hand
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG, KampungRules


def shoe_order(hands: dict[str, str], draws: str = "", *, banker: str = "dealer") -> list[str]:
    """K5: the deal of ``hands`` (seat -> "AS KH") in dealing order, then ``draws``."""
    order = [*KAMPUNG.players(banker), banker]
    first = [hands[s].split()[0] for s in order]
    second = [hands[s].split()[1] for s in order]
    return first + second + draws.split()


def replay(
    hands: dict[str, str],
    draws: str = "",
    *,
    banker: str = "dealer",
    moves: dict[str, list[str]] | None = None,
    stacks: dict[str, int] | None = None,
    bet: int = 100,
    decks: int = 2,
) -> dict[str, Any]:
    """REPLAY.md's kampung input for this deal, played; every seat scripted (``[]`` by
    default, so a seat asked anything is an error)."""
    moves = moves or {}
    stacks = stacks or {}
    seats: list[dict[str, Any]] = []
    for name in KAMPUNG.seats:
        seat: dict[str, Any] = {"name": name, "moves": moves.get(name, [])}
        if name in stacks:
            seat["stack"] = stacks[name]
        if name == "you" and banker != "you":
            seat["bet"] = bet
        seats.append(seat)
    data = {
        "preset": "kampung",
        "decks": decks,
        "banker": banker,
        "shoe": shoe_order(hands, draws, banker=banker),
        "seats": seats,
    }
    return replay_hand(data)


def by_name(out: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The output's seats by name."""
    return {s["name"]: s for s in out["seats"]}


def start(
    hands: dict[str, str],
    draws: str = "",
    *,
    banker: str = "dealer",
    stacks: dict[str, int] | None = None,
    bet: int = 100,
    rules: KampungRules = KAMPUNG,
) -> KampungRound:
    """A round on a stacked shoe, stopped at its first choice."""
    stacks = stacks or {}
    players = [
        PlayerEntry(s, stacks.get(s, 1000), bet if s == "you" else BOT_BET)
        for s in rules.players(banker)
    ]
    shoe = Shoe.stacked(shoe_order(hands, draws, banker=banker), decks=rules.decks)
    return KampungRound.start(
        rules, shoe, banker=banker, bank_stack=stacks.get(banker, 1000), players=players
    )


def drive(r: KampungRound, moves: dict[str, list[str]]) -> KampungRound:
    """Play scripted moves to the end (REPLAY.md's discipline: they must fit exactly)."""
    scripts: dict[str, list[str] | None] = {s: list(moves.get(s, [])) for s in r.rules.seats}
    play(r, scripts)
    return r
