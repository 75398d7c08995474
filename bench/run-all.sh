#!/usr/bin/env bash
# Runs every benchmark, one after another, then writes bench/results/report.md (bench/README.md).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/node-runtime.sh
source scripts/node-runtime.sh
bash scripts/setup.sh --for-tests
for bench in ingestion partner-api freshness webhooks projector memory; do
  printf '\n[bench] %s\n' "$bench" >&2
  npx jest "bench/$bench/" --selectProjects bench --runInBand --testTimeout 3600000 || printf '[bench] %s failed\n' "$bench" >&2
done
printf '\n[bench] report\n' >&2
npx jest bench/report/ --selectProjects bench --silent=false
