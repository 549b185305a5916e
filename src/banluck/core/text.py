"""Text from outside, checked once: valid Unicode at every door, and free text shown to other
people (a seed, a house's name) free of what could break a page or mislead a reader.

Every JSON a player sends (a request body, a socket frame) and every save read back must
hold Unicode scalar values only: JSON's ``"\\ud800"`` escape makes a lone surrogate, which
no UTF-8 encoder writes, so it would fail later, far from where it came in (a shoe's
derivation, a database's cast, an answer's encoding). ``json_fault`` finds one.

Text that other people read must also hold no control character, no bidirectional control
(which reorders what follows it: ``x‮321`` reads as ``x123``), nothing invisible that could
make two texts look alike, and at least one visible character (``text_fault``).

>>> json_fault({"seed": "\\ud800x"}), json_fault({"seed": "ok 😀"})
('a lone surrogate (text must be valid Unicode)', None)
>>> text_fault("lucky 7"), text_fault("x\\u202e1"), text_fault("\\u3164")
(None, 'a bidirectional control character', 'an invisible character')
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

#: Bidirectional controls: embeddings, overrides, isolates and the marks (UAX #9).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Characters that draw nothing yet are letters or marks (Hangul fillers, Khmer inherent
#: vowels, the combining grapheme joiner, Mongolian's vowel separator): a name of them looks
#: empty, or like another name.
INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180e\u3164\uffa0")
#: A JSON escape of a UTF-16 surrogate: where none is, ``json_fault`` has nothing to find.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def scalar(text: str) -> bool:
    """Whether ``text`` holds Unicode scalar values only (no lone surrogate).

    >>> scalar("小明"), scalar("\\udc00")
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def json_fault(data: Any) -> str | None:
    """Why parsed JSON ``data`` cannot be written as UTF-8 (a lone surrogate), else None."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return "a lone surrogate (text must be valid Unicode)"
    except (TypeError, ValueError, RecursionError):
        return "not JSON"
    return None


def raw_json_fault(raw: str, data: Any = None) -> str | None:
    """``json_fault`` of the JSON text ``raw`` (``data``: it parsed, when the caller has it),
    checked only where ``raw`` holds a surrogate's escape (a save read back costs nothing
    more in the usual case).

    >>> pair, lone = '{"a": "' + chr(92) + 'ud83d' + chr(92) + 'ude00"}', '["' + chr(92) + 'udc00"]'
    >>> raw_json_fault(pair), raw_json_fault(lone)
    (None, 'a lone surrogate (text must be valid Unicode)')
    """
    if not scalar(raw):
        return "a lone surrogate (text must be valid Unicode)"
    if _SURROGATE_ESCAPE.search(raw) is None:
        return None
    if data is None:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            return "not JSON"
    return json_fault(data)


def text_fault(text: str) -> str | None:
    """Why ``text`` may not be shown to other people, else None: a lone surrogate, a
    control character (C0, C1, DEL), a bidirectional control, an unassigned or private-use
    character, an invisible one, or nothing visible at all."""
    if not scalar(text):
        return "a lone surrogate (text must be valid Unicode)"
    visible = False
    for ch in text:
        if ch in BIDI_CONTROLS:
            return "a bidirectional control character"
        if ch in INVISIBLE:
            return "an invisible character"
        kind = unicodedata.category(ch)
        if kind == "Cc":
            return "a control character"
        if kind in ("Cn", "Co"):
            return "an unassigned or private-use character"
        if kind == "Cf" and ch not in "\u200c\u200d":  # joiners: emoji and Indic scripts
            return "an invisible character"
        if kind[0] not in "ZM" and kind != "Cf":
            visible = True
    if not visible:
        return "nothing visible"
    return None
