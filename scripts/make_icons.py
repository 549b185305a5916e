"""Draw the app's PNG icons (the manifest's 192 and 512 pixel icons) from favicon.svg, with
Debian's Chromium, so that they look exactly as the page's own icon. Run once after changing
the icon: ``.venv/bin/python scripts/make_icons.py``."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "src" / "banluck" / "web" / "static"


def main() -> None:
    svg = (STATIC / "favicon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--headless"]
        )
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            body = (
                f"<body style='margin:0;background:#10301f'>"
                f"<div style='width:{size}px;height:{size}px'>{svg}</div></body>"
            )
            page.set_content(body.replace("<svg ", "<svg width='100%' height='100%' "))
            page.screenshot(path=str(STATIC / f"icon-{size}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
