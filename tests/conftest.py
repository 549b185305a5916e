"""Shared fixtures: where the worked cases live.

The repository keeps its own copy of the worked hands (``tests/cases``, one folder per new
game) and of the rules text the page shows (``tests/data``), so that a clone on its own
passes; when the project's ``../shared`` is next to the clone, its cases are checked too.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OWN_CASES = ROOT / "tests" / "cases"
SHARED_CASES = SHARED / "cases"
SEED_000 = ROOT / "tests" / "data" / "seed-000.txt"


def case_files() -> list[tuple[str, Path]]:
    """Every worked case, recursively: ``("own/…", path)`` and, when present, ``("shared/…")``."""
    found = [(f"own/{p.relative_to(OWN_CASES)}", p) for p in sorted(OWN_CASES.rglob("*.json"))]
    if SHARED_CASES.is_dir():
        found += [
            (f"shared/{p.relative_to(SHARED_CASES)}", p)
            for p in sorted(SHARED_CASES.rglob("*.json"))
        ]
    return found
