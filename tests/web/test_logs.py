"""``banluck serve --log-json``: every line the server logs on stderr is a JSON object with
its time, level, logger and message: the project's warnings and uvicorn's access lines."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.rooms.servers import HOST, free_port

pytestmark = pytest.mark.slow


def _get(port: int, host: str) -> int:
    request = urllib.request.Request(f"http://{HOST}:{port}/api/state", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_the_log_is_json_lines(tmp_path: Path) -> None:
    port = free_port()
    errors = tmp_path / "serve.log"
    with errors.open("wb") as log:
        serve = ("serve", "--host", HOST, "--port", str(port), "--db", str(tmp_path / "s.db"))
        proc = subprocess.Popen(
            [sys.executable, "-m", "banluck", *serve, "--log-json", "--log-level", "info"],
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    try:
        for _ in range(300):
            try:
                socket.create_connection((HOST, port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        assert _get(port, f"{HOST}:{port}") == 200
        assert _get(port, "cards.example.com") == 400
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    lines = [json.loads(line) for line in errors.read_text().splitlines() if line.strip()]
    assert lines and all({"time", "level", "logger", "message"} <= set(x) for x in lines)
    refused = [x for x in lines if x["logger"] == "banluck.web" and x["level"] == "WARNING"]
    assert refused and "--public-url https://cards.example.com" in refused[0]["message"]
    assert any(x["logger"] == "uvicorn.access" for x in lines)
