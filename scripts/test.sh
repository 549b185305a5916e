#!/usr/bin/env bash
# Sets up (scripts/setup.sh --dev) and runs every test: lint, types, unit, property,
# shared replay cases, browser, rooms and container tests. Extra arguments go to pytest.
# --fast (first): a developer's quick answer, without the tests that drive a browser or
# take seconds each (simulations, equilibria, PostgreSQL, server processes, containers:
# marked browser or slow).
set -euo pipefail
cd "$(dirname "$0")/.."
fast=()
if [ "${1:-}" = "--fast" ]; then
  shift
  fast=(-m "not browser and not slow")
fi
bash scripts/setup.sh --dev
echo "== ruff"
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff format --check src tests benchmarks
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest -n 2 "${fast[@]}" "$@"
