"""The web table: the page, its HTTP API (docs/API.md) and ``banluck serve``.

Every game of the registry: ``solo`` (the solo table's flow, one for every game, run
through the game's driver: the deal, the stale check, the bots, the settlement), one session
module per family over it (``banluck_game``, ``blackjack_game``, ``kampung_game``: the
stakes, the answers, the hint and chart cell) and its save format (``banluck_save``,
``blackjack_save``, ``kampung_save``; ``records`` is what they share), ``wire`` (Ban Luck's
state and history JSON), ``codecs`` (each game's save and session), ``betcap`` (the most
you may bet next, asked of the rules), ``stats`` (your statistics), ``catalog`` (exact
house edges and solved charts, computed once), ``service`` (one game's requests on the
store; refusals as ``Refusal`` codes), ``app`` (HTTP: routes and statuses), ``guard``
(per-request checks and headers), ``identity`` (the signed cookie), ``server`` and
``limits`` (uvicorn's connections), ``command`` (``banluck serve``).

``create_app`` is imported lazily so that ``banluck replay`` does not load the web stack.
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
