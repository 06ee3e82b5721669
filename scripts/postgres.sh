#!/usr/bin/env bash
# Starts (or reuses) a throwaway PostgreSQL cluster on 127.0.0.1 for gift-genius tests
# and prints its URL on stdout — the only thing printed on stdout.
#
#   export GIFTGEN_TEST_DATABASE_URL="$(bash scripts/postgres.sh)"
#   bash scripts/postgres.sh stop     # stops the cluster (data dir is kept for reuse)
#   bash scripts/postgres.sh clean    # stops it and removes the data dir
#
# No systemd: initdb + pg_ctl as the `postgres` user (CI runs as root). Idempotent: a
# cluster that is already running is reused; a stopped one is started again.
# Installs PostgreSQL from Debian's packages only when initdb/pg_ctl are missing.
#
# Settings (env):
#   GIFTGEN_PG_PORT  port to listen on (default 54329)
#   GIFTGEN_PG_DIR   cluster data directory (default /tmp/giftgen-pg)
#   GIFTGEN_PG_DB    database to create (default giftgen)
set -euo pipefail

PORT="${GIFTGEN_PG_PORT:-54329}"
DIR="${GIFTGEN_PG_DIR:-/tmp/giftgen-pg}"
DB="${GIFTGEN_PG_DB:-giftgen}"
PGUSER_OS=postgres
LOG="$DIR.log"

log() { echo "postgres.sh: $*" >&2; }

find_bin() {
  local name=$1 candidate
  for candidate in "$(command -v "$name" 2>/dev/null || true)" /usr/lib/postgresql/*/bin/"$name"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

ensure_installed() {
  if find_bin initdb >/dev/null && find_bin pg_ctl >/dev/null; then return 0; fi
  log "PostgreSQL not found; installing from Debian packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  apt-get install -y --no-install-recommends postgresql >&2
  find_bin initdb >/dev/null || { log "initdb still missing after install"; exit 1; }
}

# Runs a command as the postgres OS user when we are root; as ourselves otherwise.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null; then runuser -u "$PGUSER_OS" -- "$@"; else su "$PGUSER_OS" -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

db_user() { if [ "$(id -u)" = 0 ]; then echo "$PGUSER_OS"; else id -un; fi; }

url() { echo "postgres://$(db_user)@127.0.0.1:$PORT/$DB"; }

cmd="${1:-start}"
case "$cmd" in
  start) ;;
  stop|clean)
    if PG_CTL=$(find_bin pg_ctl) && [ -f "$DIR/PG_VERSION" ]; then as_pg "$PG_CTL" -D "$DIR" -m fast stop >&2 || true; fi
    [ "$cmd" = clean ] && rm -rf "$DIR" "$LOG"
    exit 0 ;;
  url) url; exit 0 ;;
  *) log "usage: $0 [start|stop|clean|url]"; exit 2 ;;
esac

ensure_installed
INITDB=$(find_bin initdb)
PG_CTL=$(find_bin pg_ctl)
PSQL=$(find_bin psql)

if [ "$(id -u)" = 0 ] && ! id "$PGUSER_OS" >/dev/null 2>&1; then
  useradd --system --home-dir /var/lib/postgresql --shell /bin/bash "$PGUSER_OS"
fi

if [ ! -f "$DIR/PG_VERSION" ]; then
  log "creating cluster in $DIR"
  rm -rf "$DIR"
  mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown "$PGUSER_OS" "$DIR"
  chmod 700 "$DIR"
  # trust on loopback only: a throwaway test cluster, never exposed beyond 127.0.0.1.
  as_pg "$INITDB" -D "$DIR" -U "$(db_user)" --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >&2 \
    || as_pg "$INITDB" -D "$DIR" -U "$(db_user)" --auth=trust --encoding=UTF8 --locale=C --no-sync >&2
  cat >>"$DIR/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
fi

# "running" per the pid file is not enough: after a killed session the pid may belong to
# another process now. Only a server that answers on our port counts as running.
answers() { as_pg "$PSQL" -h 127.0.0.1 -p "$PORT" -U "$(db_user)" -d postgres -tAc 'SELECT 1' >/dev/null 2>&1; }
if as_pg "$PG_CTL" -D "$DIR" status >/dev/null 2>&1 && ! answers; then
  for _ in 1 2 3 4 5 6 7 8 9 10; do answers && break; sleep 0.3; done
fi
if ! answers; then
  touch "$LOG"
  [ "$(id -u)" = 0 ] && chown "$PGUSER_OS" "$LOG"
  rm -f "$DIR/postmaster.pid" # a stale pid file from a killed run would block the start
  as_pg "$PG_CTL" -D "$DIR" -l "$LOG" -w -t 30 start >&2 || { log "start failed; log:"; tail -n 30 "$LOG" >&2; exit 1; }
fi

if ! as_pg "$PSQL" -h 127.0.0.1 -p "$PORT" -U "$(db_user)" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
  as_pg "$PSQL" -h 127.0.0.1 -p "$PORT" -U "$(db_user)" -d postgres -qc "CREATE DATABASE \"$DB\"" >&2
fi

url
