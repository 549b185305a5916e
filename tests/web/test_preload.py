"""Every page names, in its head, each module its script imports (``modulepreload``) and the
texts of the reader's language, so that a browser asks for them all at once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banluck.web.preload import module_graph
from tests.web.helpers import client_for

STATIC = Path(__file__).resolve().parents[2] / "src" / "banluck" / "web" / "static"
PRELOAD = re.compile(r'<link rel="modulepreload" href="/static/([^"]+)">')


@pytest.mark.parametrize(
    ("path", "accept", "language"),
    [
        ("/play/table", "de-DE,de;q=0.9", "de"),
        ("/", "zh-CN", "zh"),
        ("/play/xi-dach", "vi", "vi"),
        ("/ledger", None, "en"),
        ("/room/new", "de", "de"),
    ],
)
def test_a_page_preloads_its_script_graph_and_its_language(
    tmp_path: Path, path: str, accept: str | None, language: str
) -> None:
    c = client_for(tmp_path / "s.sqlite3")
    headers = {"Accept-Language": accept} if accept else {}
    page = c.get(path, headers=headers)
    assert page.status_code == 200 and page.headers["cache-control"] == "no-cache"
    script = re.search(r'<script type="module" src="/static/([^"]+)"></script>', page.text)
    assert script is not None
    named = PRELOAD.findall(page.text)
    # every module the script reaches by a static import, read from the files themselves
    graph = set(module_graph(STATIC, script.group(1)))
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
