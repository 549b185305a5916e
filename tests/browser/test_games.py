"""Every game from the lobby (issue 10), in Debian's Chromium against a real ``banluck serve``
whose first shoe of each game is stacked (``--shoe GAME=FILE``, docs/API.md "Games").

Deal orders: one-on-one (O4) you, dealer up, you, dealer hole, then draws; classic (C2) you,
anna, ben, dealer up, you, anna, ben, dealer hole, then draws; infinite (I2, I3) the shared
first card, the dealer's up card, the shared second card, the hole card, then the common row.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from banluck.games.registry import GAMES as REGISTRY
from tests.browser.conftest import Server, open_lobby
from tests.browser.test_table_page import PLAIN, record_api

pytestmark = pytest.mark.browser

GAMES = tuple(REGISTRY)  # every game of the registry, in the lobby's order
# you 8D 8C against the dealer's 7S (hole TD); the split hands draw KC and 9C.
CLASSIC = ["8D", "TH", "JS", "7S", "8C", "6C", "5H", "TD", "KC", "9C"]
# Hand 1: AD KH shared, the dealer's AS up and JS down (insurance, a dealer blackjack).
# Hand 2: 3H KS shared against a 9S (TH down): you surrender, Anna and Ben hit TC.
# Hand 3: 8S 8H shared against a 6D (TC down): split, double the 11 (3C, KH), 17 (9S).
INFINITE = ["AD", "AS", "KH", "JS", "3H", "9S", "KS", "TH", "TC"]
INFINITE += ["8S", "6D", "8H", "TC", "3C", "KH", "9S", "2D"]
# one-on-one (O4): you TS 6H (16) against the dealer's 9C up, 8D down (17).
ONE_ON_ONE = ["TS", "9C", "6H", "8D"]
# one-on-one: twice you 17 against the dealer's 19, stood and lost.
ONE_ON_ONE_LOSSES = ["TS", "9C", "7H", "TD", "JS", "9D", "7S", "KD"]


def idle(page: Page) -> None:
    page.wait_for_function(
        "() => { const d = window.banluckDebug && window.banluckDebug();"
        " return d && !d.animating && !d.busy; }"
    )


def api(server: Server, game: str) -> str:
    return f"{server.url}/api/games/{game}"


def enter(page: Page, server: Server, game: str) -> None:
    """From the lobby, at instant speed, into ``game`` by its card's link."""
    open_lobby(page, server)
    page.request.put(api(server, game) + "/settings", data={"speed": "instant"})
    page.locator(f'.game-card[data-game="{game}"] a.game-link').click()
    expect(page).to_have_url(re.compile(f"/play/{game}$"))
    expect(page.locator("#btn-deal")).to_be_enabled()


