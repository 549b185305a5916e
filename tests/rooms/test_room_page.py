"""The room page in Debian's Chromium: the game page, playing over the room's socket. Two
and three browsers (contexts) in one room play hands together through its buttons; every
WebSocket frame each receives is checked for a card its seat may not see; one closes its
tab mid-hand and comes back; the timer plays for a player who is gone."""

from __future__ import annotations

import contextlib
import json
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.rooms.helpers import SECRET_KEYS, hidden_leaks, keys_of
from tests.rooms.servers import BROWSER_SERVE, free_port, start_server

pytestmark = pytest.mark.browser


@pytest.fixture
def server(db_dir: Path) -> Iterator[str]:
    port = free_port()
    proc = start_server(port, "--db", str(db_dir / "save.sqlite3"), *BROWSER_SERVE)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


#: the action buttons a person may press now (the game page's: index.html)
CHOICES = "#act-row button[data-action]:visible:enabled"


class Person:
    """One browser context (its own cookie) and its page in the room."""

    def __init__(self, ctx: BrowserContext, name: str) -> None:
        self.ctx = ctx
        self.name = name
        self.frames: list[dict[str, Any]] = []
        self.page = self.new_page()
        self.instant = False

    def new_page(self) -> Page:
        page = self.ctx.new_page()

        def on_socket(ws: Any) -> None:
            ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

        page.on("websocket", on_socket)
        self.page = page
        return page

    def status(self) -> str:
        return str(self.page.locator("#status").inner_text())

    def seat_line(self, seat: str) -> Any:
        return self.page.locator(f"#seats li[data-seat='{seat}']")

    def play_instantly(self, base: str) -> None:
        """The events shown at once (the person's speed setting, shared by every game), so
        the tests wait for no animation."""
        if self.instant:
            return
        # the browser's languages, as its page would ask (a new player's language)
        languages = self.page.evaluate("navigator.languages.join(',')")
        answer = self.page.request.put(
            f"{base}/api/games/table/settings",
            data={"speed": "instant"},
            headers={"Origin": base, "Accept-Language": languages},
        )
        assert answer.ok, answer.text()
        self.instant = True

    def bet(self) -> None:
        """Places the bet shown (the game page's Deal button, "Place bet" in a room); a
        confirmation left open by the hand before (its choice made moot) is closed first."""
        if self.page.locator("#dlg-confirm[open]").count():
            self.page.keyboard.press("Escape")
            expect(self.page.locator("#dlg-confirm[open]")).to_have_count(0)
        self.page.click("#btn-deal")

    def can_bet(self) -> bool:
        return bool(self.page.locator("#btn-deal:visible:enabled").count())


def check_frames(people: list[Person]) -> None:
    for p in people:
        assert p.frames, p.name
        for f in p.frames:
            if f.get("type") == "state":
                assert hidden_leaks(f) == [], (p.name, f)
                assert not keys_of(f) & SECRET_KEYS, (p.name, f)  # no shoe's salt or order
                if f["you"]["name"] is None:  # not joined yet: told nothing but the room
                    assert f["room"]["fair"] is None and f["table"] is None
                    continue
                assert re.fullmatch(r"[0-9a-f]{64}", f["room"]["fair"]["commitment"])


def make_room(
    host: Person,
    base: str,
    game: str,
    *,
    timer: int = 30,
    decks: int | None = None,
    bank: str | None = None,
    hints: bool = False,
) -> str:
    """The host creates a room through the page's form; the room's link."""
    page = host.page
    host.play_instantly(base)
    page.goto(f"{base}/room/new")
    page.select_option("select[name=game]", game)
    if decks is not None:
        page.select_option("select[name=decks]", str(decks))
    if bank is not None:
        page.select_option("select[name=bank]", bank)
    page.fill("input[name=timer]", str(timer))
    if hints:
        page.check("input[name=hints]")
    page.fill("input[name=name]", host.name)
    page.click("#create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/room/[A-Za-z0-9_-]{16,}$"))
    return page.url


def room_code(link: str) -> str:
    """The room's code, the last part of its link."""
    return link.rsplit("/", 1)[-1]


def enter(p: Person, link: str, seat: str) -> None:
    page = p.page
    if page.url != link:
        p.play_instantly(link.split("/room/")[0])
        page.goto(link)
        page.fill("#name", p.name)
        page.click("#join-form button")
    page.click(f"button[data-sit='{seat}']")
    # a game of open seats makes a new one for whoever sits ("new"): yours is marked
    mine = "#seats li.me" if seat == "new" else f"#seats li[data-seat='{seat}']"
    page.wait_for_selector(f"{mine}:has-text('{p.name}')")


