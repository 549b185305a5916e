"""Rebet (issue 18): once a hand has been played, Rebet deals the last hand's bet again at
once, whatever the field holds, and Rebet ×2 twice it; neither shows before the first hand
or for a banker, who places no bet."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_chips import play_out
from tests.browser.test_games import api, idle
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser


def your_bet(page: Page, server: Server) -> int:
    table = page.request.get(api(server, "table") + "/state").json()["table"]
    return int(next(s["bet"] for s in table["seats"] if s["name"] == "you"))


def test_rebet_deals_the_last_bet_again_and_twice_over(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN * 2)
    page = new_page()
    page.request.put(api(server, "table") + "/settings", data={"speed": "instant"})
    page.goto(f"{server.url}/play/table")
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator("#btn-rebet")).to_be_hidden()  # no hand played yet
    page.locator("#bet").fill("70")
    page.locator("#btn-deal").click()
    play_out(page)
    assert your_bet(page, server) == 70
    expect(page.locator("#btn-rebet")).to_be_enabled()
    page.locator("#bet").fill("20")  # the field changed: Rebet still bets the last hand's
    page.locator("#btn-rebet").click()
    idle(page)
    assert your_bet(page, server) == 70
    play_out(page)
    expect(page.locator("#btn-rebet-twice")).to_have_attribute(
        "title", "Deal again with twice the last hand's bet (140)"
    )
    page.locator("#btn-rebet-twice").click()
    idle(page)
    assert your_bet(page, server) == 140
    play_out(page)
    expect(page.locator("#bet")).to_have_value("140")


def test_no_rebet_for_the_banker(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    page.request.put(
        api(server, "kampung") + "/settings", data={"speed": "instant", "bank": "rotate"}
    )
    page.goto(f"{server.url}/play/kampung")
    expect(page.locator("#btn-deal")).to_be_enabled()
    for _ in range(8):  # K2: the bank passes round, to you after five hands
        if page.locator("#bank-note").is_visible():
            break
        page.locator("#btn-deal").click()
        play_out(page)
    expect(page.locator("#bank-note")).to_be_visible()
    expect(page.locator("#btn-rebet")).to_be_hidden()
    expect(page.locator("#btn-rebet-twice")).to_be_hidden()
