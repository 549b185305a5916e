"""Kampung in the browser (issue 9 item 5): you as a player against the dealer's bank, and
you holding the bank, on stacked shoes (``--shoe kampung=FILE``). Deal order (K4): the
players from the seat after the banker (dealer → you → anna → ben), the banker last, twice.
No card of another hand reaches the page before that hand is turned over (K17).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_games import api, bodies, cards, enter, idle, replay_settles_the_same
from tests.browser.test_table_page import PLAIN, record_api

pytestmark = pytest.mark.browser

# Hand 1: you 7C 7H draw 7D: 7-7-7 (K13); the dealer's 18 opens Anna and Ben, hits 4C.
# Hand 2: the dealer's 15 (TD 5D) is burnt (K7): you double; then your own 15 (7S 8S) is
# burnt for QS 6C, you hit 3D and stand.
AS_PLAYER = ["7C", "KH", "KC", "9C", "7H", "TC", "QD", "9D", "7D", "4C"]
AS_PLAYER += ["7S", "KD", "QH", "TD", "8S", "9H", "JH", "5D", "TS", "9S", "QS", "6C", "3D"]
# Hands 1-5: the dealer banks a Ban-Luck each time (K2: the bank passes every 5 hands).
ROUNDS = [
    ["2H", "4H", "6H", "AS", "3H", "5H", "2S", "KS"],
    ["3S", "5S", "2H", "AH", "4S", "6S", "3H", "KH"],
    ["4D", "6D", "4S", "AD", "5D", "2D", "5S", "KD"],
    ["6S", "4H", "6H", "AC", "2S", "5H", "4D", "KC"],
    ["5D", "2D", "4C", "AS", "6D", "3S", "5C", "QS"],
]
# Hand 6, you bank: Anna 13 (KS 3D) draws 9S, a hidden bust (K11); your 15 (8C 7S) is burnt
# for 9C 7H; you hit 2C, open Anna late, then stand.
# Hand 7: Ben's 7C 7D draws 7S: 7-7-7, turned at once; you stand on 16.
AS_BANKER = [c for r in ROUNDS for c in r]
AS_BANKER += ["KS", "TH", "JH", "8C", "3D", "9H", "QH", "7S", "9C", "7H", "9S", "2C"]
AS_BANKER += ["KH", "7C", "JD", "TD", "TC", "7D", "8D", "6C", "7S"]


def state(page: Page, server: Server) -> dict[str, Any]:
    body: dict[str, Any] = page.request.get(api(server, "kampung") + "/state").json()
    return body


def assert_hidden_until_turned(responses: list[tuple[str, str]], me: str) -> None:
    """K17: in every answer, a hand not turned over has only null cards (your own aside)."""
    seen = 0
    for url, body in bodies(responses):
        table = body.get("table") if isinstance(body, dict) else None
        if not table or "players" not in table:
            continue
        seen += 1
        turned = {e["seat"] for e in table["events"] if e["type"] == "turned"}
        for h in [*table["players"], table["bank"]]:
            if h["seat"] != me and h["seat"] not in turned and not table["over"]:
                assert all(c is None for c in h["cards"]), (url, h["seat"], h["cards"])
    assert seen


def test_kampung_as_a_player(
    serve: Callable[..., Server], new_page: Callable[..., Page], tmp_path: Path
) -> None:
    """7-7-7 at 21 to 1; the dealer's burn makes you double; your own burn, a hit, a stand."""
    server = serve(PLAIN, {"kampung": AS_PLAYER})
    page = new_page()
    responses = record_api(page)
    enter(page, server, "kampung")
    page.locator("#bet").fill("10")
    page.locator("#bet").press("Enter")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Win +210")
    expect(page.locator('[data-testid="total-you"]')).to_have_text("7-7-7")
    assert cards(page, "#kp-players .seat.you") == ["7C", "7H", "7D"]
    # the log says why each hand won or lost: its hand against the bank's when settled
    log = page.locator("#log-list li").all_inner_texts()
    assert "Your hand is opened: 7-7-7." in log
    assert "Anna: Win +50 (20 against the bank's 18)" in log
    # 7-7-7 waits for the end of the bank's turn (K13): it met the bank's 22, not its 18
    assert "You: Win +210 (7-7-7 against the bank's Bust (22))" in log

    page.locator("#btn-deal").click()
    expect(page.locator("#btn-double")).to_be_enabled()
    expect(page.locator("#btn-forfeit")).to_be_enabled()
    expect(page.locator("#btn-hit")).to_be_disabled()
    expect(page.locator('[data-testid="action-dealer"]')).to_have_text("Burn")
    # K7: the prompt says why only Double and Forfeit are open
    expect(page.locator("#kp-message")).to_have_text(
        "The banker burnt a 15 and takes two new cards: double your bet to stay in, or forfeit it."
    )
    page.keyboard.press("x")
    expect(page.locator("#btn-burn")).to_be_enabled()
    expect(page.locator("#btn-play")).to_be_enabled()
    # K10: your own 15 is a decision said in words, each button with its reason
    expect(page.locator("#kp-message")).to_contain_text("You have a two-card 15: burn it")
    expect(page.locator("#btn-burn")).to_have_attribute("title", re.compile("two new cards"))
    page.keyboard.press("i")
    expect(page.locator("#hint")).to_contain_text("Best move:")
    expect(page.locator("#hint li")).to_have_count(2)
    for value in page.locator("#hint li").all_inner_texts():  # chips, to a tenth
        assert re.fullmatch(r"[^:]+: [+−-][\d,]+\.\d chips", value), value
    page.keyboard.press("b")
    expect(page.locator("#btn-hit")).to_be_enabled()
    assert cards(page, "#kp-players .seat.you") == ["QS", "6C"]
    page.keyboard.press("h")
    idle(page)
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you"]')).to_be_visible()
    idle(page)
    assert_hidden_until_turned(responses, "you")
    settled = replay_settles_the_same(page, server, "kampung", 2, tmp_path)
    you = next(s for s in settled["seats"] if s["name"] == "you")
    assert you["burnt"] == ["7S", "8S"] and you["bet"] == 40  # doubled twice (K7, K8)
    assert state(page, server)["table"]["players"][0]["net"] == you["net"]
    page.keyboard.press("g")
    expect(page.locator('[data-testid="stats-hands"]')).to_have_text("2")
    expect(page.locator('[data-testid="stats-kind-seven-seven-seven"]')).to_have_text("1")
    # kampung's edge is its shipped simulated one, said so, and what it predicts is a number
    expect(page.locator("#stats-body dt").filter(has_text="house edge")).to_contain_text(
        "(simulated)"
    )
    expect(page.locator('[data-testid="stats-expected"]')).to_have_text(re.compile(r"\d"))


