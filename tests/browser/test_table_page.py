"""The web table in Debian's Chromium, against a real ``banluck serve`` on a stacked shoe.

Deal order (T13): you, anna, ben, dealer, then the second pass the same way; then draws.
Anna and Ben play the project's strategy: they stand on the 19 and 18 dealt them here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Response, Route, expect

from tests.browser.conftest import FIRST_PAGE_MS, Server

pytestmark = pytest.mark.browser

# you 16 (TS 6H) then 4C on a hit; Anna 19; Ben 18; dealer 17.
PLAIN = ["TS", "TD", "KC", "9S", "6H", "9D", "8C", "8S", "4C"]
# you 15 (9H 6C): a free hand (T16); the dealer's 17 is no natural and no 15.
FREE = ["9H", "TD", "KC", "9S", "6C", "9D", "8C", "8S"]
# the dealer's 9S 6S: a two-card 15, thrown in (T15).
DEALER_15 = ["TS", "TD", "KC", "9S", "7H", "9D", "8C", "6S"]

HIDDEN = {"anna": {"TD", "9D"}, "ben": {"KC", "8C"}, "dealer": {"9S", "8S"}}

RECORD_MESSAGES = """
window.__messages = [];
document.addEventListener("DOMContentLoaded", () => {
  const m = document.getElementById("message");
  new MutationObserver(() => window.__messages.push(m.textContent)).observe(
    m, {childList: true, characterData: true, subtree: true});
});
"""


def open_table(page: Page, server: Server) -> None:
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled(timeout=FIRST_PAGE_MS)


def set_speed(page: Page, label: str) -> None:
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name=label).check()
    expect(page.get_by_role("radio", name=label)).to_be_checked()
    page.locator("#dlg-settings").get_by_role("button", name="Close").click()


def cards(page: Page, seat: str) -> list[str]:
    codes: list[str] = page.locator(f"#seat-{seat} .cards .card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return codes


def deal(page: Page, bet: int) -> None:
    page.locator("#bet").fill(str(bet))
    page.locator("#btn-deal").click()


def record_api(page: Page) -> list[tuple[str, str]]:
    """Every /api/ response body the browser receives, in order: (url, text)."""
    seen: list[tuple[str, str]] = []

    def on_response(r: Response) -> None:
        if "/api/" in r.url:
            try:
                seen.append((r.url, r.text()))
            except Exception:  # a response without a body (e.g. aborted)
                seen.append((r.url, ""))

    page.on("response", on_response)
    return seen


def revealed_in(body: Any) -> set[str]:
    """Seats whose hand is turned over in a State body."""
    table = body.get("table") if isinstance(body, dict) else None
    if not table:
        return set()
    out = {h["name"] for h in [*table["seats"], table["dealer"]] if h["revealed"]}
    out |= {e["seat"] for e in table["events"] if e["type"] == "revealed"}
    return out


def assert_no_leak(responses: list[tuple[str, str]], hidden: dict[str, set[str]]) -> None:
    """T22: no response carries a face-down card's code before that hand is turned over."""
    assert responses, "the browser received no API response"
    shown: set[str] = set()  # turned over in this or an earlier response (one hand per test)
    for url, text in responses:
        if not text:
            continue
        body = json.loads(text)
        shown |= revealed_in(body)
        table = body.get("table") if isinstance(body, dict) else None
        for seat, codes in hidden.items():
            if seat in shown:
                continue
            for code in codes:
                assert f'"{code}"' not in text, f"{seat}'s face-down {code} leaked in {url}"
            if table:
                hand = next(h for h in [*table["seats"], table["dealer"]] if h["name"] == seat)
                assert all(c is None for c in hand["cards"]), (seat, url)


