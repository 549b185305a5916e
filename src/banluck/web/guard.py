"""Every request's guard (a plain ASGI middleware under the app): the Host header (DNS
rebinding), the origin and content type of changes (cross-site requests), the signed
cookie, the headers of every answer, and a 500 that says so (``Guard``)."""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable, Iterable

import anyio
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.datastructures import MutableHeaders
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from banluck.core.refusal import Refusal
from banluck.web.identity import COOKIE, Identities
from banluck.web.public import ENV as PUBLIC_ENV
from banluck.web.public import PublicUrl

LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})
#: Where the guard leaves the player's id for the routes.
SCOPE_KEY = "banluck.player"
CLOSE = {"Connection": "close"}
_CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
log = logging.getLogger("banluck.web")

#: The page loads only its own files: no inline script or style (the card faces colour
#: themselves with SVG's ``color`` attribute), nothing from elsewhere; nobody may frame it.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self';"
    " font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none';"
    " form-action 'self'; frame-ancestors 'none'"
)


class HttpRefusal(Exception):
    """A request refused before it reaches the game: a status, a code, headers."""

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.body = Refusal(code, message).body()
        self.headers = headers or {}

    def response(self, page: bool = False) -> Response:
        """The refusal as JSON, or as a line of text for a page a browser opened (a person
        reads it there, not a script)."""
        if page:
            text = f"{self.body['error']['message']}\n"
            return PlainTextResponse(text, status_code=self.status, headers=self.headers)
        return JSONResponse(self.body, status_code=self.status, headers=self.headers)


class HostCheck:
    """DNS rebinding: a Host header must name this server: a public address
    (``--public-url``), a local name or ``names``, or an IP address (a rebound name is
    never an address), and ``port`` when given (a public address names its own).

    >>> check = HostCheck(LOCAL_NAMES, 8000)
    >>> [check("127.0.0.1:8000"), check("localhost:8000"), check("evil.example:8000")]
    [True, True, False]
    >>> [check("[::1]:8000"), check("192.168.1.5:8000"), check("localhost:9000")]
    [True, True, False]
    >>> from banluck.web.public import read_public_url
    >>> behind = HostCheck(LOCAL_NAMES, 8000, (read_public_url("https://cards.example.com"),))
    >>> [behind("cards.example.com"), behind("cards.example.com:8000"), behind("x.example")]
    [True, False, False]
    """

    def __init__(
        self, names: frozenset[str], port: int | None, public: tuple[PublicUrl, ...] = ()
    ) -> None:
        self.names = names
        self.port = port
        self.public = {host: url for url in public for host in url.hosts()}
        self._told: set[str] = set()

    @classmethod
    def serving(
        cls, host_names: Iterable[str], port: int | None, public: tuple[PublicUrl, ...] = ()
    ) -> HostCheck:
        """The check of a server listening on ``host_names`` at ``port``, reached also at
        ``public``."""
        return cls(frozenset(LOCAL_NAMES | {h.lower() for h in host_names}), port, public)

    def __call__(self, host: str) -> bool:
        host = host.lower()
        if host in self.public:
            return True
        if host.startswith("["):
            name, bracket, rest = host.partition("]")
            name += bracket
        else:
            name, colon, rest = host.partition(":")
            rest = colon + rest
        if not rest:
            port = 80
        elif rest[0] == ":" and rest[1:].isdigit() and rest[1:].isascii() and len(rest) <= 6:
            port = int(rest[1:])
        else:
            return False
        if self.port is not None and port != self.port:
            return False
        return name in self.names or _is_ip(name)

    def public_for(self, host: str) -> PublicUrl | None:
        """The public address a Host header names, else None."""
        return self.public.get(host.lower())

    def origin(self, host: str, scheme: str) -> str:
        """The origin a change or a socket must come from when it names ``host``: its
        public address's (the front door's scheme, whatever the proxy spoke to us), else
        ``scheme://host`` as the connection came."""
        url = self.public_for(host)
        return url.origin if url is not None else f"{scheme}://{host.lower()}"

    def refusal(self, host: str) -> str:
        """Why ``host`` is refused, said once in the log with what the operator sets."""
        shown = host[:100]
        if shown not in self._told and len(self._told) < 100:
            self._told.add(shown)
            log.warning(
                "refused a request for Host %r: if this server is reached at that name, start"
                " it with --public-url https://%s (or set %s)",
                shown,
                shown,
                PUBLIC_ENV,
            )
        return f"this server does not serve {shown!r} (its operator names it with --public-url)"


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.removeprefix("[").removesuffix("]"))
    except ValueError:
        return False
    return True


