#!/usr/bin/env bash
# Local Kafka (KRaft) run straight from Maven Central jars; see shared/design/kafka-without-docker.md.
# One combined broker+controller node by default; KAFKA_NODES=3 runs a cluster of three combined
# nodes instead (one cluster id, every node a voter of the controller quorum).
#
#   kafka.sh fetch [--force] [mvn args...]
#                                 copy the broker's jars into $STACK_DIR/kafka/libs (once;
#                                 a marker records the version and the pom's hash)
#   kafka.sh start                fetch, configure, format once, launch every node, wait until ready
#   kafka.sh stop                 SIGTERM every node this script started, by its pid file
#                                 (SIGKILL after 30 s), whatever KAFKA_NODES says now
#   kafka.sh status               print each node running/stopped (exit 0 all running, 3 not)
#   kafka.sh reset                stop, then delete the nodes' data (keeps the jars)
#   kafka.sh properties DATA_DIR  print a server.properties for $KAFKA_PORT and
#                                 $KAFKA_CONTROLLER_PORT with its data in DATA_DIR (for brokers
#                                 that tests start on ports of their own, libs/testing); for a node
#                                 of a cluster also $KAFKA_NODE_ID and $KAFKA_QUORUM_VOTERS
#
# Env: KAFKA_NODES (1, or 3 for a cluster),
#      KAFKA_PORT (9092), KAFKA_CONTROLLER_PORT (9093): the one node's ports;
#      KAFKA_BASE_PORT (19092): a cluster's ports, node n (1..N) on client port
#        KAFKA_BASE_PORT + 2(n-1) and controller port one above (19092/19093, 19094/19095, ...);
#      STACK_DIR (<repo>/.stack; a cluster's nodes under $STACK_DIR/kafka/cluster/node-n),
#      KAFKA_START_TIMEOUT (120 s), KAFKA_STOP_TIMEOUT (30 s),
#      KAFKA_HEAP_OPTS (one node: -Xms1g -Xmx1g, the broker's own default: with 512 MB, after hours
#      of tests and benchmarks its old generation stayed 85% full and G1 marked it over and over,
#      13% of this 2-core machine during a benchmark; a cluster: -Xms512m -Xmx768m per node).
set -euo pipefail

STACK_NAME=kafka
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KAFKA_HOST=127.0.0.1
KAFKA_NODES="${KAFKA_NODES:-1}"
case "$KAFKA_NODES" in 1 | 3) ;; *) die "KAFKA_NODES must be 1 or 3 (got $KAFKA_NODES)" ;; esac
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
KAFKA_BASE_PORT="${KAFKA_BASE_PORT:-19092}"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-120}"
KAFKA_STOP_TIMEOUT="${KAFKA_STOP_TIMEOUT:-30}"
if [ "$KAFKA_NODES" -eq 1 ]; then
  KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms1g -Xmx1g}"
else
  KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms512m -Xmx768m}"
fi

POM="$ROOT/infra/kafka/pom.xml"
LOG4J="$ROOT/infra/kafka/log4j.properties"
KAFKA_DIR="$STACK_DIR/kafka"
LIBS="$KAFKA_DIR/libs"
MARKER="$LIBS/.complete"
CLUSTER_DIR="$KAFKA_DIR/cluster"
READY_LINE="Kafka Server started"

# shellcheck source-path=SCRIPTDIR source=kafka-nodes.sh
source "$STACK_SCRIPTS/kafka-nodes.sh"

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

# Pid of the node (use_node) this script started, when it is still that node.
our_pid() {
  local pid
  [ -f "$PID_FILE" ] || return 1
  pid="$(cat "$PID_FILE")"
  [ -n "$pid" ] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'kafka\.Kafka' || return 1
  printf '%s\n' "$pid"
}

write_properties() {
  mkdir -p "$DATA" "$LOGS"
  local voters=""
  [ "$NODE" = single ] || voters="$(cluster_voters)"
  KAFKA_NODE_ID="$NODE_ID" KAFKA_QUORUM_VOTERS="$voters" KAFKA_PORT="$PORT" \
    KAFKA_CONTROLLER_PORT="$CONTROLLER_PORT" properties "$DATA" >"$PROPS"
}

