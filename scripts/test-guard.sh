#!/usr/bin/env bash
# Proves, on every run, that `npm test` leaves alone what it did not start.
#
#   test-guard.sh begin   records which processes listen on Redis's and Kafka's ports; makes
#                         sure a local service (`npm start`) is serving, starting one the way
#                         `npm start` does when none is (CI); starts scripts/service-probe.js,
#                         which asks it every second for each app's /health/ready and a partner
#                         read
#   test-guard.sh end     stops the probe, judges: the same processes still listen on both
#                         ports, and every probe was answered 200; stops what `begin` started;
#                         exits 1 when either check failed
#   test-guard.sh abort   stops what `begin` started, judging nothing (a run cut short)
#
# Env: REDIS_PORT (6379), KAFKA_PORT (9092), PARTNER_API_PORT (3000), INGESTION_PORT (3001),
#      PROJECTOR_PORT (3002), WEBHOOKS_PORT (3003), SERVICE_START_TIMEOUT (600 s, for a service it
#      starts itself: that includes `npm start`'s set-up and build).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
say() { printf '[test] %s\n' "$*" >&2; }

STATE="$ROOT/.stack/test-guard"
KEY_FILE="$ROOT/.stack/run/probe-key"
REDIS_PORT="${REDIS_PORT:-6379}"
KAFKA_PORT="${KAFKA_PORT:-9092}"
# Every app `npm start` runs, the webhook dispatcher too: the probe asks each one's readiness, so each
# must be ready before it starts.
PORTS=("${PARTNER_API_PORT:-3000}" "${INGESTION_PORT:-3001}" "${PROJECTOR_PORT:-3002}" "${WEBHOOKS_PORT:-3003}")
SERVICE_START_TIMEOUT="${SERVICE_START_TIMEOUT:-600}"

# Pids of the processes listening on a TCP port, space-separated ("" when none or not visible).
listener_pids() {
  if command -v ss >/dev/null; then
    ss -Hltnp "sport = :$1" 2>/dev/null | grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -un | xargs
  elif command -v lsof >/dev/null; then
    lsof -t -nP -iTCP:"$1" -sTCP:LISTEN 2>/dev/null | sort -un | xargs
  else
    say "neither ss nor lsof is installed: cannot tell which process listens on $1"
    return 1
  fi
}

listeners() {
  printf 'Redis on %s: pid %s\nKafka on %s: pid %s\n' \
    "$REDIS_PORT" "$(listener_pids "$REDIS_PORT")" "$KAFKA_PORT" "$(listener_pids "$KAFKA_PORT")"
}

