"""The web table: the page, its HTTP API (docs/API.md) and ``banluck serve``.

``app`` is HTTP (routes and statuses; ``errors``: one status per refusal code), ``guard``
its per-request checks and headers (``public``: the addresses it serves), ``identity`` the
signed cookie, ``operations`` and ``metrics`` health and Prometheus, ``server``, ``workers``
and ``limits`` the server under it, ``command`` ``banluck serve``. Beneath it, one package
per part of the product:

- ``solo``: the solo table (its flow, run through the game's driver, one session module per
  family for the stakes, answers, Hint and chart cell, the fair shoe, the drill, the guided
  hand, the statistics; ``service``: one game's requests on the store);
- ``saves``: each family's save format (``records`` is what they share; ``codecs``: each
  game's save and session);
- ``rooms``: the rooms' routes, socket, frames and the rooms in memory or shared;
- ``ledger``: the ledger of a real-card table and its live view.

``wire`` is Ban Luck's state and history JSON, ``catalog`` exact house edges and solved
charts (computed once). ``create_app`` is imported lazily so that ``banluck replay`` does not
load the web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from banluck.web.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from banluck.web.app import create_app

        return create_app
    raise AttributeError(name)
