import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createKafka, type KafkaClient } from '@pft/platform';
import { freePorts } from './app-process';
import { startOnFreshPorts } from './fresh-ports';
import { classArchiveRun } from './kafka-class-archive';
import { waitFor } from './wait-for';

const ROOT = join(__dirname, '..', '..', '..');
export const KAFKA_SCRIPT = join(ROOT, 'scripts', 'stack', 'kafka.sh');
export const LOG4J = join(ROOT, 'infra', 'kafka', 'log4j.properties');
export const READY_LINE = 'Kafka Server started';
/** Enough for a test's few topics; the C1 compiler alone and a serial collector keep start-up and CPU low. */
export const JVM_OPTIONS = [
  '-Xms256m',
  '-Xmx512m',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-Djava.awt.headless=true',
];
/** A short run: the C1 compiler alone and a serial collector take about a third less CPU. */
export const FORMAT_JVM_OPTIONS = ['-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];

/**
 * A Kafka broker of this test's own (one KRaft node, from the jars `scripts/stack/kafka.sh fetch`
 * keeps in `.stack/kafka/libs`) on free ports, with its data in a temporary directory: a test that
 * needs Kafka to go away stops this one, never the broker other tests and a running `npm start`
 * use. `stop()` and `start()` again keep the ports and the data (topics, messages, committed
 * offsets), as a broker that restarts does; `close()` ends it and deletes its data.
 */
export interface KafkaBroker {
  /** `host:port`, for KAFKA_BROKERS. */
  brokers: string;
  port: number;
  /** Pid of the broker's JVM while it runs. */
  pid(): number | undefined;
  /** A Kafka client (the Kafka port) of this broker. */
  kafka(clientId: string): KafkaClient;
  /** SIGTERM (a controlled shutdown), SIGKILL after 30 s; resolves once the JVM has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same ports and data; resolves once it is ready. */
  start(): Promise<void>;
  close(): Promise<void>;
}

function stackDir(): string {
  const given = process.env.STACK_DIR;
  if (!given) return join(ROOT, '.stack');
  return isAbsolute(given) ? given : resolve(given);
}

/** The broker's jars, fetched once by the stack script (a no-op when they are there). */
export function kafkaLibs(): string {
  execFileSync('bash', [KAFKA_SCRIPT, 'fetch'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const libs = join(stackDir(), 'kafka', 'libs');
  if (!existsSync(join(libs, '.complete'))) throw new Error(`no Kafka jars in ${libs} after fetching`);
  return libs;
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => (socket.destroy(), done(false)));
    socket.once('error', () => done(false));
    socket.once('connect', () => (socket.destroy(), done(true)));
  });
}

export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/**
 * A new KRaft cluster id: 16 random bytes in URL-safe base64, as `StorageTool random-uuid` prints it.
 * Like Kafka's own `Uuid.randomUuid`, an id that would begin with '-' is drawn again: the storage
 * tool would read it as an option and refuse to format.
 */
export function newKafkaClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/**
 * Formats a KRaft node's data directory for `clusterId` (StorageTool format), as `kafka.sh start` does
 * once. A child process of its own, not a synchronous one: a cluster's nodes format at the same time,
 * and the test's other starts (its database, its Redis) go on meanwhile. A tool that fails rejects
 * with its exit status and its stderr.
 */
