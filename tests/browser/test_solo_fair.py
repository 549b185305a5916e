"""The solo table's fair shuffle in the page (docs/FAIRNESS.md): the Fair shuffle panel shows
the shoe's commitment before the first card and the next shoe's salt commitment, takes your
seed, and its Verify button recomputes every finished shoe in the browser, refusing a
history tampered with on its way or cut short."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import Server
from tests.browser.test_table_page import PLAIN, set_speed

pytestmark = pytest.mark.browser


FAIR_JSON = re.compile(r"/fair\.json$")
READY = """() => ["btn-deal", "btn-stand", "btn-hit"].some((id) => {
  const b = document.getElementById(id);
  return b && !b.disabled && !b.hidden;
})"""


def play_one(page: Page) -> None:
    """Deal and play a one-on-one hand to its end: stand when allowed, else hit."""
    page.locator("#bet").fill("10")
    page.locator("#btn-deal").click()
    for _ in range(20):
        page.wait_for_function(READY)
        if page.locator("#btn-deal").is_enabled():
            return
        stand = page.locator("#btn-stand")
        (stand if stand.is_enabled() else page.locator("#btn-hit")).click()
    raise AssertionError("the hand never ended")


def verify_changed(page: Page, change: Callable[[dict[str, Any]], None]) -> None:
    """Verify, with the history changed by ``change`` on its way to the page (until the
    next call)."""

    def handle(route: Route) -> None:
        body: dict[str, Any] = route.fetch().json()
        change(body)
        route.fulfill(json=body)

    page.unroute(FAIR_JSON)
    page.route(FAIR_JSON, handle)
    page.click("#verify")


def test_the_solo_panel_commits_takes_a_seed_and_verifies(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    page.goto(server.url + "/play/one-on-one")  # O2: a new shoe every hand
    expect(page.locator("#btn-deal")).to_be_enabled()
    set_speed(page, "Instant")
    panel = page.locator("#fair")
    expect(panel).to_be_visible()
    page.click("#fair summary")
    expect(page.locator("#fair-current")).to_contain_text("Shoe 1 in use")
    first = page.locator("#fair-commitment").text_content() or ""
    assert re.fullmatch(r"[0-9a-f]{64}", first)
    expect(page.locator("#fair-next")).to_contain_text("Shoe 2 will be derived")
    salt = page.locator("#fair-next-commitment").text_content() or ""
    page.fill("#seed-input", "lucky 8")
    page.click("#seed-form button")
    expect(page.locator("#fair-seeds")).to_have_text("Yours: “lucky 8”.")
    page.reload()  # what was seen is kept in the browser, the seed by the server
    page.click("#fair summary")
    expect(page.locator("#fair-seeds")).to_have_text("Yours: “lucky 8”.")
    assert page.locator("#fair-commitment").text_content() == first

    play_one(page)  # hand 1, from shoe 1; shoe 2 is made, from the salt and the seed
    expect(page.locator("#fair-current")).to_contain_text("Shoe 2 in use")
    expect(page.locator("#fair-seeded")).to_contain_text("the seeds “lucky 8”")
    assert page.locator("#fair-next-commitment").text_content() != salt
    play_one(page)  # hand 2: shoe 2 is finished and revealed
    page.click("#verify")
    results = page.locator("#fair-results")
    expect(results.locator("li[data-shoe='2']")).to_have_text(
        "Shoe 2: verified, derived from the seeds “lucky 8”"
    )
    expect(results.locator("li[data-shoe='1']")).to_have_attribute("data-status", "verified")
    expect(results.locator("li[data-shoe='3']")).to_have_attribute("data-status", "pending")

    def seed_changed(body: dict[str, Any]) -> None:
        next(s for s in body["shoes"] if s["shoe"] == 2)["client_seed"] = "lucky 9"

    verify_changed(page, seed_changed)
    expect(results.locator("li[data-shoe='2']")).to_have_text(
        "Shoe 2: failed (its order is not the one its salt and seeds give)"
    )

    def cut(body: dict[str, Any]) -> None:
        body["shoes"] = [s for s in body["shoes"] if s["shoe"] != 3]

    verify_changed(page, cut)
    expect(results.locator("li[data-shoe='3']")).to_have_text(
        "Shoe 3: failed (this page saw its commitment, but the history leaves it out)"
    )
    href = page.locator("#fair-download").get_attribute("href")
    assert href == "/api/games/one-on-one/fair.json"


def test_a_bad_seed_is_refused_in_the_readers_language(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.click("#fair summary")
    page.fill("#seed-input", "x" * 64)
    page.evaluate("document.getElementById('seed-input').value = 'x'.repeat(65)")
    page.click("#seed-form button")
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#fair-seeds")).to_have_text("")
