"""The page's files, checked without a browser: the three catalogs agree, every key the
page's modules use exists, the rules text is seed 000's, every asset is local, the modules
form one graph from js/main.js with no inline script or style (a strict CSP), the page
keeps no copy of a rule, the CJK font covers every Chinese character of the page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from banluck.games.banluck.house import FIELDS as BANLUCK_FIELDS
from banluck.games.banluck.ledger import WORDS as BANLUCK_ENDS
from banluck.games.blackjack.house import FIELDS as BLACKJACK_FIELDS
from banluck.games.kampung.house import FIELDS as KAMPUNG_FIELDS
from banluck.games.kampung.ledger import BANK_KEYS, PLAYER_KEYS
from banluck.games.kampung.ledger import WORDS as KAMPUNG_ENDS
from banluck.games.registry import GAMES as REGISTRY
from banluck.web.saves.records import LANGUAGES
from tests.conftest import SEED_000, SHARED

#: what else a kampung end may say (``opened_at``, ``burnt``, …)
LEDGER_EXTRAS = sorted((PLAYER_KEYS | BANK_KEYS) - {"end"})

STATIC = Path(__file__).resolve().parents[2] / "src" / "banluck" / "web" / "static"
MODULES = sorted((STATIC / "js").rglob("*.js"))  # js/*.js and js/games/*.js
# Every text file of the page: index.html, style.css, the data modules, js/*.js.
TEXT_FILES = sorted(p for p in STATIC.rglob("*") if p.suffix in {".html", ".js", ".css"})
IMPORT = re.compile(r'^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)";', re.MULTILINE | re.DOTALL)
#: a module imported when it is first needed, by a plain relative path
LATER = re.compile(r'\bimport\("(\.\.?/[^"]+\.js)"\)')
LANGS = ("en", "de", "zh", "vi")
#: the languages of seed 000, whose rules text the page shows word for word
SEED_LANGS = ("en", "de", "zh")
GAMES = list(REGISTRY)  # every game of the registry
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
    """The catalogs of i18n/LANG.js, read as JSON (each entry is a "key": "text" pair),
    every language of i18n.js's LANGUAGES (which names every file of i18n/)."""
    listed = re.search(r"^export const LANGUAGES = \[([^\]]*)\];$", _text("i18n.js"), re.M)
    assert listed, "i18n.js lists its languages"
    languages = re.findall(r'"(\w+)"', listed.group(1))
    assert sorted(languages) == sorted(p.stem for p in (STATIC / "i18n").glob("*.js"))
    assert tuple(languages) == LANGUAGES  # the server's languages, in its order
    out: dict[str, dict[str, str]] = {}
    for lang in languages:
        body = _text(f"i18n/{lang}.js").split("export default {", 1)[1].rsplit("};", 1)[0]
        out[lang] = json.loads("{" + body.rstrip().rstrip(",") + "}")
    return out


