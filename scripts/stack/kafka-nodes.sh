# shellcheck shell=bash
# The layout of kafka.sh's nodes (one, or a cluster's) and each node's configuration; sourced by
# kafka.sh after lib.sh, never run. Reads KAFKA_DIR, KAFKA_HOST, KAFKA_NODES, KAFKA_PORT,
# KAFKA_CONTROLLER_PORT and KAFKA_BASE_PORT.

# The nodes KAFKA_NODES asks for: "single" (the one node, its files straight in $KAFKA_DIR, as
# before clusters) or 1 2 3 (a cluster's nodes, each in $CLUSTER_DIR/node-n).
wanted_nodes() {
  if [ "$KAFKA_NODES" -eq 1 ]; then echo single; else seq 1 "$KAFKA_NODES"; fi
}

# Every node with a pid file, whichever KAFKA_NODES started it: what stop and reset end.
started_nodes() {
  [ -f "$KAFKA_DIR/kafka.pid" ] && echo single
  local f
  for f in "$CLUSTER_DIR"/node-*/kafka.pid; do
    [ -f "$f" ] || continue
    f="${f%/kafka.pid}"
    echo "${f##*/node-}"
  done
}

# use_node NODE: points NODE_DIR, DATA, LOGS, PROPS, PID_FILE, OUT, CLUSTER_ID_FILE, NODE_ID,
# PORT and CONTROLLER_PORT at one node.
# shellcheck disable=SC2034 # the variables are kafka.sh's
use_node() {
  NODE="$1"
  if [ "$NODE" = single ]; then
    NODE_DIR="$KAFKA_DIR" NODE_ID=1 PORT="$KAFKA_PORT" CONTROLLER_PORT="$KAFKA_CONTROLLER_PORT"
    CLUSTER_ID_FILE="$KAFKA_DIR/cluster-id"
  else
    NODE_DIR="$CLUSTER_DIR/node-$NODE" NODE_ID="$NODE"
    PORT=$((KAFKA_BASE_PORT + 2 * (NODE - 1)))
    CONTROLLER_PORT=$((PORT + 1))
    CLUSTER_ID_FILE="$CLUSTER_DIR/cluster-id"
  fi
  DATA="$NODE_DIR/data" LOGS="$NODE_DIR/logs" PROPS="$NODE_DIR/server.properties"
  PID_FILE="$NODE_DIR/kafka.pid" OUT="$NODE_DIR/logs/kafka.out"
}

# The controller quorum of the cluster KAFKA_NODES asks for: id@host:controller-port of each node.
cluster_voters() {
  local n quorum=()
  for n in $(seq 1 "$KAFKA_NODES"); do
    quorum+=("$n@$KAFKA_HOST:$((KAFKA_BASE_PORT + 2 * (n - 1) + 1))")
  done
  (IFS=,; echo "${quorum[*]}")
}

node_name() { if [ "$NODE" = single ]; then echo broker; else echo "node $NODE"; fi; }

# The brokers' addresses, as KAFKA_BROKERS takes them.
bootstrap() {
  local node list=()
  for node in $(wanted_nodes); do
    use_node "$node"
    list+=("$KAFKA_HOST:$PORT")
  done
  (IFS=,; echo "${list[*]}")
}

# properties DATA_DIR: a node's configuration in combined (KRaft) mode. One voter: every internal
# topic with one replica; three: three replicas, two in sync (and so the brokers' defaults).
properties() {
  local node_id="${KAFKA_NODE_ID:-1}"
  local voters="${KAFKA_QUORUM_VOTERS:-$node_id@$KAFKA_HOST:$KAFKA_CONTROLLER_PORT}"
  local count replicas insync
  count="$(tr ',' '\n' <<<"$voters" | wc -l)"
  replicas=$((count < 3 ? count : 3))
  insync=$((replicas > 1 ? 2 : 1))
  cat <<PROPS
# Written by scripts/stack/kafka.sh; edit the script, not this file.
process.roles=broker,controller
node.id=$node_id
controller.quorum.voters=$voters
listeners=PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT,CONTROLLER://$KAFKA_HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$1
num.partitions=1
default.replication.factor=$replicas
min.insync.replicas=$insync
offsets.topic.replication.factor=$replicas
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=$replicas
transaction.state.log.min.isr=$insync
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
# A node that stops heartbeating is fenced after 3 s (Kafka's default: 9 s), and its partitions'
# leadership and in-sync places move then: the pause a lost broker causes writes and reads.
broker.heartbeat.interval.ms=500
broker.session.timeout.ms=3000
PROPS
}

