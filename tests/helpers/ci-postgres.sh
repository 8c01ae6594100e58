#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the API test suite and prints its URL.
#
#   bash tests/helpers/ci-postgres.sh          start (or reuse) the cluster; stdout: TEST_DATABASE_URL=postgres://...
#   bash tests/helpers/ci-postgres.sh --stop   stop it and delete its folder
#
# The cluster lives in ${TMPDIR:-/tmp}/edgecraft-ci-postgres-$PG_PORT, listens on 127.0.0.1 only
# (port PG_PORT, default 54329), runs as a non-root user (postgres when started as root), uses
# a random password (scram-sha-256) and fsync=off (throwaway data; the crash test kills the API,
# never PostgreSQL). Exit status 1 with a message on stderr when PostgreSQL cannot be started.
# Only the TEST_DATABASE_URL line goes to stdout; progress goes to stderr.
set -euo pipefail

PORT="${PG_PORT:-54329}"
BASE="${TMPDIR:-/tmp}/edgecraft-ci-postgres-${PORT}"
DB_NAME="edgecraft_test"

log() { echo "ci-postgres: $*" >&2; }
fail() { log "$*"; exit 1; }

PG_BIN="${PG_BIN:-}"
if [ -z "$PG_BIN" ]; then
  if command -v pg_ctl >/dev/null 2>&1; then
    PG_BIN="$(dirname "$(readlink -f "$(command -v pg_ctl)")")"
  else
    PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  fi
fi
[ -n "$PG_BIN" ] && [ -x "$PG_BIN/pg_ctl" ] && [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/createdb" ] \
  || fail "pg_ctl/initdb/createdb not found (install Debian's postgresql, or set PG_BIN)"

# PostgreSQL refuses to run as root: use the postgres user (or nobody) then.
if [ "$(id -u)" = "0" ]; then
  if id postgres >/dev/null 2>&1; then RUN_USER=postgres; else RUN_USER=nobody; fi
  as_user() { runuser -u "$RUN_USER" -- "$@"; }
else
  RUN_USER="$(id -un)"
  as_user() { "$@"; }
fi

pg_running() { as_user "$PG_BIN/pg_ctl" -D "$BASE/data" status >/dev/null 2>&1; }

if [ "${1:-}" = "--stop" ]; then
  if [ -d "$BASE/data" ] && pg_running; then as_user "$PG_BIN/pg_ctl" -D "$BASE/data" -m immediate stop >&2 || true; fi
  rm -rf "$BASE"
  log "stopped and removed $BASE"
  exit 0
fi

# Reuse a cluster this script started earlier (same port) if it is still up.
if [ -f "$BASE/url" ] && [ -d "$BASE/data" ] && pg_running; then
  log "reusing the running cluster in $BASE"
  echo "TEST_DATABASE_URL=$(cat "$BASE/url")"
  exit 0
fi

if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" 2>/dev/null; then
  fail "port $PORT is taken by another PostgreSQL; set PG_PORT to a free port"
fi

rm -rf "$BASE"
mkdir -p "$BASE"
PASSWORD="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
printf '%s\n' "$PASSWORD" > "$BASE/pwfile"
chmod 700 "$BASE"
chmod 600 "$BASE/pwfile"
[ "$(id -u)" = "0" ] && chown -R "$RUN_USER" "$BASE"

log "initdb in $BASE/data as $RUN_USER"
as_user "$PG_BIN/initdb" -D "$BASE/data" -U postgres --auth=scram-sha-256 --pwfile="$BASE/pwfile" \
  --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$BASE/initdb.log" 2>&1 \
  || { cat "$BASE/initdb.log" >&2; fail "initdb failed"; }
rm -f "$BASE/pwfile"

log "starting on 127.0.0.1:$PORT"
as_user "$PG_BIN/pg_ctl" -D "$BASE/data" -l "$BASE/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $BASE -c fsync=off -c max_connections=200" start >&2 \
  || { cat "$BASE/server.log" >&2 || true; fail "pg_ctl start failed"; }

export PGPASSWORD="$PASSWORD"
"$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB_NAME" \
  || fail "createdb failed"

URL="postgres://postgres:${PASSWORD}@127.0.0.1:${PORT}/${DB_NAME}"
printf '%s' "$URL" > "$BASE/url"
chmod 600 "$BASE/url"
log "ready: database $DB_NAME"
echo "TEST_DATABASE_URL=$URL"
