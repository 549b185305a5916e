#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and starts the web table: open http://127.0.0.1:8000
# (banluck serve; extra options pass through, e.g. --port 8080 or --db PATH).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/banluck serve "$@"
