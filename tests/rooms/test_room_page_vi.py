"""A Xì Dách room in Vietnamese (XI_DACH.md, issue 40): two relatives, one on a 375 px phone,
make and join a room for ``xi-dach`` from pages in Vietnamese and play three hands through
the buttons (a stand under 16 confirmed when it comes); no page shows a word only the English
texts use or a raw message code, no frame holds a card its seat may not see, and nothing
scrolls sideways on the phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.test_no_english import Walk
from tests.rooms.test_room_page import CHOICES, Person, check_frames, enter, make_room, server

pytestmark = pytest.mark.browser
__all__ = ["server"]  # the room page's server fixture, used here too


def _phase(p: Person) -> Any:
    """The room's phase in the last state frame ``p`` received (betting or playing)."""
    state = next(f for f in reversed(p.frames) if f.get("type") == "state")
    return state["room"]["phase"]


def test_a_xi_dach_room_in_vietnamese_shows_no_english(server: str, browser: Browser) -> None:
    an = Person(browser.new_context(locale="vi-VN"), "An")
    binh = Person(
        browser.new_context(locale="vi-VN", viewport={"width": 375, "height": 740}), "Bình"
    )
    link = make_room(an, server, "xi-dach")
    expect(an.page.locator("html")).to_have_attribute("lang", "vi")
    expect(an.page.locator("#house")).to_contain_text("Xì Dách")
    walks = {"An": Walk(an.page, "vi")}
    walks["An"].look("the room, made")
    enter(an, link, "you")
    enter(binh, link, "anna")
    walks["Bình"] = Walk(binh.page, "vi")
    walks["Bình"].look("the room, joined")
    assert binh.page.evaluate("document.documentElement.lang") == "vi"
    for hand in range(3):
        for p in (an, binh):
            expect(p.page.locator("#btn-deal")).to_be_enabled()
            p.bet()
        confirmed = False
        for _ in range(200):
            if an.page.locator("#btn-deal:visible:enabled").count() and _phase(an) == "betting":
                break
            for p in (an, binh):
                buttons = p.page.locator(CHOICES)
                if not buttons.count():
                    continue
                walks[p.name].look(f"hand {hand + 1}: {p.name}'s turn")
                stand = p.page.locator("#btn-stand:visible:enabled")
                (stand if stand.count() else buttons).first.click(timeout=2000)
                if p.page.locator("#dlg-confirm[open]").count():
                    walks[p.name].look(f"hand {hand + 1}: a non stand to confirm")
                    p.page.locator("#confirm-ok").click()
                    confirmed = True
            an.page.wait_for_timeout(100)
        else:
            raise AssertionError(f"hand {hand + 1} never ended")
        for p in (an, binh):
            walks[p.name].look(f"hand {hand + 1} over ({'confirmed' if confirmed else 'played'})")
    width = binh.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, width
    an.page.keyboard.press("r")
    walks["An"].look("the rules of the room's game")
    an.page.keyboard.press("Escape")
    check_frames([an, binh])
    for p in (an, binh):
        assert walks[p.name].found == {}, (p.name, walks[p.name].found)