def test_kampung_holding_the_bank(
    serve: Callable[..., Server], new_page: Callable[..., Page], tmp_path: Path, artifacts: Path
) -> None:
    """The bank rotates to you (K2); you burn your 15, hit, open Anna's hidden bust late
    (K11, K14) and stand; next hand Ben's 7-7-7 is turned at once (K13)."""
    server = serve(PLAIN, {"kampung": AS_BANKER})
    page = new_page()
    responses = record_api(page)
    enter(page, server, "kampung")
    page.keyboard.press("o")
    page.get_by_role("radio", name="The bank goes round (you too)").check()
    expect(page.get_by_role("radio", name="The bank goes round (you too)")).to_be_checked()
    page.keyboard.press("Escape")
    page.locator("#bet").fill("10")
    for hand in range(1, 6):
        page.locator("#btn-deal").click()
        expect(page.locator('[data-testid="result-you"]')).to_have_text("Lose −20")
        idle(page)
        assert state(page, server)["next_hand"] == hand + 1
    assert state(page, server)["player"]["banker"] == "you"
    expect(page.locator("#bank-note")).to_be_visible()
    expect(page.locator("#bet")).to_be_hidden()

    page.keyboard.press("d")
    expect(page.locator("#btn-burn")).to_be_enabled()
    expect(page.locator("#btn-void")).to_be_enabled()
    expect(page.locator("#btn-play")).to_be_enabled()
    expect(page.locator("#kp-message")).to_contain_text("You bank a two-card 15: void the hand")
    page.keyboard.press("b")
    expect(page.locator('[data-testid="open-anna"]')).to_be_visible()
    # Anna drew to a hidden bust: three cards, all face down to you.
    assert cards(page, '[data-testid="open-anna"]') == ["", "", ""]
    expect(page.locator('[data-testid="count-anna"]')).to_contain_text("3 cards")
    page.keyboard.press("i")
    expect(page.locator("#hint")).to_contain_text("Open Anna's hand")
    page.screenshot(path=str(artifacts / "kampung-banker-desktop.png"), full_page=True)
    page.keyboard.press("h")
    idle(page)
    page.locator('[data-testid="open-anna"]').click()
    expect(page.locator('[data-testid="result-anna"]')).to_have_text("Lose −100")
    assert cards(page, "#kp-players .seat:has([data-testid=result-anna])") == ["KS", "3D", "9S"]
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-ben"]')).to_be_visible()
    idle(page)
    assert_hidden_until_turned(responses, "you")
    for _url, body in bodies(responses):
        # Anna's hidden bust: her 9S in no answer until the hand in which you opened it.
        table = body.get("table") if isinstance(body, dict) else None
        if (
            table
            and table.get("hand") == 6
            and not any(e["type"] == "turned" and e["seat"] == "anna" for e in table["events"])
        ):
            assert '"9S"' not in json.dumps(table["players"]), table["players"]
    replay_settles_the_same(page, server, "kampung", 6, tmp_path)
    # the history of a hand you banked: no bet of 0, no "Dealer", the bank's own result
    page.keyboard.press("l")
    row = page.locator('#dlg-history li[data-hand="6"]')
    expect(row).to_contain_text("you held the bank")
    assert "bet 0" not in row.inner_text() and "Dealer" not in row.inner_text()
    assert row.locator(".h-line").count() == 1
    row.get_by_role("button", name=re.compile("View")).click()
    bank_row = page.locator("#dlg-history .h-detail tr").first
    expect(bank_row).to_contain_text("Bank (You)")
    expect(bank_row.locator(".h-result")).not_to_be_empty()
    page.keyboard.press("Escape")

    page.keyboard.press("d")
    expect(page.locator('[data-testid="total-ben"]')).to_have_text("7-7-7")
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-ben"]')).to_contain_text("Win")


