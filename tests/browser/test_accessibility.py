"""An accessibility audit of the table page: axe-core (vendored, tests/browser/vendor/README.md)
runs in Debian's Chromium before the first deal, during a hand, after it and with each
dialog open, on a desktop and on a German 360-pixel phone. No serious or critical violation
is allowed (issue 10: the 25 and 500 chips once failed colour contrast before the first deal).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
AXE_VERSION = "4.14.1"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
BLOCKING = {"serious", "critical"}

# you 16 (TS 6H) then 4C on a hit; Anna 19; Ben 18; dealer 17.
PLAIN = ["TS", "TD", "KC", "9S", "6H", "9D", "8C", "8S", "4C"]


def audit(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (axe is injected once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated by the test driver, not as a page script, so a strict CSP allows it.
        page.evaluate(AXE.read_text(encoding="utf-8"))
    assert page.evaluate("() => window.axe.version") == AXE_VERSION
    result: dict[str, Any] = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    violations: list[dict[str, Any]] = result["violations"]
    return violations


def blocking(violations: list[dict[str, Any]]) -> list[str]:
    """The serious and critical violations, one readable line per element."""
    return [
        f"{v['id']} ({v['impact']}) at {n['target']}: {n.get('failureSummary', '')}"
        for v in violations
        if v["impact"] in BLOCKING
        for n in v["nodes"]
    ]


def assert_accessible(page: Page, stage: str) -> None:
    problems = blocking(audit(page))
    assert not problems, f"{stage}: " + "\n".join(problems)


def idle(page: Page) -> None:
    """Every event shown and no request in flight."""
    page.wait_for_function(
        "() => { const d = window.banluckDebug && window.banluckDebug();"
        " return d && !d.animating && !d.busy; }"
    )


def test_the_vendored_axe_is_the_pinned_release() -> None:
    digest = hashlib.sha256(AXE.read_bytes()).hexdigest()
    assert digest == AXE_SHA256, "tests/browser/vendor/README.md says how to update axe"


def test_audit_finds_a_contrast_failure_when_there_is_one(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """The audit can fail: the 500 chip's old colours (white on #b8862a, 3.2:1) are caught."""
    server = serve(PLAIN)
    page = new_page()
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.locator('.chip[data-v="500"]').evaluate(
        "b => { b.style.background = '#b8862a'; b.style.color = '#fff'; }"
    )
    problems = blocking(audit(page))
    assert any(p.startswith("color-contrast (serious)") and "500" in p for p in problems)


def test_table_page_before_during_and_after_a_hand(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """Desktop, English: before the first deal, at your turn with the hint shown, settled,
    and with the settings, keys, rules and history dialogs open."""
    server = serve(PLAIN)
    page = new_page()
    page.goto(server.table_url)
    expect(page.locator("#btn-deal")).to_be_enabled()
    assert_accessible(page, "before the first deal")

    page.keyboard.press("o")
    expect(page.locator("#dlg-settings")).to_be_visible()
    page.get_by_role("radio", name="Instant").check()
    assert_accessible(page, "settings dialog")
    page.keyboard.press("Escape")

    page.locator("#bet").fill("100")
    page.locator("#btn-deal").click()
    expect(page.get_by_role("button", name="Hit")).to_be_enabled()
    page.keyboard.press("i")
    expect(page.locator("#hint")).to_contain_text("Best move:")
    assert_accessible(page, "your turn, with the hint")

    page.keyboard.press("h")
    expect(page.get_by_role("button", name="Stand")).to_be_enabled()
    page.keyboard.press("s")
    expect(page.locator('[data-testid="result-you"]')).to_have_text("Win +100")
    idle(page)
    assert_accessible(page, "the hand settled")

    for key, dialog in (("?", "#dlg-help"), ("r", "#dlg-rules")):
        page.keyboard.press(key)
        expect(page.locator(dialog)).to_be_visible()
        assert_accessible(page, dialog)
        page.keyboard.press("Escape")
    page.keyboard.press("l")
    page.locator("#dlg-history").get_by_role("button", name="View · Hand 1").click()
    expect(page.locator(".h-detail tr")).to_have_count(4)
    assert_accessible(page, "history dialog, a hand viewed")


def test_german_phone_before_and_during_a_hand(
    serve: Callable[[list[str]], Server], new_page: Callable[..., Page]
) -> None:
    """The German page on a 360-pixel phone: before the first deal and at your turn."""
    server = serve(PLAIN)
    page = new_page(locale="de-DE", width=360, height=740)
    page.goto(server.table_url)
    expect(page.get_by_role("button", name="Geben")).to_be_enabled()
    assert_accessible(page, "before the first deal (de, 360 px)")
    page.locator("#bet").fill("100")
    page.locator("#bet").press("Enter")
    expect(page.get_by_role("button", name="Ziehen")).to_be_enabled()
    idle(page)
    assert_accessible(page, "your turn (de, 360 px)")
