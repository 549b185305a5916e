"""A request's query parameters, read one way by the solo tables' routes and the rooms':
a whole number (a hand, a step) and a chart's spot (a row and a column, or neither)."""

from __future__ import annotations

from collections.abc import Mapping

from banluck.core.refusal import Refusal


def whole_param(text: str | None, name: str) -> int:
    """``text`` as a whole number (``bad_request`` naming ``name`` otherwise)."""
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 9:
        raise Refusal("bad_request", f"{name!r} must be a whole number", {"field": name})
    return int(text)


def optional_whole(query: Mapping[str, str], name: str) -> int | None:
    """The whole number ``name`` of ``query``, None where it is not given."""
    return whole_param(query[name], name) if name in query else None


def spot_param(query: Mapping[str, str]) -> tuple[str, str] | None:
    """The chart's spot a drill asks for: its row and its column (None: neither given, a
    spot at random; ``bad_request`` for one without the other)."""
    row, column = query.get("row"), query.get("column")
    if (row is None) != (column is None):
        raise Refusal("bad_request", "a spot is a row and a column", {"field": "column"})
    return None if row is None or column is None else (row, column)
