"""Shared fixtures: where the project's shared cases live."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CASES = SHARED / "cases"
