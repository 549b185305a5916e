"""Policies for the bots and the hint, and the exact solver (issue 4)."""

from __future__ import annotations

from banluck.games.banluck.records import Policy
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.strategy.baseline import baseline_policy


def policy_for(rules: Rules) -> Policy:
    """The solved strategy of a preset: what Anna and Ben play, and replay without moves.

    Cheap to obtain (the shipped table is loaded once per process, no solve and no Numba
    compile for a named preset) and cheap per call (one dictionary lookup).
    """
    from banluck.games.banluck.strategy.tables import strategy_table

    return strategy_table(rules).policy


__all__ = ["Policy", "baseline_policy", "policy_for"]
