#!/usr/bin/env bash
# Runs every benchmark, one after another, against the real stack, then writes
# bench/results/report.md with each figure beside its goal. Takes a while (the projector's
# 1,000,000 events alone take minutes); run it on a quiet machine: other work skews every figure.
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
