"""The trainer (issue 18): with it on, each choice is priced against the best play by the
Hint's exact values — the cost the page shows is the Hint's difference, to the thousandth —
and the session's score counts the choices; off, nothing is shown or asked."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table_page import PLAIN, deal, open_table, set_speed

pytestmark = pytest.mark.browser

# a third hand: you 16 (QH 6D), Anna 16, Ben 17, the dealer 17 (QS 7S)
THIRD = ["QH", "7C", "JD", "QS", "6D", "9H", "7H", "7S", "3H"]


def trainer_on(page: Page) -> None:
    page.get_by_role("button", name="Settings").click()
    page.locator("#trainer-on").check()
    page.locator("#dlg-settings").get_by_role("button", name="Close").click()


def hint_now(page: Page, server: Server) -> dict[str, Any]:
    table = page.request.get(server.url + "/api/games/table/state").json()["table"]
    url = f"{server.url}/api/games/table/hint?hand={table['hand']}&step={table['step']}"
    hint: dict[str, Any] = page.request.get(url).json()
    return hint


def test_the_trainer_prices_each_choice_by_the_hints_values(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN * 2 + THIRD)
    page = new_page()
    open_table(page, server)
    set_speed(page, "Instant")
    deal(page, 100)
    expect(page.locator("#btn-hit")).to_be_enabled()
    page.keyboard.press("s")  # the trainer is off: nothing priced, nothing shown
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator("#trainer")).to_be_hidden()

    trainer_on(page)
    deal(page, 100)  # you 16 again (TS 6H): Hit or Stand
    expect(page.locator("#btn-hit")).to_be_enabled()
    hint = hint_now(page, server)
    ev = hint["ev"]
    worst = min(ev, key=lambda a: ev[a])
    page.locator(f"#btn-{worst}").click()
    cost = ev[hint["best"]] - ev[worst]
    name = worst.title()
    line = page.locator("[data-testid=trainer-last]")
    if cost > 0:
        expect(line).to_contain_text(f"{name} (EV {ev[worst]:+.3f}) against")
        expect(line).to_contain_text(f"that cost {cost:.3f} bets")
        # and in chips at the bet of 100: the same difference, to the hundredth
        in_chips = f"{round(cost * 100, 2):,.2f}".rstrip("0").rstrip(".")
        expect(line).to_contain_text(f"At your bet of 100: {in_chips} chips.")
        best = 0
    else:  # both the same: the best play either way
        expect(line).to_have_text(f"{name} (EV {ev[worst]:+.3f}) was the best play.")
        best = 1
    session = page.locator("[data-testid=trainer-session]")
    expect(session).to_have_text(
        f"This session: {best} of 1 choices the best play, {cost:.3f} bets given away."
    )
    # the score is the session's: a reload keeps it, and the next choice adds to it
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()
    assert page.locator("#trainer").is_hidden()  # no choice priced since the reload
    deal(page, 100)
    expect(page.locator("#btn-stand")).to_be_enabled()
    page.keyboard.press("s")
    expect(session).to_contain_text("of 2 choices the best play")
    # Statistics shows the score day by day, kept in this browser across sessions
    page.keyboard.press("g")
    days = page.locator("table.trainer-days tbody tr")
    expect(days).to_have_count(1)
    cells = days.first.locator("td")
    expect(cells.nth(1)).to_have_text("2")
    score = re.search(r"(\d+) of 2 choices", session.inner_text())
    assert score, session.inner_text()
    expect(page.get_by_test_id("trainer-all")).to_contain_text(f"{score[1]} of 2 choices")
    page.keyboard.press("Escape")
    # a new tab is a new session; the days are the browser's
    other = page.context.new_page()
    other.goto(server.table_url)
    expect(other.locator("#btn-deal")).to_be_enabled()
    other.keyboard.press("g")
    expect(other.locator("table.trainer-days tbody tr td").nth(1)).to_have_text("2")
    other.close()
    # the next hand dealt, the line says which hand its choice was in
    priced = page.request.get(f"{server.url}/api/games/table/state").json()["table"]["hand"]
    deal(page, 100)
    expect(line).to_contain_text(f"In hand {priced}: ")