def _text(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def test_the_catalogs_have_the_same_keys() -> None:
    cats = catalogs()
    assert set(cats) == set(LANGS)
    assert len(cats["en"]) > 100
    for lang in LANGS[1:]:
        assert set(cats[lang]) == set(cats["en"]), lang
        for key, text in cats["en"].items():
            # The same placeholders in every language.
            assert set(re.findall(r"\{\w+\}", cats[lang][key])) == set(
                re.findall(r"\{\w+\}", text)
            ), (lang, key)


ALL_FIELDS = (*BANLUCK_FIELDS, *KAMPUNG_FIELDS, *BLACKJACK_FIELDS)
HOUSE_FIELDS = sorted({f.name for f in ALL_FIELDS})


def test_every_key_the_page_uses_exists() -> None:
    en = catalogs()["en"]
    assert len(MODULES) >= 8
    own = [*(STATIC / "room").glob("*.js"), *(STATIC / "ledger").glob("*.js")]
    app = "\n".join(p.read_text(encoding="utf-8") for p in [*MODULES, *own])
    html = "\n".join(_text(page) for page in PAGES)
    used = set(re.findall(r'\bt\("([\w.\-]+)"', app))
    used |= set(re.findall(r'data-i18n="([\w.\-]+)"', html))
    families = {
        "result.": ["win", "lose", "push", "void", "thrown-in", "surrender", "forfeit", "penalty"],
        "kind.": [
            "ban-ban",
            "ban-luck",
            "five-dragon",
            "bust",
            "plain",
            "blackjack",
            "seven-seven-seven",
            "non",
            "heavy-bust",
        ],
        "btn.": [
            "hit",
            "stand",
            "throw",
            "double",
            "split",
            "surrender",
            "insure",
            "decline",
            "burn",
            "play",
            "void",
            "forfeit",
        ],
        # Every game of docs/API.md's lobby: its title and its one-line description.
        "game.": GAMES,
        "lobby.desc.": GAMES,
        # The wagers of a blackjack seat (docs/API.md, the settled event's `wager`).
        "wager.": ["main", "insurance", "pairs", "bust", "lucky3", "poker3"],
        "msg.action.": ["hit", "stand", "throw", "hit.you", "stand.you", "throw.you"],
        "msg.settled.you.": ["push", "void", "thrown-in"],
        "seat.": ["you", "anna", "ben", "dealer"],
        "speed.": ["slow", "normal", "fast", "instant"],
        "rank.": list("A23456789TJQK"),
        "suit.": list("SHDC"),
        "error.": ERROR_CODES,
        # The House rules dialog: every field of every family's house, its groups and
        # choices (the server's GET /api/houses/fields), the combinations H4 refuses
        "house.f.": HOUSE_FIELDS,
        "house.d.": HOUSE_FIELDS,
        "house.g.": sorted({f.group for f in ALL_FIELDS}),
        "house.v.": sorted({c for f in ALL_FIELDS for c in f.choices}),
        "house.error.": ["bet_max", "bet_min"],
        # notices told by their code alone (the others have words of their own)
        "notice.": ["house_set_aside"],
        # the ledger's ends as the server names them (settlement_table), "out" the page's,
        # what else an end says (kampung's extras, and each as said in a hand's line), and
        # the hand's faults (book.js: handNets)
        "ledger.end.": sorted({*BANLUCK_ENDS, *KAMPUNG_ENDS, "forfeit", "out"}),
        "ledger.extra.": [*LEDGER_EXTRAS, *(f"{k}.said" for k in LEDGER_EXTRAS)],
        "ledger.error.": ["cannot_meet", "unknown"],
    }
    # t("result." + r): a key built at run time; each such prefix must be a known family.
    prefixes = {k for k in used if k.endswith(".")}
    assert prefixes <= set(families), prefixes - set(families)
    used -= prefixes
    used |= {prefix + name for prefix, names in families.items() for name in names}
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing


def test_rules_dialog_is_seed_000_in_its_languages_and_translated() -> None:
    """The seed's three languages word for word; a translation (vi) paragraph for paragraph
    with the English one's numbers."""
    seed = SEED_000.read_text(encoding="utf-8")
    for shared in (SHARED / "seeds").glob("000_*.txt"):  # when ../shared is there
        assert shared.read_text(encoding="utf-8") == seed
    rules_js = (STATIC / "rules.js").read_text(encoding="utf-8")
    rules = json.loads(rules_js.split("export const RULES = ", 1)[1].rstrip().rstrip(";"))
    assert set(rules) == set(LANGS)
    paragraphs = [p.strip() for p in seed.split("\n\n") if p.strip()][1:]
    assert len(paragraphs) == 21
    for i, lang in enumerate(SEED_LANGS):
        seven = paragraphs[7 * i : 7 * i + 7]
        assert rules[lang]["rules"] == seven[:6]
        assert rules[lang]["chips"] == seven[6]  # the play-chips note
    for lang in set(LANGS) - set(SEED_LANGS):
        texts = [*rules[lang]["rules"], rules[lang]["chips"]]
        english = [*rules["en"]["rules"], rules["en"]["chips"]]
        assert len(texts) == len(english) and all(len(t) > 80 for t in texts), lang
        assert [_numbers(t) for t in texts] == [_numbers(t) for t in english], lang


def _numbers(text: str) -> list[int]:
    """The numbers written in digits, thousands separators (1,000 / 1.000) read."""
    found = re.findall(r"\d{1,3}(?:[.,]\d{3})+|\d+", text)
    return sorted(int(re.sub(r"[.,]", "", n)) for n in found)


@pytest.mark.parametrize("path", TEXT_FILES, ids=lambda p: str(p.relative_to(STATIC)))
def test_every_asset_is_local(path: Path) -> None:
    name = str(path.relative_to(STATIC))
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"(src|href)\s*=\s*[\"'](https?:)?//", text), name
    assert not re.search(r"url\(\s*[\"']?(https?:)?//", text), name
    assert not re.search(r"@import", text), name
    # a module fetched later (a tool's, the rules texts, a language's texts) is one of the
    # page's own, named by a plain relative path (a language's by the catalogs' own module)
    later = re.findall(r"\bimport\s*\(([^)]*)\)", text)
    if name == "i18n.js":
        assert later == ["`./i18n/${code}.js`"], later
    for ref in LATER.findall(text):
        assert (path.parent / ref).resolve().is_file(), (name, ref)
    assert len(LATER.findall(text)) == (len(later) if name != "i18n.js" else 0), (name, later)
    for ref in re.findall(r"(?:src|href)=\"(/static/[^\"]+)\"", text):
        assert (STATIC / ref.removeprefix("/static/")).is_file(), ref
    for ref in IMPORT.findall(text):
        # A module imports only the page's own files, by a relative path.
        assert ref.startswith(("./", "../")) and ref.endswith(".js"), (name, ref)
        assert (path.parent / ref).resolve().is_file(), (name, ref)


