#!/bin/sh
# The first start makes the database on the volume (user and database "banluck", the
# password of POSTGRES_PASSWORD; other hosts of the compose network by password only); every
# start then runs PostgreSQL in the foreground.
set -eu
BIN=/usr/lib/postgresql/15/bin
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD (deploy/init.sh writes it to .env)}"
  "$BIN/initdb" -D "$PGDATA" -U postgres -E UTF8 --locale=C.UTF-8 \
    --auth-local=peer --auth-host=scram-sha-256 >/dev/null
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  "$BIN/pg_ctl" -D "$PGDATA" -w -o "-c listen_addresses=''" start >/dev/null
  printf '%s\n' "CREATE ROLE banluck LOGIN PASSWORD :'pw';" "CREATE DATABASE banluck OWNER banluck;" \
    | psql -q -v ON_ERROR_STOP=1 -v pw="$POSTGRES_PASSWORD" -U postgres -d postgres
  "$BIN/pg_ctl" -D "$PGDATA" -w stop >/dev/null
fi
exec "$BIN/postgres" -D "$PGDATA"
