"""``--house`` and ``--rule`` on ``banluck odds``, ``strategy`` and ``simulate`` (H2): the
house they name, from a file, a named house or the preset, with fields changed on top."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from banluck.games.house import House, HouseError, read_house
from banluck.games.named_houses import NAMED


def add_house_options(parser: Any) -> None:
    """``--house`` and ``--rule`` for ``banluck odds``, ``strategy`` and ``simulate`` (H2)."""
    parser.add_argument(
        "--house",
        metavar="FILE|NAME",
        default=None,
        help="play a house: a JSON file of a house object, or a named house",
    )
    parser.add_argument(
        "--rule",
        metavar="FIELD=VALUE",
        action="append",
        default=[],
        help="change one house field (repeatable), on top of --preset or --house",
    )


def house_from_args(preset: str | None, house: str | None, rules: list[str]) -> House | None:
    """The house that ``--preset``, ``--house`` and ``--rule`` name (None: the preset alone).

    >>> house_from_args("table", None, ["five_card_bust=1", "dealer_15=play"]).rules["dealer_15"]
    'play'
    >>> house_from_args("table", None, ["five_card_bust"])
    Traceback (most recent call last):
    ...
    banluck.games.house.HouseError: --rule 'five_card_bust' must be FIELD=VALUE
    """
    if house is None and not rules:
        return None
    data: dict[str, Any] = {"base": preset or "table"}
    if house is not None:
        path = Path(house)
        if path.is_file():
            try:
                loaded = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise HouseError(f"house: cannot read {house!r}: {exc}") from None
        else:
            if house not in NAMED:
                raise HouseError(
                    f"house: {house!r} is neither a file nor a named house"
                    f" (named: {', '.join(sorted(NAMED))})"
                )
            loaded = NAMED[house].house
        read_house(loaded)  # checked as given, before any --rule
        data = dict(loaded)
        if preset is not None and preset != data["base"]:
            raise HouseError(f"house: --preset {preset!r} is not the house's base {data['base']!r}")
    changes = dict(data.get("rules", {}))
    for rule in rules:
        field, sep, text = rule.partition("=")
        if not sep or not field:
            raise HouseError(f"--rule {rule!r} must be FIELD=VALUE")
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text  # a choice written bare: dealer_15=play
        changes[field] = value
    return read_house({**data, "rules": changes})


def resolve_house_args(args: Any) -> None:
    """Before a command runs: ``args.house_played`` (the ``House``, or None) from
    ``--house`` / ``--rule``, and ``args.preset`` the house's base (``table`` when no preset
    or house is named). HouseError when the house is refused."""
    house = house_from_args(args.preset, getattr(args, "house", None), getattr(args, "rule", []))
    args.house_played = house
    args.preset = house.base if house is not None else (args.preset or "table")
    if house is not None and args.decks is not None and args.decks != house.rules["decks"]:
        raise HouseError(
            f"house: --decks {args.decks} is not the house's decks {house.rules['decks']}"
        )


def rules_of(args: Any, preset_rules: Callable[[], Any]) -> Any:
    """The rules record a command plays: the house's, else ``preset_rules()``."""
    house: House | None = getattr(args, "house_played", None)
    return preset_rules() if house is None else house.record()
