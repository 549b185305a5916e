"""House rules (HOUSE_RULES.md H1–H4, H11): a base preset and the fields it changes, read
and checked once, then turned into the family's rules record (H8).

A house object is ``{"base": "table", "name": "Grandma's table", "rules": {...}}``. Each
family publishes a ``HouseSchema`` (its fields in order, how its rules record reads them
and how a record of those fields is made); the registry names it (``Game.house``). A house
that fails a check raises ``HouseError`` naming the field, its value, what is allowed and
the base: nothing is played with it.

>>> h = read_house({"base": "table", "rules": {"five_card_bust": 1}})
>>> h.rules["five_card_bust"], h.rules["decks"], h.record().five_card_bust_multiple
(1, 2, 1)
>>> read_house({"base": "table", "rules": {"five_card_bust": 7}})
Traceback (most recent call last):
...
banluck.games.house.HouseError: house: 'five_card_bust' is 7, allowed 1 to 3 (base 'table')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from banluck.core.errors import BanLuckError
from banluck.core.text import text_fault
from banluck.core.whole import is_whole

#: H11: a house's name is 1 to this many characters
NAME_MAX = 40
#: H4: the values an ace may count
ACE_VALUES = (1, 10, 11)


class HouseError(BanLuckError):
    """A house refused (H1, H4, H11): the message names the field, the value, what is
    allowed and the base."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, kw_only=True, slots=True)
class Field:
    """One house field: its kind and the values it takes (H11's strict types)."""

    name: str
    kind: Literal["int", "bool", "choice", "aces"]
    lo: int = 0
    hi: int = 0
    #: whole numbers allowed outside ``lo``..``hi`` (7-7-7's 0, off)
    also: tuple[int, ...] = ()
    choices: tuple[str, ...] = ()
    #: the House rules dialog's group (``cards``, ``deal``, ``specials``, ``dealer``,
    #: ``ties``, ``bets``) and the rule ids the field changes (HOUSE_RULES.md's tables)
    group: str = "deal"
    cites: str = ""
    #: whether a house's edge (per initial bet) depends on the field: a fresh stack's size
    #: changes nobody's odds (``House.edge_key``)
    edge: bool = True

    def allowed(self) -> str:
        """What the field takes, in words (for an error line)."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return " or ".join(repr(c) for c in self.choices)
        if self.kind == "aces":
            return "a non-empty list of distinct values from 1, 10, 11"
        extra = "".join(f" or {v}" for v in self.also)
        return f"{self.lo:,} to {self.hi:,}{extra}"

    def read(self, value: object, base: str) -> Any:
        """``value`` as the field's value, or HouseError (H11)."""
        ok: bool
        if self.kind == "int":
            ok = is_whole(value) and (self.lo <= value <= self.hi or value in self.also)
        elif self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "choice":
            ok = isinstance(value, str) and value in self.choices
        else:
            ok = (
                isinstance(value, list)
                and len(value) > 0
                and all(is_whole(v) for v in value)
                and all(v in ACE_VALUES for v in value)
                and len(set(value)) == len(value)
            )
            if ok:
                assert isinstance(value, list)
                return sorted(value)
        if not ok:
            raise HouseError(
                f"house: {self.name!r} is {_shown(value)}, allowed {self.allowed()}"
                f" (base {base!r})",
                field=self.name,
            )
        return value


