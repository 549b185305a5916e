"""Policies for the bots and the hint, and the exact solver."""

from __future__ import annotations

from collections.abc import Callable

from banluck.core.actions import Action
from banluck.core.round import DecisionPoint
from banluck.core.rules import Rules
from banluck.strategy.baseline import baseline_policy

Policy = Callable[[DecisionPoint], Action]


def policy_for(rules: Rules) -> Policy:
    """The project's strategy for a preset: what Anna and Ben play, and replay without moves.

    Until the exact solver is in, this is the baseline policy.
    """
    del rules
    return baseline_policy


__all__ = ["Policy", "baseline_policy", "policy_for"]
