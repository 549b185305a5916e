"""Many generated hands through ``replay --lines`` (the benchmark's input, smaller): none is
an error, and every output adds up (a seat's net is the sum of its wagers' nets)."""

from __future__ import annotations

import json
import random

from banluck.replay import replay_lines
from tests.games.blackjack.make_hands import make_hand


def test_generated_hands_replay_and_add_up() -> None:
    rnd = random.Random(2026)
    hands = [make_hand(rnd) for _ in range(500)]
    for hand, line in zip(hands, replay_lines(json.dumps(h) for h in hands), strict=True):
        out = json.loads(line)
        assert "error" not in out, (out, hand)
        assert out["preset"] == hand["preset"]
        for seat, given in zip(out["seats"], hand["seats"], strict=True):
            parts = [h["net"] for h in seat["hands"]] + [
                w["net"] for w in seat["side_bets"].values()
            ]
            if seat["insurance"] is not None:
                parts.append(seat["insurance"]["net"])
            assert seat["net"] == sum(parts)
            assert seat["stack"] >= 0
            assert set(seat["side_bets"]) == set(given.get("side_bets") or {})
        used = out["cards_used"]
        assert 4 <= used <= len(hand["shoe"])
