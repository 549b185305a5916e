"""A real PostgreSQL for the rooms' tests (issue 11): ``scripts/pg.sh`` starts Debian's
server in a temporary directory on a free port, once per test process. A server that does
not start fails the tests that need it (never a skip)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_SH = Path(__file__).resolve().parents[2] / "scripts" / "pg.sh"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of a fresh PostgreSQL (its ``postgres`` database), stopped at the end."""
    where = Path(tempfile.mkdtemp(prefix="banluck-pg-"))
    started = subprocess.run(
        ["bash", str(PG_SH), "start", str(where), str(_free_port())],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if started.returncode != 0:
        shutil.rmtree(where, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start (scripts/pg.sh): {started.stderr.strip()}")
    try:
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run(["bash", str(PG_SH), "stop", str(where)], timeout=120, check=False)
        shutil.rmtree(where, ignore_errors=True)


@pytest.fixture
def pg_url(postgres_url: str) -> Iterator[str]:
    """A database of its own for one test, on the session's PostgreSQL."""
    import uuid

    import psycopg

    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield postgres_url.rpartition("/")[0] + f"/{name}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
