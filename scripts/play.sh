#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and starts the game.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/banluck replay examples/hand.json "$@"