def imports_of(path: Path) -> set[Path]:
    """What a module imports: at its top, and later by ``import("…")``."""
    text = path.read_text("utf-8")
    return {(path.parent / ref).resolve() for ref in IMPORT.findall(text) + LATER.findall(text)}


#: each page and the one module it loads: the game page, the room maker, the ledger
PAGES = {
    "index.html": "js/main.js",
    "room/new.html": "room/new.js",
    "ledger/index.html": "ledger/ledger.js",
    "ledger/view.html": "ledger/view.js",
}


def test_the_page_is_one_graph_of_modules_from_main() -> None:
    """Each page loads its one module and nothing else; every module is reached from one
    of them, and each is small (one idea)."""
    seen: set[Path] = set()
    for html_path, root in PAGES.items():
        html = (STATIC / html_path).read_text(encoding="utf-8")
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert scripts == [f'<script type="module" src="/static/{root}">'], scripts
        todo = [(STATIC / root).resolve()]
        while todo:
            path = todo.pop()
            if path not in seen:
                seen.add(path)
                todo.extend(imports_of(path))
                if path.name == "i18n.js":  # every language, each fetched when first used
                    todo.extend(p.resolve() for p in (STATIC / "i18n").glob("*.js"))
    data = [STATIC / "i18n.js", STATIC / "rules.js", STATIC / "rules_games.js"]
    data += sorted((STATIC / "i18n").glob("*.js"))
    own = [*(STATIC / "room").glob("*.js"), *(STATIC / "ledger").glob("*.js")]
    every = {p.resolve() for p in [*MODULES, *own, *data]}
    assert seen == every, sorted(str(p) for p in every ^ seen)
    for path in [*MODULES, *own]:
        # Small modules, one idea each.
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 250, path.name


def test_no_inline_script_handler_or_style_for_a_strict_csp() -> None:
    """`Content-Security-Policy: default-src 'self'` allows everything the page does."""
    for path in TEXT_FILES:
        text = path.read_text(encoding="utf-8")
        name = path.name
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), name
        assert not re.search(r"\son[a-z]+\s*=\s*[\"']", text), name
        assert not re.search(r"\sstyle\s*=", text), name
        assert "javascript:" not in text, name
        assert not re.search(r"\beval\s*\(|new Function\b", text), name


def test_the_page_names_no_game_in_its_logic() -> None:
    """Which buttons, deck choices and common row a game has, the server says
    (``State.features``): only main.js names the games, in its registry of page modules
    (and the lobby's settings, kept with the table's)."""
    games = r"""["'](table|one-on-one|classic|infinite|kampung)["']|game\.name\s*[!=]=="""
    for path in MODULES:
        if path.name == "main.js":
            continue
        text = path.read_text(encoding="utf-8")
        text = re.sub(r'el\("table"|tableId: "table"|family: "kampung"', "", text)
        assert not re.search(games, text), path.name


