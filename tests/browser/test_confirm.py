"""A bet of your whole stack is asked again before it is dealt (issue 18); Cancel (the
focus) deals nothing, OK deals it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table_page import PLAIN, deal, open_table, set_speed

pytestmark = pytest.mark.browser


def test_an_all_in_bet_is_asked_first(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    set_speed(page, "Instant")
    deal(page, 500)  # your 16 stands against the dealer's 17: 500 of 1,000 lost
    expect(page.locator("#btn-stand")).to_be_enabled()
    page.keyboard.press("s")
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator("#mystack")).to_contain_text("500")
    confirm = page.locator("#dlg-confirm")
    deal(page, 500)  # all in
    expect(confirm).to_contain_text("Bet your whole stack (500)?")
    page.keyboard.press("Enter")  # Cancel has the focus
    expect(confirm).to_be_hidden()
    expect(page.locator("#btn-deal")).to_be_enabled()  # nothing dealt
    state = page.request.get(server.url + "/api/games/table/state").json()
    assert state["table"]["hand"] == 1 and state["next_hand"] == 2
    deal(page, 500)  # asked again: OK deals it
    confirm.locator("#confirm-ok").click()
    page.wait_for_function("() => window.banluckDebug().hand === 2")
    assert confirm.is_hidden()
