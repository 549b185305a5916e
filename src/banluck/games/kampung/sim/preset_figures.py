"""Kampung's own rules' figures shipped with the package (``odds_preset.json``, made by
``odds_shipped``), read without the simulator: what the driver's ``shipped_edge`` and
``banluck odds --preset kampung`` give at once.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from banluck.games.kampung.rules import KAMPUNG, KampungRules


def data_path() -> Path:
    return Path(__file__).with_name("odds_preset.json")


@cache
def _shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(data_path().read_text(encoding="utf-8"))
    return data


def shipped(rules: KampungRules) -> dict[str, Any] | None:
    """The shipped figures when ``rules`` are kampung's own at one of its deck counts (a
    copy, the caller's to change), else None."""
    for decks in KAMPUNG.allowed_decks:
        if rules == KAMPUNG.with_decks(decks):
            figures: dict[str, Any] = json.loads(json.dumps(_shipped()[str(decks)]))
            return figures
    return None
