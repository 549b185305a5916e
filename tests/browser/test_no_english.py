"""Nothing English on a German, a Chinese or a Vietnamese page (issue 18): every game walked
in each of those languages, before a hand, at your turn with the Hint shown, after the hand,
a choice to confirm, every dialog (rules, keys, settings, house rules, history with a hand
viewed, statistics, the strategy chart), the fair shuffle panel with its Verify results, and
the lobby, shows no word that only the English texts use and no raw message code.

The English words are taken from the page's own English catalog (``i18n.js``): a word of
four letters or more that the language's catalog never uses."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from banluck.games.registry import GAMES as REGISTRY
from tests.browser.conftest import Server, open_lobby
from tests.browser.test_games import api, idle
from tests.browser.test_table_page import PLAIN

pytestmark = pytest.mark.browser

LOCALES = {"de": "de-DE", "zh": "zh-CN", "vi": "vi-VN"}
GAMES_FAMILY = {name: g.family for name, g in REGISTRY.items()}
GAMES = tuple(REGISTRY)  # every game of the registry, in the lobby's order
#: a word in any script (an umlaut or a Chinese character is part of its word)
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
#: a message's code or a catalog key shown as it is (``bank_passed``, ``notice.reshuffled``)
CODE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+\.[a-z_]+(?:\.[a-z_]+)*\b")
#: every text the page has in each language: the catalog and the rules' texts
TEXTS_JS = """async () => {
  const [i18n, rules, games] = await Promise.all(
    ["/static/i18n.js", "/static/rules.js", "/static/rules_games.js"].map((u) => import(u)));
  await Promise.all(i18n.LANGUAGES.map(i18n.loadCatalog));  // each fetched when first used
  const all = (x) => typeof x === "string" ? [x] : Object.values(x || {}).flatMap(all);
  const out = {};
  for (const lang of Object.keys(i18n.CATALOGS)) {
    const own = Object.values(games.GAME_RULES).map((g) => g[lang]);
    out[lang] = all(i18n.CATALOGS[lang]).concat(all(rules.RULES[lang]), all(own));
  }
  out.names = Object.values(i18n.CATALOGS).map((c) => c["lang.name"]);
  return out;
}"""


def english_only(page: Page, lang: str) -> set[str]:
    """The words (of four letters or more) of the English texts that the ``lang`` texts
    never use; the languages' own names are no English word."""
    texts = page.evaluate(TEXTS_JS)

    def words(strings: list[str]) -> set[str]:
        out: set[str] = set()
        for text in strings:
            out |= {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}
        return out

    english = {w for w in words(texts["en"]) if w.isascii() and len(w) >= 4}
    return english - words(texts[lang]) - words(texts["names"])


#: a badge's words stitched into a sentence of the log ("Deine Überkauft · 22 gegen …"), or a
#: plural left to the reader ("2 Deck(s)")
STITCHED = re.compile(r"\S · \d|\w\(s\)")


class Walk:
    """What a page shows, state by state, checked against the English-only words."""

    def __init__(self, page: Page, lang: str) -> None:
        self.page = page
        self.english = english_only(page, lang)
        self.found: dict[str, set[str]] = {}

    def look(self, where: str) -> None:
        text = self.page.evaluate("document.body.innerText")
        text = re.sub(r"https?://\S+", " ", text)  # an address (a room's invite) is no word
        # nor a digest, a salt or a seed in hex (the fair shuffle's): "…3face9…" holds "face"
        text = re.sub(r"\b[0-9a-f]{16,}\b", " ", text)
        keys = set(self.page.locator("kbd").all_inner_texts())  # key caps: Enter, Space
        bad = {w for w in WORD.findall(text) if w.lower() in self.english and w not in keys}
        bad |= set(CODE.findall(text))
        # the sentences: the log, the message line, a replay's line, the chart's title
        said = self.page.locator(
            "#log-list li, .message, [data-testid=replay-line], .chart-name"
        ).all_inner_texts()
        bad |= {m for line in said for m in STITCHED.findall(line)}
        if bad:
            self.found[where] = bad

    def dialog(self, key: str, where: str) -> None:
        self.page.keyboard.press(key)
        expect(self.page.locator("dialog[open]")).to_have_count(1)
        idle(self.page)
        self.look(where)
        self.page.keyboard.press("Escape")
        expect(self.page.locator("dialog[open]")).to_have_count(0)


