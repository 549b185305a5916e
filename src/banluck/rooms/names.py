"""Display names (no accounts) and invite codes.

A display name is 1 to 24 characters of letters (with their marks, in any script), digits,
spaces and ``. _ ' -``, no leading or trailing space and no run of spaces: what a friend
types, nothing a page could mistake for markup or a control character, nothing invisible.
Two names are the same person's when they look alike (``same_name``: Unicode's confusables
after NFKC and case folding), so nobody can sit as a second "Ann". An invite code is
``secrets.token_urlsafe(16)``: 128 random bits, unguessable.
"""

from __future__ import annotations

import re
import secrets
import unicodedata

from confusables import is_confusable  # type: ignore[import-untyped]

from banluck.core.refusal import Refusal
from banluck.core.text import text_fault

NAME_MAX = 24
_NAME_PUNCT = frozenset(".'_- ")
_CODE = re.compile(r"[A-Za-z0-9_-]{16,64}")


def display_name(value: object) -> str:
    """The display name a player asked for, NFC-normalised, or ``bad_name``.

    >>> display_name("  Mei Ling "), display_name("Ah-Kow"), display_name("अनिल")
    ('Mei Ling', 'Ah-Kow', 'अनिल')
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
    for i, ch in enumerate(name):
        kind = unicodedata.category(ch)[0]
        if not (ch in _NAME_PUNCT or kind in "LN" or (kind == "M" and i > 0)):
            raise Refusal(
                "bad_name",
                "a name may hold letters, digits, spaces and . ' _ - only",
                {"max": NAME_MAX},
            )
    if text_fault(name) is not None or not any(unicodedata.category(c)[0] in "LN" for c in name):
        raise Refusal("bad_name", "a name must be visible: letters or digits", {"max": NAME_MAX})
    if "  " in name:
        raise Refusal("bad_name", "a name has no run of spaces", {"max": NAME_MAX})
    return name


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def same_name(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` look alike (one person's, in a room): equal after NFKC
    and case folding, or made of confusable characters (Unicode's confusables: Cyrillic
    "Аnn", math-bold "𝐀nn", "Ann" with an accent are all "Ann").

    >>> same_name("Ann", "ann"), same_name("Ann", "Ａｎｎ"), same_name("Ann", "\u0410nn")
    (True, True, True)
    >>> same_name("Ann", "Anna"), same_name("小明", "小朋")
    (False, False)
    """
    fa, fb = _folded(a), _folded(b)
    return fa == fb or bool(is_confusable(fa, fb))


def new_code() -> str:
    """An unguessable invite code (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def is_code(text: str) -> bool:
    """Whether ``text`` has the shape of an invite code (before any lookup).

    >>> is_code(new_code()), is_code("../etc"), is_code("short")
    (True, False, False)
    """
    return _CODE.fullmatch(text) is not None
