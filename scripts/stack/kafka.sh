#!/usr/bin/env bash
# Local single-node Kafka broker (KRaft, combined broker+controller) run straight from
# Maven Central jars; see shared/design/kafka-without-docker.md.
#
#   kafka.sh fetch [--force] [mvn args...]
#                                 copy the broker's jars into $STACK_DIR/kafka/libs (once;
#                                 a marker records the version and the pom's hash)
#   kafka.sh start                fetch, configure, format once, launch, wait until ready
#   kafka.sh stop                 SIGTERM the broker this script started (SIGKILL after 30 s)
#   kafka.sh status               print running/stopped (exit 0 running, 3 stopped)
#   kafka.sh reset                stop, then delete the broker's data (keeps the jars)
#   kafka.sh properties DATA_DIR  print a server.properties for $KAFKA_PORT and
#                                 $KAFKA_CONTROLLER_PORT with its data in DATA_DIR (for brokers
#                                 that tests start on ports of their own, libs/testing)
#
# Env: KAFKA_PORT (9092), KAFKA_CONTROLLER_PORT (9093), STACK_DIR (<repo>/.stack),
#      KAFKA_START_TIMEOUT (120 s), KAFKA_STOP_TIMEOUT (30 s),
#      KAFKA_HEAP_OPTS (-Xms1g -Xmx1g, the broker's own default: with 512 MB, after hours of
#      tests and benchmarks its old generation stayed 85% full and G1 marked it over and over,
#      13% of this 2-core machine during a benchmark).
set -euo pipefail

STACK_NAME=kafka
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KAFKA_HOST=127.0.0.1
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-120}"
KAFKA_STOP_TIMEOUT="${KAFKA_STOP_TIMEOUT:-30}"
KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms1g -Xmx1g}"

POM="$ROOT/infra/kafka/pom.xml"
LOG4J="$ROOT/infra/kafka/log4j.properties"
KAFKA_DIR="$STACK_DIR/kafka"
LIBS="$KAFKA_DIR/libs"
MARKER="$LIBS/.complete"
DATA="$KAFKA_DIR/data"
LOGS="$KAFKA_DIR/logs"
PROPS="$KAFKA_DIR/server.properties"
CLUSTER_ID_FILE="$KAFKA_DIR/cluster-id"
PID_FILE="$KAFKA_DIR/kafka.pid"
OUT="$LOGS/kafka.out"
READY_LINE="Kafka Server started"

KAFKA_VERSION="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$POM")"
[ -n "$KAFKA_VERSION" ] || die "no <kafka.version> in $POM"

need() { command -v "$1" >/dev/null || die "$1 not found; $2"; }

# Serialises concurrent runs (two test runners calling start at once).
# The broker must not inherit the lock's descriptor; see launch.
lock() {
  mkdir -p "$KAFKA_DIR"
  exec 9>"$KAFKA_DIR/.lock"
  flock 9
}

# The marker names the version and the pom's hash, so editing the pom refetches.
expected_marker() {
  printf 'kafka_2.13 %s pom-sha256 %s\n' "$KAFKA_VERSION" "$(sha256sum "$POM" | cut -d' ' -f1)"
}

libs_complete() {
  [ -f "$MARKER" ] && [ "$(cat "$MARKER")" = "$(expected_marker)" ]
}

# fetch [--force] [extra mvn args...]
fetch() {
  local force=0
  if [ "${1:-}" = "--force" ]; then force=1; shift; fi
  if libs_complete && [ "$force" -eq 0 ]; then
    log "jars for Kafka $KAFKA_VERSION already in $LIBS"
    return 0
  fi
  need mvn "install Maven (apt-get install -y maven)"
  need java "install a JDK 17 (apt-get install -y openjdk-17-jdk-headless)"
  log "fetching Kafka $KAFKA_VERSION jars from Maven Central into $LIBS (first time can take minutes)"
  rm -rf "$LIBS"
  mkdir -p "$LIBS"
  local start=$SECONDS
  if ! mvn -q -B -Dstyle.color=never -f "$POM" dependency:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$LIBS" "$@" >"$KAFKA_DIR/fetch.log" 2>&1; then
    show_tail "$KAFKA_DIR/fetch.log" 40
    die "Maven could not fetch the Kafka jars (full output: $KAFKA_DIR/fetch.log)"
  fi
  [ -f "$LIBS/kafka_2.13-$KAFKA_VERSION.jar" ] || die "kafka_2.13-$KAFKA_VERSION.jar missing after fetch"
  expected_marker >"$MARKER"
  log "fetched $(find "$LIBS" -name '*.jar' | wc -l) jars in $((SECONDS - start)) s"
}

# Pid of the broker this script started, when it is still that broker.
our_pid() {
  local pid
  [ -f "$PID_FILE" ] || return 1
  pid="$(cat "$PID_FILE")"
  [ -n "$pid" ] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'kafka\.Kafka' || return 1
  printf '%s\n' "$pid"
}