def play_hand(people: list[Person], watching: tuple[Person, ...] = ()) -> None:
    """Everyone seated bets, then each presses Stand (else Play, else the first choice) in
    turn, until Ann's page waits for the next hand's bets. The first time someone may act,
    every page marks their seat as the one to act."""
    after = next_wait(people[0])
    for p in people:
        p.bet()
    play_out(people, after, watching)


def next_wait(first: Person) -> str:
    """The status line ``first`` (in English) will read once the hand about to be dealt is
    over: waiting for the next one's bets."""
    waiting = re.fullmatch(r"Waiting for bets for hand (\d+)", first.status())
    assert waiting, first.status()
    return f"Waiting for bets for hand {int(waiting.group(1)) + 1}"


def play_out(people: list[Person], after: str, watching: tuple[Person, ...] = ()) -> None:
    """Each seated person presses Stand (else Play, else the first choice) in turn until
    the first person's page reads ``after``."""
    turn_seen = False
    for _ in range(400):
        if people[0].status() == after:
            return
        acting = [p for p in people if p.page.locator(CHOICES).count()]
        if acting and not turn_seen:  # whose turn it is, on every page, by name
            turn_seen = True
            for q in (*people, *watching):  # each page marks it once its frame arrives
                q.page.wait_for_selector(
                    f"#seats li.to-act:has-text('{acting[0].name}')", timeout=5000
                )
        for p in people:
            act_once(p)
        people[0].page.wait_for_timeout(100)
    raise AssertionError("the hand did not end")


def act_once(p: Person) -> None:
    """If it is ``p``'s turn: Stand (else Play, else the first choice the hand allows, as a
    total below 16 must draw), or confirm a choice that asked. A button seen may be gone by
    the time it is clicked (the next frame came): the click then gives up at once."""
    with contextlib.suppress(PlaywrightTimeout):
        if p.page.locator("#dlg-confirm[open]").count():  # a choice asked to confirm
            p.page.locator("#confirm-ok").click(timeout=1000)
            return
        stand = p.page.locator("#btn-stand:visible:enabled, #btn-play:visible:enabled")
        buttons = p.page.locator(CHOICES)
        if stand.count():
            stand.first.click(timeout=1000)
        elif buttons.count():
            buttons.first.click(timeout=1000)


def deal_until_someone_acts(people: list[Person]) -> None:
    """Everyone bets until a hand waits for a player: the shoe is shuffled, and a hand can
    end at the deal (the dealer's Ban-Ban or Ban-Luck, T4) with nobody to act."""
    for _ in range(10):
        status = people[0].status()
        for p in people:
            p.bet()
        people[0].page.wait_for_function(
            """before => {
                const s = document.querySelector('#status').textContent;
                return s.includes('to act') || s.includes('your turn')
                    || (s.startsWith('Waiting') && s !== before);
            }""",
            arg=status,
        )
        if "to act" in people[0].status() or "your turn" in people[0].status():
            return
    raise AssertionError("ten hands in a row ended at the deal")


def choose_language(p: Person, lang: str) -> None:
    """The person picks a language in the page's Settings dialog (kept with their settings)."""
    with p.page.expect_response(lambda r: r.url.endswith("/settings") and r.ok):
        p.page.click("#btn-settings")
        p.page.check(f"input[name=language][value={lang}]")
    p.page.keyboard.press("Escape")


