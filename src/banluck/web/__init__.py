"""The web table: the page, its HTTP API (docs/API.md) and ``banluck serve``.

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
