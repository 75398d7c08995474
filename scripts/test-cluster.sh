#!/usr/bin/env bash
# The cluster under faults (test/cluster/): a three-node Kafka cluster of the test's own, two
# replicas of every app, Postgres behind a proxy of the test's own, while brokers, the controller,
# a projector and the relay's processes fail and Postgres stalls. Minutes long, so apart from
# `npm test`. Like `npm test`, it never touches dist/, the run
# database or the local stack's broker and Redis.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/node-runtime.sh
source scripts/node-runtime.sh
# One cache of compiled code for every Node.js process of the run, as scripts/test-all.sh keeps it.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$ROOT/.stack/node-compile-cache}"
bash scripts/setup.sh --for-tests
printf '\n[test] the cluster under faults\n' >&2
# Its files side by side, as scripts/test-all.sh runs them.
npx jest --selectProjects cluster --maxWorkers=2 "$@"
