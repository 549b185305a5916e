"""Xì Dách in the page (XI_DACH.md), as a Vietnamese newcomer meets it on a phone: the
lobby's card, the guided first hand, then five hands at the real table, one of them a stand
under 16 that the page asks to confirm with what it costs (X17), all in Vietnamese at
375 px, nothing sticking out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_games import api, idle
from tests.browser.test_table_extras import NO_OVERLAP_JS
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser

# K5: you, anna, ben, the dealer, twice: you 9H 4C (13), anna TC 9C (19), ben TD 8D (18),
# the dealer TS 8S (18); then small cards for any draw.
FIRST_HAND = ["9H", "TC", "TD", "TS", "4C", "9C", "8D", "8S", "2C", "3C", "2D", "3D"]


def _table(page: Page, server: Server) -> dict[str, Any]:
    state: dict[str, Any] = page.request.get(api(server, "xi-dach") + "/state").json()
    return state


@pytest.mark.rule("X17")
def test_a_vietnamese_newcomer_plays_xi_dach_on_a_phone(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN, {"xi-dach": FIRST_HAND})
    page = new_page(locale="vi-VN", width=375, height=740, touch=True)
    page.goto(server.url)
    card = page.locator('.game-card[data-game="xi-dach"]')
    expect(card.locator(".game-title")).to_have_text("Xì Dách")
    expect(card.locator(".game-desc")).to_contain_text("ngũ linh")
    assert page.evaluate("document.documentElement.lang") == "vi"
    page.request.put(
        api(server, "xi-dach") + "/settings", data={"speed": "instant", "language": "vi"}
    )

    # the guided first hand: the ace that counts 11, what a non stand would cost, the ace
    # that counts 1 or 10 with three cards, the opening
    card.locator(".game-howto").click()
    line = page.locator("#guide-line")
    expect(line).to_have_text("Ván học, không mất gì cả: bấm Chia bài.")
    page.locator("#btn-deal").click()
    idle(page)
    expect(line).to_contain_text("át và 4 là 15")
    expect(line).to_contain_text("non")
    page.keyboard.press("h")
    idle(page)
    expect(line).to_contain_text("át, 4 và 7 là 21")  # three cards: 21 stands by itself
    expect(line).to_contain_text("21 của bạn thắng")
    page.get_by_role("button", name="Chơi ở bàn thật").click()
    expect(page.locator("#guide")).to_be_hidden()
    assert _table(page, server)["table"] is None  # the lesson was not a hand of the table

    # the real table: five hands; the first a stand on 13, asked first, refused, then made
    confirm = page.locator("#dlg-confirm")
    for hand in range(1, 6):
        expect(page.locator("#btn-deal")).to_be_enabled()
        page.locator("#btn-deal").click()
        idle(page)
        for _ in range(12):
            state = _table(page, server)
            t = state["table"]
            if t["over"]:
                break
            mine = t["players"][0]
            if hand == 1:
                assert mine["cards"] == ["9H", "4C"] and t["confirm"]["stand"]["code"] == "non_pays"
                page.keyboard.press("s")
                expect(confirm).to_be_visible()
                expect(page.locator("#confirm-text")).to_have_text(
                    "Dằn ở 13? Non: bạn thua tiền cược và trả thay cái, tối đa 12 lần cược."
                )
                assert page.evaluate(NO_OVERLAP_JS) == []
                page.locator("#confirm-cancel").click()
                expect(confirm).to_be_hidden()
                assert _table(page, server)["table"]["step"] == t["step"]  # nothing sent
                page.keyboard.press("s")
                expect(confirm).to_be_visible()
                # the choice is sent once the dialog has closed: wait for it, not for idle
                with page.expect_response(lambda r: r.url.endswith("/action")):
                    page.locator("#confirm-ok").click()
            else:
                with page.expect_response(lambda r: r.url.endswith("/action")):
                    page.keyboard.press("s" if mine["total"] >= 16 else "h")
            idle(page)
        state = _table(page, server)
        assert state["table"]["over"], hand
        if hand == 1:
            mine = state["table"]["players"][0]
            assert mine["kind"] == "non" and mine["result"] == "penalty"
            expect(page.locator("#kp-table")).to_contain_text("Bị phạt")
        assert page.evaluate(NO_OVERLAP_JS) == [], hand
    history = page.request.get(api(server, "xi-dach") + "/history").json()["hands"]
    assert len(history) == 5
    assert history[-1]["you"]["hand"] == "non"  # the oldest last: hand 1, the non stand
    page.keyboard.press("r")
    rules = page.locator("dialog[open]")
    expect(rules).to_contain_text("Xì Dách")
    expect(rules).to_contain_text("quắc đền")
