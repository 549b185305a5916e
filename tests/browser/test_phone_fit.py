"""Every game on a 375 × 740 phone, in Debian's Chromium: before the deal, at your first
choice and when the hand is over, every control you can touch (the table's chips and
buttons, the tools, the panels below the table) is at least 44 px each way, nothing scrolls
sideways, and when the hand is over the Deal button is on the screen, whole, however tall the
table grew."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_games import CLASSIC, INFINITE, api, idle
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser

# you 9C 7H (16: a choice) against the dealer's bank; Anna and Ben 20.
KAMPUNG = ["9C", "KH", "KC", "9D", "7H", "TC", "QD", "9S"]
SHOES = {"classic": CLASSIC, "infinite": INFINITE, "kampung": KAMPUNG}
CASES = [
    *((game, "de-DE") for game in ("table", "one-on-one", "classic", "infinite", "kampung")),
    ("table", "zh-CN"),
    ("infinite", "en-US"),
]

#: every control on the screen smaller than 44 px either way: "what WxH"
SMALL_JS = """() => {
  const out = [];
  const controls = 'button, input, select, summary, a[href], [role=button]';
  for (const e of document.querySelectorAll(controls)) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
    if (r.width < 44 || r.height < 44) {
      const text = (e.textContent || '').trim().slice(0, 24);
      const what = `${e.tagName.toLowerCase()}#${e.id} "${text}"`;
      out.push(`${what} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return out;
}"""


def small_controls(page: Page) -> list[str]:
    found: list[str] = page.evaluate(SMALL_JS)
    return found


@pytest.mark.parametrize(("game", "locale"), CASES)
def test_a_phone_fits_a_finger_and_keeps_deal_in_view(
    serve: Callable[..., Server], new_page: Callable[..., Page], game: str, locale: str
) -> None:
    server = serve(PLAIN, {k: v for k, v in SHOES.items() if k == game})
    page = new_page(locale=locale, width=375, height=740)
    page.goto(server.url + "/play/" + game)
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.request.put(api(server, game) + "/settings", data={"speed": "instant"})
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()
    assert small_controls(page) == [], "before the deal"
    page.locator("#btn-deal").click()
    idle(page)
    assert small_controls(page) == [], "at the first choice"
    choices = page.locator("#act-row button[data-action]:visible:enabled")
    for _ in range(12):  # stand (else the first choice) until the hand is over
        if page.locator("#btn-deal").is_enabled():
            break
        stand = page.locator("#btn-stand:visible:enabled")
        (stand if stand.count() else choices).first.click()
        idle(page)
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator("#btn-deal")).to_be_in_viewport(ratio=1)
    assert small_controls(page) == [], "when the hand is over"
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
