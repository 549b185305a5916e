"""Sound and motion (issue 18): off until the player turns sound on in Settings; then a
card dealt, a hand turned over and chips settled each sound, and a special hand (a Ban-Ban,
a five dragon, a blackjack, 7-7-7) has its moment, a sound and, unless the browser asks for
reduced motion, a flourish of the table's message; the switch and the volume are kept.
Cards slide in as they are dealt at every table."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_games import idle
from tests.browser.test_games_layout import CHOICE, SHOES
from tests.browser.test_table_page import PLAIN, deal, open_table, set_speed

pytestmark = pytest.mark.browser

# you AS AH: a Ban-Ban, turned over at once; the others plain
BAN_BAN = ["AS", "9C", "8C", "TC", "AH", "8D", "9D", "7D"]


def sounds(page: Page) -> list[str]:
    got: list[str] = page.evaluate("window.banluckDebug().sounds")
    return got


def sound_on(page: Page) -> None:
    page.get_by_role("button", name="Settings").click()
    page.locator("#sound-on").check()
    page.locator("#sound-volume").fill("0.3")
    page.locator("#dlg-settings").get_by_role("button", name="Close").click()


def test_no_sound_until_turned_on_then_every_event_and_a_moment(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN[:8] + BAN_BAN)  # the first hand uses eight cards
    page = new_page()
    open_table(page, server)
    # events one by one (each sounds) but briskly: a whole hand at normal speed takes about
    # as long as idle() waits, and under load longer
    set_speed(page, "Fast")
    deal(page, 100)
    expect(page.locator("#btn-hit")).to_be_enabled()
    page.keyboard.press("s")
    idle(page)
    assert sounds(page) == []  # off by default: nothing sounds
    assert page.evaluate("window.banluckDebug().soundFiles") == []  # nor fetched
    sound_on(page)
    # the project's own sounds, fetched and decoded once sound is on
    page.wait_for_function("() => window.banluckDebug().soundFiles.length === 4")
    assert page.evaluate("window.banluckDebug().soundFiles") == ["chips", "deal", "flip", "moment"]
    deal(page, 100)  # a Ban-Ban: turned over at once, its moment
    idle(page)
    heard = sounds(page)
    assert heard.count("deal") >= 8 and "moment" in heard and "chips" in heard, heard
    expect(page.locator("#message.moment, .moment")).to_have_count(1)
    page.reload()  # the switch and the volume are the browser's
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.get_by_role("button", name="Settings").click()
    expect(page.locator("#sound-on")).to_be_checked()
    expect(page.locator("#sound-volume")).to_have_value("0.3")


def test_reduced_motion_keeps_the_sound_and_drops_the_flourish(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(BAN_BAN)
    page = new_page()
    page.emulate_media(reduced_motion="reduce")
    open_table(page, server)
    set_speed(page, "Fast")  # as above
    sound_on(page)
    deal(page, 100)
    idle(page)
    assert "moment" in sounds(page)
    moment = page.locator(".moment").first
    assert moment.evaluate("e => getComputedStyle(e).animationName") == "none"


# every card put on the table with the class that slides it in (style.css, .card.new)
RECORD_NEW = """
window.__slid = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (!node.querySelectorAll) continue;
    const found = [...node.querySelectorAll(".card.new")];
    if (node.matches(".card.new")) found.push(node);
    for (const c of found) window.__slid.push((c.closest("main") || {}).id);
  }
}).observe(document, { subtree: true, childList: true });
"""


@pytest.mark.parametrize(("game", "table"), [("classic", "bj-table"), ("kampung", "kp-table")])
def test_cards_slide_in_at_every_table(
    game: str, table: str, serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """Each card dealt slides in once (not again at the next render), in every family's
    view, not only Ban Luck's."""
    server = serve(PLAIN, {game: SHOES[game]})
    page = new_page()
    page.add_init_script(RECORD_NEW)
    page.goto(f"{server.url}/play/{game}")
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.locator("#bet").fill("100")
    page.locator("#btn-deal").click()
    expect(page.locator(CHOICE[game])).to_be_enabled()
    idle(page)
    slid: list[str | None] = page.evaluate("window.__slid")
    dealt = page.locator(f"#{table} .card").count()
    # each card dealt slid in once (a row drawn again at once is gone before it is read)
    assert len(slid) == dealt >= 4 and set(slid) <= {table, None}, (slid, dealt)
