"""The page shows what the server says and works under a strict content-security policy.

Issue 7: the page keeps no copy of a rule. These tests change the server's answers on their
way to the page (Playwright routes) and check that the page shows the changed totals and
choices, which it could not if it worked them out itself. Then the page plays a hand with
`Content-Security-Policy: default-src 'self'` on `/` and nothing is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

# you 16 (TS 6H) then 4C on a hit; Anna 19; Ben 18; dealer 17.
PLAIN = ["TS", "TD", "KC", "9S", "6H", "9D", "8C", "8S", "4C"]
# you 16 (TS 6H) stand; Anna 19; Ben 18; the dealer 14 (9S 5S) draws 4C: 18.
DEALER_DRAWS = ["TS", "TD", "KC", "9S", "6H", "9D", "8C", "5S", "4C"]

RECORD_MESSAGES = """
window.__messages = [];
document.addEventListener("DOMContentLoaded", () => {
  const m = document.getElementById("message");
  new MutationObserver(() => window.__messages.push(m.textContent)).observe(
    m, {childList: true, characterData: true, subtree: true});
});
"""

RECORD_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""

STRICT_CSP = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"


def rewrite(page: Page, pattern: str, change: Callable[[dict[str, Any]], None]) -> None:
    """Every answer to `pattern` reaches the page changed by `change` (its JSON body)."""

    def handle(route: Route) -> None:
        response = route.fetch()
        body = response.json()
        change(body)
        route.fulfill(response=response, json=body)

    page.route(pattern, handle)


def open_at_speed(page: Page, server: Server, speed: str) -> None:
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.keyboard.press("o")
    page.get_by_role("radio", name=speed).check()
    expect(page.get_by_role("radio", name=speed)).to_be_checked()
    page.keyboard.press("Escape")


def seat(table: dict[str, Any], name: str) -> dict[str, Any]:
    hand: dict[str, Any] = next(h for h in [*table["seats"], table["dealer"]] if h["name"] == name)
    return hand


def test_your_total_and_choices_are_the_servers(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """Told 33 and only Stand for your 16, the page shows 33 and offers only Stand."""
    server = serve(PLAIN)
    page = new_page()

    def change(body: dict[str, Any]) -> None:
        seat(body["table"], "you")["total"] = 33
        body["table"]["legal"] = ["stand"]

    rewrite(page, "**/api/games/table/deal", change)
    open_at_speed(page, server, "Instant")
    page.locator("#bet").fill("100")
    page.locator("#btn-deal").click()
    expect(page.get_by_role("button", name="Stand")).to_be_enabled()
    expect(page.locator('[data-testid="total-you"]')).to_have_text("33")
    expect(page.locator("#message")).to_have_text("Your turn: you have 33.")
    expect(page.get_by_role("button", name="Hit")).to_be_disabled()
    expect(page.get_by_role("button", name="Throw in")).to_be_disabled()
    page.keyboard.press("h")  # not offered: nothing is sent
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Lose −100")


def test_the_dealers_draw_is_told_with_the_servers_total(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """The dealer's 14 draws 4C; told that the hand is a 20 (not 18), the page says 20."""
    server = serve(DEALER_DRAWS)
    page = new_page()
    page.add_init_script(RECORD_MESSAGES)

    def change(body: dict[str, Any]) -> None:
        if body["table"]["over"]:
            seat(body["table"], "dealer")["total"] = 20

    rewrite(page, "**/api/games/table/action", change)
    open_at_speed(page, server, "Fast")
    page.locator("#bet").fill("100")
    page.locator("#btn-deal").click()
    expect(page.get_by_role("button", name="Stand")).to_be_enabled()
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Lose −100")
    messages: list[str] = page.evaluate("window.__messages")
    assert "The dealer has 14." in messages, messages  # the `revealed` event's total
    assert "The dealer draws: 20." in messages, messages
    assert "The dealer draws: 18." not in messages, messages
    expect(page.locator('[data-testid="total-dealer"]')).to_have_text("20")


def test_a_hand_under_a_strict_content_security_policy(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """`default-src 'self'` on the page: a whole hand, the dialogs and a language change
    run with no violation (no inline script, handler or style anywhere)."""
    server = serve(PLAIN)
    page = new_page()
    page.add_init_script(RECORD_CSP)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)

    def with_csp(route: Route) -> None:
        response = route.fetch()
        headers = dict(response.headers)
        headers["content-security-policy"] = STRICT_CSP
        route.fulfill(response=response, headers=headers)

    page.route(server.table_url, with_csp)
    response = page.goto(server.table_url)
    assert response is not None
    assert response.headers["content-security-policy"] == STRICT_CSP
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.keyboard.press("o")
    page.get_by_role("radio", name="Fast").check()
    page.get_by_role("radio", name="Deutsch").check()
    expect(page.get_by_role("button", name="Geben")).to_be_visible()
    page.get_by_role("radio", name="English").check()
    page.keyboard.press("Escape")
    page.locator("#bet").fill("100")
    page.locator("#btn-deal").click()
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    expect(page.locator("#seat-you .card svg")).to_have_count(2)
    page.keyboard.press("h")
    expect(page.get_by_role("button", name="Stand")).to_be_enabled()
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Win +100")
    page.keyboard.press("l")
    expect(page.locator("#history-body li")).to_have_count(1)
    page.keyboard.press("Escape")
    page.keyboard.press("r")
    expect(page.locator("#rules-text p")).to_have_count(7)
    assert page.evaluate("window.__csp") == []
    assert refused == []
