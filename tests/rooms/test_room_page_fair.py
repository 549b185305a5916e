"""The room page in Debian's Chromium, beyond play: the "Verify" button checks the room's
fair history in the browser (verified after a revealed shoe; failed when the history is
tampered with on the way, by route interception), the download verifies with ``banluck
verify``; the lobby's "Play with friends" makes a room; the page speaks German and Chinese
(with the page's own CJK font)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Route, expect

from banluck.cli import main
from tests.rooms.test_room_page import (
    Person,
    check_frames,
    choose_language,
    enter,
    make_room,
    play_hand,
    server,
)

pytestmark = pytest.mark.browser

__all__ = ["server"]  # the fixture, shared with test_room_page


def test_verify_shows_verified_and_a_tampered_history_fails(
    server: str, browser: Browser, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ann = Person(browser.new_context(accept_downloads=True), "Ann")
    link = make_room(ann, server, "table", decks=1)
    enter(ann, link, "you")
    page = ann.page
    first = page.locator("#fair-commitment").text_content() or ""
    assert re.fullmatch(r"[0-9a-f]{64}", first)
    expect(page.locator("#fair-current")).to_contain_text("Shoe 1 in use (52 cards, 1 decks)")
    for _ in range(12):  # a one-deck shoe is finished within a few hands
        play_hand([ann])
        if "Shoe 1 " not in (page.locator("#fair-current").text_content() or ""):
            break
    expect(page.locator("#fair-current")).to_contain_text("Shoe 2 in use")
    current = page.locator("#fair-commitment").text_content() or ""
    assert current != first
    page.click("#fair summary")  # the fair shuffle's part of the room, folded until asked
    page.click("#verify")
    results = page.locator("#fair-results")
    expect(results.locator("li[data-shoe='1']")).to_have_attribute("data-status", "verified")
    expect(results.locator("li[data-shoe='1']")).to_have_text("Shoe 1: verified")
    pending = results.locator("li[data-status='pending']")
    expect(pending).to_have_count(1)
    expect(pending).to_contain_text(current)
    # the history as downloaded verifies with banluck verify
    with page.expect_download() as got:
        page.click("#fair-download")
    path = tmp_path / "history.json"
    got.value.save_as(path)
    assert main(["verify", str(path)]) == 0, capsys.readouterr()
    assert capsys.readouterr().out.startswith("verified:")

    # the same history with one dealt card changed on its way to the page: failed
    def tamper(route: Route) -> None:
        body: dict[str, Any] = route.fetch().json()
        deal = body["deals"][-1]
        deal["cards"][0] = "AS" if deal["cards"][0] != "AS" else "KD"
        route.fulfill(json=body)

    page.route(re.compile(r"/history\.json$"), tamper)
    page.click("#verify")
    expect(results.locator("li[data-shoe='1']")).to_have_attribute("data-status", "failed")
    expect(results.locator("li[data-shoe='1']")).to_contain_text("Shoe 1: failed (card")
    check_frames([ann])  # no frame carries a hidden card or a shoe's salt or order
    shown = {f["room"]["fair"]["commitment"] for f in ann.frames if f.get("type") == "state"}
    assert {first, current} <= shown


def test_the_lobby_links_to_a_room_and_the_room_speaks_german_and_chinese(
    server: str, browser: Browser
) -> None:
    de = Person(browser.new_context(locale="de-DE"), "Anke")
    page = de.page
    page.goto(f"{server}/")
    link = page.locator("#lnk-friends")
    expect(link).to_have_text("Mit Freunden spielen")
    link.click()
    page.wait_for_url(re.compile(r"/room/new$"))
    expect(page.locator("#create h2")).to_have_text("Einen Raum eröffnen")
    page.fill("input[name=name]", "Anke")
    page.click("#create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/room/[A-Za-z0-9_-]{16,}$"))
    room = page.url
    expect(page.locator("#verify")).to_have_text("Prüfen")
    expect(page.locator("#status")).to_have_text("Warten auf die Einsätze für Hand 1")
    expect(page.locator("#fair-current")).to_contain_text("Schuh 1 im Spiel (104 Karten")
    assert page.evaluate("document.documentElement.lang") == "de"

    zh = Person(browser.new_context(locale="zh-CN"), "Wei")
    page = zh.page
    page.goto(room)
    expect(page.locator("#verify")).to_have_text("验证")
    expect(page.locator("#join-form button")).to_have_text("加入")
    expect(page.locator("#fair summary")).to_have_text("公平洗牌")
    page.fill("#name", "<Wei>")  # refused by the server, said in Chinese
    page.click("#join-form button")
    expect(page.locator("#error")).to_contain_text("名字是 1 到 24 个字母")
    page.fill("#name", "Wei")
    page.click("#join-form button")
    expect(page.locator("#seats li[data-seat='you']")).to_contain_text("电脑")
    # the page's own font carries these characters
    assert page.evaluate(
        "document.fonts.load('1em BanluckCJK', '验证公平洗牌').then(f => f.length)"
    )
    # a language picked on the page is kept: the German host switches to English
    choose_language(de, "en")
    expect(de.page.locator("#verify")).to_have_text("Verify")
    de.page.reload()
    expect(de.page.locator("#verify")).to_have_text("Verify")


def test_a_seed_given_on_the_page_makes_the_next_shoe_and_verify_recomputes_it(
    server: str, browser: Browser
) -> None:
    """Ann sees the next shoe's salt commitment, gives her seed on the page; the next shoe
    is derived from that salt and her seed (the page says so), and once it is finished the
    Verify button recomputes its order from the revealed salt and the seed; the same history
    with the seed changed on its way fails."""
    ann = Person(browser.new_context(), "Ann")
    link = make_room(ann, server, "one-on-one")  # O2: a new shoe every hand
    enter(ann, link, "you")
    page = ann.page
    page.click("#fair summary")
    expect(page.locator("#fair-seeded")).to_have_text(
        "It was derived from the committed salt; nobody had given a seed for it."
    )
    expect(page.locator("#fair-next")).to_contain_text("Shoe 2 will be derived")
    salt = page.locator("#fair-next-commitment").text_content() or ""
    assert re.fullmatch(r"[0-9a-f]{64}", salt)
    page.fill("#seed-input", "lucky 8")
    page.click("#seed-form button")
    expect(page.locator("#fair-seeds")).to_have_text(
        "Seeds given for the next shoe: Ann. Yours: “lucky 8”."
    )
    play_hand([ann])
    expect(page.locator("#fair-current")).to_contain_text("Shoe 2 in use")
    expect(page.locator("#fair-seeded")).to_contain_text("the seeds “Ann: lucky 8”")
    assert page.locator("#fair-next-commitment").text_content() != salt  # shoe 3's
    play_hand([ann])  # shoe 2 is finished: revealed
    page.click("#verify")
    results = page.locator("#fair-results")
    expect(results.locator("li[data-shoe='2']")).to_have_text(
        "Shoe 2: verified, derived from the seeds “Ann: lucky 8”"
    )
    expect(results.locator("li[data-shoe='1']")).to_have_text("Shoe 1: verified")

    def tamper(route: Route) -> None:
        body: dict[str, Any] = route.fetch().json()
        shoe = next(s for s in body["shoes"] if s["shoe"] == 2)
        shoe["client_seed"] = "Ann: lucky 9"
        route.fulfill(json=body)

    page.route(re.compile(r"/history\.json$"), tamper)
    page.click("#verify")
    expect(results.locator("li[data-shoe='2']")).to_have_text(
        "Shoe 2: failed (its order is not the one its salt and seeds give)"
    )
    page.unroute(re.compile(r"/history\.json$"))

    # the history cut short (the shoe in use left out): the page saw its commitment
    def cut(route: Route) -> None:
        body: dict[str, Any] = route.fetch().json()
        body["shoes"] = [s for s in body["shoes"] if s["shoe"] != 3]
        route.fulfill(json=body)

    page.route(re.compile(r"/history\.json$"), cut)
    page.click("#verify")
    expect(results.locator("li[data-shoe='3']")).to_have_text(
        "Shoe 3: failed (this page saw its commitment, but the history leaves it out)"
    )
    expect(results.locator("li[data-shoe='2']")).to_have_attribute("data-status", "verified")
    page.unroute(re.compile(r"/history\.json$"))

    # hand 2's cards put under hand 1 (two hands merged): the page was told hand 2 was dealt
    # from shoe 2 (O2: a shoe a hand), even had it ended at its deal
    seen = page.evaluate(
        """() => JSON.parse(localStorage.getItem(Object.keys(localStorage)
             .find((k) => k.startsWith("banluck.fair.seen.")))).hands"""
    )
    assert seen == {"1": 1, "2": 2}, seen
    h = 2

    def merge(route: Route) -> None:
        body: dict[str, Any] = route.fetch().json()
        for d in body["deals"]:
            if d.get("hand") == h:
                d["hand"] = 3 - h
        route.fulfill(json=body)

    page.route(re.compile(r"/history\.json$"), merge)
    page.click("#verify")
    expect(results.locator(f"li[data-shoe='{h}']")).to_have_text(
        f"Shoe {h}: failed (hand {h}, seen dealt from it, is not dealt from it in the history)"
    )
    check_frames([ann])


def test_the_room_keeps_every_hand_and_replays_it_as_you_saw_it(
    server: str, browser: Browser
) -> None:
    """After a hand, each person opens the room's hands: a line per hand with everyone's
    result, in their language; View replays the hand step by step as they saw it."""
    ann = Person(browser.new_context(), "Ann")
    bob = Person(browser.new_context(locale="de-DE"), "Bob")
    link = make_room(ann, server, "table")
    enter(ann, link, "you")
    enter(bob, link, "ben")
    play_hand([ann, bob])
    for p, title in ((ann, "Hands of this room"), (bob, "Hände dieses Raums")):
        summary = p.page.locator("#room-hands summary")
        expect(summary).to_have_text(title)
        summary.click()
        line = p.page.locator("#room-hands-list li[data-hand='1']")
        expect(line).to_contain_text("Hand 1: Ann")
        expect(line).to_contain_text("Bob")
    page = ann.page
    page.locator("#room-hands-list li[data-hand='1'] button").click()
    dialog = page.locator("#dlg-history")
    expect(dialog.locator(".h-replay h3")).to_contain_text("Hand 1: step 0 of")
    dialog.get_by_role("button", name="Play").click()
    expect(dialog.locator("[data-testid=replay-line]")).not_to_have_text("Before the deal.")
    dialog.get_by_role("button", name="Done").click()
    expect(dialog).to_be_hidden()
    # a second hand joins the open list
    play_hand([ann, bob])
    expect(page.locator("#room-hands-list li")).to_have_count(2)
    expect(page.locator("#room-hands-list li").first).to_have_attribute("data-hand", "2")
