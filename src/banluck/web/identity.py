"""The ``banluck_id`` cookie: only ids the server issued (docs/API.md, Identity).

A cookie is ``<id>.<mac>``: a random id (``secrets.token_urlsafe``) and its HMAC-SHA256
under the save file's own key, so an id a client makes up, or any change to an issued one
(a trailing newline included), is refused and replaced by a new id (no session fixation).
Ids issued before cookies were signed carry no mac: such an id is taken only when the
store already holds it (the server issued it), and it comes back signed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

COOKIE = "banluck_id"
COOKIE_MAX_AGE = 365 * 24 * 3600
_ID = r"[A-Za-z0-9_-]{16,64}"
_SIGNED = re.compile(rf"({_ID})\.([A-Za-z0-9_-]{{22}})")
_LEGACY = re.compile(_ID)


class Identities:
    """Issues and checks signed player ids under ``key``.

    >>> ids = Identities(b"k" * 32)
    >>> player, cookie = ids.issue()
    >>> ids.player(cookie) == player, ids.player(cookie + "\\n"), ids.player(player)
    (True, None, None)
    """

    def __init__(self, key: bytes) -> None:
        self._key = key

    def cookie(self, player: str) -> str:
        """The cookie value of an id."""
        mac = hmac.new(self._key, player.encode("ascii"), hashlib.sha256).digest()[:16]
        return f"{player}.{base64.urlsafe_b64encode(mac).decode('ascii').rstrip('=')}"

    def issue(self) -> tuple[str, str]:
        """A new id and its cookie value."""
        player = secrets.token_urlsafe(18)
        return player, self.cookie(player)

    def player(self, cookie: str) -> str | None:
        """The id of a cookie value this server signed, else None."""
        m = _SIGNED.fullmatch(cookie)
        if m is None:
            return None
        if not hmac.compare_digest(self.cookie(m.group(1)), cookie):
            return None
        return m.group(1)

    @staticmethod
    def legacy(cookie: str) -> str | None:
        """An unsigned id of the old form (to be looked up in the store), else None."""
        return cookie if _LEGACY.fullmatch(cookie) else None

    @staticmethod
    def set_cookie(value: str, *, secure: bool = False) -> str:
        """The ``Set-Cookie`` header for a cookie value (``Secure`` when the browser came
        over https: the cookie never travels in the clear after that)."""
        flags = "; Secure" if secure else ""
        return f"{COOKIE}={value}; HttpOnly; Max-Age={COOKIE_MAX_AGE}; Path=/; SameSite=Lax{flags}"
