"""Chips to and from the pot (issue 18): as a hand is dealt your bet flies from the chip tray
to your seat, and as each result is shown a chip flies from the loser to the winner (the bank
to a seat that won, a seat that lost to the bank), in every family's table, as the server's
settled events say; none at instant speed, none under reduced motion."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_games import api, idle
from tests.browser.test_games_layout import SHOES
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser

RECORD_FLIGHTS = """
window.__flights = [];
new MutationObserver((changes) => {
  for (const c of changes) for (const n of c.addedNodes) {
    if (n.classList && n.classList.contains("flying-chip")) window.__flights.push(n.dataset.flight);
  }
}).observe(document, { subtree: true, childList: true });
"""


def play_out(page: Page) -> None:
    """Stand (or decline, or open the first hand) until the hand is over."""
    for _ in range(30):
        idle(page)
        if page.locator("#btn-deal").is_enabled():
            return
        buttons = page.locator("#act-row button:not([hidden]):not([disabled])")
        names = buttons.evaluate_all("bs => bs.map(b => b.dataset.action || b.id)")
        choice = next((n for n in ("stand", "decline") if n in names), None)
        if choice is None:
            choice = next(n for n in names if n != "btn-hint")
        buttons.nth(names.index(choice)).click()
    raise AssertionError("the hand never ended")


def expected(page: Page, server: Server, game: str) -> list[str]:
    table: dict[str, Any] = page.request.get(api(server, game) + "/state").json()["table"]
    return [
        f"bank>{e['seat']}" if e["net"] > 0 else f"{e['seat']}>bank"
        for e in table["events"]
        if e["type"] == "settled" and e.get("net") and e["seat"] != table.get("banker")
    ]


@pytest.mark.parametrize("game", ["table", "classic", "kampung"])
def test_chips_fly_to_and_from_the_pot(
    game: str, serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN, {k: v for k, v in SHOES.items() if k == game})
    page = new_page()
    page.add_init_script(RECORD_FLIGHTS)
    page.request.put(api(server, game) + "/settings", data={"speed": "fast"})
    page.goto(f"{server.url}/play/{game}")
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.locator("#bet").fill("100")
    page.locator("#btn-deal").click()
    play_out(page)
    flights: list[str] = page.evaluate("window.__flights")
    settled = expected(page, server, game)
    assert settled, "the hand moved no chip"
    assert flights == ["bet>you", *settled], flights


def test_no_chip_flies_under_reduced_motion_or_at_instant_speed(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORD_FLIGHTS)
    page.request.put(api(server, "table") + "/settings", data={"speed": "fast"})
    page.goto(f"{server.url}/play/table")
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.locator("#btn-deal").click()
    play_out(page)
    assert page.evaluate("window.__flights") == []
    page.emulate_media(reduced_motion="no-preference")
    page.request.put(api(server, "table") + "/settings", data={"speed": "instant"})
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.locator("#btn-deal").click()
    play_out(page)
    assert page.evaluate("window.__flights") == []
