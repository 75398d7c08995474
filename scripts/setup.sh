#!/usr/bin/env bash
# What both README commands need first, on a fresh machine or an old one: Node dependencies,
# the local stack (Postgres, Redis, a Kafka broker), a build, the schema and the Kafka topics.
# Idempotent: every step reuses what is already there.
#
#   setup.sh              for `npm start`: builds dist/, migrates the run database pilot_totals,
#                         creates the run topics and checks the broker holds what it published
#   setup.sh --for-tests  for `npm test` and benchmarks: builds dist-test/ and migrates the test
#                         server's database only; never touches dist/, pilot_totals or the run
#                         topics, so it can run while `npm start` serves
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/node-runtime.sh
source scripts/node-runtime.sh
say() { printf '[setup] %s\n' "$*" >&2; }
t0=$SECONDS
case "${1:-}" in
  "") for_tests=0 ;;
  --for-tests) for_tests=1 ;;
  *) say "usage: $0 [--for-tests]"; exit 2 ;;
esac

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm install`, not `npm ci`: the lock names optional platform builds (of @swc/core) that the
  # registry reachable here does not serve, and `npm ci` refuses such a lock; `npm install`
  # still installs the locked versions.
  say "installing Node dependencies (npm install)"
  npm install --no-audit --no-fund --loglevel=error
fi

# The pilot web app's browser tests drive Debian's Chromium (test/pilot-web/browser.ts); only tests need it.
if [ "$for_tests" -eq 1 ] && [ ! -x /usr/bin/chromium ]; then
  say "installing Chromium for the browser tests (apt-get install chromium)"
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium >/dev/null
fi

if [ "$for_tests" -eq 1 ]; then
  # The stack's Postgres step makes the run database too when it is missing; tests have no use for it.
  PGDATABASE_APP="${PGDATABASE_TEST:-pilot_totals_test}" bash scripts/stack/up.sh
else
  bash scripts/stack/up.sh
fi

test_db="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/pilot_totals_test}"
migrate() {
  say "migrating ${1##*/}"
  DATABASE_URL="$1" pft db create >/dev/null
  DATABASE_URL="$1" pft db migrate
}

if [ "$for_tests" -eq 1 ]; then
  say "building the tests' copy (dist-test/)"
  npm run --silent build:test
  pft() { node dist-test/apps/cli/src/main.js "$@"; }
  migrate "$test_db"
  say "ready for tests ($((SECONDS - t0)) s)"
  exit 0
fi

say "building"
npm run --silent build

pft() { node dist/apps/cli/src/main.js "$@"; }
app_db="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/pilot_totals}"
for url in "$app_db" "$test_db"; do migrate "$url"; done
say "creating Kafka topics"
pft kafka topics

# The local database outlives the broker's data (.stack/ belongs to one checkout; Postgres to the
# machine). When this broker never received the events the local database says it published, the
# projections would wait for offsets this topic does not have: start the local database afresh.
# Only the local run database is touched; tests make databases of their own.
set +e
DATABASE_URL="$app_db" pft kafka check-store >/dev/null 2>&1
check=$?
set -e
if [ "$check" -eq 3 ]; then
  say "${app_db##*/} holds events this broker never received (its data was made anew): starting ${app_db##*/} afresh"
  node -e '
    const { Client } = require("pg");
    const url = new URL(process.argv[1]);
    const name = decodeURIComponent(url.pathname.slice(1));
    if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error("will not drop database " + name);
    url.pathname = "/postgres";
    const client = new Client({ connectionString: url.toString() });
    client.connect()
      .then(() => client.query("drop database if exists " + name + " with (force)"))
      .then(() => client.end());
  ' "$app_db"
  DATABASE_URL="$app_db" pft db create >/dev/null
  DATABASE_URL="$app_db" pft db migrate
elif [ "$check" -ne 0 ]; then
  DATABASE_URL="$app_db" pft kafka check-store
fi
say "ready ($((SECONDS - t0)) s)"