def _shown(value: object) -> str:
    """A value as JSON writes it (true, null, "x")."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


@dataclass(frozen=True, kw_only=True)
class HouseSchema:
    """A family's house: its fields in order (as the output lists them), the values of a
    rules record (``values``: the defaults are the base preset's record) and the record
    of a base and a full set of values (``record``)."""

    fields: tuple[Field, ...]
    #: the base presets' rules records
    bases: Mapping[str, Any]
    values: Callable[[Any], dict[str, Any]]
    record: Callable[[Any, dict[str, Any]], Any]
    #: the family's own forbidden combinations (H4), checked after defaults: HouseError
    check: Callable[[dict[str, Any], str], None] | None = None
    #: the fields by name
    by_name: dict[str, Field] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {f.name: f for f in self.fields})


@dataclass(frozen=True, kw_only=True)
class House:
    """A checked house: its base, its name and every field after defaults (H12)."""

    base: str
    name: str | None
    rules: dict[str, Any]
    schema: HouseSchema

    def record(self) -> Any:
        """The family's rules record of this house (H8)."""
        return self.schema.record(self.schema.bases[self.base], self.rules)

    def to_json(self) -> dict[str, Any]:
        """H12: ``{"base", "name", "rules"}`` with every field after defaults."""
        return {"base": self.base, "name": self.name, "rules": dict(self.rules)}

    def edge_key(self) -> str:
        """The text that names this house's odds: its base and the fields its edge depends
        on (two houses that differ only in a fresh stack have one key).

        >>> a = read_house({"base": "table", "rules": {"fresh_stack": 500}})
        >>> a.edge_key() == read_house({"base": "table"}).edge_key()
        True
        """
        fields = self.schema.by_name
        rules = {k: v for k, v in self.rules.items() if fields[k].edge}
        return json.dumps({"base": self.base, "rules": rules}, sort_keys=True)

    def changes(self) -> dict[str, Any]:
        """The fields this house plays differently from its base preset."""
        base = self.schema.values(self.schema.bases[self.base])
        return {k: v for k, v in self.rules.items() if base[k] != v}

    def with_field(self, name: str, value: object) -> House:
        """This house with field ``name`` set to ``value``, checked again (HouseError)."""
        return read_house({**self.to_object(), "rules": {**self.changes(), name: value}})

    def to_object(self) -> dict[str, Any]:
        """The house as a house object again (``read_house`` reads it back; a house without
        a name leaves ``name`` out, H11)."""
        named = {} if self.name is None else {"name": self.name}
        return {"base": self.base, **named, "rules": dict(self.rules)}


def decks_field() -> Field:
    """H1: the ``decks`` field every family's house has, one for all (the deck counts a
    house may play; a saved shoe may hold any of them)."""
    from banluck.games.registry import GAMES

    fields = {f for name, g in GAMES.items() if g.house is not None for f in _schema(name).fields}
    spans = {(f.lo, f.hi, f.also) for f in fields if f.name == "decks"}
    if len(spans) != 1:
        raise AssertionError(f"the families' houses differ in their decks: {sorted(spans)}")
    return next(f for f in fields if f.name == "decks")


def _schema(base: str) -> HouseSchema:
    from banluck.games.registry import game

    try:
        g = game(base)
    except ValueError as exc:
        raise HouseError(f"house: 'base' {exc}", field="base") from None
    if g.house is None:
        raise HouseError(
            f"house: house rules of {g.family} games are not played yet (base {base!r}):"
            " give no 'rules', or play the preset",
            field="base",
        )
    schema: HouseSchema = g.part("house")  # type: ignore[assignment]
    return schema


def read_house(data: object) -> House:
    """H1 / H4 / H11: a house object checked, with its defaults filled in."""
    if not isinstance(data, dict):
        raise HouseError("house: a house is a JSON object with a 'base'")
    for key in data:
        if key not in ("base", "name", "rules"):
            raise HouseError(
                f"house: unknown key {key!r} (a house has 'base', 'name' and 'rules')", field=key
            )
    base = data.get("base")
    if not isinstance(base, str):
        raise HouseError(f"house: 'base' must be a preset's name, not {_shown(base)}", field="base")
    name = data.get("name")
    if "name" in data and not (isinstance(name, str) and 1 <= len(name) <= NAME_MAX):
        raise HouseError(
            f"house: 'name' is {_shown(name)}, allowed a text of 1 to {NAME_MAX} characters"
            f" (base {base!r})",
            field="name",
        )
    fault = None if name is None else text_fault(name)
    if fault is not None:
        raise HouseError(
            f"house: 'name' holds {fault}, allowed visible text only (base {base!r})",
            field="name",
        )
    changes = data.get("rules", {})
    schema = _schema(base)
    if not isinstance(changes, dict):
        raise HouseError(
            f"house: 'rules' must be an object of fields, not {_shown(changes)} (base {base!r})",
            field="rules",
        )
    values = schema.values(schema.bases[base])
    for key, value in changes.items():
        f = schema.by_name.get(key)
        if f is None:
            raise HouseError(
                f"house: unknown field {key!r} for base {base!r} (fields: "
                f"{', '.join(schema.by_name)})",
                field=key,
            )
        values[key] = f.read(value, base)
    _check_combinations(values, base)
    if schema.check is not None:
        schema.check(values, base)
    return House(base=base, name=name, rules=values, schema=schema)


def _check_combinations(v: dict[str, Any], base: str) -> None:
    """H4: the forbidden combinations, checked after defaults (a family without bet fields,
    blackjack, has none)."""
    if "bet_min" not in v:
        return
    if v["bet_max"] < v["bet_min"]:
        raise HouseError(
            f"house: 'bet_max' is {v['bet_max']}, allowed at least 'bet_min' {v['bet_min']}"
            f" (base {base!r})",
            field="bet_max",
        )
    need = v["bet_cover"] * v["bet_min"]
    if need > v["fresh_stack"]:  # H11: the line names every field of the combination
        raise HouseError(
            f"house: 'bet_min' is {v['bet_min']}, allowed at most a 'fresh_stack' of"
            f" {v['fresh_stack']} covering it 'bet_cover' {v['bet_cover']} times ({need} >"
            f" {v['fresh_stack']}) (base {base!r})",
            field="bet_min",
        )


def describe(f: Field) -> dict[str, Any]:
    """A field as the House rules dialog builds its input: kind, range or choices, group and
    rule ids (the words that explain it are the page's, by the field's name)."""
    out: dict[str, Any] = {"name": f.name, "kind": f.kind, "group": f.group, "cites": f.cites}
    if f.kind == "int":
        out |= {"min": f.lo, "max": f.hi, "also": list(f.also)}
    elif f.kind == "choice":
        out["choices"] = list(f.choices)
    elif f.kind == "aces":  # a set of the values a card may count
        out |= {"kind": "set", "choices": list(ACE_VALUES)}
    return out


def schema_json(base: str) -> dict[str, Any]:
    """The fields of ``base``'s family with ``base``'s values (HouseError: no such base or
    its family has no house rules yet)."""
    schema = _schema(base)
    return {
        "base": base,
        "fields": [describe(f) for f in schema.fields],
        "defaults": schema.values(schema.bases[base]),
    }


def preset_house(base: str) -> House:
    """The house of a preset alone (H2: ``"preset": P`` is ``{"base": P}``)."""
    return read_house({"base": base})


def with_house(out: dict[str, Any], house: House) -> dict[str, Any]:
    """H12: a REPLAY.md output with the house as played after its ``preset``."""
    preset_name = out.pop("preset")
    return {"preset": preset_name, "house": house.to_json(), **out}
