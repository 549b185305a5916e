"""Make the web table's Chinese fonts, cut from Droid Sans Fallback: the glyphs the page
uses, and the common ideographs of people's names.

The page must show 中文 on a machine without any CJK font and without internet, so it
carries its own small font (static/fonts/cjk-subset.woff, used through a unicode-range for
CJK characters only; a system CJK font, when present, comes first in the CSS). People's
names in a room may use any common character: a second font (static/fonts/cjk-names.woff:
GB 2312's 6,763 ideographs and Big5's 5,401 common ones) follows it in the CSS, so a browser
loads it only when a character on the page is not in the first. Re-run this after adding
Chinese text to the page (tests/browser/test_page_files.py fails until then):

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
NAMES = STATIC / "fonts" / "cjk-names.woff"
# The language setting's 中文, on every page in every language: a face of its own (style.css
# gives it these two characters' unicode-range and the page's font the rest), so a page not
# in Chinese loads these two glyphs, not the page's whole Chinese font.
LANGUAGE = STATIC / "fonts" / "cjk-language.woff"
LANGUAGE_NAME = "中文"
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


def _decodable(codec: str, firsts: range, seconds: list[int]) -> set[str]:
    """The CJK ideographs a two-byte ``codec`` encodes with these lead and trail bytes."""
    out: set[str] = set()
    for b1 in firsts:
        for b2 in seconds:
            try:
                ch = bytes([b1, b2]).decode(codec)
            except UnicodeDecodeError:
                continue
            if 0x4E00 <= ord(ch) <= 0x9FFF:
                out.add(ch)
    return out


def name_characters() -> set[str]:
    """The ideographs a name commonly uses: GB 2312's (simplified, both levels) and Big5's
    common ones (traditional, level 1)."""
    gb = _decodable("gb2312", range(0xB0, 0xF8), list(range(0xA1, 0xFF)))
    big5 = _decodable("big5", range(0xA4, 0xC7), [*range(0x40, 0x7F), *range(0xA1, 0xFF)])
    return gb | big5


def main(source: str) -> int:
    """Write OUT with the glyphs of ``page_cjk_characters()`` from the font ``source``,
    NAMES with those of ``name_characters()``, and LANGUAGE with 中文's."""
    write(source, page_cjk_characters(), OUT)
    write(source, name_characters(), NAMES)
    write(source, set(LANGUAGE_NAME), LANGUAGE)
    return 0


def write(source: str, chars: set[str], out: Path) -> None:
    """Write the glyphs of ``chars`` from the font ``source`` to ``out`` (WOFF)."""
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(source, options)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(c) for c in chars))
    sub.subset(font)
    out.parent.mkdir(exist_ok=True)
    subset.save_font(font, str(out), options)
    print(f"{out}: {len(chars)} characters, {out.stat().st_size} bytes")


if __name__ == "__main__":
    if len(sys.argv) == 2:
        sys.exit(main(sys.argv[1]))
    if len(sys.argv) == 1 and INSTALLED.is_file():
        sys.exit(main(str(INSTALLED)))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
