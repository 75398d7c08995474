#!/usr/bin/env bash
# PostgreSQL for local development and CI.
#
#   postgres.sh ensure   reuse a server on 127.0.0.1:$PGPORT, or install/start the Debian
#                        cluster; then create the app and test databases if missing
#   postgres.sh stop     stop the cluster only if these scripts started it (down.sh --all)
#
# Env: PGPORT (5432), PGDATABASE_APP (pilot_totals), PGDATABASE_TEST (pilot_totals_test),
#      PG_CLUSTER (main; the Debian cluster to start or create), PG_START_TIMEOUT (60 s),
#      STACK_DIR (<repo>/.stack).
set -euo pipefail

STACK_NAME=postgres
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PG_HOST=127.0.0.1
PGPORT="${PGPORT:-5432}"
PG_SUPERUSER=postgres
PGDATABASE_APP="${PGDATABASE_APP:-pilot_totals}"
PGDATABASE_TEST="${PGDATABASE_TEST:-pilot_totals_test}"
PG_START_TIMEOUT="${PG_START_TIMEOUT:-60}"
PG_CLUSTER="${PG_CLUSTER:-main}"
MARKER="$STACK_DIR/postgres.started-by-stack"

pg_ready() {
  if command -v pg_isready >/dev/null; then
    pg_isready -q -h "$PG_HOST" -p "$PGPORT"
  else
    port_open "$PG_HOST" "$PGPORT"
  fi
}

