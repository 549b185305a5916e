"""Write the solved strategy tables shipped as package data.

Run ``python -m banluck.games.banluck.strategy.generate`` after any change to the rules or
the solver; a test fails until the shipped files match a fresh solve.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from banluck.games.banluck.rules import PRESETS, preset
from banluck.games.banluck.strategy.tables import data_name, table_data

DATA_DIR = Path(__file__).with_name("data")


def dumps(data: object) -> str:
    """The shipped JSON text: compact, one hand per line for readable diffs."""
    assert isinstance(data, dict)
    hands = data["hands"]
    head = {k: v for k, v in data.items() if k != "hands"}
    lines = [json.dumps(head, sort_keys=True)[:-1] + ', "hands": {']
    items = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in hands.items()]
    lines.append(",\n".join(items))
    lines.append("}}")
    return "\n".join(lines) + "\n"


def main() -> int:
    DATA_DIR.mkdir(exist_ok=True)
    for name, rules in PRESETS.items():
        for decks in rules.allowed_decks:
            r = preset(name, decks)
            path = DATA_DIR / data_name(r)
            path.write_text(dumps(table_data(r)), encoding="utf-8")
            print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
