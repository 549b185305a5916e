#!/usr/bin/env bash
# Sets up (scripts/setup.sh --dev) and runs every test: lint, types, unit, property,
# shared replay cases and browser tests. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --dev
echo "== ruff"
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff format --check src tests benchmarks
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest -n 2 "$@"
