"""Make the web table's Vietnamese letters font, cut from DejaVu Sans: every letter with the
diacritics Vietnamese writes (ă â đ ê ô ơ ư and the five tone marks on each vowel, in both
cases), the combining marks and the đồng sign.

The page is written in the reader's system font (style.css: system-ui first). A machine
without Vietnamese letters would draw a word such as "Tiếng" with holes; this font comes
last in the CSS, after the generic sans-serif, with a unicode-range of these letters only,
so a browser falls back to it for exactly the glyphs its own fonts lack and loads it only
then. Re-run when
the set below changes (tests/browser/test_page_files.py checks that every non-ASCII letter
of the Vietnamese texts is in the font):

    .venv/bin/python scripts/subset_vi_font.py /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

(Debian's fonts-dejavu-core installs it there; with no argument that path is used.)

DejaVu Sans: Bitstream Vera license with the DejaVu changes in the public domain
(static/fonts/LICENSE-DejaVu.txt).
"""

from __future__ import annotations

import sys
from pathlib import Path

# the font cutting of the Chinese fonts' script, beside this one (scripts/)
from subset_cjk_font import write

STATIC = Path(__file__).resolve().parent.parent / "src" / "banluck" / "web" / "static"
OUT = STATIC / "fonts" / "vi-letters.woff"
INSTALLED = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
#: the unicode-range of the @font-face in style.css, as (first, last) code points
RANGES = (
    (0x00C0, 0x00C3),
    (0x00C8, 0x00CA),
    (0x00CC, 0x00CD),
    (0x00D2, 0x00D5),
    (0x00D9, 0x00DA),
    (0x00DD, 0x00DD),
    (0x00E0, 0x00E3),
    (0x00E8, 0x00EA),
    (0x00EC, 0x00ED),
    (0x00F2, 0x00F5),
    (0x00F9, 0x00FA),
    (0x00FD, 0x00FD),
    (0x0102, 0x0103),
    (0x0110, 0x0111),
    (0x0128, 0x0129),
    (0x0168, 0x0169),
    (0x01A0, 0x01A1),
    (0x01AF, 0x01B0),
    (0x0300, 0x0301),
    (0x0303, 0x0303),
    (0x0309, 0x0309),
    (0x0323, 0x0323),
    (0x1EA0, 0x1EF9),
    (0x20AB, 0x20AB),
)


def is_vietnamese(ch: str) -> bool:
    """Whether the page's Vietnamese font carries this character."""
    return any(lo <= ord(ch) <= hi for lo, hi in RANGES)


def main(source: str) -> int:
    """Write OUT with every character of RANGES from the font ``source``."""
    write(source, {chr(c) for lo, hi in RANGES for c in range(lo, hi + 1)}, OUT)
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 2:
        sys.exit(main(sys.argv[1]))
    if len(sys.argv) == 1 and INSTALLED.is_file():
        sys.exit(main(str(INSTALLED)))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
