"""The hand log beside the table (issue 18): every event of the hand in words as it is
shown, a repeated line (the deal's cards) once, the newest last; it is the table's own
words (the message line's), re-translated when the language changes, and a reload shows
the hand's events again."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table_page import PLAIN, deal, open_table, set_speed

pytestmark = pytest.mark.browser


def log_lines(page: Page) -> list[str]:
    return [str(x) for x in page.locator("#log-list li").all_inner_texts()]


def test_the_hand_log_tells_the_hand_move_by_move(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    expect(page.locator("#hand-log")).to_be_hidden()  # no hand yet
    set_speed(page, "Fast")
    deal(page, 100)
    expect(page.locator("#btn-hit")).to_be_enabled()  # your 16 (TS 6H): your turn
    lines = log_lines(page)
    assert lines[0] == "Dealing…", lines
    assert lines[-1] == page.locator("#message").inner_text() == "Your turn: you have 16."
    page.keyboard.press("s")  # 16 against the dealer's 17: a loss
    expect(page.locator("#btn-deal")).to_be_enabled()
    lines = log_lines(page)
    assert lines[-1] == page.locator("#message").inner_text()  # the table's last words
    assert any("17" in x for x in lines), lines  # the dealer's total, said in the log
    # the result says why: your hand against the dealer's, as the server gave them
    assert "You lose 100. Your hand: 16; the dealer's: 17." in lines[-1], lines
    assert any("Anna" in x for x in lines) and any("Ben" in x for x in lines), lines
    assert all(a != b for a, b in itertools.pairwise(lines)), lines
    # the same hand, after a reload: shown again in full, in the chosen language
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name="Deutsch").check()
    page.keyboard.press("Escape")
    # the German texts come when first used: the log is read once the page speaks German
    expect(page.locator("#hand-log summary")).to_have_text("Diese Hand, Zug für Zug")
    expect(page.locator("#log-list li").last).not_to_have_text(lines[-1])
    german = log_lines(page)
    assert len(german) == len(lines) and german != lines
    page.reload()
    expect(page.locator("#log-list li").last).to_have_text(german[-1])
    again = log_lines(page)
    # every event's line again; only the prompt of your turn, said as it came, is not
    assert [x for x in german if x not in again] == ["Du bist dran: Du hast 16."]
    assert set(again) <= set(german)


@pytest.mark.rule("T20")
def test_a_loss_capped_at_the_stack_says_so(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """The dealer's Ban-Ban takes three bets (T4), but a loss stops at the stack (T20): 500
    bet with 1,000 chips loses 1,000, and the table says it was capped, from the server's
    `owed` (what the rules move) and `net` (what moved)."""
    server = serve(["TS", "TD", "KC", "AS", "6H", "9D", "8C", "AH", "4C"])
    page = new_page()
    open_table(page, server)
    set_speed(page, "Fast")
    deal(page, 500)
    expect(page.locator("#btn-deal")).to_be_enabled()  # the dealer's Ban-Ban ends the hand
    events = page.request.get(server.url + "/api/state").json()["table"]["events"]
    mine = next(e for e in events if e["type"] == "settled" and e["seat"] == "you")
    assert (mine["net"], mine["owed"]) == (-1000, 1500)
    lines = log_lines(page)
    assert any("Capped at the stack: 1,000 of 1,500." in x for x in lines), lines
