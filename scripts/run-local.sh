#!/usr/bin/env bash
# Runs the whole service locally: set-up, then the four apps in the background, each awaited
# until ready. Ctrl-C (or `npm run stop` from another shell) stops them cleanly.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/node-runtime.sh
source scripts/node-runtime.sh
say() { printf '[run] %s\n' "$*" >&2; }

bash scripts/setup.sh

RUN_DIR="$ROOT/.stack/run"
mkdir -p "$RUN_DIR"
bash scripts/stop-local.sh --quiet
# Left by a stop (stop-local.sh) and told apart from an app that died: this run's own stop is to come.
rm -f "$RUN_DIR/stopping"

declare -A PORTS=([ingestion]="${INGESTION_PORT:-3001}" [projector]="${PROJECTOR_PORT:-3002}" [partner-api]="${PARTNER_API_PORT:-3000}" [webhooks]="${WEBHOOKS_PORT:-3003}")
APPS=(ingestion projector partner-api webhooks)
# Local development may point webhook endpoints at http:// and loopback receivers; production may not.
export WEBHOOK_ALLOW_PRIVATE_URLS="${WEBHOOK_ALLOW_PRIVATE_URLS:-true}"

# Stops every app; exits with the code given (0 for Ctrl-C, 1 when an app failed).
stop_all() {
  trap - INT TERM
  say "stopping"
  bash scripts/stop-local.sh
  exit "${1:-0}"
}

# Node's fetch, not curl: Node is here by definition, curl may not be.
answers() {
  node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1"
}
trap stop_all INT TERM

for app in "${APPS[@]}"; do
  log="$RUN_DIR/$app.log"
  node "dist/apps/$app/src/main.js" >"$log" 2>&1 &
  echo $! >"$RUN_DIR/$app.pid"
  say "started $app (pid $!, log $log)"
done

for app in "${APPS[@]}"; do
  url="http://127.0.0.1:${PORTS[$app]}/health/ready"
  for _ in $(seq 1 120); do
    if answers "$url"; then break; fi
    if ! kill -0 "$(cat "$RUN_DIR/$app.pid")" 2>/dev/null; then
      say "$app exited; last lines of its log:"
      tail -n 30 "$RUN_DIR/$app.log" >&2
      stop_all 1
    fi
    sleep 0.5
  done
  answers "$url" || { say "$app did not become ready; see $RUN_DIR/$app.log"; stop_all 1; }
done

cat <<MSG

Pilot Flight Totals is running:
  partner API    http://127.0.0.1:${PORTS[partner-api]}   (docs at /docs)   metrics http://127.0.0.1:9464/metrics
  ingestion      http://127.0.0.1:${PORTS[ingestion]}   (pilot app API under /pilot/v1)   metrics http://127.0.0.1:9465/metrics
  projector      http://127.0.0.1:${PORTS[projector]}   (health only)   metrics http://127.0.0.1:9466/metrics
  webhooks       http://127.0.0.1:${PORTS[webhooks]}   (health only: the webhook dispatcher)   metrics http://127.0.0.1:9467/metrics
  health: /health/live, /health/ready   logs: $RUN_DIR/*.log
Ctrl-C or 'npm run stop' stops the apps; 'npm run stack:down' stops the Kafka broker.

MSG

# Stay in the foreground while the apps run. 'npm run stop' (stop-local.sh, which marks the stop before
# it ends any app and removes each app's pid file) ends this with 0; an app that dies of itself stops
# the others and ends this with 1.
while true; do
  for app in "${APPS[@]}"; do
    pid=$(cat "$RUN_DIR/$app.pid" 2>/dev/null || true)
    if [ -e "$RUN_DIR/stopping" ] || [ -z "$pid" ]; then
      say "stopped with 'npm run stop'"
      stop_all 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      [ -e "$RUN_DIR/stopping" ] && stop_all 0
      say "$app exited (pid $pid); last lines of its log ($RUN_DIR/$app.log):"
      tail -n 30 "$RUN_DIR/$app.log" >&2
      stop_all 1
    fi
  done
  sleep 2 &
  wait $! || true
done
