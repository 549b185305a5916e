"""Shared fixtures: where the worked cases live.

The repository keeps its own copy of the worked hands (``tests/cases``, one folder per new
game) and of the rules text the page shows (``tests/data``), so that a clone on its own
passes; when the project's ``../shared`` is next to the clone, its cases are checked too.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

# The property tests check the same examples on every run, so a failure is found again by
# whoever runs them (CI and a developer alike); BANLUCK_EXPLORE=1 draws new ones each run.
settings.register_profile("same", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile("explore" if os.environ.get("BANLUCK_EXPLORE") else "same")

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


def _order(item: pytest.Item) -> int:
    """The container test first, then the quick tests, then the rest (see below)."""
    if item.nodeid.startswith("tests/deploy/"):
        return 0
    if item.get_closest_marker("browser") or item.get_closest_marker("slow"):
        return 2
    return 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The container images' build takes minutes of the disk as well as a core; it starts
    first, beside the quick tests that touch neither a browser nor a server, so that the tests
    timed by a page's waits mostly run after it (this machine's disks ignore ``ionice``).
    The order is otherwise the collection's, the same in every worker."""
    items.sort(key=_order)


# Every browser test waits for conditions, never for a time: a condition may take longer than
# Playwright's five seconds on a machine whose two cores other tests keep busy (a fresh
# server's first page while a container image is built beside it), so an ``expect`` waits up
# to twenty. A test that passes is not slower for it.
expect.set_options(timeout=20_000)

# One Playwright and one Chromium per test process, shared by the page and room tests (two
# sync Playwright instances cannot run in one thread).
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless. Missing: the test fails (never skips)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/setup.sh does)")
    b = playwright_session.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield b
    b.close()


# A real PostgreSQL for the tests of the shared rooms and saves: ``scripts/pg.sh`` starts
# Debian's server in a temporary directory on a free port, once per test process. A server
# that does not start fails the tests that need it (never a skip).
PG_SH = Path(__file__).resolve().parents[1] / "scripts" / "pg.sh"


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


@contextmanager
def new_database(postgres_url: str) -> Iterator[str]:
    """A database of its own on the PostgreSQL at ``postgres_url``, dropped afterwards."""
    import uuid

    import psycopg

    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield postgres_url.rpartition("/")[0] + f"/{name}"
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_url(postgres_url: str) -> Iterator[str]:
    """A database of its own for one test, on the session's PostgreSQL."""
    with new_database(postgres_url) as url:
        yield url


@pytest.fixture
def db_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder for the save file of a server a browser drives: in memory (``/dev/shm``)
    where the machine has it, so that a page never waits on a disk another test keeps
    busy (the container build's); the store's own durability is tested on disk elsewhere."""
    if not os.path.isdir("/dev/shm") or not os.access("/dev/shm", os.W_OK):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir="/dev/shm", prefix="banluck-test-") as folder:
        yield Path(folder)