# Newest installed server version (e.g. 15), empty when no server is installed.
server_version() {
  local bin
  for bin in /usr/lib/postgresql/*/bin/postgres; do
    [ -x "$bin" ] && basename "$(dirname "$(dirname "$bin")")"
  done | sort -V | tail -n 1
}

# Status column of pg_lsclusters for $1/main (online, down, ...); empty if no such cluster.
cluster_status() {
  pg_lsclusters -h 2>/dev/null | awk -v v="$1" -v c="$PG_CLUSTER" '$1==v && $2==c {print $4}'
}

# Trust on local sockets and loopback only: a throwaway development/CI cluster.
write_trust_hba() {
  local hba="/etc/postgresql/$1/$PG_CLUSTER/pg_hba.conf"
  [ -f "$hba.orig" ] || cp -p "$hba" "$hba.orig"
  log "writing trust authentication for local/loopback connections to $hba (original in $hba.orig)"
  cat >"$hba" <<'HBA'
# Written by scripts/stack/postgres.sh: local development/CI cluster, trust on loopback only.
local   all             all                                     trust
host    all             all             127.0.0.1/32            trust
host    all             all             ::1/128                 trust
local   replication     all                                     trust
host    replication     all             127.0.0.1/32            trust
host    replication     all             ::1/128                 trust
HBA
}

# Port and listen address so that a cluster of ours answers on 127.0.0.1:$PGPORT.
configure_listen() {
  local ver="$1" port listen
  port="$(pg_conftool -s "$ver" "$PG_CLUSTER" show port 2>/dev/null || echo 5432)"
  if [ "$port" != "$PGPORT" ]; then
    log "setting port $PGPORT (was $port) for cluster $ver/$PG_CLUSTER"
    pg_conftool "$ver" "$PG_CLUSTER" set port "$PGPORT"
  fi
  listen="$(pg_conftool -s "$ver" "$PG_CLUSTER" show listen_addresses 2>/dev/null || echo localhost)"
  case ",${listen// /}," in
    *,localhost,* | *,127.0.0.1,* | *,\*,* | *,0.0.0.0,*) ;;
    *)
      log "setting listen_addresses '127.0.0.1' (was '$listen') for cluster $ver/$PG_CLUSTER"
      pg_conftool "$ver" "$PG_CLUSTER" set listen_addresses 127.0.0.1
      ;;
  esac
}

start_server() {
  local ver fresh=0 status port
  need_root "install or start PostgreSQL"
  ver="$(server_version)"
  if [ -z "$ver" ]; then
    apt_install postgresql
    fresh=1
    ver="$(server_version)"
    [ -n "$ver" ] || die "postgresql installed but no server binary found under /usr/lib/postgresql"
  fi
  if [ -z "$(cluster_status "$ver")" ]; then
    log "creating cluster $ver/$PG_CLUSTER on port $PGPORT"
    pg_createcluster -p "$PGPORT" "$ver" "$PG_CLUSTER" >/dev/null
    fresh=1
  fi

  status="$(cluster_status "$ver")"
  if [ "$fresh" -eq 1 ]; then
    # Ours from scratch: trust on loopback, our port. The package may have started it already.
    write_trust_hba "$ver"
    configure_listen "$ver"
  else
    # Someone else's cluster: start it as it is, never reconfigure it.
    port="$(pg_conftool -s "$ver" "$PG_CLUSTER" show port 2>/dev/null || echo 5432)"
    [ "$port" = "$PGPORT" ] ||
      die "cluster $ver/$PG_CLUSTER uses port $port, not $PGPORT; set PGPORT=$port or change the cluster"
    [ "$status" != online ] ||
      die "cluster $ver/$PG_CLUSTER is running but does not answer on $PG_HOST:$PGPORT; check its listen_addresses"
  fi

  if [ "$status" = online ]; then
    log "restarting cluster $ver/$PG_CLUSTER to apply its new settings"
    pg_ctlcluster --skip-systemctl-redirect "$ver" "$PG_CLUSTER" restart
  else
    log "starting cluster $ver/$PG_CLUSTER"
    pg_ctlcluster --skip-systemctl-redirect "$ver" "$PG_CLUSTER" start
  fi
  mkdir -p "$STACK_DIR"
  printf '%s %s\n' "$ver" "$PG_CLUSTER" >"$MARKER"

  local deadline=$((SECONDS + PG_START_TIMEOUT))
  until pg_ready; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      show_tail "/var/log/postgresql/postgresql-$ver-$PG_CLUSTER.log" 40
      die "PostgreSQL not ready on $PG_HOST:$PGPORT after ${PG_START_TIMEOUT} s"
    fi
    sleep 0.5
  done
  log "ready on $PG_HOST:$PGPORT"
}

psql_admin() {
  psql -h "$PG_HOST" -p "$PGPORT" -U "$PG_SUPERUSER" -d postgres -v ON_ERROR_STOP=1 -qtAX -c "$1"
}

db_exists() {
  [ "$(psql_admin "select 1 from pg_database where datname = '$1'")" = 1 ]
}

ensure_database() {
  local name="$1"
  [[ "$name" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "unsupported database name '$name' (letters, digits, _)"
  if db_exists "$name"; then
    log "database $name exists"
    return 0
  fi
  # A concurrent run may create it between the check and here; that is fine.
  if psql_admin "create database \"$name\"" 2>/dev/null || db_exists "$name"; then
    log "created database $name"
  else
    die "could not create database $name"
  fi
}

ensure() {
  if pg_ready; then
    log "reusing the server on $PG_HOST:$PGPORT"
  else
    start_server
  fi
  command -v psql >/dev/null || apt_install postgresql-client
  ensure_database "$PGDATABASE_APP"
  ensure_database "$PGDATABASE_TEST"
}

stop() {
  if [ ! -f "$MARKER" ]; then
    log "not started by these scripts; leaving it running"
    return 0
  fi
  local ver cluster
  read -r ver cluster <"$MARKER"
  need_root "stop PostgreSQL"
  log "stopping cluster $ver/$cluster"
  pg_ctlcluster --skip-systemctl-redirect "$ver" "$cluster" stop || true
  rm -f "$MARKER"
}

case "${1:-}" in
  ensure) ensure ;;
  stop) stop ;;
  *) echo "usage: $0 ensure|stop" >&2; exit 2 ;;
esac
