"""The game page's head names every module its script imports, so that a browser fetches
them all at once rather than one import level after another (``<link rel="modulepreload">``):
over a phone's slow round trips, each level of imports costs a round trip of its own.

The modules are found by reading the ``import … from "…"`` lines of the page's script and
of every module they name (imports inside functions, ``import(…)``, load later and are not
named); the texts of the reader's language are named too, as the page asks for them first.
"""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from pathlib import Path

from fastapi.responses import HTMLResponse, Response

#: a static import or re-export, its module named in quotes (possibly over several lines)
_IMPORT = re.compile(
    r"""^\s*(?:import|export)\s+[^;"'`]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']""",
    re.MULTILINE,
)


def imports_of(text: str) -> list[str]:
    """The modules a script imports at its top, as written.

    >>> imports_of('import { a,\\n  b } from "./x.js";\\nimport "./y.js";\\nlet z = import("./z");')
    ['./x.js', './y.js']
    """
    return [m.group(1) or m.group(2) for m in _IMPORT.finditer(text)]


@lru_cache(maxsize=8)
def module_graph(static: Path, entry: str) -> tuple[str, ...]:
    """Every module ``entry`` (a path under ``static``) imports, directly or not, in the
    order first met, ``entry`` left out."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.append(name)
        text = (static / name).read_text(encoding="utf-8")
        for spec in imports_of(text):
            if spec.startswith("."):
                todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), spec)))
    return tuple(seen[1:])


def family_module(family: str) -> str:
    """The page's module of a game family (``games/{family}.js``: its table, its events'
    words), which the page imports when a table of that family starts."""
    return f"js/games/{family}.js"


#: the page's own script (one per page)
_SCRIPT = re.compile(r'<script type="module" src="/static/([^"]+)"></script>')


def with_preloads(html: str, static: Path, language: str, also: tuple[str, ...] = ()) -> str:
    """``html`` with a ``modulepreload`` link, after its script's tag, for each module of
    the script's graph, of the modules ``also`` names (what the script imports at once at
    this address, by ``import(…)``: a room's, the lobby's) and their graphs, and for the
    texts of ``language`` when the page uses texts."""
    found = _SCRIPT.search(html)
    if found is None:
        return html
    names = list(module_graph(static, found.group(1)))
    for entry in also:
        names += [entry, *module_graph(static, entry)]
    if "i18n.js" in names:
        names.append(f"i18n/{language}.js")
    links = "".join(
        f'\n  <link rel="modulepreload" href="/static/{n}">' for n in dict.fromkeys(names)
    )
    return html[: found.end()] + links + html[found.end() :]


def page_response(page: Path, static: Path, language: str, also: tuple[str, ...] = ()) -> Response:
    """A page of the game with its preloads (``also``: see ``with_preloads``), never kept
    stale (``no-cache``)."""
    html = with_preloads(page.read_text(encoding="utf-8"), static, language, also)
    return HTMLResponse(html, headers={"Cache-Control": "no-cache"})
