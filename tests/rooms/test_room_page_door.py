"""Who comes into a room, in Debian's Chromium (four people, two on 375 px phones, in
English, Chinese and German): the host sets a passcode, and a relative's wrong one is
refused in her language before the right one lets her in; with the knock on, one person is
let in and another turned away; a locked room refuses a newcomer; a removed person cannot
come back by the link; the bank and the host's role go to a named person, who accepts. No
frame holds a card its seat may not see or the passcode as typed, and the Chinese and German
pages show no English word."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.test_no_english import Walk
from tests.rooms.test_room_page import (
    CHOICES,
    Person,
    check_frames,
    make_room,
    play_hand,
    server,
)

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


def _until(p: Person, holds: Callable[[dict[str, Any]], bool]) -> None:
    """Wait until ``p``'s last state frame's room ``holds`` (the server has made it so)."""
    for _ in range(200):
        if holds(_last_state(p)["room"]):
            return
        p.page.wait_for_timeout(50)
    raise AssertionError(f"never so: {_last_state(p)['room']}")


def _door_is(p: Person, **door: object) -> None:
    """Wait until ``p``'s last frame shows the room's door so."""
    _until(p, lambda room: all((room.get("door") or {}).get(k) == v for k, v in door.items()))


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
    _until(ann, lambda room: room["banker"] == "anna")
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


def test_a_room_welcomes_its_host_and_nobody_is_timed_before_the_first_hand(
    server: str, browser: Browser
) -> None:
    """The host on a phone is asked where to sit (one tap) and sees the invite first while
    alone; a relative joins and sits; the first hand has no timer (however short the room's)
    and waits for everyone, or for the host's Start, which deals it to those ready."""
    ann = Person(browser.new_context(viewport=PHONE), "Ann")
    bao = Person(browser.new_context(locale="zh-CN"), "宝")
    link = make_room(ann, server, "table", timer=5)
    host = ann.page
    expect(host.locator("#welcome-sit")).to_be_visible()
    expect(host.locator("#welcome-invite #copy-link")).to_be_in_viewport()
    host.click("#welcome-seats button >> nth=0")
    expect(host.locator("#welcome-sit")).to_be_hidden()
    expect(host.locator("#seats li.me")).to_contain_text("Ann")
    expect(host.locator("#welcome-invite")).to_be_visible()  # alone still: the invite first
    _open(bao, link)
    _join(bao)
    bao.page.click("button[data-sit='ben']")
    expect(host.locator("#welcome-invite")).to_be_hidden()
    expect(host.locator("#room #invite")).to_have_count(1)  # back below the table
    ann.bet()
    expect(host.locator("#room-start")).to_be_visible()
    expect(bao.page.locator("#welcome")).to_be_hidden()  # the host's alone
    firsts = [
        f
        for p in (ann, bao)
        for f in p.frames
        if f.get("type") == "state"
        and f["room"]["next_hand"] == 1
        and f["room"]["phase"] == "betting"
    ]
    assert firsts and all(f["room"]["deadline"] is None for f in firsts)
    expect(host.locator("#timer")).to_have_text("")
    host.click("#room-start")
    for _ in range(200):  # hand 1, dealt to Ann alone: she plays it out
        if _last_state(bao)["room"]["next_hand"] == 2:
            break
        stand = host.locator("#btn-stand:visible:enabled")
        choices = host.locator(CHOICES)
        with contextlib.suppress(PlaywrightTimeout):
            if stand.count():
                stand.first.click(timeout=1000)
            elif choices.count():
                choices.first.click(timeout=1000)
        host.wait_for_timeout(100)
    _until(bao, lambda room: room["next_hand"] == 2)
    state = _last_state(bao)["room"]
    # Bao sat hand 1 out: a bot played the seat, her stack untouched
    assert [s["stack"] for s in state["seats"] if s["seat"] == "ben"] == [1000]
    assert any(
        s["seat"] == "ben" and s["sitting_out"]
        for f in bao.frames
        if f.get("type") == "state" and f["room"]["hand"] == 1
        for s in f["room"]["seats"]
    ) or all(f["room"]["phase"] == "betting" for f in bao.frames if f.get("type") == "state")
    expect(host.locator("#room-start")).to_be_hidden()
    check_frames([ann, bao])


def test_the_host_sets_the_timer_turns_it_off_and_pauses_it(server: str, browser: Browser) -> None:
    """A room made with no timer; the host sets 20 seconds from the room's panel, pauses it
    (everyone reads so, in their language, and nobody is timed) and resumes it."""
    ann = Person(browser.new_context(), "Ann")
    bao = Person(browser.new_context(locale="zh-CN", viewport=PHONE), "宝")
    link = make_room(ann, server, "table", timer=0)
    host = ann.page
    _open(bao, link)
    _join(bao)
    _until(bao, lambda room: room["settings"]["timer"] == 0)
    expect(host.locator("#pace-pause")).to_be_hidden()  # nothing to pause
    host.click("#door summary")
    host.fill("#pace-timer", "20")
    host.click("#pace-form button[type=submit]")
    _until(bao, lambda room: room["settings"]["timer"] == 20)
    expect(host.locator("#pace-pause")).to_be_hidden()  # nobody is timed before hand 1
    host.click("#welcome-seats button >> nth=0")
    bao.page.click("button[data-sit='ben']")
    expect(host.locator("#seats li[data-seat='ben']")).to_contain_text("宝")
    play_hand([ann, bao])
    host.click("#pace-pause")
    _until(bao, lambda room: room.get("paused") is True and room["deadline"] is None)
    expect(bao.page.locator("#paused-note")).to_contain_text("房主已暂停计时")
    expect(host.locator("#pace-pause")).to_have_text("Resume the timer")
    walk = Walk(bao.page, "zh")
    walk.look("the timer paused")
    host.click("#pace-pause")
    _until(bao, lambda room: "paused" not in room)
    expect(bao.page.locator("#paused-note")).to_be_hidden()
    assert walk.found == {}, walk.found
    check_frames([ann, bao])
