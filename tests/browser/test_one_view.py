"""One view (issue 18): when you decide, the dealer's cards, your cards, the action buttons
and the Hint are all on the screen without scrolling (the page brings them into the window
together at each decision: js/table/oneview.js), in every game at 1280×800, 1366×768 and 375×740
(on a phone a blackjack table seats the others above the dealer; docs/BENCHMARKS.md, "One
view at the decision")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_games import api, idle
from tests.browser.test_games_layout import CHOICE, SHOES
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (375, 740)]
CHOICE_AT = {"table": "#btn-hit", **CHOICE}
PARTS = {
    "the dealer": "main:not([hidden]) .seat.dealer",
    "your cards": "main:not([hidden]) .seat.you .cards",
    "the buttons": "#act-row",
    "the Hint": "#hint",
}
BOXES_JS = """(sel) => Object.fromEntries(Object.entries(sel).map(([name, s]) => {
  const e = document.querySelector(s);
  if (!e) return [name, null];
  const r = e.getBoundingClientRect();
  return [name, [r.top, r.bottom, r.left, r.right]];
}))"""


def outside(page: Page, width: int, height: int) -> dict[str, Any]:
    boxes = page.evaluate(BOXES_JS, PARTS)
    bad: dict[str, Any] = {}
    for name, box in boxes.items():
        if box is None:
            bad[name] = "missing"
            continue
        top, bottom, left, right = box
        if top < 0 or bottom > height + 0.5 or left < 0 or right > width + 0.5:
            bad[name] = [round(x) for x in box]
    return bad


MET = [
    (game, width, height)
    for game in ("table", "one-on-one", "kampung", "classic", "infinite")
    for width, height in SIZES
]


@pytest.mark.parametrize(("game", "width", "height"), MET)
def test_everything_you_decide_by_is_in_one_view(
    serve: Callable[..., Server],
    new_page: Callable[..., Page],
    game: str,
    width: int,
    height: int,
) -> None:
    server = serve(PLAIN, {k: v for k, v in SHOES.items() if k == game})
    page = new_page(width=width, height=height, touch=width < 600)
    page.goto(server.url + "/play/" + game)
    # a fresh server's first table, on a machine the other tests keep busy, may take longer
    # than the usual five seconds: the wait is for the button, not for a time
    expect(page.locator("#btn-deal")).to_be_enabled(timeout=30_000)
    page.request.put(api(server, game) + "/settings", data={"speed": "instant"})
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled(timeout=30_000)
    for _ in range(6):  # one-on-one's shoe is shuffled (O2): a natural settles at once
        page.locator("#btn-deal").click()
        idle(page)
        if page.locator(CHOICE_AT[game]).is_enabled():
            break
    expect(page.locator(CHOICE_AT[game])).to_be_enabled()
    page.locator("#btn-hint").click()
    expect(page.locator("#hint")).to_be_visible()
    idle(page)
    assert outside(page, width, height) == {}, f"{game} at {width}×{height}"