def test_the_page_keeps_no_copy_of_a_rule() -> None:
    """Issue 7: totals, naturals and legal moves come from the server, never from the page.
    Only cards.js knows ranks, to draw them; no module counts points or aces, or knows the
    numbers of the hand rules (15, 16, 21, 22)."""
    for path in MODULES:
        text = path.read_text(encoding="utf-8")
        name = path.name
        assert not re.search(r"TJQK|\bPOINTS\b|\baces?\b", text, re.IGNORECASE), name
        assert not re.search(r"\b(handTotal|handKind|isNatural|legalActions)\b", text), name
        if name != "cards.js":  # pip positions
            assert not re.search(r"(?<![\w.])(15|16|21|22)(?![\w.])", text), name


def test_the_cjk_font_covers_every_chinese_character_of_the_page() -> None:
    font = TTFont(str(STATIC / "fonts" / "cjk-subset.woff"))
    cmap = font.getBestCmap()
    ranges = ((0x3000, 0x303F), (0x4E00, 0x9FFF), (0xFF00, 0xFFEF))
    chars = set()
    for path in TEXT_FILES:
        text = path.read_text(encoding="utf-8")
        chars |= {c for c in text if any(lo <= ord(c) <= hi for lo, hi in ranges)}
    assert len(chars) > 200
    missing = sorted(c for c in chars if ord(c) not in cmap)
    assert not missing, f"re-run scripts/subset_cjk_font.py; missing {''.join(missing)}"


def test_the_vietnamese_font_covers_every_letter_of_the_vietnamese_texts() -> None:
    """Every accented letter the Vietnamese texts write is in style.css's unicode-range of
    the page's Vietnamese face and in its font (scripts/subset_vi_font.py)."""
    import unicodedata

    cmap = TTFont(str(STATIC / "fonts" / "vi-letters.woff")).getBestCmap()
    css = _text("style.css")
    face = css.split('font-family: "BanluckVI";', 1)[1].split("}", 1)[0]
    spans = re.findall(r"U\+([0-9A-F]{4})(?:-([0-9A-F]{4}))?", face)
    covered = {c for lo, hi in spans for c in range(int(lo, 16), int(hi or lo, 16) + 1)}
    vi = "".join(catalogs()["vi"].values())
    for name in ("rules.js", "rules_games.js"):
        vi += _text(name)
    letters = {
        c
        for c in vi
        if ord(c) > 0x7F and unicodedata.category(c).startswith("L") and ord(c) < 0x2E80
    }
    letters |= {c for c in "ăâđêôơưĂÂĐÊÔƠƯ"}  # the alphabet's own, whatever the texts use
    assert len(letters) > 40
    outside = sorted(c for c in letters if ord(c) not in covered and c not in "äöüßÄÖÜ")
    assert not outside, f"letters outside the Vietnamese face's unicode-range: {outside}"
    assert "BanluckVI" in css.split("font-family: system-ui", 1)[1].split(";", 1)[0]
    missing = sorted(c for c in covered if c not in cmap)
    assert not missing, f"re-run scripts/subset_vi_font.py; missing {missing}"


#: common surnames, simplified and traditional (a name in a room may use any of them)
SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶"
    "程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛"
    "陳張黃劉楊趙吳孫馬羅鄭謝許韓馮鄧蕭蔣葉蘇呂盧鍾譚陸賈韋鄒閻賀顧龔萬錢嚴湯"
)


def test_the_names_font_covers_the_common_ideographs() -> None:
    """People's names: GB 2312's ideographs and Big5's common ones, every common surname,
    in the font the page loads only when a name needs it (style.css)."""
    cmap = TTFont(str(STATIC / "fonts" / "cjk-names.woff")).getBestCmap()
    assert len(cmap) >= 8800
    assert not [c for c in SURNAMES if ord(c) not in cmap]
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    assert css.index('"BanluckCJK", "BanluckNames"') > css.index("cjk-names.woff")
