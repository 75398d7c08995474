#!/usr/bin/env bash
# The soak under faults (test/soak/): the faults workload for SOAK_MINUTES (5 by default), every
# partner read judged against the oracle; the report goes to bench/results/soak.json and soak.md.
# Its broker, Redis and database are its own; like `npm test`, it never touches dist/, the run
# database or the local stack's broker and Redis. Apart from `npm test`: it runs for as long as it is set to.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/node-runtime.sh
source scripts/node-runtime.sh
bash scripts/setup.sh --for-tests
printf '\n[soak] %s minutes under faults\n' "${SOAK_MINUTES:-5}" >&2
npx jest --selectProjects soak --runInBand --forceExit "$@"
