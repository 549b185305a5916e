"""``banluck serve``: a real uvicorn server on 127.0.0.1, started and stopped by the test."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import platformdirs
import pytest

from banluck.cli import build_parser
from banluck.web.command import default_db


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_options_and_default_db() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.shoe) == ("127.0.0.1", 8000, None, None)
    assert default_db().parent == Path(platformdirs.user_data_dir("banluck", appauthor=False))
    args = build_parser().parse_args(
        ["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "x.db", "--shoe", "s.json"]
    )
    assert (args.host, args.port, args.db, args.shoe) == ("0.0.0.0", 9000, "x.db", ["s.json"])


def test_serve_prints_its_address_and_plays_a_stacked_hand(tmp_path: Path) -> None:
    port = _free_port()
    shoe = tmp_path / "shoe.json"
    shoe.write_text(json.dumps(["TS", "TD", "QC", "9C", "6H", "9H", "5C", "8D", "4C"]))
    db = tmp_path / "saves" / "table.sqlite3"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "banluck",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            "--shoe",
            str(shoe),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}" in line
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
            for _ in range(100):
                try:
                    client.get("/api/state")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            assert client.get("/").status_code == 200
            s = client.post("/api/deal", json={"bet": 100, "hand": 1}).json()
            assert s["table"]["seats"][0]["cards"] == ["TS", "6H"]
            s = client.post("/api/action", json={"action": "hit", "hand": 1, "step": 0}).json()
            s = client.post("/api/action", json={"action": "stand", "hand": 1, "step": 1}).json()
            assert s["table"]["seats"][0]["result"] == "win"
        assert db.exists()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        if proc.stdout:
            proc.stdout.close()
        if proc.stderr:
            proc.stderr.close()
    assert proc.returncode is not None


def test_serve_with_a_bad_shoe_file_exits_2(tmp_path: Path) -> None:
    shoe = tmp_path / "shoe.json"
    shoe.write_text('["TS", "XX"]')
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "banluck",
            "serve",
            "--db",
            str(tmp_path / "t.db"),
            "--shoe",
            str(shoe),
            "--port",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("banluck serve:") and "'XX'" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_serve_takes_a_shoe_per_game() -> None:
    from banluck.web.command import shoe_files

    assert shoe_files(["a.json", "classic=c.json", "kampung=k.json"]) == {
        "table": "a.json",
        "classic": "c.json",
        "kampung": "k.json",
    }
    with pytest.raises(ValueError, match="twice"):
        shoe_files(["classic=a.json", "classic=b.json"])


def test_serve_names_an_unknown_game_of_a_shoe() -> None:
    from banluck.web.command import shoe_files

    with pytest.raises(ValueError, match="unknown preset 'poker'"):
        shoe_files(["poker=a.json"])