def test_full_hand_to_settlement(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page], artifacts: Path
) -> None:
    """Deal, hit (a double click sends one request), stand by key; bots and dealer play out."""
    server = serve(PLAIN)
    page = new_page()
    page.add_init_script(RECORD_MESSAGES)
    responses = record_api(page)
    actions: list[str] = []
    action_url = "/api/games/table/action"
    page.on("request", lambda r: actions.append(r.url) if r.url.endswith(action_url) else None)
    open_table(page, server)
    set_speed(page, "Fast")
    deal(page, 100)

    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    expect(page.locator("#error")).to_be_hidden()
    assert cards(page, "you") == ["TS", "6H"]
    for seat in ("anna", "ben", "dealer"):
        assert cards(page, seat) == ["", ""]  # face down (T22)
        expect(page.locator(f"#seat-{seat} .card").first).to_have_attribute(
            "aria-label", "face-down card"
        )
    expect(page.locator('[data-testid="total-you"]')).to_have_text("16")
    expect(page.locator("#seat-anna .seat-bet")).to_have_text("Bet 50")
    expect(page.locator("#seat-you .seat-bet")).to_have_text("Bet 100")
    page.screenshot(path=str(artifacts / "desktop-1280x800-your-turn.png"))

    page.get_by_role("button", name="Hit").dblclick()
    expect(page.locator('[data-testid="total-you"]')).to_have_text("20")
    assert cards(page, "you") == ["TS", "6H", "4C"]
    assert len(actions) == 1, "a double click must send one request"

    page.keyboard.press("s")  # Stand by its shortcut
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Win +100")
    expect(page.locator("#btn-deal")).to_be_enabled()
    assert cards(page, "dealer") == ["9S", "8S"]
    assert cards(page, "anna") == ["TD", "9D"]
    assert cards(page, "ben") == ["KC", "8C"]
    expect(page.locator('[data-testid="result-anna"]')).to_have_text("Win +50")
    expect(page.locator('[data-testid="stack-you"]')).to_have_text("Stack 1,100")
    expect(page.locator("#mystack")).to_have_text("Your stack: 1,100")
    expect(page.locator("#sr-live")).to_contain_text("You win 100")
    assert len(actions) == 2

    # The bots and the dealer were shown one action at a time, in seat order.
    messages: list[str] = page.evaluate("window.__messages")
    order = [
        "Anna's turn.",
        "Anna stands.",
        "Ben's turn.",
        "Ben stands.",
        "The dealer turns its cards over.",
        "The dealer has 17.",
    ]
    positions = [messages.index(m) for m in order]
    assert positions == sorted(positions), messages
    assert any(m.startswith("You win 100.") for m in messages)

    # The bet field remembers the last bet (the server keeps it).
    expect(page.locator("#bet")).to_have_value("100")
    page.screenshot(path=str(artifacts / "desktop-1280x800-settled.png"))

    # History: the hand is listed, viewable and downloadable.
    page.keyboard.press("l")
    row = page.locator("#history-body li").first
    expect(row).to_contain_text("Hand 1")
    expect(row).to_contain_text("+100")
    href = row.locator("a.dl").get_attribute("href")
    assert href == "/api/games/table/history/1/replay.json"
    row.get_by_role("button", name=re.compile("View")).click()
    expect(page.locator(".h-detail")).to_contain_text("Anna")
    page.screenshot(path=str(artifacts / "desktop-1280x800-history-hand.png"))
    replay = page.request.get(server.url + href)
    assert replay.ok
    assert "attachment" in replay.headers.get("content-disposition", "")
    assert replay.json()["shoe"][:9] == PLAIN

    assert_no_leak(responses, HIDDEN)


def test_free_hand_thrown_in(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """A two-card 15: Stand is disabled with the reason shown; T throws it in (T16)."""
    server = serve(FREE)
    page = new_page()
    responses = record_api(page)
    open_table(page, server)
    set_speed(page, "Instant")
    deal(page, 200)

    throw = page.get_by_role("button", name="Throw in")
    expect(throw).to_be_enabled()
    expect(page.get_by_role("button", name="Stand")).to_be_disabled()
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    expect(page.locator("#reason")).to_contain_text("free hand")
    expect(page.locator('[data-testid="total-you"]')).to_have_text("15")

    page.keyboard.press("t")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Thrown in ±0")
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator('[data-testid="stack-you"]')).to_have_text("Stack 1,000")
    expect(page.locator('[data-testid="result-ben"]')).to_have_text("Win +50")
    assert_no_leak(responses, HIDDEN)


