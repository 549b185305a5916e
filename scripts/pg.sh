#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests, CI and the rooms benchmark (issue 11), from Debian's
# own binaries (package postgresql; scripts/setup.sh --dev installs it):
#
#   scripts/pg.sh start DIR PORT   a new cluster in DIR (initdb when empty), listening on
#                                  127.0.0.1:PORT and a unix socket in DIR/socket; prints
#                                  its URL, postgresql://postgres@127.0.0.1:PORT/postgres
#   scripts/pg.sh stop DIR         stops it (fast shutdown); DIR is left for the caller
#
# Run as root, the server runs as the `postgres` user (runuser; PostgreSQL refuses root);
# otherwise as the current user. Trust authentication: for tests on this machine only.
set -euo pipefail

bin=""
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then bin=$d; break; fi
done
if [ -z "$bin" ]; then
  echo "pg.sh: no PostgreSQL in /usr/lib/postgresql/*/bin: install Debian's postgresql" \
    "(scripts/setup.sh --dev)" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  echo "usage: scripts/pg.sh start DIR PORT | stop DIR" >&2
  exit 2
fi
dir=$(realpath -m "$dir")
data=$dir/data
sock=$dir/socket

case "$cmd" in
  start)
    port=${3:?usage: scripts/pg.sh start DIR PORT}
    mkdir -p "$dir" "$sock"
    if [ "$(id -u)" = 0 ]; then
      chown postgres "$dir" "$sock"
      chmod 755 "$dir"
    fi
    if [ ! -s "$data/PG_VERSION" ]; then
      as_owner "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
        --no-sync >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
      }
    fi
    opts="-c listen_addresses=127.0.0.1 -p $port -k $sock -c fsync=off"
    opts="$opts -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    as_owner "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -o "$opts" -w -t 60 start \
      >/dev/null || {
      cat "$dir/server.log" >&2 || true
      exit 1
    }
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -s "$data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" -D "$data" -m fast -w -t 60 stop >/dev/null
    fi
    ;;
  *)
    echo "usage: scripts/pg.sh start DIR PORT | stop DIR" >&2
    exit 2
    ;;
esac
