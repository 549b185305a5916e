"""What every game's save shares (docs/API.md, Saves): ``CorruptSave`` for a record that is
not a table that could have been played (a damaged save, absurd numbers included: chips
past ``MAX_CHIPS``, a hand number past ``MAX_HAND``, as the page's numbers are JavaScript
doubles), the browser's settings, and the clock of the history's time stamps.

The saves' formats: the one table save, ``table_save``; Ban Luck's, ``banluck_save``
(``table``, ``one-on-one``); blackjack's and kampung's earlier ones, ``blackjack_save`` and
``kampung_save``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from banluck.core.whole import is_whole
from banluck.games.table_run import MAX_HAND as TABLE_MAX_HAND

SPEEDS = ("slow", "normal", "fast", "instant")
LANGUAGES = ("en", "de", "zh", "vi")
#: The highest hand number: the largest integer a JavaScript number holds exactly.
MAX_HAND = TABLE_MAX_HAND


class CorruptSave(Exception):
    """A saved record that cannot be read back as a valid table."""


def now_iso() -> str:
    """The time now, UTC, to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


#: a JSON whole number (``core.whole``: the one check)
is_int = is_whole


def language_from(accept: str | None) -> str:
    """The first of en, de, zh, vi the browser's Accept-Language asks for (English otherwise).

    >>> language_from("de-CH,de;q=0.9,en;q=0.8"), language_from("zh-CN"), language_from(None)
    ('de', 'zh', 'en')
    """
    if not accept:
        return "en"
    choices: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES and q > 0:
            choices.append((-q, i, lang))
    return min(choices)[2] if choices else "en"


def read_json(raw: str) -> Any:
    """A save's text as JSON (``CorruptSave`` when it is not)."""
    try:
        return json.loads(raw)
    except RecursionError:
        raise CorruptSave("not JSON: nested too deeply") from None
    except ValueError as exc:
        raise CorruptSave(f"not JSON: {exc}") from None