export async function formatKafkaStorage(
  classpath: string,
  log4j: string[],
  clusterId: string,
  props: string,
): Promise<void> {
  // The tool's classes from a class-data archive (kafka-class-archive.ts); the first format makes it.
  const archive = classpath.endsWith('/*')
    ? classArchiveRun({
        libs: classpath.slice(0, -2),
        name: 'storage-format',
        jvmOptions: FORMAT_JVM_OPTIONS,
        mainClass: 'kafka.tools.StorageTool',
      })
    : undefined;
  try {
    await promisify(execFile)(
      'java',
      [
        ...FORMAT_JVM_OPTIONS,
        ...(archive?.options ?? []),
        ...log4j,
        '-cp',
        classpath,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        clusterId,
        '-c',
        props,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (err) {
    await archive?.finish(false);
    throw err;
  }
  await archive?.finish(true);
}

/**
 * The class-data archive options of a broker JVM (kafka-class-archive.ts). When there is none yet and
 * no one else is making it, a broker of its own starts with the options that make it, stops (SIGTERM)
 * once ready, and its archive is kept; without one, brokers start as they did.
 */
export async function brokerClassArchive(libs: string): Promise<string[]> {
  const run = classArchiveRun({ libs, name: 'broker', jvmOptions: JVM_OPTIONS, mainClass: 'kafka.Kafka' });
  if (!run.making) return run.options;
  let clean: boolean;
  try {
    const maker = await startOnFreshPorts(() => startKafkaBrokerOnce({}, run.options));
    try {
      clean = await maker.halt(120_000); // the JVM writes the archive as it exits
    } finally {
      await maker.close();
    }
  } catch {
    clean = false;
  }
  return run.finish(clean);
}

export function startKafkaBroker(options: { startTimeoutMs?: number } = {}): Promise<KafkaBroker> {
  return startOnFreshPorts(() => startKafkaBrokerOnce(options));
}

async function startKafkaBrokerOnce(
  options: { startTimeoutMs?: number },
  /** The class-data archive options; looked up (or the archive made) when not given. */
  archiveOptions?: string[],
): Promise<KafkaBroker & { halt(timeoutMs: number): Promise<boolean> }> {
  const libs = kafkaLibs();
  const classpath = `${libs}/*`;
  const [port, controllerPort] = (await freePorts(2)) as [number, number];
  const dir = mkdtempSync(join(tmpdir(), 'pft-kafka-'));
  const [data, logs, props, out] = ['data', 'logs', 'server.properties', 'kafka.out'].map((f) =>
    join(dir, f),
  ) as [string, string, string, string];
  const log4j = [`-Dlog4j.configuration=file:${LOG4J}`, `-Dkafka.logs.dir=${logs}`];

  writeFileSync(
    props,
    execFileSync('bash', [KAFKA_SCRIPT, 'properties', data], {
      env: { ...process.env, KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(controllerPort) },
    }),
  );
  const clusterId = newKafkaClusterId();
  let archive: string[];
  try {
    [archive] = await Promise.all([
      archiveOptions ?? brokerClassArchive(libs),
      formatKafkaStorage(classpath, log4j, clusterId, props),
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    // Its output goes to a file, not a pipe: a JVM must never block on a reader that went away.
    const fd = openSync(out, 'w');
    const started = spawn(
      'java',
      [...JVM_OPTIONS, ...archive, ...log4j, '-cp', classpath, 'kafka.Kafka', props],
      { stdio: ['ignore', fd, fd] },
    );
    closeSync(fd);
    child = started;
    const died = exitOf(started).then(() => {
      throw new Error(
        `the Kafka broker on port ${port} exited while starting:\n${readFileSync(out, 'utf8')}`,
      );
    });
    died.catch(() => undefined);
    await Promise.race([
      waitFor(
        async () =>
          readFileSync(out, 'utf8').includes(READY_LINE) && (await portOpen(port)) ? true : undefined,
        options.startTimeoutMs ?? 120_000,
        `the Kafka broker on port ${port} to be ready`,
        200,
      ),
      died,
    ]);
  };

  /** SIGTERM, SIGKILL after `timeoutMs`; resolves once it exited, to whether it did without SIGKILL. */
  const halt = async (timeoutMs: number): Promise<boolean> => {
    const running = child;
    if (!running) return false;
    running.kill('SIGTERM');
    let killed = false;
    const killer = setTimeout(() => ((killed = true), running.kill('SIGKILL')), timeoutMs);
    await exitOf(running);
    clearTimeout(killer);
    child = undefined;
    return !killed && running.signalCode !== 'SIGKILL';
  };
  const stop = async (): Promise<void> => void (await halt(30_000));

  const broker: KafkaBroker & { halt(timeoutMs: number): Promise<boolean> } = {
    halt,
    brokers: `127.0.0.1:${port}`,
    port,
    pid: () => child?.pid,
    kafka: (clientId) => createKafka(broker.brokers, clientId),
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await start();
  } catch (err) {
    await broker.close();
    throw err;
  }
  return broker;
}