def cards(page: Page, selector: str) -> list[str]:
    codes: list[str] = page.locator(f"{selector} .card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return codes


def replay_settles_the_same(page: Page, server: Server, game: str, hand: int, tmp: Path) -> Any:
    """The history's download, fed to `banluck replay`, gives the stored result."""
    page.keyboard.press("l")
    dialog = page.locator("#dlg-history")
    row = dialog.locator(f'li[data-hand="{hand}"]')
    expect(row).to_be_visible()
    with page.expect_download() as info:
        row.locator("a.dl").click()
    path = tmp / f"{game}-{hand}.json"
    info.value.save_as(path)
    run = subprocess.run(
        [sys.executable, "-m", "banluck", "replay", str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    settled = json.loads(run.stdout)
    stored = page.request.get(f"{api(server, game)}/history/{hand}").json()["result"]
    assert settled == stored
    row.get_by_role("button", name=re.compile("View")).click()
    expect(dialog.locator(".h-detail tr").first).to_be_visible()
    page.keyboard.press("Escape")
    return settled


def bodies(responses: list[tuple[str, str]]) -> list[tuple[str, Any]]:
    return [(url, json.loads(text)) for url, text in responses if text.startswith("{")]


def test_lobby_lists_every_game_with_its_edge_and_your_stack(
    serve: Callable[..., Server], new_page: Callable[..., Page], artifacts: Path
) -> None:
    server = serve(PLAIN)
    page = new_page()
    open_lobby(page, server)
    expect(page.locator("h1")).to_have_text("Ban Luck: all games")
    expect(page.locator('[data-testid="edge-table"]')).to_have_text("2.744%")
    expect(page.locator('[data-testid="edge-one-on-one"]')).to_have_text("1.139%")
    # kampung's edge is measured by simulation (the bots of its own solve), then shown
    expect(page.locator('[data-testid="edge-kampung"]')).to_have_text(
        re.compile(r"^\d\.\d{3}% ± 0\.\d{3}% \(simulated\)$"), timeout=60_000
    )
    for game in GAMES:
        expect(page.locator(f'[data-testid="lobby-stack-{game}"]')).to_have_text("1,000")
        link = page.locator(f'.game-card[data-game="{game}"] a.game-link')
        assert link.get_attribute("href") == f"/play/{game}"
    expect(page.locator("#controls")).to_be_hidden()
    page.screenshot(path=str(artifacts / "lobby-desktop.png"), full_page=True)
    page.keyboard.press("d")  # no table here: the keys of a table do nothing
    expect(page.locator("#error")).to_be_hidden()
    # The language (every game's) is chosen here too, and stays for the games.
    page.keyboard.press("o")
    with page.expect_response(re.compile(r"/api/games/table/settings$")):
        page.get_by_role("radio", name="中文").check()
    expect(page.locator("h1")).to_have_text("Ban Luck：全部游戏")
    expect(page.locator('[data-testid="edge-kampung"]')).to_have_text(
        re.compile(r"^\d\.\d{3}% ± 0\.\d{3}%（模拟）$")
    )
    page.keyboard.press("Escape")
    page.locator('.game-card[data-game="classic"] a.game-link').click()
    expect(page.locator("#btn-deal")).to_have_text(re.compile("发牌"))


def test_one_on_one_from_the_lobby(
    serve: Callable[..., Server], new_page: Callable[..., Page], tmp_path: Path
) -> None:
    """O1 (three times the bet), O4 (the up card, the hole card face down until the end),
    the hint, history, replay, statistics, the strategy chart; the table's stack untouched.
    The shoe is stacked (``--shoe one-on-one=FILE``): O2's shuffle waits for its cards."""
    server = serve(PLAIN, {"one-on-one": ONE_ON_ONE})
    page = new_page()
    responses = record_api(page)
    enter(page, server, "one-on-one")
    expect(page.locator("h1")).to_have_text("Ban Luck one-on-one")
    expect(page.locator("#message")).to_contain_text("three times your bet")
    expect(page.locator("#seat-anna")).to_be_hidden()
    expect(page.locator("#btn-throw")).to_be_hidden()
    expect(page.locator("#chips-note")).not_to_contain_text("Anna")

    page.locator("#bet").fill("400")
    page.locator("#btn-deal").click()
    expect(page.locator("#error-text")).to_contain_text("three times your bet")
    expect(page.locator("#error-text")).to_contain_text("1,000")

    page.locator("#bet").fill("100")
    page.locator("#btn-deal").click()
    idle(page)
    state: dict[str, Any] = page.request.get(api(server, "one-on-one") + "/state").json()
    assert not state["table"]["over"]
    assert cards(page, "#seat-you") == ["TS", "6H"]
    up = "9C"
    assert cards(page, "#seat-dealer") == [up, ""]  # the up card; the hole card face down
    page.keyboard.press("i")
    expect(page.locator("#hint")).to_contain_text("Best move:")
    expect(page.locator("#hint li")).to_have_count(len(state["table"]["legal"]))
    page.keyboard.press("c")
    # The server solves a chart on its first request (about 4 s for one-on-one).
    expect(page.locator('[data-testid="chart-current"]')).to_have_count(1, timeout=30_000)
    page.keyboard.press("Escape")
    page.keyboard.press("s")  # 16 stands against the dealer's 17 (9C 8D): a loss
    idle(page)
    state = page.request.get(api(server, "one-on-one") + "/state").json()
    assert state["table"]["over"]
    you = state["table"]["seats"][0]
    hole = "8D"
    assert state["table"]["dealer"]["cards"] == [up, hole]
    assert cards(page, "#seat-dealer")[:2] == [up, hole]
    assert you["result"] == "lose" and you["net"] == -100
    expect(page.locator('[data-testid="result-you"]')).to_contain_text(you["result"].title())

    # No hidden card reached the page before it was turned over (T22, O4): one deck, so
    # the hole card's code is in no answer until the hand is over.
    for url, body in bodies(responses):
        table = body.get("table") if isinstance(body, dict) else None
        if table and not table["over"] and table["hand"] == state["table"]["hand"]:
            assert table["dealer"]["cards"][1] is None, url
            assert f'"{hole}"' not in json.dumps(body), url

    hand = state["table"]["hand"]
    settled = replay_settles_the_same(page, server, "one-on-one", hand, tmp_path)
    assert settled["seats"][0]["net"] == you["net"]
    page.keyboard.press("g")
    expect(page.locator('[data-testid="stats-hands"]')).to_have_text(str(hand))
    expect(page.locator("#stats-body svg.stack-chart path.stack-line")).to_have_count(1)
    page.keyboard.press("Escape")

    page.locator("#lnk-lobby").click()
    stack = f"{state['player']['stacks']['you']:,}"
    expect(page.locator('[data-testid="lobby-stack-one-on-one"]')).to_have_text(stack)
    expect(page.locator('[data-testid="lobby-stack-table"]')).to_have_text("1,000")


def test_one_on_one_caps_the_bet_at_a_third_of_the_stack(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """O1 through the server's ``limits.bet_cap``: two losses of 200 leave 600, and the bet
    field, the chips and the page's own check stop at 200."""
    server = serve(PLAIN, {"one-on-one": ONE_ON_ONE_LOSSES})
    page = new_page()
    enter(page, server, "one-on-one")
    for _ in range(2):
        page.locator("#bet").fill("200")
        page.locator("#btn-deal").click()
        idle(page)
        page.keyboard.press("s")
        idle(page)
    state = page.request.get(api(server, "one-on-one") + "/state").json()
    assert state["player"]["stacks"]["you"] == 600
    assert state["limits"]["bet_cap"] == 200
    expect(page.locator("#bet")).to_have_attribute("max", "200")
    expect(page.get_by_role("button", name="Bet 500")).to_be_disabled()
    expect(page.get_by_role("button", name="Bet 100")).to_be_enabled()
    page.locator("#bet").fill("201")
    page.locator("#btn-deal").click()
    expect(page.locator("#error-text")).to_contain_text("three times your bet")
    expect(page.locator("#error-text")).to_contain_text("600")
    assert page.request.get(api(server, "one-on-one") + "/state").json()["next_hand"] == 3


def test_classic_split_hands_side_by_side(
    serve: Callable[..., Server], new_page: Callable[..., Page], tmp_path: Path
) -> None:
    """C6: the pair of eights splits into two hands side by side, the active one marked;
    the other seats' cards and the hole card stay null until turned over (C2)."""
    server = serve(PLAIN, {"classic": CLASSIC})
    page = new_page()
    responses = record_api(page)
    enter(page, server, "classic")
    for hidden in ("#btn-double", "#btn-surrender", "#btn-insure", "#btn-throw"):
        expect(page.locator(hidden)).to_be_hidden()
    page.locator("#bet").fill("100")
    page.locator("#bet").press("Enter")
    expect(page.locator("#btn-split")).to_be_enabled()
    assert cards(page, '[data-testid="hand-you-0"]') == ["8D", "8C"]
    assert cards(page, '[data-testid="hand-anna-0"]') == ["", ""]
    assert cards(page, "#bj-dealer") == ["7S", ""]
    page.keyboard.press("i")
    expect(page.locator("#hint")).to_contain_text("Best move: Split.")
    page.keyboard.press("r")  # the rules of this game (rules_games.js), not Ban Luck's
    expect(page.locator("#rules-title")).to_have_text("Classic Blackjack")
    page.keyboard.press("Escape")
    page.keyboard.press("?")
    expect(page.locator("#help-list")).to_contain_text("Split")
    expect(page.locator("#help-list")).not_to_contain_text("Surrender")
    page.keyboard.press("Escape")
    page.keyboard.press("p")
    expect(page.locator('[data-testid="hand-you-1"]')).to_be_visible()
    active = page.locator('.bj-hand[aria-current="true"]')
    expect(active).to_have_attribute("data-testid", "hand-you-0")
    assert cards(page, '[data-testid="hand-you-0"]') == ["8D", "KC"]
    page.keyboard.press("s")
    expect(active).to_have_attribute("data-testid", "hand-you-1")
    assert cards(page, '[data-testid="hand-you-1"]') == ["8C", "9C"]
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you-0"]')).to_have_text("Win +100")
    expect(page.locator('[data-testid="result-you-1"]')).to_have_text("Push ±0")
    assert cards(page, "#bj-dealer") == ["7S", "TD"]
    # after the split: each hand's bet, and each result line says which hand it is
    expect(page.locator("#bj-seats .you .seat-bet")).to_have_text("Bet 100 + 100")
    expect(page.locator('[data-testid="results-you"] li')).to_have_text(
        ["Hand 1, Bet: Win +100", "Hand 2, Bet: Push ±0"]
    )

    turned: set[str] = set()
    for url, body in bodies(responses):
        table = body.get("table") if isinstance(body, dict) else None
        if not table:
            continue
        turned |= {e["seat"] for e in table["events"] if e["type"] == "revealed"}
        if "dealer" not in turned:
            assert table["dealer"]["cards"][1] is None, url
            assert '"TD"' not in json.dumps(body), url
        for seat in table["seats"]:
            if seat["name"] != "you" and seat["name"] not in turned:
                assert all(c is None for h in seat["hands"] for c in h["cards"]), url

    settled = replay_settles_the_same(page, server, "classic", 1, tmp_path)
    assert [h["net"] for h in settled["seats"][0]["hands"]] == [100, 0]


def test_infinite_insurance_side_bets_surrender_split_double(
    serve: Callable[..., Server], new_page: Callable[..., Page], tmp_path: Path
) -> None:
    """I4 insurance, I10 side bets with a result line each, I6 surrender (Anna and Ben hit
    the same cards: the common row), split and double; the shoe indicator."""
    server = serve(PLAIN, {"infinite": INFINITE})
    page = new_page()
    responses = record_api(page)
    enter(page, server, "infinite")
    expect(page.locator(".side-spot")).to_have_count(4)
    pairs = page.locator(".side-spot").first
    pairs.locator("summary").click()
    expect(pairs.locator("table.pays tr")).to_have_count(3)  # mixed, coloured, perfect
    expect(pairs.locator("table.pays")).to_contain_text("30 to 1")
    page.locator("#side-pairs").fill("10")
    page.locator("#side-lucky3").fill("5")
    page.locator("#bet").fill("100")
    page.locator("#btn-deal").click()
    expect(page.locator("#btn-insure")).to_be_enabled()
    expect(page.locator("#btn-hit")).to_be_disabled()
    # I4: the decision is asked in words, not "Your turn."
    expect(page.locator("#bj-message")).to_contain_text("The dealer shows an ace: insurance?")
    page.keyboard.press("i")
    expect(page.locator("#hint")).to_contain_text("Insurance:")
    page.keyboard.press("y")
    idle(page)
    results = page.locator('[data-testid="results-you"] li')
    expect(results.filter(has_text="Insurance: Win +100")).to_have_count(1)
    expect(results.filter(has_text=re.compile("^Pairs: Lose"))).to_have_count(1)
    expect(results.filter(has_text=re.compile("^Lucky 3:"))).to_have_count(1)
    expect(page.locator('[data-testid="shoe-indicator"]')).to_contain_text("hand 1 of this shoe")
    for url, body in bodies(responses):
        table = body.get("table") if isinstance(body, dict) else None
        if table and not any(e["type"] == "revealed" for e in table["events"]):
            assert table["dealer"]["cards"][1] is None and '"JS"' not in json.dumps(body), url

    # Hand 2: surrender against the 9; Anna and Ben hit the same 13 from the common row.
    page.locator("#side-pairs").fill("0")
    page.locator("#side-lucky3").fill("0")
    page.locator("#btn-deal").click()
    expect(page.locator("#btn-surrender")).to_be_enabled()
    page.keyboard.press("u")  # asked first; Cancel (the focus) changes nothing
    confirm = page.locator("#dlg-confirm")
    expect(confirm).to_contain_text("Surrender gives up half your bet")
    page.keyboard.press("Enter")
    expect(confirm).to_be_hidden()
    expect(page.locator("#btn-surrender")).to_be_enabled()
    page.keyboard.press("u")
    confirm.locator("#confirm-ok").click()
    expect(page.locator('[data-testid="result-you-0"]')).to_have_text("Surrendered −50")
    assert cards(page, '[data-testid="hand-you-0"]') == ["3H", "KS"]
    assert cards(page, '[data-testid="hand-anna-0"]') == ["3H", "KS", "TC"]
    assert cards(page, '[data-testid="common-row"]') == ["TC"]

    # Hand 3: split the eights, double the first hand's 11, stand on the second's 17.
    page.keyboard.press("d")
    expect(page.locator("#btn-split")).to_be_enabled()
    page.keyboard.press("p")
    expect(page.locator("#btn-double")).to_be_enabled()
    page.keyboard.press("x")
    idle(page)
    expect(page.locator('.bj-hand[aria-current="true"]')).to_have_attribute(
        "data-testid", "hand-you-1"
    )
    expect(page.locator("#btn-double")).to_be_enabled()
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you-0"]')).to_contain_text("+200")
    expect(page.locator('[data-testid="hand-you-0"]')).to_contain_text("Doubled")
    replay_settles_the_same(page, server, "infinite", 3, tmp_path)


def test_infinite_side_bet_closed_past_its_hand_limit(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """I10: a side bet past its last hand in the shoe is disabled, with the reason."""
    server = serve(PLAIN, {"infinite": INFINITE})
    page = new_page()
    enter(page, server, "infinite")
    page.keyboard.press("d")
    expect(page.locator("#btn-insure")).to_be_enabled()
    page.keyboard.press("y")
    expect(page.locator("#btn-deal")).to_be_enabled()

    def late_shoe(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        body["table"]["shoe"]["hand_number"] = 40
        route.fulfill(response=response, json=body)

    page.route("**/api/games/infinite/state", late_shoe)
    page.reload()
    expect(page.locator("#side-pairs")).to_be_disabled()
    expect(page.locator(".side-spot").first).to_contain_text("only on hands 1 to 40")
    expect(page.locator("#side-bust")).to_be_enabled()


def test_a_double_your_stack_cannot_cover_is_disabled_with_the_reason(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """I7: a choice in `legal` but not in `offered` (the stack does not cover it) is shown
    disabled, with the reason; the page follows the server's lists, not its own sums."""
    server = serve(PLAIN, {"infinite": INFINITE[4:]})  # hand 2 of INFINITE: 13 against a 9
    page = new_page()
    enter(page, server, "infinite")

    def short_stack(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        body["table"]["offered"] = [a for a in body["table"]["offered"] if a != "double"]
        route.fulfill(response=response, json=body)

    page.route("**/api/games/infinite/deal", short_stack)
    page.locator("#btn-deal").click()
    expect(page.locator("#btn-surrender")).to_be_enabled()
    expect(page.locator("#btn-double")).to_be_disabled()
    expect(page.locator("#btn-double")).to_have_attribute("title", "Your stack does not cover it.")
    expect(page.locator("#reason")).to_have_text("Your stack does not cover: Double.")
    page.keyboard.press("x")  # the key does nothing either
    expect(page.locator("#btn-surrender")).to_be_enabled()


def test_a_server_without_the_lobby_shows_the_table_at_the_root(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """Before the lobby (an older server: GET /api/games is 404), `/` is the table."""
    server = serve(PLAIN)
    page = new_page()
    page.route(
        "**/api/games",
        lambda route: route.fulfill(
            status=404, content_type="application/json", body='{"detail": "Not Found"}'
        ),
    )
    page.goto(server.url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    expect(page.locator("#seat-anna")).to_be_visible()
    expect(page.locator("#lnk-lobby")).to_be_hidden()
    expect(page.locator("h1")).to_have_text("Ban Luck")


@pytest.mark.parametrize("game", ["table", "classic"])
def test_the_strategy_chart_stands_under_its_headings_and_lists_its_exceptions(
    serve: Callable[..., Server], new_page: Callable[..., Page], game: str
) -> None:
    """Each chart cell lies under its own column heading (not piled up under the first),
    the legend names only letters the chart uses, and the "*" cells' exceptions are
    listed below it."""
    server = serve(PLAIN)
    page = new_page()
    enter(page, server, game)
    chart = page.request.get(api(server, game) + "/chart").json()
    page.keyboard.press("c")
    cells = page.locator("table.chart td.cell")
    expect(cells.first).to_be_visible(timeout=30_000)
    heads = page.locator("table.chart tr").first.locator("th")
    first_row = page.locator("table.chart tr").nth(1).locator("td")
    for j in range(min(first_row.count(), 4)):
        cell, head = first_row.nth(j).bounding_box(), heads.nth(j + 1).bounding_box()
        assert cell is not None and head is not None
        assert abs(cell["x"] - head["x"]) < 3, (j, cell, head)
    letters = set(page.locator(".chart-legend span.cell").all_inner_texts())
    used = {str(c).rstrip("*") for row in chart["cells"] for c in row if c is not None}
    if any(str(c).endswith("*") for row in chart["cells"] for c in row if c is not None):
        used.add("*")
    assert letters and letters <= used, (letters, used)
    if chart["exceptions"]:
        items = page.locator(".chart-exceptions li")
        expect(items).to_have_count(len(chart["exceptions"]))
        # each cell's line says how many hands; opened, the hands as cards by what they play
        x = max(chart["exceptions"], key=lambda x: len(x["hands"]) + x["more"])
        i = chart["exceptions"].index(x)
        n = len(x["hands"]) + x["more"]
        summary = items.nth(i).locator("summary")
        expect(summary).to_contain_text(f"{n} hands are played otherwise")
        hands = items.nth(i).locator("p")
        expect(hands.first).to_be_hidden()
        summary.click()
        first = x["hands"][0][0]
        card_words = "-".join("10" if r == "T" else r for r in first)
        expect(hands.first).to_contain_text(card_words)
        if x["more"]:
            expect(hands.last).to_contain_text(f"{x['more']} hands of 5 cards or more")


def test_d_deals_from_the_bet_field_and_a_touch_screen_shows_no_keys(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    enter(page, server, "table")
    expect(page.locator("#btn-help")).to_be_visible()
    page.locator("#bet").fill("20")
    page.locator("#bet").press("d")
    idle(page)
    dealt = page.request.get(api(server, "table") + "/state").json()["table"]
    assert dealt is not None and dealt["hand"] == 1  # D in the field dealt hand 1
    phone = new_page(width=375, height=740, touch=True)
    enter(phone, server, "table")
    expect(phone.locator("#btn-help")).to_be_hidden()
    assert not phone.locator("#act-row kbd").first.is_visible()


def test_infinite_side_bets_are_remembered_across_a_reload(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    enter(page, server, "infinite")
    page.locator("#side-pairs").fill("5")
    page.locator("#bet").fill("10")
    page.locator("#btn-deal").click()
    idle(page)
    page.reload()
    expect(page.locator("#side-pairs")).to_have_value("5")


@pytest.mark.parametrize("module", ["lobby.js", "games/banluck.js"])
def test_a_page_module_that_does_not_come_is_said_not_left_blank(
    serve: Callable[..., Server], new_page: Callable[..., Page], module: str
) -> None:
    """The lobby's module or a family's, lost on the way (a dropped connection), leaves the
    error line saying the server cannot be reached, not an empty page."""
    server = serve(PLAIN)
    page = new_page()
    page.route(f"**/static/js/{module}", lambda route: route.abort())
    page.goto(server.url if module == "lobby.js" else server.table_url)
    expect(page.locator("#error")).to_be_visible(timeout=60_000)
    expect(page.locator("#error-text")).to_contain_text("The server cannot be reached")