def test_two_browsers_play_leave_come_back_and_the_table_never_waits_for_the_gone(
    server: str, browser: Browser
) -> None:
    ann = Person(browser.new_context(), "Ann")
    bob = Person(browser.new_context(), "Bob")
    link = make_room(ann, server, "table", timer=300)  # the timer is never what moves on
    enter(ann, link, "you")
    enter(bob, link, "ben")
    play_hand([ann, bob])
    # hand 2: Bob closes his tab mid-hand and comes back to the same seat and hand
    deal_until_someone_acts([ann, bob])
    bob.page.close()
    bob.new_page().goto(link)
    # his own seat, at the bottom of the table, with his cards face up
    bob.page.wait_for_selector("#seat-you[data-seat='ben'] .card >> nth=1")
    mine = bob.page.locator("#seat-you .card")
    assert mine.count() >= 2 and not bob.page.locator("#seat-you .card[data-card='']").count()
    assert bob.seat_line("ben").inner_text().startswith("Bob (you)")  # a person by name
    # Bob leaves for good when it is his turn: the timer plays for him, he is away
    for _ in range(300):
        status = ann.page.locator("#status").inner_text()
        if "Bob to act" in status:
            break
        if status.startswith("Waiting"):  # the hand ended before his turn: another
            for p in (ann, bob):
                if p.can_bet():
                    with contextlib.suppress(PlaywrightTimeout):
                        p.page.click("#btn-deal", timeout=1000)
        act_once(ann)  # Ann's turn before Bob's: she plays it (a low total must draw)
        ann.page.wait_for_timeout(100)
    assert "Bob to act" in ann.page.locator("#status").inner_text()
    bob.page.close()
    # gone (not a reload): his turn is played for him at once, not after five minutes
    ann.page.wait_for_selector("#seats li[data-seat='ben']:has-text('away')", timeout=15000)
    # the next hand is dealt on Ann's bet alone, and Bob's seat sits it out (a hand that
    # ends as it is dealt sends no frame of its play: then the next one)

    def sat_out() -> bool:
        return any(
            s["seat"] == "ben" and s["sitting_out"] and s["name"] == "Bob"
            for f in ann.frames
            if f.get("type") == "state" and f["room"].get("seats")
            for s in f["room"]["seats"]
        )

    deadline = time.monotonic() + 60
    while not sat_out() and time.monotonic() < deadline:
        with contextlib.suppress(PlaywrightTimeout):
            if ann.can_bet():
                ann.page.click("#btn-deal", timeout=1000)
        act_once(ann)
        ann.page.wait_for_timeout(100)
    assert sat_out()
    check_frames([ann, bob])


def test_three_browsers_play_classic_together(server: str, browser: Browser) -> None:
    people = [Person(browser.new_context(), n) for n in ("Ann", "Bob", "Cai")]
    link = make_room(people[0], server, "classic")
    for p, seat in zip(people, ("you", "anna", "ben"), strict=True):
        enter(p, link, seat)
    play_hand(people)
    play_hand(people)
    check_frames(people)
    for p in people:  # each saw its own two cards in each hand
        assert any(
            f.get("table")
            and all(
                c is not None
                for c in next(s for s in f["table"]["seats"] if s["name"] == f["you"]["seat"])[
                    "first_two"
                ]
            )
            for f in p.frames
            if f.get("type") == "state"
        )


