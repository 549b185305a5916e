"""A link to give a phone: the address of a page as a person outside reaches it, and its QR
code, for a room's invite and a ledger's live view."""

from __future__ import annotations

import io

from fastapi import Request

from banluck.web.guard import HostCheck


def invite_qr(link: str) -> bytes:
    """The QR code of ``link`` as SVG (segno; error correction M, a quiet zone of 4)."""
    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", scale=4, xmldecl=False, dark="#000", light="#fff"
    )
    return out.getvalue()


def public_link(request: Request, hosts: HostCheck, route: str, **params: str) -> str:
    """The address of ``route`` for a phone's camera: the front door's (``--public-url``)
    where the request came through it, else the address the browser reached."""
    public = hosts.public_for(request.headers.get("host", ""))
    if public is not None:  # the front door's address, not the proxy's hop to us
        return f"{public.origin}{request.app.url_path_for(route, **params)}"
    return str(request.url_for(route, **params))
