"""A Xì Dách table's ledger on a phone, in Vietnamese (375 px): the banker's openings, a
*non* and the banker paid back (X9 / X10), a hand the house cannot settle refused with its
reason, an earlier hand corrected, the bank passed on by the house's rule, and two hands
entered without a connection that are kept, shown as waiting, and settled by the server
when it answers again; every figure checked against the ledger file settled by the
project's own code."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from banluck.ledger.book import read_book, settle_book
from tests.browser.conftest import Server
from tests.browser.test_ledger import downloaded, open_ledger, page_totals
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser

PEOPLE = ["Mẹ", "Ba", "An", "Bình"]


def set_up(page: Page, house: str) -> None:
    page.locator("#house-choice").select_option(house)
    for name in PEOPLE:
        page.locator("#setup-person").fill(name)
        page.locator("#setup-person").press("Enter")
    page.locator("#setup-form button[type=submit]").click()
    expect(page.locator("#book")).to_be_visible()


def tap_end(page: Page, name: str, end: str, extras: dict[str, Any] | None = None) -> None:
    """A player's end picked in the dialog, with what else it says."""
    page.locator(f'#players li[data-person="{name}"] button.end').click()
    for key, value in (extras or {}).items():
        control = page.locator(f'#end-extras [data-extra="{key}"]')
        if value is True:
            control.check()
        else:
            control.select_option(str(value))
    page.locator(f'#end-choices button[data-end="{end}"]').click()


def banker_end(page: Page, end: str) -> None:
    quick = page.locator(f'#banker-ends button[data-end="{end}"]')
    if quick.count():
        quick.click()
    else:
        page.locator('#banker-ends button[data-end="more"]').click()
        page.locator(f'#end-choices button[data-end="{end}"]').click()


def save(page: Page, hands: int) -> None:
    expect(page.locator("#entry-error")).to_have_text("")
    page.locator("#save-hand").click()
    expect(page.locator("#hands li")).to_have_count(hands)


def settled_by_the_project(page: Page) -> dict[str, Any]:
    file = json.loads(downloaded(page, "#download-json"))
    return {"file": file, "people": settle_book(read_book(file)).people}


