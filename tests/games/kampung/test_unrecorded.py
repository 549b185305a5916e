"""The kampung replay's shortcuts: a round that keeps no events settles
exactly as one that does, and the player bot on its own hand chooses as ``player_policy``."""

from __future__ import annotations

import random

from banluck.core.shoe import Shoe
from banluck.games.kampung.bots.policy import banker_policy, own_hand_policy, player_policy
from banluck.games.kampung.decisions import BankerDecision
from banluck.games.kampung.records import PlayerEntry
from banluck.games.kampung.round import KampungRound
from banluck.games.kampung.rules import KAMPUNG


def _play(seed: int, *, record: bool) -> tuple[KampungRound, list[str]]:
    rules = KAMPUNG
    player, banker, own = player_policy(rules), banker_policy(rules), own_hand_policy(rules)
    shoe = Shoe(rules.decks, random.Random(seed))
    shoe.shuffle()
    players = [PlayerEntry(s, 1000, 10) for s in rules.players("dealer")]
    r = KampungRound.start(
        rules, shoe, banker="dealer", bank_stack=1000, players=players, record=record
    )
    chosen: list[str] = []
    while r.to_act is not None:
        d = r.decision()
        if isinstance(d, BankerDecision):
            action = banker(d)
        else:
            action = player(d)
            assert own(d.legal, d.cards, d.total) == action
        chosen.append(action)
        r.apply(action)
    return r, chosen


def test_a_round_without_events_settles_as_one_with_them() -> None:
    for seed in range(60):
        kept, kept_choices = _play(seed, record=True)
        bare, bare_choices = _play(seed, record=False)
        assert kept.events and not bare.events
        assert bare_choices == kept_choices
        assert bare.outcome() == kept.outcome()
