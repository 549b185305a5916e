"""The server's public addresses (``--public-url``): the names a front door (nginx, Caddy,
a tunnel, a platform's router) passes in the Host header, and the origin a browser that
came through it sends. Only these, the local names and IP addresses are served (DNS
rebinding stays refused); a change or a socket must come from the origin of the address
its Host names; the cookie is ``Secure`` and the invite links and QR codes use that origin.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

#: the environment variable that holds the public addresses (containers), space or comma
#: separated, used when ``--public-url`` is not given
ENV = "BANLUCK_PUBLIC_URL"
_DEFAULT_PORTS = {"http": 80, "https": 443}
#: a DNS name (letters, digits, hyphens, dots) or a bracketed IPv6 address
_NAME = re.compile(
    r"^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$"
)


@dataclass(frozen=True, slots=True)
class PublicUrl:
    """One public address: its scheme, its host name (lower case) and its port."""

    scheme: str
    name: str
    port: int

    @property
    def origin(self) -> str:
        """The browser's ``Origin`` for a page at this address (no default port).

        >>> read_public_url("https://Cards.Example.com/").origin
        'https://cards.example.com'
        >>> read_public_url("http://192.168.1.5:8000").origin
        'http://192.168.1.5:8000'
        """
        default = _DEFAULT_PORTS[self.scheme] == self.port
        return f"{self.scheme}://{self.name}" + ("" if default else f":{self.port}")

    @property
    def secure(self) -> bool:
        return self.scheme == "https"

    def hosts(self) -> frozenset[str]:
        """The Host headers that name this address: ``name:port``, and ``name`` alone at
        the scheme's default port.

        >>> sorted(read_public_url("https://cards.example.com").hosts())
        ['cards.example.com', 'cards.example.com:443']
        """
        both = {f"{self.name}:{self.port}"}
        if _DEFAULT_PORTS[self.scheme] == self.port:
            both.add(self.name)
        return frozenset(both)


def read_public_url(text: str) -> PublicUrl:
    """A public address from ``https://name[:port]`` (a trailing ``/`` allowed); ValueError
    naming what is wrong.

    >>> read_public_url("https://cards.example.com:8443")
    PublicUrl(scheme='https', name='cards.example.com', port=8443)
    >>> read_public_url("cards.example.com")
    Traceback (most recent call last):
    ...
    ValueError: public URL 'cards.example.com': give the scheme and the name, as https://cards.example.com
    """
    parts = urlsplit(text.strip())
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.netloc:
        raise ValueError(
            f"public URL {text!r}: give the scheme and the name, as https://cards.example.com"
        )
    if parts.path not in ("", "/") or parts.query or parts.fragment or "@" in parts.netloc:
        raise ValueError(f"public URL {text!r}: only the scheme, the name and a port, no path")
    try:
        port = parts.port or _DEFAULT_PORTS[scheme]
    except ValueError:
        raise ValueError(f"public URL {text!r}: the port is not a number from 1 to 65535") from None
    name = (parts.hostname or "").lower()
    if ":" in name:
        name = f"[{name}]"
    elif not _NAME.match(name):
        raise ValueError(f"public URL {text!r}: {name!r} is not a host name")
    return PublicUrl(scheme=scheme, name=name, port=port)


def public_urls(
    given: Iterable[str] | None, environ: dict[str, str] | None = None
) -> tuple[PublicUrl, ...]:
    """The public addresses: those given (``--public-url``, repeatable), else the
    environment's ``BANLUCK_PUBLIC_URL``; none when neither says any."""
    values = list(given or ())
    if not values:
        env = (environ if environ is not None else os.environ).get(ENV, "")
        values = [v for v in re.split(r"[\s,]+", env) if v]
    return tuple(dict.fromkeys(read_public_url(v) for v in values))
