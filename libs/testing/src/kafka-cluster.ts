import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKafka, type KafkaClient } from '@pft/platform';
import { freePorts } from './app-process';
import { startOnFreshPorts } from './fresh-ports';
import {
  brokerClassArchive,
  exitOf,
  formatKafkaStorage,
  newKafkaClusterId,
  JVM_OPTIONS,
  KAFKA_SCRIPT,
  kafkaLibs,
  LOG4J,
  portOpen,
  READY_LINE,
} from './kafka-broker';
import { waitFor } from './wait-for';

/** One combined broker+controller node of a test's own cluster. */
export interface KafkaClusterNode {
  /** node.id, also the broker id in replica lists. */
  id: number;
  port: number;
  controllerPort: number;
  /** Pid of the node's JVM while it runs. */
  pid(): number | undefined;
  /** SIGKILL, as a crash: no controlled shutdown. Resolves once the JVM has exited. */
  kill(): Promise<void>;
  /** SIGTERM (a controlled shutdown), SIGKILL after 30 s. */
  stop(): Promise<void>;
  /** Starts it again on its ports and data; resolves once it is ready. */
  start(): Promise<void>;
}

/**
 * A KRaft cluster of this test's own: `size` combined nodes on free ports, one cluster id, every node
 * a voter of the controller quorum, data in a temporary directory, internal topics replicated as
 * `scripts/stack/kafka.sh properties` configures them. Each node is a child JVM ended by its pid.
 */
export interface KafkaCluster {
  /** `host:port,...` of every node, for KAFKA_BROKERS. */
  brokers: string;
  nodes: KafkaClusterNode[];
  node(id: number): KafkaClusterNode;
  kafka(clientId: string): KafkaClient;
  /**
   * The node id of the active controller (the quorum's leader), as the running nodes last recorded
   * it in their quorum state; waits until one has.
   */
  activeController(): Promise<number>;
  close(): Promise<void>;
}

interface QuorumState {
  leaderId?: number;
  leaderEpoch?: number;
}

function quorumState(data: string): QuorumState | undefined {
  const file = join(data, '__cluster_metadata-0', 'quorum-state');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as QuorumState;
  } catch {
    return undefined; // being rewritten
  }
}

export function startKafkaCluster(
  options: { size?: number; startTimeoutMs?: number } = {},
): Promise<KafkaCluster> {
  return startOnFreshPorts(() => startKafkaClusterOnce(options));
}

