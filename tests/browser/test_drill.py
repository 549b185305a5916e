"""The trainer's drill (issue 18): a choice the trainer priced as a miss is the first spot the
drill deals; each answer comes at once with the cost the server's values give, the streak
counts best plays in a row and the best streak is kept; a cell picked on the Strategy chart
is dealt; a right answer takes the miss away; axe finds nothing serious in the dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_accessibility import assert_accessible
from tests.browser.test_games import api, idle
from tests.browser.test_table_page import PLAIN
from tests.browser.test_trainer import trainer_on

pytestmark = pytest.mark.browser


def misses(page: Page) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate(
        "() => JSON.parse(localStorage.getItem('banluck.trainerMisses') || '{}')"
    )
    mine: dict[str, Any] = out.get("classic", {})
    return mine


def drilled(page: Page, click: Callable[[], None]) -> dict[str, Any]:
    """The spot the page was sent after ``click`` (once its buttons are shown)."""
    with page.expect_response(lambda r: "/api/" in r.url and "/drill" in r.url) as answer:
        click()
    spot: dict[str, Any] = answer.value.json()
    expect(page.locator("#drill-choices button")).to_have_count(len(spot["legal"]))
    return spot


def test_the_drill_deals_your_misses_and_answers_at_once(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    page.request.put(api(server, "classic") + "/settings", data={"speed": "instant"})
    page.goto(f"{server.url}/play/classic")
    expect(page.locator("#btn-deal")).to_be_enabled()
    trainer_on(page)
    # a choice the trainer prices as a miss: the worst of the Hint's values
    while True:
        page.locator("#btn-deal").click()
        idle(page)
        if page.locator("#btn-decline").is_visible():
            page.locator("#btn-decline").click()
            idle(page)
        if page.locator("#btn-stand").is_enabled():
            break
    table = page.request.get(api(server, "classic") + "/state").json()["table"]
    hint = page.request.get(
        api(server, "classic") + f"/hint?hand={table['hand']}&step={table['step']}"
    ).json()
    ev = hint["ev"]
    worst = min(ev, key=lambda a: ev[a])
    page.locator(f"#btn-{worst}").click()
    expect(page.locator("[data-testid=trainer-last]")).to_contain_text("that cost")
    key = f"{hint['cell']['row']}|{hint['cell']['column']}"
    assert misses(page)[key]["miss"] == 1

    # the drill deals that spot first
    page.keyboard.press("c")
    expect(page.locator("#dlg-chart")).to_be_visible()
    spot = drilled(page, lambda: page.locator("#btn-drill").click())
    assert spot["cell"] == hint["cell"]
    expect(page.locator("#dlg-drill")).to_be_visible()
    expect(page.locator("#drill-table .drill-card")).to_have_count(len(spot["cards"]) + 2)
    # the best play: right at once, the streak one, the miss taken away
    page.locator(f"#drill-choices button[data-action={spot['best']}]").click()
    answer = page.locator("[data-testid=drill-answer]")
    expect(answer).to_contain_text("Right.")
    expect(answer).to_contain_text("was the best play")
    expect(page.locator("[data-testid=drill-streak]")).to_contain_text("Streak: 1 ")
    assert key not in misses(page)

    # a spot at random, answered wrong: the cost is the server's difference
    for _ in range(10):
        spot = drilled(page, lambda: page.locator("#drill-next").click())
        ev = spot["ev"]
        worst = min(ev, key=lambda a: ev[a])
        if ev[spot["best"]] - ev[worst] > 1e-9:
            break
    cost = ev[spot["best"]] - ev[worst]
    page.locator(f"#drill-choices button[data-action={worst}]").click()
    expect(answer).to_contain_text("Not the best play.")
    expect(answer).to_contain_text(f"that cost {cost:.3f} bets")
    expect(page.locator(f"#drill-choices button[data-action={spot['best']}]")).to_have_class(
        "primary drill-best"
    )
    expect(page.locator("[data-testid=drill-streak]")).to_contain_text("Streak: 0 ")
    expect(page.locator("[data-testid=drill-streak]")).to_contain_text("(your best: 1)")
    assert_accessible(page, "the drill, answered")
    cell_key = f"{spot['cell']['row']}|{spot['cell']['column']}"
    assert misses(page)[cell_key]["miss"] == 1
    # a second click answers nothing more
    page.locator(f"#drill-choices button[data-action={spot['best']}]").click(force=True)
    expect(answer).to_contain_text("Not the best play.")
    page.keyboard.press("Escape")

    # a cell picked on the chart: a pair of eights against a ten
    page.keyboard.press("c")
    row = page.locator("table.chart tr", has=page.locator("th", has_text="pair of 8s"))
    spot = drilled(page, lambda: row.locator("td").nth(8).click())
    assert spot["cell"] == {"row": "pair 8,8", "column": "T"}
    assert [c[0] for c in spot["cards"]] == ["8", "8"] and spot["dealer"][0][0] in "TJQK"
    expect(page.locator("#drill-spot")).to_contain_text("pair of 8s")


def test_the_drill_speaks_german(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page(locale="de-DE")
    page.request.put(
        api(server, "one-on-one") + "/settings", data={"speed": "instant", "language": "de"}
    )
    page.goto(f"{server.url}/play/one-on-one")
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.keyboard.press("c")
    spot = drilled(page, lambda: page.locator("#btn-drill").click())
    expect(page.locator("#drill-title")).to_have_text("Üben")
    page.locator(f"#drill-choices button[data-action={spot['best']}]").click()
    expect(page.locator("[data-testid=drill-answer]")).to_contain_text("Richtig.")
    expect(page.locator("[data-testid=drill-streak]")).to_contain_text("Serie: 1")


def test_a_spot_of_cards_held_reads_as_one_sentence(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """Where the chart's columns are the seat's own cards (``table``: no up card), the spot
    says how many cards make the total ("a soft 17 in 3 cards"), never "17 against 3 cards"."""
    server = serve(PLAIN)
    page = new_page()
    page.request.put(api(server, "table") + "/settings", data={"speed": "instant"})
    page.goto(f"{server.url}/play/table")
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.keyboard.press("c")
    chart = page.request.get(api(server, "table") + "/chart").json()
    column = chart["columns"].index("3 cards soft")
    row = page.locator("table.chart tr", has=page.locator("th", has_text="17"))
    spot = drilled(page, lambda: row.locator("td").nth(column).click())
    assert spot["cell"] == {"row": "17", "column": "3 cards soft"}
    expect(page.locator("#drill-spot")).to_have_text("Your hand: a soft 17 in 3 cards.")
