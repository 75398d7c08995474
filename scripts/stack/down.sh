#!/usr/bin/env bash
# Stops the Kafka broker that kafka.sh started. PostgreSQL and Redis are machine services
# and stay up, unless --all is given: then a Redis or PostgreSQL that these scripts
# themselves started (marker files in $STACK_DIR) is stopped too.
set -euo pipefail

STACK_NAME=down
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

all=0
case "${1:-}" in
  "") ;;
  --all) all=1 ;;
  *) echo "usage: $0 [--all]" >&2; exit 2 ;;
esac

"$STACK_SCRIPTS/kafka.sh" stop
if [ "$all" -eq 1 ]; then
  if [ -f "$STACK_DIR/redis.started-by-stack" ]; then
    "$STACK_SCRIPTS/redis.sh" stop
  else
    log "redis was not started by these scripts; leaving it running"
  fi
  "$STACK_SCRIPTS/postgres.sh" stop
fi
