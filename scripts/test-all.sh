#!/usr/bin/env bash
# Every test: set-up (dependencies, stack, the tests' own build in dist-test/, the test server's
# schema), then lint and type check, unit, integration and end-to-end tests against the real
# Postgres, Redis and Kafka, and the service on a Kafka cluster of its own under faults (about
# 3 minutes). It never touches dist/, the pilot_totals database or the run topics, so it can run
# while `npm start` serves; scripts/test-guard.sh proves on every run that the local
# service kept serving and that the Redis and Kafka found running are the same processes after.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/node-runtime.sh
source scripts/node-runtime.sh
# Every Node.js process the tests start (each app, the CLI, jest's own) keeps V8's compiled code in
# one cache on disk, so that the hundreds of app and CLI starts of a run compile each module once:
# test/cli/pft-json.e2e-spec.ts took 29 s of CPU with it against 37 s without.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$ROOT/.stack/node-compile-cache}"
say() { printf '\n[test] %s\n' "$*" >&2; }
t0=$SECONDS

bash scripts/setup.sh --for-tests

# Whatever happens from here on, what the guard started (a local service, its probe) is stopped.
guard_start=""
trap '[ -z "$guard_start" ] || kill "$guard_start" 2>/dev/null || true; bash scripts/test-guard.sh abort' EXIT
# The local service starts (a build, four apps, most of it waiting on them) while the lint runs; the
# tests wait for it below.
say "checking that the tests leave the local service, Redis and Kafka alone (starting beside the lint)"
bash scripts/test-guard.sh begin &
guard_start=$!

# Each check runs on one thread: ESLint runs beside the rest, which go one after another, so that both
# cores work (the local service's start takes its share too). Each side's output is printed whole once
# it is done, the failing side's last.
say "lint and type check: ESLint beside prettier, tsc, knip, dependency-cruiser and Redocly"
lint_t0=$SECONDS
lint_log="$ROOT/.stack/lint"
mkdir -p "$lint_log"
(
  set -e
  echo "[lint] prettier"
  npx prettier --check . >/dev/null || { npx prettier --check .; exit 1; }
  echo "[lint] type check (tsc)"
  npx tsc -p tsconfig.json --noEmit
  # The pilot web app: browser code, checked with the DOM's types (apps/pilot-web/tsconfig.json).
  npx tsc -p apps/pilot-web/tsconfig.json
  echo "[lint] dependencies: none unused, none undeclared (knip)"
  npm run --silent lint:deps
  echo "[lint] import rules (dependency-cruiser) and docs/architecture.md against the imports"
  npm run --silent lint:imports
  echo "[lint] OpenAPI descriptions (Redocly)"
  npm run --silent lint:openapi
) >"$lint_log/checks.log" 2>&1 &
checks=$!
eslint_status=0
npx eslint . --max-warnings 0 >"$lint_log/eslint.log" 2>&1 || eslint_status=$?
checks_status=0
wait "$checks" || checks_status=$?
if [ "$eslint_status" -eq 0 ]; then cat "$lint_log/eslint.log" "$lint_log/checks.log" >&2
else cat "$lint_log/checks.log" "$lint_log/eslint.log" >&2; fi
[ "$eslint_status" -eq 0 ] || { say "ESLint failed"; exit 1; }
[ "$checks_status" -eq 0 ] || { say "lint failed (above)"; exit 1; }
say "lint and type check took $((SECONDS - lint_t0)) s"

say "waiting for the local service the tests must leave alone"
wait "$guard_start"
guard_start=""

results="$ROOT/.stack/test-results"
rm -rf "$results" && mkdir -p "$results"
status=0
run_suite() {
  local name="$1"
  shift
  say "$name tests"
  local s0=$SECONDS
  npx jest --selectProjects "$name" --json --outputFile="$results/$name.json" "$@" || status=1
  say "$name tests took $((SECONDS - s0)) s"
}
# Unit tests two files at a time: they do no I/O, and jest would use one worker on two cores.
run_suite unit --maxWorkers=2
# Integration and end-to-end files three at a time: each has its own database, topics, Redis prefix and
# free ports, and a file often waits (on a session's end, a restart, a lease) while the others work.
# On one machine (2 cores): integration 94 s against 124 s two at a time (89 s four at a time); in
# clean-clone CI runs end-to-end 567 s against 616 s two at a time.
run_suite integration --maxWorkers=3
run_suite e2e --maxWorkers=3
# The cluster files side by side, each with a three-node cluster and apps of its own: they spend most of
# their time waiting out faults (the machine about a quarter idle with both running). Both files, on one
# machine (2 cores): 174 s against 136 s and 108 s one after the other, the failover figures the same
# (the longest write-to-read 10.7 s against 10.5 s, every takeover under 7 s).
run_suite cluster --maxWorkers=2

say "what the tests did not start"
guard=passed
bash scripts/test-guard.sh end || { guard=FAILED; status=1; }
trap - EXIT

# One closing line for the whole run, summed over the suites.
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, skipped = 0;
  for (const suite of ["unit", "integration", "e2e", "cluster"]) {
    const file = process.argv[1] + "/" + suite + ".json";
    if (!fs.existsSync(file)) { failed += 1; continue; }
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  console.log(`\nservices left alone: ${process.argv[2]}`);
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results" "$guard"
say "all done in $((SECONDS - t0)) s"
exit $status