# The bank turns over at 14 (8S 6C), must draw (K14) and draws 7H: 21 settles every hand
# (K15) against 21, never against the 14 it was turned at. You stand on 17 (9C 8D);
# Anna and Ben stand on 20.
BANK_DRAWS = ["9C", "KH", "KC", "8S", "8D", "TC", "QD", "6C", "7H"]
WHY = {
    "en": ("en-US", "({hand} against the bank's {bank})", "Replay", "Forward"),
    "de": ("de-DE", "({hand} gegen {bank} der Bank)", "Abspielen", "Weiter"),
    "zh": ("zh-CN", "（{hand} 点对庄家的{bank} 点）", "重播", "前进"),
}


@pytest.mark.rule("K14")
@pytest.mark.rule("K15")
@pytest.mark.parametrize("lang", sorted(WHY))
def test_every_why_line_reads_the_servers_totals_when_the_bank_draws(
    serve: Callable[..., Server], new_page: Callable[..., Page], lang: str
) -> None:
    """The log and History's replay explain each result with the hand and the bank as the
    server says they met: the bank's 21 after its draw, not the 14 it was turned over at."""
    locale, why, replay, forward = WHY[lang]
    server = serve(PLAIN, {"kampung": BANK_DRAWS})
    page = new_page(locale=locale)
    enter(page, server, "kampung")
    page.request.put(api(server, "kampung") + "/settings", data={"language": lang})
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()  # the page has its table: Enter deals
    page.locator("#bet").fill("10")
    page.locator("#bet").press("Enter")
    expect(page.locator("#btn-stand")).to_be_enabled()
    page.locator("#btn-stand").click()
    expect(page.locator('[data-testid="result-you"]')).to_be_visible()
    idle(page)
    events = page.request.get(api(server, "kampung") + "/history/1").json()["table"]["events"]
    settled = [e for e in events if e["type"] == "settled"]
    assert len(settled) == 3 and all(e["bank"] == {"total": 21, "kind": "plain"} for e in settled)
    lines = [why.format(hand=e["hand"]["total"], bank=e["bank"]["total"]) for e in settled]
    assert sorted(e["hand"]["total"] for e in settled) == [17, 20, 20]
    log = " ".join(page.locator("#log-list li").all_inner_texts())
    for line in lines:
        assert line in log, (line, log)
    assert why.format(hand=17, bank=14) not in log
    expect(page.locator('[data-testid="total-dealer"]')).to_contain_text("21")

    page.keyboard.press("l")
    dialog = page.locator("#dlg-history")
    dialog.locator("li").first.locator("button").first.click()
    dialog.get_by_role("button", name=replay, exact=True).click()
    said = []
    step = dialog.get_by_role("button", name=forward)
    while step.is_enabled():  # a step a moment of the hand, to the last
        step.click()
        said.append(dialog.locator("[data-testid=replay-line]").inner_text())
    assert 0 < len(said) < len(events)  # the deal's cards are one moment
    for line in lines:
        assert any(line in s for s in said), (line, said)
    assert not any(why.format(hand=17, bank=14) in s for s in said)
    assert dialog.locator(".h-replay-seats tr").last.locator(".h-total").inner_text() == "21"