def test_dealer_fifteen_voids_the_hand(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """The dealer's two-card 15 is thrown in: a message says the hand is void (T15)."""
    server = serve(DEALER_15)
    page = new_page()
    open_table(page, server)
    set_speed(page, "Instant")
    deal(page, 100)
    expect(page.locator("#message")).to_contain_text("the hand is void")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Void ±0")
    expect(page.locator("#seat-dealer")).to_contain_text("Void")
    assert cards(page, "dealer") == ["9S", "6S"]
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator("#sr-live")).to_contain_text("bet comes back")


def test_languages(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page], artifacts: Path
) -> None:
    """English, Deutsch, 中文: the button names change, the choice is saved by the server."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    expect(page.get_by_role("button", name="Deal")).to_be_visible()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name="Deutsch").check()
    expect(page.get_by_role("button", name="Geben")).to_be_visible()
    expect(page.get_by_role("button", name="Einstellungen")).to_be_visible()
    expect(page.locator("#decks-note")).to_have_text("Eine Änderung gilt ab dem nächsten Mischen.")
    page.get_by_role("radio", name="中文").check()
    page.locator("#dlg-settings").get_by_role("button", name="关闭").click()
    expect(page.get_by_role("button", name="发牌")).to_be_visible()
    expect(page.get_by_role("button", name="规则")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")

    page.reload()
    expect(page.get_by_role("button", name="发牌")).to_be_enabled()
    page.keyboard.press("r")
    expect(page.locator("#rules-text")).to_contain_text("庄家先看自己的牌")
    page.keyboard.press("Escape")
    deal(page, 100)
    expect(page.get_by_role("button", name="要牌")).to_be_enabled()
    expect(page.get_by_role("button", name="停牌")).to_be_enabled()
    page.screenshot(path=str(artifacts / "desktop-1280x800-zh.png"))

    # A new browser that prefers German gets German before choosing anything.
    german = new_page(locale="de-DE")
    open_table(german, server)
    expect(german.get_by_role("button", name="Geben")).to_be_visible()
    expect(german.locator("#chips-note")).to_contain_text("Spielchips")


def test_settings_and_hand_survive_reload_and_restart(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """Settings, stacks and a hand in progress survive a reload and a server restart."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name="1 deck").check()
    expect(page.locator("#decks-pending")).to_be_visible()
    expect(page.locator("#decks-note")).to_have_text("A change takes effect at the next shuffle.")
    page.get_by_role("radio", name="Instant").check()
    page.keyboard.press("Escape")
    deal(page, 120)
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()

    page.reload()
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    assert cards(page, "you") == ["TS", "6H"]
    assert cards(page, "anna") == ["", ""]

    server.stop()
    server.start()
    page.reload()
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    assert cards(page, "you") == ["TS", "6H"]
    expect(page.locator("#seat-you .seat-bet")).to_have_text("Bet 120")
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("radio", name="1 deck")).to_be_checked()
    expect(page.get_by_role("radio", name="Instant")).to_be_checked()
    page.keyboard.press("Escape")

    page.get_by_role("button", name="Hit").click()
    expect(page.locator('[data-testid="total-you"]')).to_have_text("20")
    page.get_by_role("button", name="Stand").click()
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Win +120")
    page.reload()
    expect(page.locator("#mystack")).to_have_text("Your stack: 1,120")
    expect(page.locator("#bet")).to_have_value("120")


