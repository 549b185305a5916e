"""Shared pieces of the kampung bot tests: decisions from cards, engine hands played by bots."""

from __future__ import annotations

import random

import numpy as np

from banluck.core.cards import RANKS, SUITS, Card, parse_card
from banluck.core.shoe import Shoe
from banluck.games.banluck.hands import hand_total
from banluck.games.kampung.bots import policy as P
from banluck.games.kampung.decisions import BankerDecision, HandSeen, PlayerDecision
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from banluck.games.kampung.sim import hand as kh
from banluck.games.kampung.sim import kernel as k
from banluck.games.kampung.sim.runner import new_cache, sim_arrays

PLAYERS = ("you", "anna", "ben")
BET = 50


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in codes)


def total(cs: tuple[Card, ...]) -> int:
    return hand_total(cs, KAMPUNG.totals)


def player_decision(cs: tuple[Card, ...], legal: set[str], **kw: object) -> PlayerDecision:
    args: dict[str, object] = {
        "seat": "you",
        "banker": "dealer",
        "cards": cs,
        "total": total(cs),
        "bet": BET,
        "stack": 1000,
        "legal": frozenset(legal),
        "burnt": (),
        "banker_burnt": (),
        "others": (),
    }
    args.update(kw)
    return PlayerDecision(**args)  # type: ignore[arg-type]


def seen(
    seat: str,
    count: int,
    *,
    settled: bool = False,
    shown: tuple[Card, ...] | None = None,
    bet: int = BET,
) -> HandSeen:
    return HandSeen(seat=seat, card_count=count, cards=shown, settled=settled, stood=True, bet=bet)


def banker_decision(
    cs: tuple[Card, ...], hands: tuple[HandSeen, ...], legal: set[str], burnt: bool = False
) -> BankerDecision:
    return BankerDecision(
        seat="dealer",
        cards=cs,
        total=total(cs),
        stack=10**6,
        legal=frozenset(legal),
        hands=hands,
        burnt=burnt,
    )


def shuffled(seed: int) -> list[str]:
    deck = [r + s for r in RANKS for s in SUITS] * 2
    random.Random(seed).shuffle(deck)
    return deck


def engine_hand(
    deck: list[str], banker: str, players: str, rules: KampungRules = KAMPUNG
) -> tuple[list[int], int]:
    """One hand of the engine with the bots deciding; each player's net in bets, cards used."""
    return play_hand(deck, P.player_policy(rules, players), P.banker_policy(rules, banker), rules)


def play_hand(
    deck: list[str], pp: P.PlayerPolicy, bp: P.BankerPolicy, rules: KampungRules = KAMPUNG
) -> tuple[list[int], int]:
    """One hand of the engine with the policies ``pp`` (every player) and ``bp`` (the
    banker) deciding; each player's net in bets, cards used."""
    r = KampungRound.start(
        rules,
        Shoe.stacked(deck, decks=2),
        banker="dealer",
        bank_stack=10**9,
        players=[PlayerEntry(s, 10**6, BET) for s in PLAYERS],
    )
    while not r.is_over:
        d = r.decision()
        action = bp(d) if isinstance(d, BankerDecision) else pp(d)
        assert action in d.legal
        r.apply(action)
    o = r.outcome()
    return [s.net // BET for s in o.seats], o.cards_used


class KernelHands:
    """The simulator's kernel playing stacked shoes."""

    def __init__(self, banker: str, players: str, rules: KampungRules = KAMPUNG) -> None:
        self.a = sim_arrays(rules, banker, players)
        self.acts, self.filled = new_cache()

    def hand(self, deck: list[str]) -> tuple[list[int], int]:
        a = self.a
        classes = np.array([parse_card(c).points - 1 for c in deck], dtype=np.int64)
        net = np.zeros(kh.NP, dtype=np.int64)
        acc = np.zeros(kh.ACC_SIZE, dtype=np.int64)
        st = np.zeros(1, dtype=np.int64)
        rng = np.ones(4, dtype=np.uint64)
        mrng = np.ones(4, dtype=np.uint64)  # pure policies draw nothing from it
        k.play_hands(
            *a.kernel_args(), self.acts, self.filled, classes, st, rng, mrng, 1, 0, net, acc
        )
        used = st[0]
        return [int(x) for x in net], int(used)
