#!/usr/bin/env bash
# `npm run pft -- ...`: the operators' command line from the build, on the project's Node.js.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/node-runtime.sh
source "$ROOT/scripts/node-runtime.sh"
exec node "$ROOT/dist/apps/cli/src/main.js" "$@"
