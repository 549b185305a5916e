"""Small modules that own one idea: no code file over 600 lines, in the package's Python or
the page's modules (``static/js``); the page's texts (``static/i18n``, the rules) are data."""

from __future__ import annotations

from pathlib import Path

import banluck

ROOT = Path(banluck.__file__).resolve().parent
MOST = 600


def test_no_code_file_is_over_600_lines() -> None:
    code = [*ROOT.rglob("*.py"), *(ROOT / "web" / "static" / "js").rglob("*.js")]
    assert len(code) > 250  # the package itself, not an empty folder
    long = {
        str(path.relative_to(ROOT)): n
        for path in code
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST
    }
    assert long == {}