# Node's fetch, as run-local.sh does: Node is here by definition, curl may not be.
http_status() {
  node -e '
    const [url, key] = process.argv.slice(1);
    fetch(url, { headers: key ? { authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(10000) })
      .then((r) => console.log(r.status), () => console.log(0));' "$@"
}
port_open() { timeout 2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$0"' "$1" 2>/dev/null; }
all_ready() {
  local port
  for port in "${PORTS[@]}"; do [ "$(http_status "http://127.0.0.1:$port/health/ready")" = 200 ] || return 1; done
}

# Ends a process this script started, by its pid file: SIGTERM, SIGKILL after $2 seconds.
end_pid() {
  local file="$1" grace="$2" pid
  [ -s "$file" ] || return 0
  pid="$(cat "$file")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 $((grace * 2))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  fi
  rm -f "$file"
}

ensure_service() {
  local port open=0
  for port in "${PORTS[@]}"; do port_open "$port" && open=$((open + 1)); done
  if [ "$open" -eq 0 ]; then
    say "no local service is running: starting one as \`npm start\` does (log: $STATE/service.log)"
    nohup bash scripts/run-local.sh >"$STATE/service.log" 2>&1 </dev/null &
    echo $! >"$STATE/service.pid"
    local deadline=$((SECONDS + SERVICE_START_TIMEOUT))
    until all_ready; do
      if ! kill -0 "$(cat "$STATE/service.pid")" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
        tail -n 40 "$STATE/service.log" >&2
        say "the local service did not become ready"
        return 1
      fi
      sleep 1
    done
  else
    # A service of someone's: only ever asked, never started or stopped here.
    local deadline=$((SECONDS + 60))
    until all_ready; do
      if [ "$SECONDS" -ge "$deadline" ]; then
        say "something listens on ports ${PORTS[*]} but does not answer /health/ready 200 on all of them: cannot check it"
        return 1
      fi
      sleep 1
    done
    say "a running local service answers on ports ${PORTS[*]}: checking that the tests leave it serving"
  fi
}

# A partner key of the local service's for the probe's read; made once (a partner "npm test probe"
# with only the rating-dictionary scope) and kept in .stack/run/probe-key.
probe_key() {
  local url="http://127.0.0.1:${PORTS[0]}/v1/rating-dictionary" key partner
  if [ -s "$KEY_FILE" ] && [ "$(http_status "$url" "$(cat "$KEY_FILE")")" = 200 ]; then
    cat "$KEY_FILE"
    return 0
  fi
  pft() { node dist-test/apps/cli/src/main.js "$@"; }
  partner="$(pft partners create 'npm test probe' --json | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).partner_id')"
  key="$(pft keys create --partner "$partner" --scopes rating-dictionary --rate-limit 600 2>/dev/null)"
  mkdir -p "$(dirname "$KEY_FILE")"
  (umask 077 && printf '%s\n' "$key" >"$KEY_FILE")
  for _ in $(seq 1 30); do
    [ "$(http_status "$url" "$key")" = 200 ] && { printf '%s\n' "$key"; return 0; }
    sleep 1
  done
  say "the partner API does not accept the probe's new key"
  return 1
}

begin() {
  rm -rf "$STATE"
  mkdir -p "$STATE"
  ensure_service
  local key
  key="$(probe_key)"
  listeners >"$STATE/listeners.before"
  PROBE_KEY="$key" nohup node scripts/service-probe.js "$STATE/probe.json" >"$STATE/probe.log" 2>&1 </dev/null &
  echo $! >"$STATE/probe.pid"
  say "watching the local service (readiness of each app and a partner read, every second) and the processes on ports $REDIS_PORT and $KAFKA_PORT"
}

stop_started() {
  end_pid "$STATE/probe.pid" 60
  if [ -s "$STATE/service.pid" ]; then
    say "stopping the local service this run started"
    end_pid "$STATE/service.pid" 60
  fi
}

end() {
  local failed=0
  if [ ! -s "$STATE/probe.pid" ]; then
    say "FAILED: nothing was watched (test-guard.sh begin did not finish)"
    stop_started
    return 1
  fi
  end_pid "$STATE/probe.pid" 60
  listeners >"$STATE/listeners.after"
  if cmp -s "$STATE/listeners.before" "$STATE/listeners.after"; then
    say "unchanged: $(paste -sd ';' "$STATE/listeners.after" | sed 's/;/; /')"
  else
    say "FAILED: the processes on Redis's or Kafka's port changed during the tests"
    say "before: $(paste -sd ';' "$STATE/listeners.before" | sed 's/;/; /')"
    say "after:  $(paste -sd ';' "$STATE/listeners.after" | sed 's/;/; /')"
    failed=1
  fi
  if [ ! -s "$STATE/probe.json" ]; then
    say "FAILED: the probe of the local service wrote no summary (log: $STATE/probe.log)"
    failed=1
  else
    node -e '
      const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const what = `${s.probes - s.failed} of ${s.probes} probes of the local service answered 200 (${s.rounds} rounds over ${s.seconds} s)`;
      if (s.failed === 0 && s.probes > 0) { console.error(`[test] ${what}`); process.exit(0); }
      console.error(`[test] FAILED: ${what}; the first failures:`);
      for (const f of s.failures.slice(0, 10)) console.error(`[test]   ${f.at} ${f.target}: ${f.status ?? f.error} ${f.body ?? ""}`);
      process.exit(1);
    ' "$STATE/probe.json" || failed=1
  fi
  stop_started
  [ "$failed" -eq 0 ] && say "npm test left the local service, Redis and Kafka as it found them"
  return "$failed"
}

case "${1:-}" in
  begin) begin ;;
  end) end ;;
  abort) if [ -d "$STATE" ]; then stop_started; fi ;;
  *) echo "usage: $0 begin|end|abort" >&2; exit 2 ;;
esac
