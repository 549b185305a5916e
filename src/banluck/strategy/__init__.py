"""Policies for the bots and the hint, and the exact solver."""

from banluck.strategy.baseline import baseline_policy

__all__ = ["baseline_policy"]
