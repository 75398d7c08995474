#!/usr/bin/env bash
# Every test: set-up (dependencies, stack, build, schema, topics), then lint and type check,
# unit, integration and end-to-end tests against the real Postgres, Redis and Kafka.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
say() { printf '\n[test] %s\n' "$*" >&2; }
t0=$SECONDS

bash scripts/setup.sh

say "lint (eslint, prettier) and type check"
npx eslint . --max-warnings 0
npx prettier --check . >/dev/null || { npx prettier --check .; exit 1; }
npx tsc -p tsconfig.json --noEmit
npm run --silent lint:openapi

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
run_suite unit
run_suite integration --runInBand
run_suite e2e --runInBand

# One closing line for the whole run, summed over the suites.
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, skipped = 0;
  for (const suite of ["unit", "integration", "e2e"]) {
    const file = process.argv[1] + "/" + suite + ".json";
    if (!fs.existsSync(file)) { failed += 1; continue; }
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  console.log(`\n${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results"
say "all done in $((SECONDS - t0)) s"
exit $status
