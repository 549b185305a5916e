"""Display names (no accounts) and invite codes.

A display name is 1 to 24 characters of letters, digits, spaces and ``. _ ' -``, no leading
or trailing space and no run of spaces: what a friend types, nothing a page could mistake
for markup or a control character. An invite code is ``secrets.token_urlsafe(16)``: 128
random bits, unguessable.
"""

from __future__ import annotations

import re
import secrets
import unicodedata

from banluck.core.refusal import Refusal

NAME_MAX = 24
_NAME_PUNCT = frozenset(".'_- ")
_CODE = re.compile(r"[A-Za-z0-9_-]{16,64}")


def display_name(value: object) -> str:
    """The display name a player asked for, NFC-normalised, or ``bad_name``.

    >>> display_name("  Mei Ling "), display_name("Ah-Kow")
    ('Mei Ling', 'Ah-Kow')
    >>> display_name("<b>")
    Traceback (most recent call last):
    ...
    banluck.core.refusal.Refusal: a name may hold letters, digits, spaces and . ' _ - only
    """
    if not isinstance(value, str):
        raise Refusal("bad_name", "a name is required", {"max": NAME_MAX})
    name = unicodedata.normalize("NFC", value).strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise Refusal("bad_name", f"a name has 1 to {NAME_MAX} characters", {"max": NAME_MAX})
    for ch in name:
        if not (ch in _NAME_PUNCT or unicodedata.category(ch)[0] in "LN"):
            raise Refusal(
                "bad_name",
                "a name may hold letters, digits, spaces and . ' _ - only",
                {"max": NAME_MAX},
            )
    if "  " in name:
        raise Refusal("bad_name", "a name has no run of spaces", {"max": NAME_MAX})
    return name


def new_code() -> str:
    """An unguessable invite code (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def is_code(text: str) -> bool:
    """Whether ``text`` has the shape of an invite code (before any lookup).

    >>> is_code(new_code()), is_code("../etc"), is_code("short")
    (True, False, False)
    """
    return _CODE.fullmatch(text) is not None
