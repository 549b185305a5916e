"""Text is compressed for a browser that asks (issue 18: the page light): the page's modules,
styles and JSON answers go gzip-encoded, byte for byte the same once decoded, with every
header of the guard kept; a browser that does not ask gets them as they are."""

from __future__ import annotations

from pathlib import Path

from banluck.web.app import GZIP_MIN_SIZE, STATIC
from tests.web.games_helpers import api, game_client

GZIP = {"Accept-Encoding": "gzip"}
PLAIN = {"Accept-Encoding": "identity"}


def test_the_page_and_the_api_are_compressed_when_asked(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    for path in ("/static/js/messages.js", "/static/i18n/en.js", "/static/style.css"):
        r = c.get(path, headers=GZIP)
        assert r.headers["content-encoding"] == "gzip", path
        assert r.content == (STATIC / path.removeprefix("/static/")).read_bytes()
        # what went on the wire (a long file goes in chunks, without a content-length)
        assert r.num_bytes_downloaded < len(r.content) / 2
        assert "content-security-policy" in r.headers and r.headers["vary"] == "Accept-Encoding"
        plain = c.get(path, headers=PLAIN)
        assert "content-encoding" not in plain.headers and plain.content == r.content
    houses = c.get("/api/houses", headers=GZIP)
    assert houses.headers["content-encoding"] == "gzip" and houses.json()["houses"]
    assert houses.headers["cache-control"] == "no-store"  # the guard's, kept
    state = c.get(api("table", "state"), headers=GZIP)  # a short answer: as it is
    assert "content-encoding" not in state.headers and state.json()["game"] == "table"


def test_a_short_answer_goes_as_it_is(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    r = c.get("/static/favicon.svg", headers=GZIP)
    assert len(r.content) < GZIP_MIN_SIZE
    assert r.content and "content-encoding" not in r.headers
