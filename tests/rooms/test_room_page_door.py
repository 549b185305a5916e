"""Who comes into a room, in Debian's Chromium (four people, two on 375 px phones, in
English, Chinese and German): the host sets a passcode, and a relative's wrong one is
refused in her language before the right one lets her in; with the knock on, one person is
let in and another turned away; a locked room refuses a newcomer; a removed person cannot
come back by the link; the bank and the host's role go to a named person, who accepts. No
frame holds a card its seat may not see or the passcode as typed, and the Chinese and German
pages show no English word."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browser.test_no_english import Walk
from tests.rooms.test_room_page import Person, check_frames, make_room, server

pytestmark = pytest.mark.browser
__all__ = ["server"]  # the room page's server fixture, used here too

PHONE = ViewportSize(width=375, height=740)
PASSCODE = "tet2027"


def _open(p: Person, link: str) -> None:
    p.play_instantly(link.split("/room/")[0])
    p.page.goto(link)
    expect(p.page.locator("#join-form")).to_be_visible()


def _join(p: Person, passcode: str | None = None) -> None:
    p.page.fill("#name", p.name)
    if passcode is not None:
        p.page.fill("#passcode", passcode)
    p.page.click("#join-button")


def _last_state(p: Person) -> dict[str, Any]:
    return next(f for f in reversed(p.frames) if f.get("type") == "state")


def _door_is(p: Person, **door: object) -> None:
    """Wait until ``p``'s last frame shows the room's door so (the server has it)."""
    for _ in range(100):
        shown = _last_state(p)["room"].get("door") or {}
        if all(shown.get(k) == v for k, v in door.items()):
            return
        p.page.wait_for_timeout(50)
    raise AssertionError(f"the door is not {door}: {shown}")


def test_the_host_decides_who_comes_in(server: str, browser: Browser) -> None:
    ann = Person(browser.new_context(), "Ann")
    mei = Person(browser.new_context(locale="zh-CN", viewport=PHONE), "小美")
    dieter = Person(browser.new_context(locale="de-DE", viewport=PHONE), "Dieter")
    eve = Person(browser.new_context(), "Eve")
    link = make_room(ann, server, "kampung", timer=300, bank="rotate")
    host = ann.page
    host.click("#door summary")
    host.fill("#door-code", PASSCODE)
    host.click("#door-code-form button[type=submit]")
    expect(host.locator("#door-code-state")).to_have_text("A passcode is set.")

    # a passcode: the wrong one refused in Chinese, the right one lets her in
    _open(mei, link)
    walks = {"mei": Walk(mei.page, "zh")}
    expect(mei.page.locator("#passcode")).to_be_visible()
    walks["mei"].look("a room with a passcode")
    _join(mei, "tet2026")
    expect(mei.page.locator("#error")).to_contain_text("房间密码不对")
    walks["mei"].look("a wrong passcode")
    _join(mei, PASSCODE)
    expect(mei.page.locator("#passcode-label")).to_be_hidden()
    expect(host.locator("#watchers")).to_contain_text("小美")

    # the knock: Dieter waits at the door and is let in; Eve is turned away
    host.check("#door-knock")
    _door_is(ann, knock=True)
    _open(dieter, link)
    walks["dieter"] = Walk(dieter.page, "de")
    _join(dieter, PASSCODE)
    expect(dieter.page.locator("#knock-note")).to_be_visible()
    walks["dieter"].look("at the door")
    _open(eve, link)
    _join(eve, PASSCODE)
    expect(host.locator("#knock-list li")).to_have_count(2)
    host.click("#knock-list li:has-text('Dieter') button >> nth=0")
    expect(dieter.page.locator("#knock-note")).to_be_hidden()
    expect(host.locator("#watchers")).to_contain_text("Dieter")
    host.click("#knock-list li:has-text('Eve') button >> nth=1")
    expect(eve.page.locator("#banned-note")).to_be_visible()
    expect(eve.page.locator("#join-form")).to_be_hidden()
    expect(host.locator("#knocks")).to_be_hidden()

    # locked: a newcomer is refused, in their language
    host.select_option("#door-lock", "closed")
    _door_is(ann, lock="closed")
    fay = Person(browser.new_context(locale="de-DE"), "Fay")
    _open(fay, link)
    _join(fay, PASSCODE)
    expect(fay.page.locator("#error")).to_contain_text("abgeschlossen")

    # removed: Dieter cannot come back by the link
    host.click("#watchers button[aria-label='Remove Dieter']")
    expect(host.locator("#watchers")).not_to_contain_text("Dieter")
    dieter.page.reload()
    expect(dieter.page.locator("#banned-note")).to_be_visible()
    expect(dieter.page.locator("#banned-note")).to_contain_text("Gastgeber")
    walks["dieter"].look("removed")

    # the bank and the host's role, each to a named person who has it
    host.click("button[data-sit='you']")
    mei.page.click("button[data-sit='anna']")
    expect(host.locator("#seats li[data-seat='anna']")).to_contain_text("小美")
    host.click("#seats li[data-seat='anna'] button[aria-label='Offer the bank 小美']")
    expect(mei.page.locator("#bank-offer")).to_be_visible()
    walks["mei"].look("the bank offered")
    mei.page.click("#bank-take")
    expect(mei.page.locator("#bank-offer")).to_be_hidden()
    assert _last_state(ann)["room"]["banker"] == "anna"
    host.click("#seats li[data-seat='anna'] button[aria-label='Make host 小美']")
    expect(mei.page.locator("#door")).to_be_visible()
    expect(host.locator("#door")).to_be_hidden()
    walks["mei"].look("host")

    people = [ann, mei, dieter, eve, fay]
    check_frames(people)
    for p in people:
        assert PASSCODE not in json.dumps(p.frames), p.name
    for p in (mei, dieter):
        width = p.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, (p.name, width)
    for name, walk in walks.items():
        assert walk.found == {}, (name, walk.found)