# properties DATA_DIR: the broker's configuration, one node in combined (KRaft) mode.
properties() {
  cat <<PROPS
# Written by scripts/stack/kafka.sh; edit the script, not this file.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$KAFKA_HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT,CONTROLLER://$KAFKA_HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$1
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
PROPS
}

write_properties() {
  mkdir -p "$DATA" "$LOGS"
  properties "$DATA" >"$PROPS"
}

# Formats the data directory once; the cluster id is kept in $CLUSTER_ID_FILE.
format_storage() {
  [ -f "$DATA/meta.properties" ] && return 0
  local cid
  if [ -s "$CLUSTER_ID_FILE" ]; then
    cid="$(cat "$CLUSTER_ID_FILE")"
  else
    cid="$(java -cp "$LIBS/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)"
    [ -n "$cid" ] || die "kafka.tools.StorageTool random-uuid printed nothing"
    printf '%s\n' "$cid" >"$CLUSTER_ID_FILE"
  fi
  log "formatting $DATA (cluster id $cid)"
  if ! java -Dlog4j.configuration="file:$LOG4J" -Dkafka.logs.dir="$LOGS" -cp "$LIBS/*" \
      kafka.tools.StorageTool format -t "$cid" -c "$PROPS" -g >"$LOGS/format.log" 2>&1; then
    show_tail "$LOGS/format.log" 40
    die "formatting the storage failed"
  fi
}

launch() {
  log "launching broker on $KAFKA_HOST:$KAFKA_PORT (controller $KAFKA_CONTROLLER_PORT)"
  # shellcheck disable=SC2086 # KAFKA_HEAP_OPTS holds several JVM options
  nohup setsid java $KAFKA_HEAP_OPTS -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$LOG4J" -Dkafka.logs.dir="$LOGS" \
    -cp "$LIBS/*" kafka.Kafka "$PROPS" >"$OUT" 2>&1 </dev/null 9>&- &
  printf '%s\n' "$!" >"$PID_FILE"
}

wait_ready() {
  local pid="$1" deadline=$((SECONDS + KAFKA_START_TIMEOUT))
  while :; do
    if grep -qF "$READY_LINE" "$OUT" 2>/dev/null && port_open "$KAFKA_HOST" "$KAFKA_PORT"; then
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PID_FILE"
      show_tail "$OUT" 40
      die "broker exited during start-up (logs: $LOGS)"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      show_tail "$OUT" 40
      die "broker (pid $pid) not ready after ${KAFKA_START_TIMEOUT} s; still running, see $LOGS"
    fi
    sleep 0.5
  done
}

start() {
  lock
  local pid t0=$SECONDS
  if pid="$(our_pid)"; then
    wait_ready "$pid"
    log "already running (pid $pid) on $KAFKA_HOST:$KAFKA_PORT; reusing it"
    return 0
  fi
  if port_open "$KAFKA_HOST" "$KAFKA_PORT"; then
    log "something already listens on $KAFKA_HOST:$KAFKA_PORT (not started by this script); reusing it"
    return 0
  fi
  fetch
  write_properties
  format_storage
  launch
  pid="$(cat "$PID_FILE")"
  wait_ready "$pid"
  log "ready on $KAFKA_HOST:$KAFKA_PORT (pid $pid) after $((SECONDS - t0)) s"
}

stop() {
  local pid deadline
  if ! pid="$(our_pid)"; then
    rm -f "$PID_FILE"
    if port_open "$KAFKA_HOST" "$KAFKA_PORT"; then
      log "not started by this script; leaving the broker on $KAFKA_HOST:$KAFKA_PORT alone"
    else
      log "not running"
    fi
    return 0
  fi
  log "stopping broker (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + KAFKA_STOP_TIMEOUT))
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "still alive after ${KAFKA_STOP_TIMEOUT} s; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.5
  done
  rm -f "$PID_FILE"
  log "stopped"
}

status() {
  local pid
  if pid="$(our_pid)"; then
    echo "running (pid $pid) on $KAFKA_HOST:$KAFKA_PORT"
  elif port_open "$KAFKA_HOST" "$KAFKA_PORT"; then
    echo "running on $KAFKA_HOST:$KAFKA_PORT (not started by this script)"
  else
    echo "stopped"
    return 3
  fi
}

reset() {
  lock
  stop
  log "deleting broker data in $DATA (jars kept)"
  rm -rf "$DATA" "$CLUSTER_ID_FILE" "$PROPS"
}

cmd="${1:-}"
[ "$#" -gt 0 ] && shift
case "$cmd" in
  fetch) lock; fetch "$@" ;;
  start) start ;;
  stop) lock; stop ;;
  status) status ;;
  reset) reset ;;
  properties) [ "$#" -eq 1 ] || die "usage: $0 properties DATA_DIR"; properties "$1" ;;
  *) echo "usage: $0 start|stop|status|reset|fetch [--force] [mvn args...]|properties DATA_DIR" >&2; exit 2 ;;
esac
