"""More of the web table in Debian's Chromium: the shoe's reshuffle and a decks change (T11,
T12), the bet field's messages (T8), the hand history with its replay download, and the
German page on a 360-pixel phone.

Deal order (T13): you, anna, ben, dealer, then the second pass the same way; then draws.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

# you 16 (TS 6H), then 4C on a hit: 20; Anna 19 (TD 9D); Ben 18 (KC 8C); dealer 17 (9S 8S).
PLAIN = ["TS", "TD", "KC", "9S", "6H", "9D", "8C", "8S", "4C"]
SHOE_CARDS = 104  # T11: two decks
RESHUFFLE_BELOW = 26  # T12: max(104 / 4, 5 x 4)


def idle(page: Page) -> None:
    """Wait until the page shows every event it has and no request is in flight."""
    page.wait_for_function(
        "() => { const d = window.banluckDebug && window.banluckDebug();"
        " return d && !d.animating && !d.busy; }"
    )


def open_table(page: Page, server: Server, speed: str = "Instant") -> None:
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name=speed).check()
    expect(page.get_by_role("radio", name=speed)).to_be_checked()
    page.locator("#dlg-settings").get_by_role("button", name="Close").click()


def api_hand(page: Page, server: Server, bet: int) -> dict[str, Any]:
    """One whole hand through the API with the page's cookie (stand when allowed)."""
    state: dict[str, Any] = page.request.get(server.url + "/api/state").json()
    body = {"bet": bet, "hand": state["next_hand"]}
    state = page.request.post(server.url + "/api/deal", data=body).json()
    while not state["table"]["over"]:
        t = state["table"]
        move = "stand" if "stand" in t["legal"] else "hit"
        body2 = {"action": move, "hand": t["hand"], "step": t["step"]}
        state = page.request.post(server.url + "/api/action", data=body2).json()
    return state


def history_entry(page: Page, server: Server, hand: int) -> dict[str, Any]:
    entry: dict[str, Any] = page.request.get(f"{server.url}/api/history/{hand}").json()
    return entry


