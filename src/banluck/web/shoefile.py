"""``banluck serve --shoe FILE``: the cards a new browser's first shoe deals first."""

from __future__ import annotations

import json
from pathlib import Path

from banluck.core import BanLuckError, Shoe
from banluck.core.cards import Card, parse_card


class ShoeFileError(ValueError):
    """A ``--shoe`` file that is not a JSON list of card codes fitting the shoe."""


def read_shoe_file(path: str | Path, decks: int) -> list[Card]:
    """The cards of a ``--shoe`` file (top first), checked against ``decks`` decks."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ShoeFileError(f"cannot read {path}: {exc.strerror}") from None
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError, ...
        raise ShoeFileError(f"{path} is not JSON: {exc}") from None
    if not isinstance(data, list):
        raise ShoeFileError(f'{path}: a shoe file is a JSON list of card codes such as "TS"')
    try:
        cards = [parse_card(c) for c in data]
        Shoe.stacked(cards, decks=decks)
    except BanLuckError as exc:
        raise ShoeFileError(f"{path}: {exc}") from None
    return cards
