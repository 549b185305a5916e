"""History's step-by-step replay (issue 18): a finished hand plays again in the History
dialog from its events as you saw them, forward, back and on its own, each step in words;
a card you never saw stays face down."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_games import enter
from tests.browser.test_table_extras import win_plain_hand
from tests.browser.test_table_page import PLAIN, open_table

pytestmark = pytest.mark.browser


def open_replay(page: Page, hand: int) -> None:
    page.keyboard.press("l")
    dialog = page.locator("#dlg-history")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=f"View · Hand {hand}").click()
    dialog.get_by_role("button", name="Replay").click()


def test_a_ban_luck_hand_replays_step_by_step(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    win_plain_hand(page)
    events = page.request.get(server.url + "/api/games/table/history/1").json()["table"]["events"]
    dealt = [e for e in events if e["type"] == "dealt" and e.get("reason") == "deal"]
    assert len(dealt) == 8  # two cards to each of four seats
    open_replay(page, 1)
    dialog = page.locator("#dlg-history")
    title = dialog.locator(".h-replay h3")
    line = dialog.locator("[data-testid=replay-line]")
    expect(title).to_contain_text("Hand 1: step 0 of ")
    # a step is a moment of the hand, not an event: the deal's eight cards are one step
    n = int(title.inner_text().rsplit(" ", 1)[1])
    assert 3 <= n <= len(events) - 7, (n, len(events))
    expect(line).to_have_text("Before the deal.")
    expect(dialog.locator(".h-replay-seats tr")).to_have_count(0)
    forward = dialog.get_by_role("button", name="Forward")
    forward.click()
    expect(title).to_have_text(f"Hand 1: step 1 of {n}")
    expect(line).to_have_text("Dealing…")
    expect(dialog.locator(".h-replay-seats tr")).to_have_count(4)  # everyone has two
    # another seat's cards are face down until turned over
    anna = dialog.locator(".h-replay-seats tr").nth(1)
    assert anna.locator(".card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    forward.click()
    expect(title).to_have_text(f"Hand 1: step 2 of {n}")
    expect(line).not_to_have_text("Dealing…")
    dialog.get_by_role("button", name="Back").click()
    expect(title).to_have_text(f"Hand 1: step 1 of {n}")
    dialog.get_by_role("button", name="Play").click()
    expect(title).to_have_text(f"Hand 1: step {n} of {n}", timeout=60_000)
    expect(forward).to_be_disabled()
    expect(line).not_to_have_text("")
    dialog.get_by_role("button", name="Done").click()
    expect(dialog.locator(".h-detail")).to_be_visible()


def test_a_kampung_hand_replays_in_german(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page(locale="de-DE")
    enter(page, server, "kampung")
    page.request.put(server.url + "/api/games/kampung/settings", data={"language": "de"})
    base = server.url + "/api/games/kampung/"
    state = page.request.post(base + "deal", data={"hand": 1, "bet": 10}).json()
    while not state["table"]["over"]:  # the hand played through the API: the replay is tested
        t = state["table"]
        body = {"action": "stand" if "stand" in t["legal"] else t["legal"][0]}
        state = page.request.post(
            base + "action", data={**body, "hand": 1, "step": t["step"]}
        ).json()
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.keyboard.press("l")
    dialog = page.locator("#dlg-history")
    expect(dialog.locator("li")).to_have_count(1)
    dialog.locator("li").first.locator("button").click()
    dialog.get_by_role("button", name="Abspielen").click()
    expect(dialog.locator(".h-replay h3")).to_contain_text("Hand 1: Schritt 0 von")
    dialog.get_by_role("button", name="Weiter").click()
    expect(dialog.locator(".h-replay h3")).to_contain_text("Schritt 1 von")
    expect(dialog.locator("[data-testid=replay-line]")).not_to_have_text("Vor dem Geben.")