def play_to_the_end(page: Page, walk: Walk, game: str) -> None:
    """Deal, look at your turn with the Hint shown, play on to the end."""
    page.locator("#btn-deal").click()
    idle(page)
    for step in range(30):
        if page.locator("#btn-deal").is_enabled():
            return
        if step == 0 and page.locator("#btn-hint").is_enabled():
            page.locator("#btn-hint").click()
            expect(page.locator("#hint")).to_be_visible()
            walk.look(f"{game}: your turn, the Hint shown")
        buttons = page.locator("#act-row button:not([hidden]):not([disabled])")
        names = buttons.evaluate_all("bs => bs.map(b => b.dataset.action || b.id)")
        choice = next((n for n in ("stand", "decline", "play") if n in names), None)
        if choice is None:  # a banker's choices: open a hand (kampung, K11)
            choice = next(n for n in names if n != "btn-hint")
        buttons.nth(names.index(choice)).click()
        if page.locator("#dlg-confirm[open]").count():  # X17: a stand that makes it non
            walk.look(f"{game}: a choice to confirm")
            with page.expect_response(lambda r: r.url.endswith("/action")):
                page.locator("#confirm-ok").click()
        idle(page)
    raise AssertionError(f"{game}: the hand never ended")


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_no_english_word_on_any_page_in_any_other_language(
    lang: str, serve: Callable[..., Server], new_page: Callable[..., Page]
) -> None:
    server = serve(PLAIN)
    page = new_page(locale=LOCALES[lang])
    open_lobby(page, server)
    walk = Walk(page, lang)
    walk.look("the lobby")
    for game in GAMES:
        page.request.put(
            api(server, game) + "/settings", data={"speed": "instant", "language": lang}
        )
        page.goto(f"{server.url}/play/{game}")
        expect(page.locator("#btn-deal")).to_be_enabled()
        idle(page)
        walk.look(f"{game}: before a hand")
        walk.dialog("r", f"{game}: rules")
        walk.dialog("?", f"{game}: keys")
        walk.dialog("o", f"{game}: settings")
        if page.locator("#btn-house").count():
            page.keyboard.press("o")
            if page.locator("#btn-house").is_visible():
                page.locator("#btn-house").click()
                expect(page.locator("#dlg-house")).to_be_visible()
                walk.look(f"{game}: house rules")
            page.keyboard.press("Escape")
        hands = 3
        if GAMES_FAMILY[game] == "kampung":  # K2: the bank passes round, to you after five
            page.request.put(api(server, game) + "/settings", data={"bank": "rotate"})
            page.reload()
            expect(page.locator("#btn-deal")).to_be_enabled()
            hands = 7
        for _ in range(hands):
            play_to_the_end(page, walk, game)
            walk.look(f"{game}: a hand over")
        walk.look(f"{game}: after a hand")
        walk.dialog("g", f"{game}: statistics")
        if page.locator("#btn-chart").is_visible():
            walk.dialog("c", f"{game}: strategy chart")
            page.keyboard.press("c")
            page.locator("#btn-drill").click()
            page.locator("#drill-choices button").first.click()
            expect(page.locator("[data-testid=drill-answer]")).not_to_be_empty()
            walk.look(f"{game}: the drill, answered")
            page.keyboard.press("Escape")
        page.keyboard.press("l")
        view = page.locator("#history-body button").first
        expect(view).to_be_visible()
        view.click()
        idle(page)
        walk.look(f"{game}: history, a hand viewed")
        page.keyboard.press("Escape")
        page.locator("#fair summary").click()
        page.locator("#verify").click()
        expect(page.locator("#fair-results li").first).to_be_visible()
        walk.look(f"{game}: fair shuffle, verified")
    assert walk.found == {}, walk.found
