"""Every page names, in its head, each module its script imports (``modulepreload``) and the
texts of the reader's language, so that a browser asks for them all at once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banluck.web.preload import module_graph
from tests.web.helpers import client_for

STATIC = Path(__file__).resolve().parents[2] / "src" / "banluck" / "web" / "static"
FAMILIES = ("js/games/banluck.js", "js/games/kampung.js", "js/games/blackjack.js")
PRELOAD = re.compile(r'<link rel="modulepreload" href="/static/([^"]+)">')


@pytest.mark.parametrize(
    ("path", "accept", "language", "also"),
    [
        ("/play/table", "de-DE,de;q=0.9", "de", ("js/games/banluck.js",)),
        ("/", "zh-CN", "zh", ("js/lobby.js",)),
        ("/play/xi-dach", "vi", "vi", ("js/games/kampung.js",)),
        ("/play/infinite", "en", "en", ("js/games/blackjack.js",)),
        ("/ledger", None, "en", ()),
        ("/room/new", "de", "de", ()),
        ("/room/QX7KP2", "en", "en", ("js/room/room.js", *FAMILIES)),
    ],
)
def test_a_page_preloads_its_script_graph_and_its_language(
    tmp_path: Path, path: str, accept: str | None, language: str, also: tuple[str, ...]
) -> None:
    """The modules the page imports at once at that address too: a game's family's, a
    room's (and every family's), the lobby's."""
    c = client_for(tmp_path / "s.sqlite3")
    headers = {"Accept-Language": accept} if accept else {}
    page = c.get(path, headers=headers)
    assert page.status_code == 200 and page.headers["cache-control"] == "no-cache"
    script = re.search(r'<script type="module" src="/static/([^"]+)"></script>', page.text)
    assert script is not None
    named = PRELOAD.findall(page.text)
    # every module the script reaches by a static import, read from the files themselves
    graph = set(module_graph(STATIC, script.group(1)))
    for entry in also:
        graph |= {entry, *module_graph(STATIC, entry)}
    assert set(named) == graph | {f"i18n/{language}.js"} and len(named) == len(set(named))
    assert f"i18n/{language}.js" in named and "i18n/en.js" in named
    others = {f"i18n/{lang}.js" for lang in ("de", "zh", "vi")} - {f"i18n/{language}.js"}
    assert not others & set(named)  # never another language's texts
    for name in named:
        assert c.get(f"/static/{name}").status_code == 200, name


def test_the_graph_follows_every_static_import_and_no_later_one() -> None:
    graph = module_graph(STATIC, "js/main.js")
    assert "i18n.js" in graph and "i18n/en.js" in graph and "js/messages.js" in graph
    for name in ("i18n/de.js", "i18n/zh.js", "i18n/vi.js"):  # fetched when first used
        assert name not in graph
    for name in graph:  # each module of the graph is imported by another of it (or main)
        stem = name.rsplit("/", 1)[-1]
        importers = [m for m in ("js/main.js", *graph) if stem in (STATIC / m).read_text()]
        assert importers, name


def test_a_tables_first_load_leaves_the_tools_and_the_rules_texts_for_later(
    tmp_path: Path,
) -> None:
    """The largest files and the dialogs' modules are not on the way to a table's first
    Deal: the rules texts, the chart, drill, history and statistics, a room's, the lobby's."""
    c = client_for(tmp_path / "s.sqlite3")
    named = set(PRELOAD.findall(c.get("/play/table").text))
    later = {
        "rules.js",
        "rules_games.js",
        "js/teach/chart.js",
        "js/teach/drill.js",
        "js/teach/history.js",
    }
    later |= {"js/teach/stats.js", "js/room/room.js", "js/lobby.js"}
    later |= {"js/games/blackjack.js", "js/games/kampung.js"}  # the other families'
    assert not named & later
    assert {"js/table/controls.js", "js/dialogs.js", "i18n/en.js"} <= named
