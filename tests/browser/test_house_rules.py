"""The House rules dialog (HOUSE_RULES.md H1, H3, H9, H10): a person edits their house, sees
the exact edge change (the server's figure) and how much the change moved it, is told why a
value is refused beside its field (in their language) and nothing is applied, plays a hand
under the house and finds it named in the hand's replay file; a shared link opens the
dialog on the same house."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.test_table_page import PLAIN, deal, open_table, set_speed

pytestmark = pytest.mark.browser


def edge_of(page: Page, server: Server, house: dict[str, Any]) -> float:
    got = page.request.post(server.url + "/api/houses/edge", data={"house": house}).json()
    edge: float = got["house_edge"]
    return edge


def pct(x: float) -> str:
    return f"{x * 100:.3f}%"


def open_house(page: Page) -> None:
    page.locator("#btn-settings").click()
    page.locator("#btn-house").click()
    expect(page.locator("#dlg-house")).to_be_visible()


def field(page: Page, name: str) -> Any:
    return page.locator(f'[data-field="{name}"]')


def test_a_house_is_edited_priced_played_and_named_in_the_replay(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN * 2)
    page = new_page()
    open_table(page, server)
    set_speed(page, "Instant")
    open_house(page)
    edge = page.locator("[data-testid=house-edge]")
    own = edge_of(page, server, {"base": "table"})
    expect(edge).to_contain_text(f"Exact house edge with best play: {pct(own)}")

    # a cheaper five-card bust: the edge is the server's for that house, the move shown
    field(page, "five_card_bust").locator("input").fill("1")
    field(page, "five_card_bust").locator("input").dispatch_event("change")
    cheaper = edge_of(page, server, {"base": "table", "rules": {"five_card_bust": 1}})
    expect(edge).to_contain_text(pct(cheaper))
    expect(field(page, "five_card_bust")).to_contain_text(f"moved the edge {pct(cheaper - own)}")
    expect(field(page, "five_card_bust")).to_contain_text("(T16, T21)")

    # a value out of range: said beside the field, the edge not claimed
    field(page, "ban_ban").locator("input").fill("9")
    field(page, "ban_ban").locator("input").dispatch_event("change")
    expect(field(page, "ban_ban").locator(".house-error")).to_have_text("Allowed: 1 to 5.")
    expect(edge).to_have_text("These rules cannot be played: see the field marked below.")
    field(page, "ban_ban").locator("input").fill("3")
    field(page, "ban_ban").locator("input").dispatch_event("change")
    expect(edge).to_contain_text(pct(cheaper))
    expect(field(page, "ban_ban").locator(".house-error")).to_have_count(0)

    page.locator("#house-name").fill("Grandma")
    page.locator("#house-play").click()
    expect(page.locator("#house-said")).to_have_text("Done: these rules play from the next hand.")
    state = page.request.get(server.url + "/api/games/table/state").json()
    assert state["player"]["settings"]["house"]["name"] == "Grandma"
    assert state["player"]["settings"]["house"]["rules"]["five_card_bust"] == 1
    page.locator("#dlg-house").get_by_role("button", name="Close").click()

    deal(page, 100)  # you 16 (TS 6H): stand
    expect(page.locator("#btn-stand")).to_be_enabled()
    page.keyboard.press("i")  # the Hint says the house it is solved for (H9)
    expect(page.locator("#hint")).to_contain_text("For the house rules: Grandma.")
    page.locator("#btn-stand").click()
    expect(page.locator("#btn-deal")).to_be_enabled()
    replay = page.request.get(server.url + "/api/games/table/history/1/replay.json").json()
    text = str(replay)
    assert "Grandma" in text and "'five_card_bust': 1" in text

    # the lobby prices your house
    page.goto(server.url + "/")
    expect(page.locator("[data-testid=edge-table]")).to_have_text(pct(cheaper))


def test_a_shared_link_opens_the_house_and_german_readers_read_german(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page(locale="de-DE")
    open_table(page, server)
    open_house(page)
    expect(page.locator("#house-title")).to_have_text("Hausregeln")
    expect(field(page, "free_hand")).to_contain_text("Freie Hand")
    page.locator("#house-start").select_option(label="Glückssiebenen")
    expect(field(page, "seven_seven_seven").locator("input")).to_have_value("7")
    expect(page.locator("#house-name")).to_have_value("Lucky sevens")
    page.locator("#house-share").click()
    link = page.locator("#house-link").input_value()
    assert "#house=" in link
    other = new_page(locale="de-DE")
    other.goto(link)
    expect(other.locator("#dlg-house")).to_be_visible()
    expect(other.locator("#house-name")).to_have_value("Lucky sevens")
    expect(field(other, "seven_seven_seven").locator("input")).to_have_value("7")
    seven = edge_of(other, server, {"base": "table", "rules": {"seven_seven_seven": 7}})
    expect(other.locator("[data-testid=house-edge]")).to_contain_text(
        f"{seven * 100:.3f}".replace(".", ",")
    )


def test_the_strategy_chart_names_the_house_it_is_solved_for(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    house = {"base": "table", "name": "Hard dealer", "rules": {"dealer_stands_on": 18}}
    page.request.put(server.url + "/api/games/table/settings", data={"house": house})
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.locator("#btn-chart").click()
    expect(page.locator("#chart-body")).to_contain_text(
        "Solved for the house rules you play: Hard dealer."
    )


def test_a_blackjack_house_is_priced_in_chinese_with_or_without_a_peek(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page(locale="zh-CN")
    page.goto(server.url + "/play/classic")
    expect(page.locator("#btn-deal")).to_be_enabled()
    open_house(page)
    expect(field(page, "dealer_hits_soft_17")).to_contain_text("庄家软 17 要牌")
    field(page, "dealer_hits_soft_17").locator("input").check()
    h17 = edge_of(page, server, {"base": "classic", "rules": {"dealer_hits_soft_17": True}})
    edge = page.locator("[data-testid=house-edge]")
    expect(edge).to_contain_text(f"{h17 * 100:.3f}")
    field(page, "peek").locator("input").uncheck()
    rules = {"dealer_hits_soft_17": True, "peek": False}
    no_peek = edge_of(page, server, {"base": "classic", "rules": rules})
    assert no_peek > h17  # an unpeeked blackjack also takes doubles and split hands
    expect(edge).to_contain_text(f"{no_peek * 100:.3f}")


def test_a_kampung_house_is_priced_by_simulation_while_you_wait(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """Kampung's edge is simulated with the house's own bots: the dialog says it is working
    while the house is solved and simulated, then shows the server's figure with its
    interval, beside the game's own rules' figure (measured on the same shoes)."""
    server = serve(PLAIN)
    page = new_page()
    page.goto(server.url + "/play/kampung")
    expect(page.locator("#btn-deal")).to_be_enabled()
    open_house(page)
    edge = page.locator("[data-testid=house-edge]")
    field(page, "any_21").locator("input").fill("3")
    field(page, "any_21").locator("input").dispatch_event("change")
    expect(edge).to_contain_text("Solving these rules and simulating their hands")
    # the simulation runs niced, behind everything else: on a machine busy with two
    # browsers and their servers it may take minutes (15 s alone)
    expect(edge).to_contain_text("200,000 simulated hands", timeout=240_000)
    got = page.request.post(
        server.url + "/api/houses/edge", data={"house": {"base": "kampung", "rules": {"any_21": 3}}}
    ).json()
    assert got["edge_source"] == "simulated"
    expect(edge).to_contain_text(f"{pct(got['house_edge'])} ± {pct(got['ci95'])}")
    own = page.request.post(server.url + "/api/houses/edge", data={"house": {"base": "kampung"}})
    expect(edge).to_contain_text("The game's own rules: ")
    shown = re.search(r"own rules: (-?[\d.]+)%", edge.inner_text())
    assert shown and abs(float(shown[1]) - 100 * own.json()["house_edge"]) < 0.0011


#: a house whose edge favours the players (the solver's figure, about −0.71 % of a bet)
GENEROUS = {
    "base": "table",
    "name": "Lucky Uncle",
    "rules": {"ban_luck": 3, "ban_ban": 5, "five_dragon": 3, "dealer_15": "play"},
}


@pytest.mark.rule("H3")
@pytest.mark.rule("H9")
def test_the_house_is_named_where_you_play_and_its_rules_and_edge_read_in_words(
    serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    """Under a house the table names it beside your stack, and the Rules dialog says which
    house the table plays, what it changes (in the House rules dialog's words) and who its
    edge favours, by the server's figure."""
    server = serve(PLAIN)
    page = new_page()
    open_table(page, server)
    expect(page.locator("#house-badge")).to_be_hidden()
    answer = page.request.put(server.url + "/api/games/table/settings", data={"house": GENEROUS})
    assert answer.ok, answer.text()
    page.reload()
    expect(page.locator("#house-badge")).to_have_text("House: Lucky Uncle")
    edge = edge_of(page, server, GENEROUS)
    assert edge < 0
    page.keyboard.press("r")
    words = f"favours the players by {abs(edge) * 100:.2f}% of each bet"
    expect(page.locator("#rules-house")).to_contain_text("This table plays Lucky Uncle.")
    expect(page.locator("#rules-house")).to_contain_text(words)
    changes = page.locator("#rules-house-changes li")
    expect(changes).to_have_count(4)
    listed = changes.all_inner_texts()
    assert all(": " in line and "(" not in line for line in listed), listed
    assert any(line.endswith(": 5") for line in listed), listed  # Ban-Ban pays 5
    page.keyboard.press("Escape")
    # back to the game's own rules: nothing named
    answer = page.request.put(server.url + "/api/games/table/settings", data={"house": None})
    assert answer.ok, answer.text()
    page.reload()
    expect(page.locator("#house-badge")).to_be_hidden()