class Guard:
    """Every request's checks and every answer's headers (a plain ASGI middleware).

    Refused before the app: a Host that is not this server (400), a change (POST, PUT, …)
    from another origin (403) or with a body not sent as ``application/json`` (415).
    The ``banluck_id`` cookie: a request without a valid signed id gets a new one (not
    stored until it changes something). Every answer gets ``nosniff``,
    ``X-Frame-Options``, the CSP and, under /api/, ``no-store``. An unexpected fault
    gives a 500 with all of them and ``Connection: close`` (never a dropped connection).
    """

    def __init__(
        self,
        app: ASGIApp,
        identities: Identities,
        known: Callable[[str], bool],
        hosts: HostCheck,
        trust_proxy: bool = False,
    ) -> None:
        self.app = app
        self.identities = identities
        self.known = known  # whether the store holds a player id (an old unsigned cookie)
        self.hosts = hosts
        #: a proxy the operator trusts is in front (``--client-header``): its
        #: ``X-Forwarded-Proto`` says whether the browser came over https
        self.trust_proxy = trust_proxy

    def _secure(self, scope: Scope, headers: dict[str, str]) -> bool:
        """Whether the browser's connection is https (the cookie is then ``Secure``)."""
        if scope.get("scheme") == "https":
            return True
        public = self.hosts.public_for(headers.get("host", ""))
        if public is not None:
            return public.secure
        proto = headers.get("x-forwarded-proto", "").rsplit(",", 1)[-1].strip().lower()
        return self.trust_proxy and proto == "https"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        cookies: dict[str, str] = {}
        for name, value in scope["headers"]:
            if name == b"cookie":
                cookies.update(cookie_parser(value.decode("latin-1")))
        refusal = self._refusal(scope, headers)
        set_cookie = None
        if refusal is None:
            player, set_cookie = await self._identify(cookies.get(COOKIE, ""))
            scope[SCOPE_KEY] = player
        api = str(scope["path"]).startswith("/api/")
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                h = MutableHeaders(scope=message)
                if set_cookie:
                    secure = self._secure(scope, headers)
                    h.append("set-cookie", self.identities.set_cookie(set_cookie, secure=secure))
                h["X-Content-Type-Options"] = "nosniff"
                h["X-Frame-Options"] = "DENY"
                h["Content-Security-Policy"] = CSP
                h["Referrer-Policy"] = "same-origin"
                if api:
                    h["Cache-Control"] = "no-store"
            await send(message)

        try:
            if refusal is not None:
                page = not api and scope["method"] == "GET"
                await refusal.response(page)(scope, receive, send_with_headers)
                return
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if started:
                raise
            log.exception("unexpected error on %s %s", scope["method"], scope["path"])
            failed = HttpRefusal(
                500, "server_error", "the server failed; nothing was changed", CLOSE
            )
            await failed.response()(scope, receive, send_with_headers)

    async def _identify(self, cookie: str) -> tuple[str, str | None]:
        """The player of a cookie, and a cookie value to set (None: keep the one sent)."""
        player = self.identities.player(cookie)
        if player is not None:
            return player, None
        legacy = self.identities.legacy(cookie)
        if legacy is not None and await anyio.to_thread.run_sync(self.known, legacy):
            return legacy, self.identities.cookie(legacy)
        player, value = self.identities.issue()
        return player, value

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> HttpRefusal | None:
        host = headers.get("host", "")
        if not self.hosts(host):
            return HttpRefusal(400, "bad_request", self.hosts.refusal(host))
        if scope["method"] not in _CHANGES:
            return None
        origin = headers.get("origin")
        site = headers.get("sec-fetch-site")
        if (origin is not None and origin.lower() != self.hosts.origin(host, scope["scheme"])) or (
            origin is None and site not in (None, "same-origin", "none")
        ):
            return HttpRefusal(403, "forbidden", "a change must come from this server's page")
        has_body = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
        media = headers.get("content-type", "").partition(";")[0].strip().lower()
        if has_body and media != "application/json":
            return HttpRefusal(415, "bad_request", "send the body as application/json")
        return None