# Formats the node's data directory once; the cluster id (one for all nodes) is kept in $CLUSTER_ID_FILE.
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
  log "launching $(node_name) on $KAFKA_HOST:$PORT (controller $CONTROLLER_PORT)"
  # shellcheck disable=SC2086 # KAFKA_HEAP_OPTS holds several JVM options
  nohup setsid java $KAFKA_HEAP_OPTS -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$LOG4J" -Dkafka.logs.dir="$LOGS" \
    -cp "$LIBS/*" kafka.Kafka "$PROPS" >"$OUT" 2>&1 </dev/null 9>&- &
  printf '%s\n' "$!" >"$PID_FILE"
}

wait_ready() {
  local pid="$1" deadline=$((SECONDS + KAFKA_START_TIMEOUT))
  while :; do
    if grep -qF "$READY_LINE" "$OUT" 2>/dev/null && port_open "$KAFKA_HOST" "$PORT"; then
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PID_FILE"
      show_tail "$OUT" 40
      die "$(node_name) exited during start-up (logs: $LOGS)"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      show_tail "$OUT" 40
      die "$(node_name) (pid $pid) not ready after ${KAFKA_START_TIMEOUT} s; still running, see $LOGS"
    fi
    sleep 0.5
  done
}

start_single() {
  local pid
  use_node single
  if pid="$(our_pid)"; then
    wait_ready "$pid"
    log "already running (pid $pid) on $KAFKA_HOST:$PORT; reusing it"
    return 0
  fi
  if port_open "$KAFKA_HOST" "$PORT"; then
    log "something already listens on $KAFKA_HOST:$PORT (not started by this script); reusing it"
    return 0
  fi
  write_properties
  format_storage
  launch
  wait_ready "$(cat "$PID_FILE")"
}

# A cluster's nodes start together (each waits for a quorum of controllers), then each is awaited.
start_cluster() {
  local node pid port
  for node in $(wanted_nodes); do
    use_node "$node"
    our_pid >/dev/null && continue
    for port in "$PORT" "$CONTROLLER_PORT"; do
      port_open "$KAFKA_HOST" "$port" &&
        die "port $port of $(node_name) is taken by a process this script did not start; set KAFKA_BASE_PORT"
    done
  done
  for node in $(wanted_nodes); do
    use_node "$node"
    if pid="$(our_pid)"; then
      log "$(node_name) already running (pid $pid); reusing it"
      continue
    fi
    write_properties
    format_storage
    launch
  done
  for node in $(wanted_nodes); do
    use_node "$node"
    wait_ready "$(cat "$PID_FILE")"
  done
}

start() {
  lock
  local t0=$SECONDS
  if [ "$KAFKA_NODES" -eq 1 ] && started_nodes | grep -qv single; then
    log "note: cluster nodes started earlier still run; kafka.sh stop ends them"
  fi
  fetch
  if [ "$KAFKA_NODES" -eq 1 ]; then start_single; else start_cluster; fi
  log "ready: KAFKA_BROKERS=$(bootstrap) ($KAFKA_NODES node(s), $((SECONDS - t0)) s)"
}

stop_node() {
  local pid deadline
  if ! pid="$(our_pid)"; then
    rm -f "$PID_FILE"
    return 0
  fi
  log "stopping $(node_name) (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + KAFKA_STOP_TIMEOUT))
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "$(node_name) still alive after ${KAFKA_STOP_TIMEOUT} s; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.5
  done
  rm -f "$PID_FILE"
}

# Stops every node with a pid file; a cluster's nodes at once (a controlled shutdown of the last
# ones waits on the quorum otherwise).
stop() {
  local node nodes
  nodes="$(started_nodes)"
  if [ -z "$nodes" ]; then
    use_node single
    if port_open "$KAFKA_HOST" "$PORT"; then
      log "not started by this script; leaving the broker on $KAFKA_HOST:$PORT alone"
    else
      log "not running"
    fi
    return 0
  fi
  for node in $nodes; do
    use_node "$node"
    stop_node &
  done
  wait
  log "stopped"
}

status() {
  local node pid all=0
  for node in $(wanted_nodes); do
    use_node "$node"
    if pid="$(our_pid)"; then
      echo "$(node_name): running (pid $pid) on $KAFKA_HOST:$PORT"
    elif [ "$node" = single ] && port_open "$KAFKA_HOST" "$PORT"; then
      echo "running on $KAFKA_HOST:$PORT (not started by this script)"
    else
      echo "$(node_name): stopped"
      all=3
    fi
  done
  return "$all"
}

reset() {
  lock
  stop
  log "deleting the nodes' data in $KAFKA_DIR (jars kept)"
  use_node single
  rm -rf "$DATA" "$CLUSTER_ID_FILE" "$PROPS" "$CLUSTER_DIR"
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
