"""Random valid houses (HOUSE_RULES.md) for property tests: each field changed with some
chance, within its range, the bets kept to H4."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from banluck.games.house import Field, House, read_house
from banluck.games.registry import game


def _value(draw: st.DrawFn, f: Field) -> Any:
    if f.kind == "bool":
        return draw(st.booleans())
    if f.kind == "choice":
        return draw(st.sampled_from(f.choices))
    if f.kind == "aces":
        return sorted(draw(st.sets(st.sampled_from((1, 10, 11)), min_size=1)))
    return draw(st.sampled_from((*range(f.lo, min(f.hi, f.lo + 30) + 1), *f.also)))


#: XI_DACH.md's fields of the kampung family (the simulator's kernel does not play them)
XI_DACH_FIELDS = frozenset(
    {"two_card_15", "compare", "equal_totals", "non", "heavy_bust_from", "pay_for_banker"}
)


@st.composite
def houses(draw: st.DrawFn, bases: tuple[str, ...], *, xi_dach: bool = True) -> House:
    """A house of one of ``bases`` changing some of its fields (``xi_dach`` False: none of
    ``XI_DACH_FIELDS``)."""
    base = draw(st.sampled_from(bases))
    schema = game(base).part("house")
    rules: dict[str, Any] = {}
    for f in schema.fields:  # type: ignore[attr-defined]
        if f.name in ("bet_min", "bet_max", "bet_cover", "fresh_stack", "decks"):
            continue
        if not xi_dach and f.name in XI_DACH_FIELDS:
            continue
        if draw(st.integers(0, 3)) == 0:
            rules[f.name] = _value(draw, f)
    penalised = rules.get("non", "off") != "off" or rules.get("heavy_bust_from")
    if rules.get("pay_for_banker") and not penalised:
        rules["heavy_bust_from"] = 28  # X2: a hand must be able to be penalised
    if "bet_min" in schema.by_name and draw(st.booleans()):  # type: ignore[attr-defined]
        bet_min = draw(st.integers(1, 200))
        cover = draw(st.integers(1, 5))
        rules |= {
            "bet_min": bet_min,
            "bet_max": draw(st.integers(bet_min, 1000)),
            "bet_cover": cover,
            "fresh_stack": draw(st.integers(max(100, bet_min * cover), 5000)),
        }
    rules["decks"] = draw(st.integers(1, 3))
    return read_house({"base": base, "rules": rules})
