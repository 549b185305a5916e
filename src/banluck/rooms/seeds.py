"""The people's seeds of a room's next shoe (docs/FAIRNESS.md, "In a room").

Every shoe a room plays from is derived from the server's secret salt and the seeds its
people gave for it: the salt's commitment is shown from the moment the shoe before is made,
so a seed is always chosen after the salt was fixed, and the server cannot choose the
order alone. Each person may give one seed for the next shoe (a new one replaces theirs);
the shoe's client seed is every seed given, by the giver's name in alphabetical order,
``"Ann: lucky; Bob: 7 7 7"`` (``joined``), and the empty text when nobody gave one.

>>> joined({"Bob": "7 7 7", "Ann": "lucky"})
'Ann: lucky; Bob: 7 7 7'
>>> check_seed("lucky"), check_seed("  ")
Traceback (most recent call last):
...
banluck.core.refusal.Refusal: a seed is 1 to 64 printable characters, not only spaces

A seed is shown to everyone in the room and joined with the others', so it holds no ``;``
(``"x; Bob: 7 7 7"`` would read as Bob's), and nothing ``core.text.text_fault`` refuses
(controls, bidirectional controls, invisible characters, lone surrogates).
"""

from __future__ import annotations

from collections.abc import Mapping

from banluck.core.refusal import Refusal
from banluck.core.text import text_fault

#: The longest seed one person may give.
MAX_SEED = 64


def check_seed(value: object) -> str:
    """A person's seed: 1 to ``MAX_SEED`` characters, none a control character, not only
    spaces, nothing hidden and no ``;`` (``bad_request`` naming the field otherwise).

    >>> check_seed("x; Bob: 7 7 7")
    Traceback (most recent call last):
    ...
    banluck.core.refusal.Refusal: a seed has no ';' (the seeds of a shoe are joined with it)
    """
    if (
        not isinstance(value, str)
        or not 1 <= len(value) <= MAX_SEED
        or not value.strip()
        or text_fault(value) is not None
    ):
        raise Refusal(
            "bad_request",
            f"a seed is 1 to {MAX_SEED} printable characters, not only spaces",
            {"field": "seed"},
        )
    if ";" in value:
        raise Refusal(
            "bad_request",
            "a seed has no ';' (the seeds of a shoe are joined with it)",
            {"field": "seed"},
        )
    return value


def joined(seeds: Mapping[str, str]) -> str:
    """The client seed of the seeds given by name: each ``name: seed``, by name."""
    return "; ".join(f"{name}: {seeds[name]}" for name in sorted(seeds))
