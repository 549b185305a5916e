"""Shared fixtures: where the worked cases live.

The repository keeps its own copy of the worked hands (``tests/cases``, one folder per new
game) and of the rules text the page shows (``tests/data``), so that a clone on its own
passes; when the project's ``../shared`` is next to the clone, its cases are checked too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OWN_CASES = ROOT / "tests" / "cases"
SHARED_CASES = SHARED / "cases"
SEED_000 = ROOT / "tests" / "data" / "seed-000.txt"


def case_files() -> list[tuple[str, Path]]:
    """Every worked case, recursively: ``("own/…", path)`` and, when present, ``("shared/…")``."""
    found = [(f"own/{p.relative_to(OWN_CASES)}", p) for p in sorted(OWN_CASES.rglob("*.json"))]
    if SHARED_CASES.is_dir():
        found += [
            (f"shared/{p.relative_to(SHARED_CASES)}", p)
            for p in sorted(SHARED_CASES.rglob("*.json"))
        ]
    return found


# One Playwright and one Chromium per test process, shared by the page and room tests (two
# sync Playwright instances cannot run in one thread).
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless. Missing: the test fails (never skips)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/setup.sh does)")
    b = playwright_session.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield b
    b.close()
