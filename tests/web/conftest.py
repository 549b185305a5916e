"""Fixtures for the web table's API tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A fresh SQLite save file for one test."""
    return tmp_path / "table.sqlite3"