def test_a_xi_dach_ledger_in_vietnamese_with_openings_penalties_and_no_connection(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page(locale="vi-VN", width=375, height=740, touch=True)
    open_ledger(page, server)
    set_up(page, "xi-dach")
    expect(page.locator("#book-house")).to_have_text("Xì Dách, tính bằng chips")
    expect(page.locator("#entry-title")).to_have_text("Ván 1")

    # hand 1, Mẹ banks at 20: Ba stood at 14 (non), An's 21, Bình opened at the bank's 17
    banker_end(page, "20")
    tap_end(page, "Ba", "non")
    tap_end(page, "An", "21")
    tap_end(page, "Bình", "19", {"opened_at": 17})
    expect(page.locator('#players li[data-person="Bình"] button.end')).to_have_text(
        "19 (cái xét ở 17)"
    )
    # the server's answer for the hand as it stands: Ba loses his bet and pays back An's
    # and Bình's wins (X9 / X10)
    expect(page.locator('#players li[data-person="Ba"] .net')).to_have_text("-30")
    save(page, 1)

    # hand 2: the banker bust; everyone is "lost" until told, which cannot be: refused
    banker_end(page, "bust")
    expect(page.locator("#entry-error")).to_contain_text("không thể là “Thua”")
    page.locator("#save-hand").click()
    expect(page.locator("#hands li")).to_have_count(1)
    for name in PEOPLE[1:]:
        tap_end(page, name, "18")
    tap_end(page, "An", "heavy-bust")
    save(page, 2)

    # hand 3 and 4 without a connection: kept, shown as waiting, left out of the totals
    page.evaluate("() => navigator.serviceWorker.ready")
    before = page_totals(page)
    page.context.set_offline(True)
    try:
        banker_end(page, "18")
        tap_end(page, "Ba", "ban-luck")
        expect(page.locator("#entry-note")).to_contain_text("Không có kết nối")
        save(page, 3)
        banker_end(page, "19")
        tap_end(page, "An", "20")
        save(page, 4)
        expect(page.locator("#pending")).to_have_text("2 ván đang chờ kết nối để tính tiền.")
        expect(page.locator('#hands li[data-hand="3"]')).to_contain_text("đang chờ kết nối")
        assert page_totals(page) == before
        page.reload()  # the page opens again from the phone's own copy
        expect(page.locator("#hands li")).to_have_count(4)
    finally:
        page.context.set_offline(False)
    # back online: the waiting hands are settled by the server, once each
    expect(page.locator("#pending")).to_have_text("", timeout=20_000)
    settled = settled_by_the_project(page)
    assert len(settled["file"]["hands"]) == 4
    assert page_totals(page) == settled["people"]
    assert sum(settled["people"].values()) == 0

    # a correction to hand 1: Bình was opened at 18, not 17
    page.locator('#hands li[data-hand="1"] button').click()
    tap_end(page, "Bình", "19", {"opened_at": 18})
    page.locator("#save-hand").click()
    expect(page.locator("#entry-title")).to_have_text("Ván 5")
    settled = settled_by_the_project(page)
    assert settled["file"]["hands"][0]["ends"]["Bình"] == {"end": "19", "opened_at": 18}
    assert page_totals(page) == settled["people"]

    # the fifth hand Mẹ banks; Xì Dách's house passes the bank every five hands (K2)
    expect(page.locator("#banker-passes")).to_contain_text("cứ 5 ván")
    expect(page.locator("#banker")).to_have_value("Mẹ")
    banker_end(page, "17")
    save(page, 5)
    expect(page.locator("#banker")).to_have_value("Ba")

    page.locator("#pay").click()
    expect(page.locator("#transfers li").first).to_contain_text(" trả ")
    text = page.locator("main").inner_text()
    assert "ledger." not in text, text  # every text in Vietnamese has its words


def test_the_entering_phone_hands_the_ledger_to_the_next_bankers_phone(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    first = new_page(width=375, height=740, touch=True)
    open_ledger(first, server)
    set_up(first, "kampung")
    first.locator("#share").click()
    expect(first.locator("#share-status")).to_have_text("The live view is up to date (0 hands).")
    banker_end(first, "18")
    tap_end(first, "An", "19")
    save(first, 1)
    first.locator("#pass").click()
    expect(first.locator("#passed")).to_be_visible()
    link = first.locator("#pass-link").inner_text()
    assert first.evaluate("() => document.documentElement.scrollWidth") <= 375  # it breaks
    qr = first.request.get(server.url + (first.locator("#pass-qr").get_attribute("src") or ""))
    assert qr.ok and qr.headers["content-type"].startswith("image/svg+xml")

    # the next banker's phone (in Chinese) opens the link and enters from now on
    second = new_page(locale="zh-CN", width=375, height=740, touch=True)
    second.goto(link)
    second.locator("#guide-ok").click()
    expect(second.locator("#error")).to_have_text("现在由这部手机记录共享账本的每一局。")
    expect(second.locator("#hands li")).to_have_count(1)
    assert second.url.endswith("/ledger")  # the key is not left in the address
    expect(second.locator("#players li")).to_have_count(len(PEOPLE) - 1)
    second.locator("#banker").select_option("Ba")
    banker_end(second, "20")
    tap_end(second, "Mẹ", "21")
    save(second, 2)
    expect(second.locator("#share-status")).to_have_text("实时账本已是最新（2 局）。")

    # the first phone's next hand is no longer sent: it says so
    banker_end(first, "17")
    save(first, 2)
    expect(first.locator("#share-status")).to_contain_text("Another phone now enters")
    expect(first.locator("#pass")).to_be_hidden()

    code = link.split("take=")[1].split("&")[0]
    shared = first.request.get(f"{server.url}/api/ledgers/{code}").json()
    file = json.loads(downloaded(second, "#download-json"))
    assert file["people"] == PEOPLE and len(shared["hands"]) == 2
    assert shared["people"] == settle_book(read_book(file)).people
    assert page_totals(second) == shared["people"]


def test_a_house_kept_in_this_browser_is_offered_and_settles_by_its_own_rules(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page(width=375, height=740, touch=True)
    grandma = {"base": "kampung", "name": "Grandma's", "rules": {"any_21": 1}}
    kept = json.dumps({"kampung/Grandma's": grandma})
    page.add_init_script(f"localStorage.setItem('banluck.houses', {json.dumps(kept)})")
    open_ledger(page, server)
    expect(page.locator('#house-choice option[value="kept:kampung/Grandma\'s"]')).to_have_text(
        "Yours: Grandma's"
    )
    set_up(page, "kept:kampung/Grandma's")
    expect(page.locator("#book-house")).to_have_text("Grandma's, in chips")
    banker_end(page, "18")
    tap_end(page, "An", "21")
    # a 21 wins one bet in this house (kampung's own rules pay two, K15)
    expect(page.locator('#players li[data-person="An"] .net')).to_have_text("+10")
    save(page, 1)
    file = json.loads(downloaded(page, "#download-json"))
    assert file["house"] == grandma
    assert page_totals(page) == settle_book(read_book(file)).people
