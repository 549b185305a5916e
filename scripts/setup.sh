#!/usr/bin/env bash
# Sets up the project on a fresh machine (Debian, Python 3.11+): a virtual environment in
# .venv with the pinned dependencies. With --dev, also the test tools, Debian's Chromium
# for the browser tests, PostgreSQL, nginx and Caddy for the front-door tests, and podman
# with debootstrap for the container tests. Safe to run again: it only installs what is
# missing. Then it compiles the fast kernels once (banluck warm; with --dev, the
# simulators' too).
set -euo pipefail
cd "$(dirname "$0")/.."
dev=0
[ "${1:-}" = "--dev" ] && dev=1

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
stamp=.venv/.installed
want=$(sha256sum pyproject.toml | cut -c1-16)-$dev
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  if [ "$dev" = 1 ]; then
    .venv/bin/python -m pip install --quiet -e ".[dev]"
  else
    .venv/bin/python -m pip install --quiet -e .
  fi
  echo "$want" > "$stamp"
fi

if [ "$dev" = 1 ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium for the browser tests" >&2
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q chromium
fi

if [ "$dev" = 1 ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "setup: installing Debian's postgresql for the rooms' tests (scripts/pg.sh)" >&2
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q postgresql
fi

if [ "$dev" = 1 ] && { [ ! -x /usr/sbin/nginx ] || [ ! -x /usr/bin/caddy ]; }; then
  echo "setup: installing Debian's nginx and caddy for the front-door tests" >&2
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q nginx-light caddy
fi

if [ "$dev" = 1 ] && ! command -v podman-compose >/dev/null 2>&1; then
  echo "setup: installing Debian's podman, runc, podman-compose and debootstrap for the container tests" >&2
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q podman runc podman-compose debootstrap
fi

if ! command -v cc >/dev/null 2>&1; then
  echo "setup: installing Debian's gcc to build the blackjack solver's kernels (banluck warm)" >&2
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q gcc
fi

# The Numba kernels keep their machine code next to the sources; compile them now rather
# than at a player's first kampung hand or Hint (banluck warm, which also builds the exact
# solvers' kernels and the kampung table's ahead of time into extension modules beside them,
# with the C compiler). Numba's cache is keyed on
# each source file's time and size; the stamp below is the same, so a second run skips it.
# Numba does not see a change in another module that a kernel calls (numba#1833: the
# kampung kernel kept an old settlement after sim/hand.py changed), so when any kernel
# source changed every cached kernel of the project is thrown away and compiled again.
warm_stamp=.venv/.warmed
warm_want=$(grep -rl --include='*.py' -e 'from numba' -e 'AheadOfTime(' src | sort | xargs stat -c '%n %Y %s' \
  | cat - <(.venv/bin/python -c 'import numba; print(numba.__version__)') <(echo "$dev") \
  | sha256sum | cut -c1-16)
if [ "$(cat "$warm_stamp" 2>/dev/null)" != "$warm_want" ]; then
  find src -path '*/__pycache__/*' \( -name '*.nbi' -o -name '*.nbc' \) -delete
  if [ "$dev" = 1 ]; then
    .venv/bin/banluck warm --quiet --simulate
  else
    .venv/bin/banluck warm --quiet
  fi
  echo "$warm_want" > "$warm_stamp"
fi
