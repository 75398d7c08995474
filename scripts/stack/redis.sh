#!/usr/bin/env bash
# Redis for local development and CI.
#
#   redis.sh ensure   reuse a server answering PING on 127.0.0.1:$REDIS_PORT, else start one
#   redis.sh start    same as ensure
#   redis.sh stop     SHUTDOWN NOSAVE whatever answers on 127.0.0.1:$REDIS_PORT
#
# Env: REDIS_PORT (6379), REDIS_START_TIMEOUT (30 s), STACK_DIR (<repo>/.stack).
set -euo pipefail

STACK_NAME=redis
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REDIS_HOST=127.0.0.1
REDIS_PORT="${REDIS_PORT:-6379}"
REDIS_START_TIMEOUT="${REDIS_START_TIMEOUT:-30}"
REDIS_DIR=/var/lib/redis
REDIS_LOG=/var/log/redis/ci.log
MARKER="$STACK_DIR/redis.started-by-stack"

# Sends one inline command and prints the first reply line (redis-cli when present).
redis_cmd() {
  if command -v redis-cli >/dev/null; then
    timeout 5 redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" "$@" 2>/dev/null
  else
    # shellcheck disable=SC2016 # expanded by the inner bash
    timeout 5 bash -c '
      exec 3<>"/dev/tcp/$0/$1" || exit 1
      shift
      printf "%s\r\n" "$*" >&3
      IFS= read -r line <&3 || exit 0
      printf "%s\n" "${line#+}" | tr -d "\r"' "$REDIS_HOST" "$REDIS_PORT" "$@" 2>/dev/null
  fi
}

redis_ready() {
  [ "$(redis_cmd PING || true)" = PONG ]
}

start() {
  if redis_ready; then
    log "reusing the server on $REDIS_HOST:$REDIS_PORT"
    return 0
  fi
  if ! command -v redis-server >/dev/null; then
    apt_install redis-server
    # The package's own service may have come up on the default port.
    if redis_ready; then
      log "the installed service answers on $REDIS_HOST:$REDIS_PORT; reusing it"
      return 0
    fi
  fi
  need_root "start redis-server with its files under /var"
  mkdir -p "$REDIS_DIR" "$(dirname "$REDIS_LOG")" "$STACK_DIR"
  log "starting redis-server on $REDIS_HOST:$REDIS_PORT (no persistence)"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" \
    --save "" --appendonly no --dir "$REDIS_DIR" --logfile "$REDIS_LOG" >/dev/null
  : >"$MARKER"

  local deadline=$((SECONDS + REDIS_START_TIMEOUT))
  until redis_ready; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      show_tail "$REDIS_LOG" 40
      die "Redis not answering PONG on $REDIS_HOST:$REDIS_PORT after ${REDIS_START_TIMEOUT} s"
    fi
    sleep 0.2
  done
  log "ready on $REDIS_HOST:$REDIS_PORT"
}

stop() {
  if ! redis_ready; then
    rm -f "$MARKER"
    log "not running"
    return 0
  fi
  log "shutting down the server on $REDIS_HOST:$REDIS_PORT (nosave)"
  redis_cmd SHUTDOWN NOSAVE >/dev/null || true
  local deadline=$((SECONDS + 10))
  while port_open "$REDIS_HOST" "$REDIS_PORT"; do
    [ "$SECONDS" -lt "$deadline" ] || die "Redis still accepts connections on $REDIS_HOST:$REDIS_PORT after SHUTDOWN"
    sleep 0.2
  done
  rm -f "$MARKER"
  log "stopped"
}

case "${1:-}" in
  ensure | start) start ;;
  stop) stop ;;
  *) echo "usage: $0 ensure|start|stop" >&2; exit 2 ;;
esac