async function startKafkaClusterOnce(options: {
  size?: number;
  startTimeoutMs?: number;
}): Promise<KafkaCluster> {
  const size = options.size ?? 3;
  const libs = kafkaLibs();
  const classpath = `${libs}/*`;
  /** The brokers' class-data archive options, known once the nodes' storage is formatted. */
  let archive: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'pft-kafka-cluster-'));
  const ports: { port: number; controllerPort: number }[] = [];
  const free = await freePorts(2 * size);
  for (let i = 0; i < size; i++) ports.push({ port: free[2 * i]!, controllerPort: free[2 * i + 1]! });
  const voters = ports.map((p, i) => `${i + 1}@127.0.0.1:${p.controllerPort}`).join(',');
  const clusterId = newKafkaClusterId();
  const children = new Map<number, ChildProcess>();

  const nodeFiles = (id: number) => {
    const home = join(dir, `node-${id}`);
    return {
      data: join(home, 'data'),
      props: join(home, 'server.properties'),
      out: join(home, 'kafka.out'),
      log4j: [`-Dlog4j.configuration=file:${LOG4J}`, `-Dkafka.logs.dir=${join(home, 'logs')}`],
    };
  };

  const makeNode = (id: number, port: number, controllerPort: number): KafkaClusterNode => {
    const files = nodeFiles(id);
    mkdirSync(join(dir, `node-${id}`), { recursive: true });
    writeFileSync(
      files.props,
      execFileSync('bash', [KAFKA_SCRIPT, 'properties', files.data], {
        env: {
          ...process.env,
          KAFKA_NODE_ID: String(id),
          KAFKA_QUORUM_VOTERS: voters,
          KAFKA_PORT: String(port),
          KAFKA_CONTROLLER_PORT: String(controllerPort),
        },
      }),
    );
    const launch = (): ChildProcess => {
      // Output to a file, never a pipe: a JVM must not block on a reader that went away.
      const fd = openSync(files.out, 'w');
      const child = spawn(
        'java',
        [...JVM_OPTIONS, ...archive, ...files.log4j, '-cp', classpath, 'kafka.Kafka', files.props],
        {
          stdio: ['ignore', fd, fd],
        },
      );
      closeSync(fd);
      children.set(id, child);
      return child;
    };
    const ready = async (child: ChildProcess): Promise<void> => {
      const died = exitOf(child).then(() => {
        throw new Error(`Kafka node ${id} exited while starting:\n${readFileSync(files.out, 'utf8')}`);
      });
      died.catch(() => undefined);
      await Promise.race([
        waitFor(
          async () =>
            readFileSync(files.out, 'utf8').includes(READY_LINE) && (await portOpen(port)) ? true : undefined,
          options.startTimeoutMs ?? 150_000,
          `Kafka node ${id} on port ${port} to be ready`,
          250,
        ),
        died,
      ]);
    };
    const running = (): ChildProcess | undefined => {
      const child = children.get(id);
      return child && child.exitCode === null && child.signalCode === null ? child : undefined;
    };
    const end = async (signal: NodeJS.Signals): Promise<void> => {
      const child = running();
      if (!child) return;
      child.kill(signal);
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exitOf(child);
      clearTimeout(killer);
    };
    return {
      id,
      port,
      controllerPort,
      pid: () => running()?.pid,
      kill: () => end('SIGKILL'),
      stop: () => end('SIGTERM'),
      start: async () => {
        if (running()) return;
        await ready(launch());
      },
    };
  };

  /** Formats every node's storage at once (a JVM each), and waits for all of them. */
  const format = async (ids: number[]): Promise<void> => {
    const made = brokerClassArchive(libs).then((options) => (archive = options));
    const outcomes = await Promise.allSettled(
      ids.map((id) =>
        formatKafkaStorage(classpath, nodeFiles(id).log4j, clusterId, nodeFiles(id).props).catch(
          (err: unknown) => {
            // The child process's error comes from outside a test's realm: no `instanceof Error`.
            const why = (err as { message?: unknown } | null)?.message ?? err;
            throw new Error(`Kafka node ${id} would not format its storage: ${String(why)}`, { cause: err });
          },
        ),
      ),
    );
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    await made;
  };

  let nodes: KafkaClusterNode[];
  try {
    nodes = ports.map((p, i) => makeNode(i + 1, p.port, p.controllerPort));
    await format(nodes.map((n) => n.id));
  } catch (err) {
    // A node whose storage would not format: nothing runs yet; once no format runs, the files go.
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const cluster: KafkaCluster = {
    brokers: nodes.map((n) => `127.0.0.1:${n.port}`).join(','),
    nodes,
    node: (id) => {
      const found = nodes.find((n) => n.id === id);
      if (!found) throw new Error(`no Kafka node ${id} in this cluster`);
      return found;
    },
    kafka: (clientId) => createKafka(cluster.brokers, clientId),
    activeController: () =>
      waitFor(
        () => {
          const states = nodes
            .filter((n) => n.pid() !== undefined)
            .map((n) => quorumState(nodeFiles(n.id).data))
            .filter((s): s is QuorumState => s !== undefined && (s.leaderId ?? -1) >= 0);
          states.sort((a, b) => (b.leaderEpoch ?? 0) - (a.leaderEpoch ?? 0));
          const leader = states[0]?.leaderId;
          return leader !== undefined && nodes.some((n) => n.id === leader && n.pid() !== undefined)
            ? leader
            : undefined;
        },
        30_000,
        'a controller quorum leader among the running nodes',
        200,
      ),
    close: async () => {
      await Promise.all(nodes.map((n) => n.kill()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // The nodes launch together (each launches before its first wait): none is ready before a
    // quorum of controllers answers.
    await Promise.all(nodes.map((n) => n.start()));
  } catch (err) {
    await cluster.close();
    throw err;
  }
  return cluster;
}
