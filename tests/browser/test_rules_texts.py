"""The rules dialogs of the other games (static/rules_games.js), checked without a browser:
every game has its text in English, German and Chinese, paragraph for paragraph and pay line
for pay line; the odds are the engine's; the numbers a player relies on (bets, limits, the
shoe) are the rules' own; the text is plain (the page inserts it with textContent); the CJK
font carries every Chinese character."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from banluck.core.seating import seating_for
from banluck.games.banluck.rules import ONE_ON_ONE
from banluck.games.blackjack.rules import CLASSIC, INFINITE, SIDE_BET_NAMES
from banluck.games.blackjack.side_bets import PAYS
from banluck.games.kampung.rules import KAMPUNG
from banluck.games.named_houses import named_house
from banluck.games.registry import GAMES

STATIC = Path(__file__).resolve().parents[2] / "src" / "banluck" / "web" / "static"
RULES_GAMES = STATIC / "rules_games.js"
XI_DACH = named_house(GAMES["xi-dach"].named_house or "")
XI_DACH_RULES = XI_DACH.record()
LANGS = ("en", "de", "zh", "vi")
GAME_NAMES = ("one-on-one", "kampung", "xi-dach", "classic", "infinite")
# "k to n" in each language (Vietnamese says the stake first: "1 ăn 3" is 3 to 1).
ODDS = {
    "en": re.compile(r"^(?P<k>\d+) to (?P<n>\d+)$"),
    "de": re.compile(r"^(?P<k>\d+) zu (?P<n>\d+)$"),
    "zh": re.compile(r"^(?P<k>\d+) 赔 (?P<n>\d+)$"),
    "vi": re.compile(r"^(?P<n>\d+) ăn (?P<k>\d+)$"),
}
# I10: each side bet's name at the head of its pay lines, in each language.
SIDE_BET_LABELS = {
    "en": {"pairs": "Pairs:", "bust": "Bust:", "lucky3": "Lucky 3:", "poker3": "Poker 3:"},
    "de": {"pairs": "Paare:", "bust": "Bust:", "lucky3": "Lucky 3:", "poker3": "Poker 3:"},
    "zh": {"pairs": "对子：", "bust": "爆点奖金：", "lucky3": "幸运三牌：", "poker3": "扑克三牌："},
    "vi": {"pairs": "Đôi:", "bust": "Quắc:", "lucky3": "Lucky 3:", "poker3": "Poker 3:"},
}
CJK_RANGES = ((0x3000, 0x303F), (0x4E00, 0x9FFF), (0xFF00, 0xFFEF))


def game_rules() -> dict[str, Any]:
    """rules_games.js's GAME_RULES, read as JSON (the module exports one JSON object)."""
    text = RULES_GAMES.read_text(encoding="utf-8")
    body = text.split("export const GAME_RULES = ", 1)[1].rstrip().removesuffix(";")
    data: dict[str, Any] = json.loads(body)
    return data


def odds(game: str, lang: str) -> list[tuple[int, int]]:
    """The pay lines' odds of one game in one language, as (k, n) for "k to n"."""
    out = []
    for _line, text in game_rules()[game][lang].get("pays", []):
        match = ODDS[lang].match(text)
        assert match, (game, lang, text)
        out.append((int(match["k"]), int(match["n"])))
    return out


def numbers(text: str) -> list[int]:
    """The numbers written in digits in a text, thousands separators (1,000 / 1.000) read;
    not those of names (the ten-value card and the blackjack in Chinese, two side bets)."""
    for name in ("10 点牌", "天生 21 点", "Lucky 3", "Poker 3"):
        text = text.replace(name, "")
    return sorted(
        int(re.sub(r"[.,]", "", n)) for n in re.findall(r"\d{1,3}(?:[.,]\d{3})+|\d+", text)
    )


def test_every_game_has_its_rules_in_every_language() -> None:
    rules = game_rules()
    assert tuple(rules) == GAME_NAMES
    assert set(GAME_NAMES) == set(GAMES) - {"table"}  # table's text is rules.js (seed 000)
    for game, by_lang in rules.items():
        assert tuple(by_lang) == LANGS, game
        en = by_lang["en"]
        for lang, text in by_lang.items():
            assert set(text) <= {"title", "paragraphs", "pays"}, (game, lang)
            assert isinstance(text["title"], str) and text["title"].strip(), (game, lang)
            paragraphs = text["paragraphs"]
            assert len(paragraphs) == len(en["paragraphs"]) >= 4, (game, lang)
            assert all(isinstance(p, str) and len(p) > 80 for p in paragraphs), (game, lang)
            pays = text.get("pays", [])
            assert len(pays) == len(en.get("pays", [])), (game, lang)
            assert all(len(line) == 2 and all(s.strip() for s in line) for line in pays)