@pytest.mark.rule("H3")
def test_a_room_made_with_a_named_house_shows_it_in_every_language(
    server: str, browser: Browser
) -> None:
    """The host picks a named house in the form (offered for the chosen game only); the
    room plays it and every person's page names it, in German and Chinese too."""
    ann = Person(browser.new_context(locale="de-DE"), "Ann")
    page = ann.page
    page.goto(f"{server}/room/new")
    page.select_option("select[name=game]", "kampung")
    expect_options = page.locator("#house-choice option")
    page.locator("#house-choice option[value='kampung-no-burn']").wait_for(state="attached")
    kampung_offers = expect_options.all_inner_texts()
    assert "Kampung ohne Verbrennen" in kampung_offers
    page.select_option("select[name=game]", "table")
    page.select_option("#house-choice", "lucky-sevens")
    page.fill("input[name=name]", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/room/[A-Za-z0-9_-]{16,}$"))
    link = page.url
    page.wait_for_selector("#house:has-text('Glückssiebenen')")
    house_line = page.locator("#house").inner_text()
    assert "seven_seven_seven" not in house_line  # a named house by its title, no field codes
    cai = Person(browser.new_context(locale="zh-CN"), "小蔡")
    cai.page.goto(link)
    cai.page.wait_for_selector("#house:has-text('幸运三条七')")
    enter(ann, link, "you")
    check_frames([ann])
    assert all(
        f["room"]["house"]["changes"] == {"seven_seven_seven": 7}
        for f in ann.frames
        if f.get("type") == "state"
    )


def test_a_person_is_their_name_everywhere_and_a_closed_tab_shows_at_once(
    server: str, browser: Browser
) -> None:
    """Two browsers, one a 375 px phone in Chinese: each seat shows its person's name, your
    own seat is marked, whose turn it is reads by name (or "your turn"), nothing scrolls
    sideways on the phone, a name already in the room is refused in the person's language,
    and a closed tab shows as offline to the others within 3 s."""
    ann = Person(browser.new_context(), "Ann")
    cai = Person(
        browser.new_context(locale="zh-CN", viewport={"width": 375, "height": 740}), "小蔡"
    )
    link = make_room(ann, server, "table")
    enter(ann, link, "you")
    enter(cai, link, "ben")
    assert ann.seat_line("you").inner_text().startswith("Ann (you)")
    assert ann.seat_line("ben").inner_text().startswith("小蔡")
    assert ann.seat_line("anna").inner_text().startswith("Bot (seat 2)")
    assert cai.seat_line("ben").inner_text().startswith("小蔡 （你）")
    assert "you" not in cai.seat_line("you").inner_text()  # Ann is Ann, not "you"
    width = cai.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, width
    deal_until_someone_acts([ann, cai])
    table_text = cai.page.locator("#table").inner_text()
    assert not re.search(r"\b[2-9TJQKA][CDHS]\b", table_text), table_text  # faces, not codes
    assert cai.page.locator("#table .card svg").count() >= 4
    # the table names each seat by who holds it: her own at the bottom, Ann by her name
    assert cai.page.locator("#seat-you .seat-name").inner_text() == "小蔡"
    assert "Ann" in cai.page.locator("#table").inner_text()
    ann_status, cai_status = ann.status(), cai.status()
    if "your turn" in ann_status:
        assert "轮到Ann" in cai_status
    else:
        assert "Ann" not in ann_status and "轮到你" in cai_status
    eve = Person(browser.new_context(locale="de-DE"), "Ann")
    eve.page.goto(link)
    eve.page.fill("#name", "ann")
    eve.page.click("#join-form button")
    eve.page.wait_for_selector("#error:has-text('heißt schon so')")
    cai.page.close()
    ann.page.wait_for_selector("#seats li[data-seat='ben']:has-text('offline')", timeout=3000)
    check_frames([ann])


@pytest.mark.rule("K2")
def test_the_bank_passing_is_told_and_the_banker_is_asked_to_be_ready(
    server: str, browser: Browser
) -> None:
    """Kampung with the bank going round: when the bank passes to Ann her page says so by
    name and offers Ready in place of a bet (K3); as the banker she bets nothing."""
    ann = Person(browser.new_context(), "Ann")
    link = make_room(ann, server, "kampung", bank="rotate", timer=300)  # never away when slow
    enter(ann, link, "you")
    page = ann.page
    # kampung's edge is the bots', measured by simulation: the rules never call it exact
    page.click("#btn-rules")
    rules = page.locator("#rules-house")
    rules.filter(has_text="measured by simulation").wait_for(timeout=120_000)
    assert "±" in rules.inner_text() and "Exact" not in rules.inner_text()
    page.keyboard.press("Escape")
    # play until the bank comes to Ann (K2: after the dealer's hands); a loaded machine
    # plays slowly, so the bound is a time, not a count of clicks
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        if page.locator("#bank-pass").inner_text():
            break
        # a button seen may be gone by the time it is clicked (the next frame came): the
        # click then gives up at once and the loop looks again
        with contextlib.suppress(PlaywrightTimeout):
            if ann.can_bet():
                page.click("#btn-deal", timeout=1000)
            else:
                buttons = page.locator(CHOICES)
                if buttons.count():
                    stand = page.locator("#btn-stand:visible:enabled, #btn-play:visible:enabled")
                    (stand if stand.count() else buttons).first.click(timeout=1000)
        page.wait_for_timeout(100)
    assert page.locator("#bank-pass").inner_text() == "The bank passes from Dealer to you."
    page.wait_for_selector("#btn-deal:visible:enabled")
    assert not page.locator("#bet").is_visible()  # K3: the banker bets nothing
    assert page.locator("#bank-note").is_visible()
    assert page.locator("#btn-deal .lbl").inner_text() == "Ready"
    page.click("#btn-deal")
    page.wait_for_selector("#kp-bank:has-text('Ann · bank')")
    # K14: the hands the banker may open are named by who holds them (here the bots)
    opens = page.locator("[data-testid^='open-']")
    with contextlib.suppress(PlaywrightTimeout):
        opens.first.wait_for(timeout=5000)  # unless the hand ends before her choice
    for i in range(opens.count()):
        label = opens.nth(i).get_attribute("aria-label") or ""
        assert re.fullmatch(r"Open (Bot \(seat \d\)|Dealer)'s hand · \d cards", label), label
    check_frames([ann])


def test_the_settle_up_table_and_a_new_session(server: str, browser: Browser) -> None:
    """Two hands of Ban Luck between a desktop in English and a 375 px phone in German:
    both pages show each person's hands and net (the server's figures, names as text), the
    downloads are the same table, and the host's New session (confirmed) starts it again."""
    ann = Person(browser.new_context(), "Ann")
    bob = Person(browser.new_context(viewport={"width": 375, "height": 740}), "Bob")
    link = make_room(ann, server, "table")
    enter(ann, link, "you")
    enter(bob, link, "ben")
    assert bob.page.locator("#tally-none").inner_text() == "No hand is settled yet."
    for _ in range(2):
        play_hand([ann, bob])  # (play_hand reads the English status line)
        # each seat's result of the hand, by who holds it
        last = ann.page.locator("#last-hand").inner_text()
        assert last.startswith("The hand: Ann ") and "Bob " in last and "Bot (seat 2) " in last
    choose_language(bob, "de")
    state = ann.frames[-1]
    tally = state["room"]["tally"]
    assert {row["name"] for row in tally} == {"Ann", "Bob"} and all(r["hands"] == 2 for r in tally)
    for p in (ann, bob):
        rows = p.page.locator("#tally-rows tr")
        rows.first.wait_for()
        texts = [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]
        assert [t[0] for t in texts] == [row["name"] for row in tally]
        assert [t[1] for t in texts] == ["2", "2"]
    assert bob.page.locator("#tally summary").inner_text() == "Abrechnung"
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= 375
    assert bob.page.locator("#new-session").is_hidden()  # the host's, not Bob's
    href = ann.page.locator("#tally-csv").get_attribute("href") or ""
    csv_text = ann.page.request.get(server + href).body().decode("utf-8")
    assert csv_text.startswith("\ufeff")  # UTF-8's mark: a spreadsheet reads the names right
    csv_text = csv_text.removeprefix("\ufeff")
    assert csv_text.splitlines()[0] == "name,hands,net,biggest_win"
    assert {line.split(",")[0] for line in csv_text.splitlines()[1:]} == {"Ann", "Bob"}
    # a name is changed in the same form, once joined
    expect_button = bob.page.locator("#join-button")
    assert expect_button.inner_text() == "Meinen Namen ändern"
    bob.page.fill("#name", "Robert")
    expect_button.click()
    ann.page.wait_for_selector("#seats li[data-seat='ben']:has-text('Robert')")
    ann.page.once("dialog", lambda d: d.accept())
    ann.page.click("#new-session")
    for p in (ann, bob):
        p.page.wait_for_selector("#tally-none:visible")
        seats = p.page.locator("#seats").inner_text()
        assert len(re.findall(r"1[.,]000", seats)) == 3, seats  # every stack starts again
    check_frames([ann, bob])


def test_the_invite_is_copied_and_shown_as_a_qr_code(server: str, browser: Browser) -> None:
    """The invite link: a Copy button puts it on the clipboard (said in the page's
    language), and its QR code (an SVG the server draws) shows beside it, on a phone too."""
    ctx = browser.new_context(viewport={"width": 375, "height": 740}, locale="zh-CN")
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    ann = Person(ctx, "Ann")
    link = make_room(ann, server, "table")
    page = ann.page
    page.wait_for_function("() => document.getElementById('qr').naturalWidth > 0")
    assert page.locator("#qr").get_attribute("alt") == "邀请链接的二维码"
    page.click("#copy-link")
    page.wait_for_selector("#copied:has-text('链接已复制')")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    code = link.rsplit("/", 1)[1]
    svg = page.request.get(f"{server}/room/{code}/qr.svg")
    assert svg.status == 200 and svg.headers["content-type"] == "image/svg+xml"
    assert svg.text().startswith("<svg") and "<path" in svg.text()
    assert page.request.get(f"{server}/room/{'x' * 22}/qr.svg").status == 404


def test_reactions_reach_everyone_and_the_title_says_whose_turn(
    server: str, browser: Browser
) -> None:
    """A reaction is a button: Bob's page (in Chinese) shows Ann's in his language, never as
    markup; a second one at once is refused to Ann alone; the tab's title says when it is
    your turn."""
    ann = Person(browser.new_context(), "Ann")
    bob = Person(browser.new_context(locale="zh-CN"), "Bob")
    link = make_room(ann, server, "one-on-one")
    bob.page.goto(link)
    bob.page.fill("#name", "Bob")
    bob.page.click("#join-form button")
    bob.page.wait_for_selector("#react:visible")
    ann.page.click("#react-buttons button[data-reaction='huat']")
    bob.page.wait_for_selector("#reaction-feed li:has-text('Ann: 🧧 发啊！')")
    ann.page.wait_for_selector("#reaction-feed li:has-text('Ann: 🧧 Huat ah!')")
    ann.page.click("#react-buttons button[data-reaction='wow']")
    ann.page.wait_for_selector("#error:has-text('wait a moment')")
    assert bob.page.locator("#error-text").text_content() == ""
    assert bob.page.locator("#reaction-feed li").count() == 1
    assert ann.page.title() == "Play with friends"
    enter(ann, link, "you")
    deal_until_someone_acts([ann])
    ann.page.wait_for_function("() => document.title.startsWith('●')")
    assert ann.page.title() == "● Your turn — Play with friends"
    assert bob.page.title() == "和朋友一起玩"  # a watcher's turn never comes
    # the timer says whose time it counts
    ann.page.wait_for_selector("#timer:has-text('Your time:')")
    bob.page.wait_for_selector("#timer:has-text('Ann的剩余时间')")
    check_frames([ann, bob])


def test_an_infinite_room_takes_side_bets_beside_the_bet(server: str, browser: Browser) -> None:
    """I10 in a room: the bet form offers the game's side bets (named in the page's
    language), a side bet out of range is refused in that language and nothing is placed,
    and the hand is dealt with the side bets placed."""
    ann = Person(browser.new_context(), "Ann")
    make_room(ann, server, "infinite")
    page = ann.page
    page.click("button[data-sit='new']")
    page.wait_for_selector("#side-pairs")
    labels = page.locator("#side-bets .side-label").all_inner_texts()
    assert [x.strip() for x in labels] == ["Pairs", "Bust", "Lucky 3", "Poker 3"]
    page.fill("#bet", "20")
    page.fill("#side-pairs", "500")
    page.click("#btn-deal")
    page.wait_for_selector("#error[data-code='bad_bet']")
    assert ann.can_bet()  # nothing placed: the bet is open still
    assert "✓" not in ann.seat_line("p1").inner_text()
    page.fill("#side-pairs", "5")
    page.click("#btn-deal")
    page.wait_for_selector("#bj-seats [data-testid='stack-p1']")
    tables = [f["table"] for f in ann.frames if f.get("type") == "state" and f.get("table")]
    assert tables
    mine = [s for s in tables[-1]["seats"] if s["name"] == "p1"]
    assert mine and mine[0]["side_bets"] == {"pairs": 5}
    check_frames([ann])


#: each game's seats for Ann, Bob, Cai and Dan in turn (None: watches; "new": a new seat)
SEATING = {
    "table": ("you", "anna", "ben", None),
    "one-on-one": ("you", None, None, None),
    "kampung": ("you", "anna", "ben", "dealer"),  # Dan holds the bank (K2: the house's seat)
    "classic": ("you", "anna", "ben", None),
    "infinite": ("new", "new", "new", "new"),
}


@pytest.mark.parametrize("game", sorted(SEATING))
def test_every_game_plays_in_a_room_of_four_browsers(
    server: str, browser: Browser, game: str
) -> None:
    """Four browsers in a room of each game (two desktops in English and German, two 375 px
    phones in Chinese and German) play two hands through the game page's buttons: each
    person's name is on their seat on every page, your own seat is at the bottom of your
    table with its cards face up, whose turn it is is marked on every page, a watcher has no
    controls, no phone scrolls sideways, no card code is in any page's visible text, the
    host's closed tab shows as offline within 3 s and the room is handed to the next person
    present, and no frame carries a card its seat may not see."""
    phone: ViewportSize = {"width": 375, "height": 740}
    people = [
        Person(browser.new_context(), "Ann"),
        Person(browser.new_context(locale="de-DE"), "Bob"),
        Person(browser.new_context(locale="zh-CN", viewport=phone), "小蔡"),
        Person(browser.new_context(locale="de-DE", viewport=phone), "Dan"),
    ]
    link = make_room(people[0], server, game)
    seated = []
    for p, seat in zip(people, SEATING[game], strict=True):
        if seat is None:  # joins and watches
            p.play_instantly(server)
            p.page.goto(link)
            p.page.fill("#name", p.name)
            p.page.click("#join-form button")
            p.page.wait_for_selector(f"#watchers:has-text('{p.name}')")
            continue
        enter(p, link, seat)
        seated.append(p)
    for p in people:  # everyone's page names every seated person on their seat
        for q in seated:
            p.page.wait_for_selector(f"#seats li:has-text('{q.name}')")
        if p not in seated:
            assert p.page.locator("#controls").is_hidden()
    watching = tuple(p for p in people if p not in seated)
    for _ in range(2):
        play_hand(seated, watching)
    table = {"kampung": "#kp-table", "classic": "#bj-table", "infinite": "#bj-table"}
    for p in seated:
        mine = p.page.locator(".seat.you:visible").first
        assert p.name in mine.locator(".seat-name").inner_text()
        assert mine.locator(".card:not([data-card=''])").count() >= 1
    for p in people:
        text = p.page.locator(table.get(game, "#table")).inner_text()
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b", text), (p.name, text)
        if p.page.viewport_size == phone:
            width = p.page.evaluate("document.documentElement.scrollWidth")
            assert width <= 375, (p.name, width)
    # the host closes the tab between hands: offline on the others' pages within 3 s; the
    # room stays hers (a reload, a phone asleep): nobody else may reset its money
    host, heir = people[0], people[1]
    assert heir.page.locator("#new-session").is_hidden()
    host.page.close()
    heir.page.wait_for_selector(
        f"#seats li:has-text('{host.name}'):has-text('offline')", timeout=3000
    )
    assert heir.page.locator("#new-session").is_hidden()
    check_frames(people)


def test_a_chinese_name_draws_with_the_names_font_loaded_only_then(
    server: str, browser: Browser
) -> None:
    """A name with characters the page's own texts do not use (蔡 is not among them) draws
    with the names font, which the page loads only when such a name is on it."""
    ann = Person(browser.new_context(locale="zh-CN"), "蔡美龄")
    page = ann.page

    def names_font() -> list[str]:
        return list(
            page.evaluate(
                "() => [...document.fonts].filter(f => f.family.includes('BanluckNames'))"
                ".map(f => f.status)"
            )
        )

    ann.play_instantly(server)
    page.goto(f"{server}/play/table")
    page.wait_for_selector("#btn-deal")
    page.wait_for_timeout(500)
    assert names_font() == ["unloaded"]  # no name on the solo table: not loaded
    link = make_room(ann, server, "table")
    enter(ann, link, "you")
    page.wait_for_function(
        "() => [...document.fonts].some(f => f.family.includes('BanluckNames')"
        " && f.status === 'loaded')"
    )
    assert page.evaluate("() => document.fonts.check('1em BanluckNames', '蔡美龄')")


@pytest.mark.rule("H3")
@pytest.mark.rule("H9")
def test_the_host_changes_the_house_between_hands_and_the_rules_give_its_edge(
    server: str, browser: Browser
) -> None:
    """The host picks a named house between hands; it plays from the next hand, everyone's
    page names it, and the rules dialog gives its exact house edge (the server's solve),
    in the reader's language."""
    ann = Person(browser.new_context(), "Ann")
    cai = Person(browser.new_context(locale="zh-CN"), "小蔡")
    link = make_room(ann, server, "table")
    enter(ann, link, "you")
    enter(cai, link, "ben")
    page = ann.page
    assert cai.page.locator("#house-form").is_hidden()  # the host's alone
    page.click("#btn-rules")
    rules = page.locator("#rules-house")
    rules.filter(has_text="Exact house edge").wait_for()
    assert rules.inner_text().startswith("The game's own rules.")
    assert "2.74%" in rules.inner_text()
    page.keyboard.press("Escape")
    page.select_option("#house-pick", "five-card-bust-one")
    page.click("#house-form button")
    page.wait_for_selector("#house:has-text('Five-card bust costs one')")
    cai.page.wait_for_selector("#house:has-text('五张爆牌只输一注')")
    page.click("#btn-rules")
    rules.filter(has_text="0.50%").wait_for()
    assert rules.inner_text().startswith("Five-card bust costs one.")
    cai.page.click("#btn-rules")
    cai.page.locator("#rules-house").filter(has_text="精确庄家优势").wait_for()
    assert "0.50%" in cai.page.locator("#rules-house").inner_text()
    for p in (ann, cai):
        p.page.keyboard.press("Escape")
    play_hand([ann, cai])  # the hand after the change plays the house
    states = [f for f in ann.frames if f.get("type") == "state"]
    played = [f for f in states if f["table"] and f["table"]["over"]]
    assert played and played[-1]["room"]["house"]["changes"] == {"five_card_bust": 1}
    # the room's kept hands name the house each was played under
    ann.page.locator("#room-hands summary").click()
    line = ann.page.locator(f"#room-hands-list li[data-hand='{played[-1]['table']['hand']}']")
    expect(line).to_contain_text("Five-card bust costs one")
    check_frames([ann, cai])


def test_an_away_person_sees_it_and_is_back_with_one_click(server: str, browser: Browser) -> None:
    """Bob's bet does not come in time: the timer plays his seat and marks him away, which
    his page says (with what it means) and Ann's shows; "I'm back" brings him back before
    the next hand, and so does his next bet."""
    ann = Person(browser.new_context(), "Ann")
    bob = Person(browser.new_context(viewport={"width": 375, "height": 740}), "Bob")
    link = make_room(ann, server, "table", timer=5)
    enter(ann, link, "you")
    enter(bob, link, "ben")
    play_hand([ann, bob])  # nobody is timed before the first hand: both bet and play it
    ann.bet()  # Bob never bets: after 5 s the timer bets for him and marks him away
    bob.page.wait_for_selector("#away-note:visible", timeout=20000)
    assert "marked away" in bob.page.locator("#away-note").inner_text()
    ann.page.wait_for_selector("#seats li[data-seat='ben']:has-text('away')")
    bob.page.click("#back-button")
    bob.page.wait_for_selector("#away-note", state="hidden")
    ann.page.wait_for_selector("#seats li[data-seat='ben']:not(:has-text('away'))")
    check_frames([ann, bob])


def test_a_wrong_link_says_so_and_offers_nothing(server: str, browser: Browser) -> None:
    """A room that is not there: the page says so (in the reader's language) and shows no
    Join form, no Verify and no table controls."""
    p = Person(browser.new_context(locale="de-DE"), "Anke")
    p.page.goto(f"{server}/room/{'x' * 22}")
    p.page.wait_for_selector("#error:visible")
    assert p.page.locator("#error-text").inner_text() == p.page.locator("#title").inner_text()
    assert "Raum" in p.page.locator("#error-text").inner_text()
    for hidden in ("#join-form", "#verify", "#controls", "#room"):
        assert p.page.locator(hidden).is_hidden(), hidden


def test_a_room_gives_the_hint_when_its_host_allows_it(server: str, browser: Browser) -> None:
    """The host ticks "Hints for learners": a seated person's Hint answers at their turn
    (over the room's socket), the trainer is offered, and the room's chart (your choice's
    cell named) and its drill; a room without it shows no Hint and no chart."""
    ann = Person(browser.new_context(), "Ann")
    link = make_room(ann, server, "classic", hints=True)
    enter(ann, link, "you")
    page = ann.page
    deal_until_someone_acts([ann])  # a hand can end at the deal (a blackjack)
    expect(page.locator("#btn-hint")).to_be_visible()
    page.click("#btn-hint")
    expect(page.locator("#hint")).to_contain_text("Best move:")
    assert any(f.get("type") == "hint" and "hint" in f for f in ann.frames), (
        "the Hint came over the socket"
    )
    page.click("#btn-settings")
    expect(page.locator("#trainer-field")).to_be_visible()
    page.keyboard.press("Escape")
    # the room's chart, your choice's cell named, and its drill, from the room's routes
    with page.expect_response(lambda r: f"{room_code(link)}/chart?" in r.url) as asked:
        page.click("#btn-chart")
    current = asked.value.json()["current"]
    expect(page.locator("#dlg-chart table")).to_be_visible()
    assert current is not None  # it is Ann's turn: her cell is marked
    with page.expect_response(lambda r: f"{room_code(link)}/drill" in r.url) as dealt:
        page.click("#btn-drill")
    spot = dealt.value.json()
    expect(page.locator("#drill-choices button")).to_have_count(len(spot["legal"]))
    page.locator(f"#drill-choices button[data-action={spot['best']}]").click()
    expect(page.locator("[data-testid=drill-answer]")).to_contain_text("was the best play")
    page.keyboard.press("Escape")
    bob = Person(browser.new_context(), "Bob")
    plain = make_room(bob, server, "classic")
    enter(bob, plain, "you")
    deal_until_someone_acts([bob])
    expect(bob.page.locator("#btn-hint")).to_be_hidden()
    expect(bob.page.locator("#btn-chart")).to_be_hidden()


def test_the_host_plays_a_house_kept_in_their_browser(server: str, browser: Browser) -> None:
    """A house the host kept in the House rules dialog (this browser's) is offered in the
    room's picker beside the named ones; the server checks it and every page names it and
    what it changes; another person's page never offers the host's kept houses."""
    ann = Person(browser.new_context(), "Ann")
    cai = Person(browser.new_context(), "Cai")
    link = make_room(ann, server, "table")
    kept = {"base": "table", "name": "Grandma's table", "rules": {"five_card_bust": 1}}
    ann.page.evaluate(  # as the House rules dialog's Keep writes it
        "h => localStorage.setItem('banluck.houses', JSON.stringify({['table/' + h.name]: h}))",
        kept,
    )
    ann.page.reload()
    enter(ann, link, "you")
    enter(cai, link, "ben")
    option = "kept:Grandma's table"
    expect(ann.page.locator(f'#house-pick option[value="{option}"]')).to_have_count(1)
    ann.page.select_option("#house-pick", option)
    ann.page.click("#house-form button")
    for p in (ann, cai):
        expect(p.page.locator("#house")).to_contain_text("Grandma's table")
    state = next(f for f in reversed(cai.frames) if f.get("type") == "state")
    assert state["room"]["house"] == {
        "base": "table",
        "name": "Grandma's table",
        "changes": {"five_card_bust": 1},
    }
    expect(ann.page.locator("#house-pick")).to_have_value(option)
    play_hand([ann, cai])
    check_frames([ann, cai])
