"""An installable page (issue 18, "installable and light"): a manifest with the app's name,
start and icons, a service worker that registers from the root and keeps the page's own
files, and, with the server away, a clear page in three languages saying to start it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Request, expect

from tests.browser.conftest import Server
from tests.browser.test_table_page import PLAIN, open_table

pytestmark = pytest.mark.browser


def test_the_manifest_names_the_app_and_its_icons(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href
    manifest = page.request.get(server.url + href)
    assert manifest.ok and "manifest+json" in manifest.headers["content-type"]
    data = manifest.json()
    assert data["name"] == "Ban Luck" and data["start_url"] == "/"
    assert data["display"] == "standalone"
    for icon in data["icons"]:
        got = page.request.get(server.url + icon["src"])
        assert got.ok and got.headers["content-type"].startswith(icon["type"]), icon


def test_the_service_worker_registers_and_without_the_server_says_to_start_it(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    scope = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == server.url + "/"
    worker = page.request.get(server.url + "/sw.js")
    assert worker.ok and "__VERSION__" not in worker.text()
    assert worker.headers["cache-control"] == "no-cache"
    # the page's files come from the worker's cache now
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.context.set_offline(True)
    try:
        page.goto(server.url + "/play/table")
        offline = page.locator("[data-testid=offline]")
        expect(offline).to_be_visible()
        expect(offline).to_contain_text("Start the server")
        expect(offline).to_contain_text("Starten Sie den Server")
        expect(offline).to_contain_text("请启动服务器")
    finally:
        page.context.set_offline(False)
    page.goto(server.url + "/play/table")
    expect(page.locator("#btn-deal")).to_be_enabled()


def test_a_page_not_in_chinese_loads_only_the_language_settings_two_glyphs(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """The language setting's 中文 is on every page: an English page fetches its own tiny
    font for it (and shows it in it), not the page's Chinese font; a Chinese page fetches
    that too. The setting's Tiếng Việt may bring the 11 KB Vietnamese letters font (Chromium
    fetches it here although DejaVu Sans has the letters), never more."""
    server = serve(PLAIN)
    fonts: list[str] = []

    def watch(page: Page) -> Page:
        page.context.on("requestfinished", lambda r: fonts.append(r.url.rsplit("/", 1)[-1]))
        return page

    page = watch(new_page())
    open_table(page, server)
    page.evaluate("() => document.fonts.ready")
    assert page.evaluate("() => document.fonts.check('1em BanluckCJK', '中文')")
    page.wait_for_timeout(300)
    got = {f for f in fonts if f.endswith(".woff")}
    assert "cjk-language.woff" in got and got <= {"cjk-language.woff", "vi-letters.woff"}, got
    fonts.clear()
    zh = watch(new_page(locale="zh-CN"))
    zh.goto(server.url + "/play/table")
    expect(zh.locator("#btn-deal")).to_be_enabled()
    zh.evaluate("() => document.fonts.ready")
    zh.wait_for_timeout(300)
    assert "cjk-subset.woff" in fonts, fonts


def test_a_page_fetches_the_texts_of_its_language_only_and_another_when_chosen(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """Each language's texts are a file of their own, fetched when a page first shows that
    language: a German browser's table fetches English (every page's fallback) and German,
    announced in the page's head so that they come at once, never Chinese or Vietnamese;
    choosing 中文 fetches Chinese and translates the table, and a reload keeps it."""
    server = serve(PLAIN)
    texts: list[str] = []
    page = new_page(locale="de-DE")

    def fetched(r: Request) -> None:  # by the page (the service worker keeps every file)
        if "/static/i18n/" in r.url and r.service_worker is None:
            texts.append(r.url.rsplit("/", 1)[-1])

    page.context.on("requestfinished", fetched)
    open_table(page, server)
    expect(page.locator("#btn-deal")).to_contain_text("Geben")
    head = page.locator('link[rel="modulepreload"][href^="/static/i18n/"]')
    assert head.evaluate_all("(ls) => ls.map((l) => l.getAttribute('href'))") == [
        "/static/i18n/en.js",
        "/static/i18n/de.js",
    ]
    assert sorted(set(texts)) == ["de.js", "en.js"]
    page.locator("#btn-settings").click()
    page.locator('input[name="language"][value="zh"]').check()
    expect(page.locator("#btn-deal")).to_contain_text("发牌")
    assert "zh.js" in texts and "vi.js" not in texts
    page.keyboard.press("Escape")
    page.reload()  # the choice is kept with the table's settings
    expect(page.locator("#btn-deal")).to_contain_text("发牌")
    assert "vi.js" not in texts