def test_the_paragraphs_say_the_same_numbers_in_every_language() -> None:
    """A translation keeps every figure: paragraph for paragraph, the same numbers."""
    for game, by_lang in game_rules().items():
        for i, en in enumerate(by_lang["en"]["paragraphs"]):
            for lang in LANGS[1:]:
                assert numbers(by_lang[lang]["paragraphs"][i]) == numbers(en), (game, lang, i)


def test_the_text_is_plain() -> None:
    """The page inserts the strings with textContent: no markup, no entities."""
    for game, by_lang in game_rules().items():
        for lang, text in by_lang.items():
            strings = [text["title"], *text["paragraphs"]]
            strings += [s for line in text.get("pays", []) for s in line]
            for s in strings:
                assert not re.search(r"[<>]|&\w+;|\n", s), (game, lang, s)
                assert s == s.strip() and "  " not in s, (game, lang, s)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.rule("O7")
def test_one_on_one_pays_are_the_engine_multiples(lang: str) -> None:
    r = ONE_ON_ONE
    expected = [r.ban_ban_multiple, r.ban_luck_multiple, r.five_dragon_21_multiple]
    expected += [r.five_dragon_multiple, 1]
    assert odds("one-on-one", lang) == [(k, 1) for k in expected]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.rule("K13")
def test_kampung_pays_are_the_engine_multiples(lang: str) -> None:
    r = KAMPUNG
    t = r.totals
    expected = [t.ban_ban_multiple, t.ban_luck_multiple, r.seven_seven_seven_multiple]
    expected += [t.five_dragon_21_multiple, t.five_dragon_multiple, r.twenty_one_multiple]
    expected += [t.five_card_bust_multiple, 1]  # K15: a banker's five-card bust pays 2 to 1
    assert odds("kampung", lang) == [(k, 1) for k in expected]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.rule("X12")
def test_xi_dach_pays_are_its_houses_multiples(lang: str) -> None:
    r = XI_DACH.record()
    t = r.totals
    assert t.five_dragon_multiple == t.five_dragon_21_multiple  # one line says both
    expected = [t.ban_ban_multiple, t.ban_luck_multiple, t.five_dragon_multiple, 1]
    assert odds("xi-dach", lang) == [(k, 1) for k in expected]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.rule("B6")
