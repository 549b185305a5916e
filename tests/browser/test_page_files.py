"""The page's files, checked without a browser: the three catalogs agree, every key the
page uses exists, the rules text is seed 000's, every asset is local, the CJK font covers
every Chinese character of the page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from tests.conftest import SEED_000, SHARED

STATIC = Path(__file__).resolve().parents[2] / "src" / "banluck" / "web" / "static"
LANGS = ("en", "de", "zh")
# docs/API.md's error codes (with 500's and the hint's 503) and the page's own "network".
ERROR_CODES = [
    "bad_bet",
    "bad_action",
    "not_your_turn",
    "stale",
    "hand_in_progress",
    "no_hand",
    "bad_settings",
    "bad_request",
    "not_found",
    "network",
    "server_error",
    "hint_unavailable",
]


def catalogs() -> dict[str, dict[str, str]]:
    """i18n.js's three catalogs, read as JSON (each entry is a "key": "text" pair)."""
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    blocks = re.split(r"\n  (en|de|zh): \{\n", text)
    out: dict[str, dict[str, str]] = {}
    for lang, body in zip(blocks[1::2], blocks[2::2], strict=True):
        body = body.split("\n  }", 1)[0]
        out[lang] = json.loads("{" + body + "}")
    return out


def test_the_three_catalogs_have_the_same_keys() -> None:
    cats = catalogs()
    assert set(cats) == set(LANGS)
    assert len(cats["en"]) > 100
    for lang in ("de", "zh"):
        assert set(cats[lang]) == set(cats["en"]), lang
        for key, text in cats["en"].items():
            # The same placeholders in every language.
            assert set(re.findall(r"\{\w+\}", cats[lang][key])) == set(
                re.findall(r"\{\w+\}", text)
            ), (lang, key)


def test_every_key_the_page_uses_exists() -> None:
    en = catalogs()["en"]
    app = (STATIC / "app.js").read_text(encoding="utf-8")
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    used = set(re.findall(r'\bt\("([\w.\-]+)"', app))
    used |= set(re.findall(r'data-i18n="([\w.\-]+)"', html))
    families = {
        "result.": ["win", "lose", "push", "void", "thrown-in"],
        "kind.": ["ban-ban", "ban-luck", "five-dragon", "bust", "plain"],
        "btn.": ["hit", "stand", "throw"],
        "msg.action.": ["hit", "stand", "throw", "hit.you", "stand.you", "throw.you"],
        "msg.settled.you.": ["push", "void", "thrown-in"],
        "seat.": ["you", "anna", "ben", "dealer"],
        "speed.": ["slow", "normal", "fast", "instant"],
        "rank.": list("A23456789TJQK"),
        "suit.": list("SHDC"),
        "error.": ERROR_CODES,
    }
    # t("result." + r): a key built at run time; each such prefix must be a known family.
    prefixes = {k for k in used if k.endswith(".")}
    assert prefixes <= set(families), prefixes - set(families)
    used -= prefixes
    used |= {prefix + name for prefix, names in families.items() for name in names}
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing


def test_rules_dialog_is_seed_000_in_three_languages() -> None:
    seed = SEED_000.read_text(encoding="utf-8")
    for shared in (SHARED / "seeds").glob("000_*.txt"):  # when ../shared is there
        assert shared.read_text(encoding="utf-8") == seed
    rules_js = (STATIC / "rules.js").read_text(encoding="utf-8")
    rules = json.loads(rules_js.split("window.BANLUCK_RULES = ", 1)[1].rstrip().rstrip(";"))
    assert set(rules) == set(LANGS)
    paragraphs = [p.strip() for p in seed.split("\n\n") if p.strip()][1:]
    assert len(paragraphs) == 21
    for i, lang in enumerate(LANGS):
        seven = paragraphs[7 * i : 7 * i + 7]
        assert rules[lang]["rules"] == seven[:6]
        assert rules[lang]["chips"] == seven[6]  # the play-chips note


@pytest.mark.parametrize("name", ["index.html", "app.js", "cards.js", "i18n.js", "style.css"])
def test_every_asset_is_local(name: str) -> None:
    text = (STATIC / name).read_text(encoding="utf-8")
    assert not re.search(r"(src|href)\s*=\s*[\"'](https?:)?//", text), name
    assert not re.search(r"url\(\s*[\"']?(https?:)?//", text), name
    assert not re.search(r"\bimport\s*\(|@import", text), name
    for ref in re.findall(r"(?:src|href)=\"(/static/[^\"]+)\"", text):
        assert (STATIC / ref.removeprefix("/static/")).is_file(), ref


def test_the_cjk_font_covers_every_chinese_character_of_the_page() -> None:
    font = TTFont(str(STATIC / "fonts" / "cjk-subset.woff"))
    cmap = font.getBestCmap()
    ranges = ((0x3000, 0x303F), (0x4E00, 0x9FFF), (0xFF00, 0xFFEF))
    chars = set()
    for path in STATIC.iterdir():
        if path.suffix in {".html", ".js", ".css"}:
            text = path.read_text(encoding="utf-8")
            chars |= {c for c in text if any(lo <= ord(c) <= hi for lo, hi in ranges)}
    assert len(chars) > 200
    missing = sorted(c for c in chars if ord(c) not in cmap)
    assert not missing, f"re-run scripts/subset_cjk_font.py; missing {''.join(missing)}"
