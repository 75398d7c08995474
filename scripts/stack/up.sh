#!/usr/bin/env bash
# Brings up the local infrastructure: PostgreSQL, Redis, a Kafka broker. Idempotent:
# services already answering are reused. Env overrides: see postgres.sh, redis.sh, kafka.sh.
set -euo pipefail

STACK_NAME=up
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

t0=$SECONDS
log "1/3 postgres"
"$STACK_SCRIPTS/postgres.sh" ensure
log "2/3 redis"
"$STACK_SCRIPTS/redis.sh" ensure
log "3/3 kafka"
"$STACK_SCRIPTS/kafka.sh" start
log "stack is up ($((SECONDS - t0)) s)"

# --- Hook: project set-up that needs the running stack (migrations, topic creation). ---
if [ -x "$ROOT/scripts/stack/after-up.sh" ]; then "$ROOT/scripts/stack/after-up.sh"; fi
