"""The guided first hand (issue 18), in the page: offered on a game's first visit and from
the lobby's "How to play", it deals the lesson's hand, says what to do and why at each
choice in the reader's language, takes only the choice it asks for, and hands over to the
real table with nothing moved."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_games import api, idle
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser


def test_the_first_visit_offers_the_lesson_and_it_hands_over_to_the_table(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    line = page.locator("#guide-line")
    expect(line).to_contain_text("Play a guided first hand")
    page.get_by_role("button", name="Guided first hand").click()
    expect(line).to_have_text("A lesson hand, with nothing at stake: press Deal.")
    page.locator("#btn-deal").click()
    idle(page)
    expect(line).to_contain_text("A and 4 make 15. A two-card 15 is a free hand")
    expect(page.locator("#btn-stand")).to_be_disabled()  # 15: you must draw or throw in
    page.keyboard.press("t")  # the free hand thrown in: not what the lesson asks
    expect(page.locator("#error")).to_contain_text("Not in this lesson: press Hit.")
    page.keyboard.press("h")
    idle(page)
    expect(line).to_have_text(
        "With three cards the ace counts 1 or 10: A, 4 and 6 make 20. Press Stand."
    )
    page.keyboard.press("s")
    idle(page)
    expect(line).to_contain_text("you win your bet. Now the real table.")
    page.get_by_role("button", name="Play at the real table").click()
    expect(page.locator("#guide")).to_be_hidden()
    expect(page.locator("#btn-deal")).to_be_enabled()
    state = page.request.get(server.url + "/api/state").json()
    assert state["table"] is None and state["player"]["stacks"]["you"] == 1000
    assert page.request.get(server.url + "/api/history").json()["hands"] == []
    page.reload()  # offered once
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator("#guide")).to_be_hidden()


def test_how_to_play_in_the_lobby_starts_the_kampung_lesson_in_chinese(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page(locale="zh-CN")
    page.goto(server.url)
    page.request.put(
        api(server, "kampung") + "/settings", data={"speed": "instant", "language": "zh"}
    )
    page.locator('.game-card[data-game="kampung"] .game-howto').click()
    line = page.locator("#guide-line")
    expect(line).to_have_text("一手教学牌，不押筹码：请按发牌。")
    page.locator("#btn-deal").click()
    idle(page)
    expect(line).to_contain_text("你坐庄，16 点")
    page.keyboard.press("s")  # standing first: the lesson asks to draw
    expect(page.locator("#error")).to_be_visible()
    page.keyboard.press("h")
    idle(page)
    expect(line).to_contain_text("开庄家位的牌")
    page.get_by_test_id("open-dealer").click()
    idle(page)
    expect(line).to_contain_text("庄家位的 16 输给你的 19")
    page.keyboard.press("s")
    idle(page)
    expect(line).to_contain_text("庄家赢下每一注")
    page.locator("#btn-deal").click()  # Deal after the lesson: back to the real table
    expect(page.locator("#guide")).to_be_hidden()
    expect(page.locator("#btn-deal")).to_be_enabled()
    state = page.request.get(api(server, "kampung") + "/state").json()
    assert state["table"] is None and state["player"]["banker"] == "dealer"