def test_decks_change_waits_for_the_reshuffle_then_takes_effect(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """1 deck is chosen: said in the settings and on the table; the hands go on with 2 decks
    until the shoe runs low (T12); the next deal reshuffles, says so, and deals from 1 deck."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    page.keyboard.press("o")
    page.get_by_role("radio", name="1 deck").check()
    expect(page.locator("#decks-pending")).to_have_text("1 deck from the next shuffle on.")
    expect(page.locator("#decks-note")).to_have_text("A change takes effect at the next shuffle.")
    page.keyboard.press("Escape")
    pending = page.locator('#notices [data-code="decks_pending"]')
    expect(pending).to_have_text("1 deck from the next shuffle on.")
    shoe = page.locator('[data-testid="shoe"]')
    expect(shoe).to_have_text("Shoe: 2 decks")

    # A hand before the shoe runs low: still two decks, no reshuffle.
    page.locator("#bet").fill("10")
    page.locator("#bet").press("Enter")
    expect(page.get_by_role("button", name="Stand")).to_be_enabled()
    page.keyboard.press("s")
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator('#notices [data-code="reshuffled"]')).to_have_count(0)
    expect(pending).to_be_visible()
    used = history_entry(page, server, 1)["result"]["cards_used"]
    assert history_entry(page, server, 1)["replay"]["decks"] == 2

    # More hands (through the API, same cookie) until fewer than 26 cards remain: the hand
    # that leaves them makes the next shoe, of one deck, as it ends (its commitment is shown
    # before the next bet); the next deal says so.
    hand = 1
    while SHOE_CARDS - used >= RESHUFFLE_BELOW:
        state = api_hand(page, server, 10)
        hand = state["table"]["hand"]
        assert not [n for n in state["player"]["notices"] if n["code"] == "reshuffled"]
        used += history_entry(page, server, hand)["result"]["cards_used"]
        low = SHOE_CARDS - used < RESHUFFLE_BELOW
        assert state["player"]["decks_in_play"] == (1 if low else 2)
        assert state["fair"]["decks"] == (1 if low else 2)
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()

    # The next deal, in the page: reshuffled, and the shoe is one deck now.
    page.locator("#bet").fill("10")
    page.locator("#bet").press("Enter")
    idle(page)
    expect(page.locator('#notices [data-code="reshuffled"]')).to_have_text(
        "The shoe was reshuffled."
    )
    expect(page.locator('#notices [data-code="decks_changed"]')).to_have_text(
        "The shoe now holds 1 deck."
    )
    expect(pending).to_have_count(0)
    expect(shoe).to_have_text("Shoe: 1 deck")
    state = page.request.get(server.url + "/api/state").json()
    assert state["player"]["decks_in_play"] == 1
    assert state["player"]["pending_decks"] is None
    page.keyboard.press("o")
    expect(page.get_by_role("radio", name="1 deck")).to_be_checked()
    expect(page.locator("#decks-pending")).to_be_hidden()
    page.keyboard.press("Escape")
    while not state["table"]["over"]:
        t = state["table"]
        page.keyboard.press("s" if "stand" in t["legal"] else "h")
        idle(page)
        state = page.request.get(server.url + "/api/state").json()
    assert history_entry(page, server, hand + 1)["replay"]["decks"] == 1


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("5", "The smallest bet is 10."),
        ("600", "The largest bet is 500."),
        ("", "Enter a bet from 10 to 500."),
        ("12.5", "A bet is a whole number of chips, from 10 to 500."),
    ],
)
def test_bet_field_says_what_is_wrong(
    serve: Callable[[list[str]], Server],
    new_page: Callable[..., Page],
    typed: str,
    said: str,
) -> None:
    """A bet out of range (T8) is explained next to the field, marked invalid, not sent;
    changing the bet clears the message."""
    server = serve(PLAIN)
    page = new_page()
    deals: list[str] = []
    deal_url = "/api/games/table/deal"
    page.on("request", lambda r: deals.append(r.url) if r.url.endswith(deal_url) else None)
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.locator("#bet").fill(typed)
    page.locator("#btn-deal").click()
    expect(page.get_by_role("alert")).to_contain_text(said)
    expect(page.locator("#bet")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#bet")).to_be_focused()
    assert deals == []
    page.locator("#bet").fill("50")
    expect(page.get_by_role("alert")).to_be_hidden()
    expect(page.locator("#bet")).not_to_have_attribute("aria-invalid", "true")


def test_bet_field_letters_and_german(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """Letters never make a bet; in German the message is German."""
    server = serve(PLAIN)
    page = new_page(locale="de-DE")
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.locator("#bet").fill("")
    page.locator("#bet").press_sequentially("abc")
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("Gib einen Einsatz von 10 bis 500 ein.")
    page.locator("#bet").fill("600")
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("Der größte Einsatz ist 500.")


def win_plain_hand(page: Page) -> None:
    """PLAIN's first hand by the keyboard: bet 100, hit to 20, stand, win 100."""
    page.locator("#bet").fill("100")
    page.locator("#bet").press("Enter")
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    page.keyboard.press("h")
    expect(page.locator('[data-testid="total-you"]')).to_have_text("20")
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Win +100")


def test_history_view_and_replay_download(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page], tmp_path: Path
) -> None:
    """A settled hand is in the history; its view shows every seat's cards and result; its
    downloaded replay file, fed to `banluck replay`, settles to the same result."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    win_plain_hand(page)

    page.keyboard.press("l")
    dialog = page.locator("#dlg-history")
    expect(dialog).to_be_visible()
    row = dialog.locator("li").first
    expect(row).to_contain_text("Hand 1 · bet 100 · Win +100")
    expect(row.locator(".mini .card")).to_have_count(5)  # your 3 cards, the dealer's 2

    dialog.get_by_role("button", name="View · Hand 1").click()
    rows = dialog.locator(".h-detail tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0)).to_contain_text("Dealer")
    expect(rows.nth(0)).to_contain_text("17")
    expect(rows.nth(1)).to_contain_text("Win +100")
    expect(rows.nth(1)).to_contain_text("Stack 1,100")
    expect(rows.nth(2)).to_contain_text("Win +50")
    expect(rows.nth(3)).to_contain_text("Win +50")
    shown = (
        rows.nth(1)
        .locator(".card")
        .evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    )
    assert shown == ["10 of spades", "6 of hearts", "4 of clubs"]

    with page.expect_download() as info:
        dialog.get_by_role("link", name="Download replay · Hand 1").click()
    download = info.value
    assert download.suggested_filename == "banluck-hand-1.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    replay_input = json.loads(path.read_text())
    assert [s["moves"] for s in replay_input["seats"]] == [["hit", "stand"], ["stand"], ["stand"]]

    run = subprocess.run(
        [sys.executable, "-m", "banluck", "replay", str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    settled = json.loads(run.stdout)
    assert settled == history_entry(page, server, 1)["result"]
    you = next(s for s in settled["seats"] if s["name"] == "you")
    assert (you["result"], you["net"], you["stack"]) == ("win", 100, 1100)

    dialog.get_by_role("button", name="Back to the list").click()
    expect(dialog.locator("li")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


NO_OVERLAP_JS = """
() => {
  const doc = document.documentElement;
  const problems = [];
  const width = doc.clientWidth;
  if (doc.scrollWidth > width) problems.push(`page ${doc.scrollWidth} > ${width}`);
  const within = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
  const hit = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const rect = (e) => e.getBoundingClientRect();
  for (const seat of document.querySelectorAll(".seat")) {
    const parts = [...seat.querySelectorAll(".seat-name, .seat-stack, .seat-bet, .badge")]
      .filter((e) => e.offsetParent !== null);
    for (const p of parts) {
      if (!within(rect(p), rect(seat))) problems.push(`${seat.id}: ${p.className} sticks out`);
    }
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        if (hit(rect(parts[i]), rect(parts[j]))) {
          problems.push(`${seat.id}: ${parts[i].className} overlaps ${parts[j].className}`);
        }
      }
    }
  }
  for (const b of document.querySelectorAll("button, .badge, .message, .notice")) {
    if (b.offsetParent === null) continue;
    if (b.scrollWidth > b.clientWidth + 1) problems.push(`${b.id || b.className} text cut`);
    const r = rect(b);
    if (r.left < 0 || r.right > width) problems.push(`${b.id || b.className} off screen`);
  }
  const dlg = document.querySelector("dialog[open]");
  if (dlg) {
    for (const e of dlg.querySelectorAll("table, tr, td, th, button, a, li")) {
      if (!within(rect(e), rect(dlg))) problems.push(`dialog: ${e.tagName} sticks out`);
    }
  }
  return problems;
}
"""


def test_german_phone_360_nothing_overlaps_or_scrolls_sideways(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page], artifacts: Path
) -> None:
    """The longest words (German) on the narrowest phone: no horizontal scroll, no seat part
    on another, no cut text, the history's hand inside its dialog; at every stage."""
    server = serve(PLAIN)
    page = new_page(locale="de-DE", width=360, height=740)
    page.goto(server.table_url)
    expect(page.get_by_role("button", name="Geben")).to_be_enabled()
    assert page.evaluate(NO_OVERLAP_JS) == []
    page.keyboard.press("o")
    page.get_by_role("radio", name="Sofort").check()
    page.get_by_role("radio", name="1 Deck").check()
    expect(page.locator("#decks-pending")).to_be_visible()
    assert page.evaluate(NO_OVERLAP_JS) == []
    page.keyboard.press("Escape")

    page.locator("#bet").fill("100")
    page.locator("#bet").press("Enter")
    expect(page.get_by_role("button", name="Ziehen")).to_be_enabled()
    assert page.evaluate(NO_OVERLAP_JS) == []
    page.screenshot(path=str(artifacts / "phone-360x740-de-turn.png"), full_page=True)
    page.keyboard.press("h")
    expect(page.get_by_role("button", name="Stehen")).to_be_enabled()
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Gewonnen +100")
    assert page.evaluate(NO_OVERLAP_JS) == []
    page.screenshot(path=str(artifacts / "phone-360x740-de-settled.png"), full_page=True)

    page.keyboard.press("l")
    page.locator("#dlg-history").get_by_role("button", name="Ansehen · Hand 1").click()
    expect(page.locator(".h-detail tr")).to_have_count(4)
    assert page.evaluate(NO_OVERLAP_JS) == []
    page.screenshot(path=str(artifacts / "phone-360x740-de-history.png"))
    page.keyboard.press("Escape")
    page.keyboard.press("r")
    expect(page.locator("#dlg-rules")).to_be_visible()
    assert page.evaluate(NO_OVERLAP_JS) == []
    # The rules open at their start (the title has the focus, not Close at the bottom).
    expect(page.locator("#rules-title")).to_be_focused()
    assert page.locator("#dlg-rules").evaluate("d => d.scrollTop") == 0
    expect(page.locator("#rules-text p").first).to_be_in_viewport()


def test_space_skips_the_animation(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """At the slow speed the deal takes about 4 s (eight cards); Space shows the rest at once."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server, speed="Slow")
    page.locator("#bet").fill("100")
    page.locator("#bet").press("Enter")
    skip = page.locator("#btn-skip")
    expect(skip).to_be_visible()
    expect(page.get_by_role("button", name="Hit")).to_be_disabled()
    page.keyboard.press(" ")
    expect(page.get_by_role("button", name="Hit")).to_be_enabled(timeout=1500)
    expect(skip).to_be_hidden()
    shown = page.locator("#seat-you .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == ["TS", "6H"]
    expect(page.locator('[data-testid="total-you"]')).to_have_text("16")