def test_classic_pays_are_the_engine_odds(lang: str) -> None:
    assert odds("classic", lang) == [CLASSIC.blackjack_pays, (1, 1)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.rule("I10")
def test_infinite_pays_are_the_side_bet_tables(lang: str) -> None:
    """I4, B6 and I10's table, line for line in PAYS's order, each under its bet's name."""
    expected = [INFINITE.blackjack_pays, (1, 1), (INFINITE.insurance_pays, 1)]
    expected += [(k, 1) for name in SIDE_BET_NAMES for k in PAYS[name].values()]
    assert odds("infinite", lang) == expected
    lines = [line for line, _ in game_rules()["infinite"][lang]["pays"][3:]]
    heads = [name for name in SIDE_BET_NAMES for _ in PAYS[name]]
    for line, name in zip(lines, heads, strict=True):
        assert line.startswith(SIDE_BET_LABELS[lang][name]), (lang, line, name)


# The figures each game's text must state, from the rules the engine plays.
STATED: dict[str, list[int]] = {
    "one-on-one": [
        ONE_ON_ONE.bet_min,
        ONE_ON_ONE.bet_max,
        ONE_ON_ONE.player_min_stack,  # O1
        ONE_ON_ONE.seat_must_draw_under,  # O6
        ONE_ON_ONE.dealer_stands_on,  # O8
    ],
    "kampung": [
        KAMPUNG.bet_min,
        KAMPUNG.bet_max,
        seating_for(KAMPUNG).bot_bet,  # K3: the bots' bet, a seating fact
        KAMPUNG.rotate_every,  # K2
        KAMPUNG.banker_min_stack,  # K3
        KAMPUNG.fresh_stack,
        KAMPUNG.player_must_draw_under,  # K9
        KAMPUNG.burn_total,  # K7, K10
        KAMPUNG.banker_must_draw_under,  # K14
        KAMPUNG.seven_seven_seven_multiple,  # K13
    ],
    "xi-dach": [
        XI_DACH_RULES.bet_min,
        XI_DACH_RULES.bet_max,
        seating_for(XI_DACH_RULES).bot_bet,
        XI_DACH_RULES.rotate_every,  # K2
        XI_DACH_RULES.banker_min_stack,
        XI_DACH_RULES.fresh_stack,
        XI_DACH_RULES.bet_cover,  # X13: twice the bet
        XI_DACH_RULES.player_must_draw_under,  # X7's licence
        XI_DACH_RULES.banker_must_draw_under,
        XI_DACH_RULES.heavy_bust_from,  # X8
        XI_DACH_RULES.pay_for_banker,  # X10
    ],
    "classic": [
        CLASSIC.bet_min,
        CLASSIC.bet_max,
        seating_for(CLASSIC).bot_bet,  # B5
        CLASSIC.dealer_stands_on,  # B7
        CLASSIC.reshuffle_below or 0,  # C8
    ],
    "infinite": [
        INFINITE.bet_min,
        INFINITE.bet_max,
        seating_for(INFINITE).bot_bet,
        INFINITE.side_bet_min,  # I10
        INFINITE.side_bet_max,
        INFINITE.cut_card_from_end or 0,  # I1
        INFINITE.dealer_stands_on,  # B7
        *(last for _, last in INFINITE.side_bet_last_hand),  # I10's hand limits
    ],
}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_text_states_the_rules_figures(game: str) -> None:
    for lang in LANGS:
        said = set(numbers(" ".join(game_rules()[game][lang]["paragraphs"])))
        missing = [n for n in STATED[game] if n not in said]
        assert not missing, (game, lang, missing)


@pytest.mark.rule("I10")
def test_each_side_bet_limit_is_stated_with_its_bet() -> None:
    """Pairs close after hand 40, the others after 45 (I10), said in the paragraph naming them."""
    names = {"en": "Pairs", "de": "Paare", "zh": "对子", "vi": "Đôi"}
    limits = dict(INFINITE.side_bet_last_hand)
    for lang in LANGS:
        shoe = next(p for p in game_rules()["infinite"][lang]["paragraphs"] if names[lang] in p)
        after_pairs = shoe.split(names[lang], 1)[1]
        # "hands 1 to 40 …, the other side bets on hands 1 to 45", in that order.
        said = [int(n) for n in re.findall(r"\d+", after_pairs)][:4]
        assert said == [1, limits["pairs"], 1, limits["bust"]], (lang, said)
    assert limits["lucky3"] == limits["poker3"] == limits["bust"] != limits["pairs"]


def test_the_cjk_font_covers_the_rules_texts() -> None:
    cmap = TTFont(str(STATIC / "fonts" / "cjk-subset.woff")).getBestCmap()
    text = RULES_GAMES.read_text(encoding="utf-8")
    chars = {c for c in text if any(lo <= ord(c) <= hi for lo, hi in CJK_RANGES)}
    assert len(chars) > 150
    missing = sorted(c for c in chars if ord(c) not in cmap)
    assert not missing, f"re-run scripts/subset_cjk_font.py; missing {''.join(missing)}"


def test_the_chinese_text_uses_the_pages_terms() -> None:
    """Ban Luck's words as rules.js has them (庄家, 爆牌, 天牌, 五龙); the blackjack games' as
    seed 002 has them (荷官, 爆点, 投降, 分牌, 保险, 边注, 牌靴)."""
    rules = game_rules()
    for game in ("one-on-one", "kampung"):
        text = "".join(rules[game]["zh"]["paragraphs"])
        assert all(w in text for w in ("庄家", "爆牌", "天牌")), game
        assert "爆点" not in text, game
    assert "五龙" in "".join(rules["kampung"]["zh"]["paragraphs"])
    infinite = "".join(rules["infinite"]["zh"]["paragraphs"])
    assert all(w in infinite for w in ("荷官", "爆点", "投降", "分牌", "保险", "边注", "牌靴"))
    assert "爆牌" not in infinite + "".join(rules["classic"]["zh"]["paragraphs"])