def test_bad_bet_is_explained_and_not_sent(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """A bet of 5 is refused with the translated message; no deal request is sent."""
    server = serve(PLAIN)
    page = new_page()
    deals: list[str] = []
    deal_url = "/api/games/table/deal"
    page.on("request", lambda r: deals.append(r.url) if r.url.endswith(deal_url) else None)
    open_table(page, server)
    deal(page, 5)
    expect(page.get_by_role("alert")).to_contain_text("The smallest bet is 10.")
    assert deals == []
    # A stale deal from another tab: the server's 409 is shown, and the page catches up.
    page.request.post(server.url + "/api/deal", data={"bet": 50, "hand": 1})
    deal(page, 60)
    expect(page.get_by_role("alert")).to_be_visible()
    expect(page.locator("#seat-you .seat-bet")).to_have_text("Bet 50")


def test_phone_layout_screenshots(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page], artifacts: Path
) -> None:
    """390 × 844 (a phone in portrait): nothing wider than the screen; screenshots."""
    server = serve(PLAIN)
    page = new_page(width=390, height=844)
    open_table(page, server)
    set_speed(page, "Instant")
    page.screenshot(path=str(artifacts / "phone-390x844-start.png"))
    deal(page, 100)
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    page.screenshot(path=str(artifacts / "phone-390x844-your-turn.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    for name in ("Hit", "Stand", "Throw in"):
        button = page.get_by_role("button", name=name)
        assert button.count() == 1
    page.get_by_role("button", name="Hit").click()
    page.get_by_role("button", name="Stand").click()
    expect(page.locator('[data-testid="result-you"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "phone-390x844-settled.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts / "phone-360x740-settled.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("button", name="History").click()
    expect(page.locator("#history-body li")).to_have_count(1)
    page.screenshot(path=str(artifacts / "phone-390x844-history.png"))
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Rules").click()
    expect(page.locator("#rules-text p")).to_have_count(7)
    page.screenshot(path=str(artifacts / "phone-390x844-rules.png"))
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Settings").click()
    page.screenshot(path=str(artifacts / "phone-390x844-settings.png"))


# Hand 1: the dealer's Ban-Ban (AS AH) takes three bets from everyone: your 500 bet costs
# your whole 1,000 (T20's cap). Hand 2: your 9S 5H must draw (3H, 17); Anna's Ban-Luck
# (AD KD); Ben's 5C 2C must draw under 16 three times (T16) and stops at five cards, a five
# dragon of 16 (T6). Your forced draw is marked as such; Ben's are shown as plain draws,
# since "forced" would tell you that his hidden total is under 16 (T22).
NATURALS = ["TS", "TD", "KC", "AS", "7H", "9D", "8C", "AH"]
NATURALS += ["9S", "AD", "5C", "TH", "5H", "KD", "2C", "7C", "3H", "3D", "4D", "2D"]


def test_naturals_dragon_forced_draws_and_fresh_stack(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page], artifacts: Path
) -> None:
    """Ban-Ban, Ban-Luck and the five dragon are named; forced draws are marked; T9's notice."""
    server = serve(NATURALS)
    page = new_page()
    page.add_init_script(RECORD_MESSAGES)
    open_table(page, server)
    set_speed(page, "Fast")
    page.get_by_role("button", name="Bet 500").click()
    expect(page.locator("#bet")).to_have_value("500")
    page.keyboard.press("d")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Lose −1,000")
    assert "The dealer has a Ban-Ban and turns it over at once!" in page.evaluate(
        "window.__messages"
    )
    expect(page.locator('[data-testid="total-dealer"]')).to_have_text("Ban-Ban")
    expect(page.locator("#mystack")).to_have_text("Your stack: 0")
    expect(page.locator('.notice[data-code="out_of_chips"]')).to_be_visible()
    expect(page.locator('[data-testid="stack-anna"]')).to_have_text("Stack 850")

    expect(page.locator("#btn-deal")).to_be_enabled()
    page.keyboard.press("d")  # the last bet, 500, again
    expect(page.locator('.notice[data-code="fresh_stack"]')).to_contain_text(
        "a fresh stack of 1,000"
    )
    expect(page.get_by_role("button", name="Stand")).to_be_enabled()
    assert cards(page, "you") == ["9S", "5H", "3H"]
    expect(page.locator("#seat-you .card.forced")).to_have_count(1)
    expect(page.locator("#seat-you .card.forced").first).to_have_attribute(
        "aria-label", re.compile("forced draw")
    )
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-ben"]')).to_have_text("Win +100")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Push ±0")
    assert cards(page, "ben") == ["5C", "2C", "3D", "4D", "2D"]
    expect(page.locator("#seat-ben .card.forced")).to_have_count(0)
    expect(page.locator('[data-testid="total-ben"]')).to_have_text("Five dragon · 16")
    expect(page.locator('[data-testid="total-anna"]')).to_have_text("Ban-Luck")
    expect(page.locator('[data-testid="result-anna"]')).to_have_text("Win +100")
    messages: list[str] = page.evaluate("window.__messages")
    for said in ("You are under 16 and must draw.", "Anna: Ban-Luck!", "Ben: five dragon!"):
        assert said in messages, messages
    assert "Ben draws." in messages, messages
    assert not any("Ben is under 16" in m for m in messages), messages
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.screenshot(path=str(artifacts / "desktop-1280x800-dragon.png"))


def test_hint_shows_best_move(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """The hint names the best move and each choice's EV, in the page's language."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    set_speed(page, "Instant")
    deal(page, 100)
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    page.keyboard.press("i")
    expect(page.locator("#hint")).to_contain_text("Best move:")
    expect(page.locator("#hint li")).to_have_count(2)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name="Deutsch").check()
    page.keyboard.press("Escape")
    expect(page.locator("#hint")).to_contain_text("Bester Zug:")


def test_hint_button_hidden_without_endpoint(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """Without /api/hint (a 404 from the router), the Hint button is hidden, nothing breaks."""
    server = serve(PLAIN)
    page = new_page()

    def without_features(route: Route) -> None:
        # An older server: no "features" in the State, so the page probes /api/hint.
        response = route.fetch()
        body = response.json()
        body.pop("features", None)
        route.fulfill(response=response, json=body)

    page.route("**/api/games/table/state", without_features)
    page.route(
        "**/api/games/table/hint*",
        lambda route: route.fulfill(
            status=404, content_type="application/json", body='{"detail": "Not Found"}'
        ),
    )
    open_table(page, server)
    set_speed(page, "Instant")
    deal(page, 100)
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    expect(page.locator("#btn-hint")).to_be_hidden()
    page.keyboard.press("i")  # the shortcut does nothing either
    expect(page.locator("#error")).to_be_hidden()


def test_keyboard_only(serve: Callable[[list[str]], Server], new_page: Callable[..., Page]) -> None:
    """Every action has a key, shown on its button; the focus stays in the controls."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    set_speed(page, "Instant")
    for button, key in (("Deal", "D"), ("Rules", "R"), ("History", "L"), ("Settings", "O")):
        b = page.get_by_role("button", name=button)
        expect(b).to_have_attribute("aria-keyshortcuts", key)
        expect(b.locator("kbd")).to_have_text(key)
    page.keyboard.press("?")
    expect(page.locator("#dlg-help")).to_be_visible()
    expect(page.locator("#help-list")).to_contain_text("Throw in")
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-help")).to_be_hidden()

    page.keyboard.press("3")  # the third chip: 50
    expect(page.locator("#bet")).to_have_value("50")
    page.get_by_role("button", name="Deal").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    assert page.evaluate("document.activeElement.id") == "act-row"
    expect(page.get_by_role("button", name="Hit")).to_have_attribute("aria-keyshortcuts", "H")
    page.keyboard.press("h")
    expect(page.locator('[data-testid="total-you"]')).to_have_text("20")
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Win +50")
    expect(page.locator("#btn-deal")).to_be_enabled()
    assert page.evaluate("document.activeElement.id") == "bet-row"


def test_the_double_chip_doubles_the_bet_up_to_what_the_server_allows(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """×2 beside the chips: the bet in the field twice over, never past the server's
    largest bet (its limits), and said in the reader's language for screen readers."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    bet = page.locator("#bet")
    twice = page.locator("#bet-double")
    expect(twice).to_have_attribute("aria-label", "×2: Double the bet")
    bet.fill("40")
    bet.dispatch_event("input")
    twice.click()
    expect(bet).to_have_value("80")
    twice.click()
    expect(bet).to_have_value("160")
    bet.fill("400")
    bet.dispatch_event("input")
    twice.click()
    top = page.evaluate("() => Number(document.getElementById('bet').max)")
    expect(bet).to_have_value(str(top))  # the largest bet (and the stack) the server gives
    expect(twice).to_be_disabled()
    # the doubled bet is the one dealt (read once the deal is answered: the button turns
    # off as the request leaves, before the server has the bet)
    with page.expect_response(lambda r: r.url.endswith("/deal")) as dealt:
        page.locator("#btn-deal").click()
    assert dealt.value.ok
    expect(page.locator("#btn-deal")).to_be_disabled()
    assert page.request.get(server.url + "/api/state").json()["player"]["last_bet"] == top
