"""The Strategy chart in the reader's language (issue 18): its title, corner, rows,
columns, legend and exceptions are German or Chinese on a German or Chinese page, with no
English word of the chart left."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser

ENGLISH = re.compile(
    r"\b(hard|soft|pair|cards?|your|dealer's|up card|hit|stand|double|split|surrender|"
    r"else|exceptions|preset|best play|free hand|throw)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize(
    ("locale", "game", "words"),
    [
        ("de-DE", "table", ["deine Karten", "2 Karten, weich", "ziehen", "Ausnahmen"]),
        ("zh-CN", "classic", ["庄家的明牌", "硬12点", "一对", "分牌"]),
        ("de-DE", "one-on-one", ["offene Karte des Dealers", "2 Karten, 16"]),
    ],
)
def test_the_chart_speaks_the_pages_language(
    serve: Callable[..., Server],
    new_page: Callable[..., Page],
    locale: str,
    game: str,
    words: list[str],
) -> None:
    server = serve(PLAIN)
    page = new_page(locale=locale)
    page.goto(f"{server.url}/play/{game}")
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.keyboard.press("c")
    body = page.locator("#chart-body")
    expect(body.locator("table.chart")).to_be_visible(timeout=30_000)
    text = body.inner_text()
    for word in words:
        assert word in text, (word, text[:400])
    assert not ENGLISH.search(text), ENGLISH.search(text)
