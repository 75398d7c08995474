#!/usr/bin/env bash
# Stops the apps that run-local.sh started: SIGTERM, then SIGKILL after 15 s.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUN_DIR="$ROOT/.stack/run"
quiet=${1:-}
# Marks the stop before any app ends, so run-local.sh takes the apps' ends for it, not for a failure.
mkdir -p "$RUN_DIR"
touch "$RUN_DIR/stopping"
for pidfile in "$RUN_DIR"/*.pid; do
  [ -e "$pidfile" ] || continue
  app=$(basename "$pidfile" .pid)
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    [ "$quiet" = --quiet ] || printf '[run] stopped %s\n' "$app" >&2
  fi
  rm -f "$pidfile"
done
