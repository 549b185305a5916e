"""A phone as a seat all evening, in Debian's Chromium: the screen is kept on (the Screen
Wake Lock) while a hand you are dealt in is on and let go when it ends; a person who asked
for it gets a notification when their turn begins while the page is hidden, and none while
it is in view; large cards and buttons, chosen in Settings, stay chosen after a reload. The
browser's wake lock, notifications and visibility are stood in for by a script that records
what the page asks of them (headless Chromium grants neither)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.rooms.test_room_page import CHOICES, Person, check_frames, enter, make_room, server

pytestmark = pytest.mark.browser
__all__ = ["server"]  # the room page's server fixture, used here too

#: what the page asks of the browser, recorded in ``window.__asked``
STAND_INS = """
window.__asked = [];
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
Object.defineProperty(navigator, "wakeLock", { value: { request: async (type) => {
  window.__asked.push("lock " + type);
  const held = { addEventListener() {}, release: async () => { window.__asked.push("release"); } };
  return held;
} } });
window.Notification = class {
  constructor(title, options) { window.__asked.push("notify " + (options && options.body)); }
  static get permission() { return window.__granted ? "granted" : "default"; }
  static async requestPermission() { window.__granted = true; return "granted"; }
};
"""


def _phone(browser: Browser, locale: str = "en-GB") -> BrowserContext:
    ctx = browser.new_context(locale=locale, viewport={"width": 375, "height": 740})
    ctx.add_init_script(STAND_INS)
    return ctx


def _asked(p: Person) -> list[str]:
    asked: Any = p.page.evaluate("window.__asked")
    return list(asked)


def test_the_screen_stays_on_for_a_hand_and_a_hidden_page_is_told_its_turn(
    server: str, browser: Browser
) -> None:
    ann = Person(_phone(browser), "Ann")
    bob = Person(_phone(browser), "Bob")
    link = make_room(ann, server, "table", timer=300)
    enter(ann, link, "you")
    enter(bob, link, "ben")
    bob.page.check("#notify")  # asks the browser's permission, which the stand-in grants
    expect(bob.page.locator("#notify")).to_be_checked()
    bob.page.evaluate("window.__hidden = true")  # Bob's phone shows another app
    assert "lock screen" not in _asked(ann)  # no hand yet: the screen may sleep
    for p in (ann, bob):
        p.bet()
    for _ in range(300):  # Ann plays her turn; then it is Bob's (or the deal ended it)
        if bob.page.locator(CHOICES).count() or "hand 2" in ann.status():
            break
        stand = ann.page.locator("#btn-stand:visible:enabled")
        mine = ann.page.locator(CHOICES)
        if mine.count():  # Stand when she may, else what the hand asks (a draw below 16)
            with contextlib.suppress(PlaywrightTimeout):
                (stand if stand.count() else mine).first.click(timeout=1000)
        ann.page.wait_for_timeout(100)
    if bob.page.locator(CHOICES).count():  # Bob's turn came while his page was hidden
        notes = [a for a in _asked(bob) if a.startswith("notify")]
        assert notes == ["notify Hand 1: your turn"], _asked(bob)
        assert "lock screen" in _asked(ann)  # Ann's screen stays on through the hand
        assert "lock screen" not in _asked(bob)  # a hidden page holds no lock
        bob.page.evaluate("window.__hidden = false")
        bob.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        bob.page.wait_for_function("window.__asked.includes('lock screen')")
        for _ in range(300):
            if not bob.page.locator(CHOICES).count():
                break
            stand = bob.page.locator("#btn-stand:visible:enabled")
            with contextlib.suppress(PlaywrightTimeout):
                (stand if stand.count() else bob.page.locator(CHOICES)).first.click(timeout=1000)
            bob.page.wait_for_timeout(100)
    expect(ann.page.locator("#status")).to_have_text("Waiting for bets for hand 2")
    if "lock screen" in _asked(ann):  # a lock held for the hand is let go after it
        ann.page.wait_for_function("window.__asked.includes('release')")
    assert not [a for a in _asked(ann) if a.startswith("notify")]  # never asked: never told
    check_frames([ann, bob])


def test_large_cards_and_buttons_stay_chosen(server: str, browser: Browser) -> None:
    mei = Person(_phone(browser, "zh-CN"), "美")
    link = make_room(mei, server, "table")
    enter(mei, link, "you")
    page = mei.page
    before = page.locator("#btn-deal").bounding_box()
    page.click("#btn-settings")
    page.check("#large-on")
    page.keyboard.press("Escape")
    expect(page.locator("html")).to_have_class("large")
    after = page.locator("#btn-deal").bounding_box()
    assert before and after and after["height"] >= 56 and after["height"] > before["height"]
    page.reload()
    expect(page.locator("html")).to_have_class("large")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, width
