"""Make the web table's Chinese font: the glyphs the page uses, cut from Droid Sans Fallback.

The page must show 中文 on a machine without any CJK font and without internet, so it
carries its own small font (static/fonts/cjk-subset.woff, used through a unicode-range for
CJK characters only; a system CJK font, when present, comes first in the CSS). Re-run this
after adding Chinese text to the page (tests/browser/test_page_files.py fails until then):

    apt-get download fonts-droid-fallback && dpkg-deb -x fonts-droid-fallback_*.deb x
    .venv/bin/python scripts/subset_cjk_font.py \
        x/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf

(With the package installed, `apt-get install fonts-droid-fallback`, the font path may be left
out: the script then uses /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf.)

Droid Sans Fallback: Copyright 2006-2010 Google Corp., Apache License 2.0
(static/fonts/LICENSE-DroidSansFallback.txt).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]

STATIC = Path(__file__).resolve().parent.parent / "src" / "banluck" / "web" / "static"
OUT = STATIC / "fonts" / "cjk-subset.woff"
# The unicode-range of the @font-face in style.css: CJK punctuation, ideographs, full-width forms.
RANGES = ((0x3000, 0x303F), (0x4E00, 0x9FFF), (0xFF00, 0xFFEF))
# Where the Debian package fonts-droid-fallback installs the full font.
INSTALLED = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")


def is_cjk(ch: str) -> bool:
    """Whether the page's CJK font must carry this character."""
    return any(lo <= ord(ch) <= hi for lo, hi in RANGES)


def page_cjk_characters() -> set[str]:
    """Every CJK character in the page's text files, in static/ and its folders (js/, …)."""
    chars: set[str] = set()
    for path in sorted(STATIC.rglob("*")):
        if path.is_file() and path.suffix in {".html", ".js", ".css"}:
            chars |= {c for c in path.read_text(encoding="utf-8") if is_cjk(c)}
    return chars


def main(source: str) -> int:
    """Write OUT with the glyphs of ``page_cjk_characters()`` from the font ``source``."""
    chars = page_cjk_characters()
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(source, options)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(c) for c in chars))
    sub.subset(font)
    OUT.parent.mkdir(exist_ok=True)
    subset.save_font(font, str(OUT), options)
    print(f"{OUT}: {len(chars)} characters, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 2:
        sys.exit(main(sys.argv[1]))
    if len(sys.argv) == 1 and INSTALLED.is_file():
        sys.exit(main(str(INSTALLED)))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
