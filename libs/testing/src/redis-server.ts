import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './app-process';
import { startOnFreshPorts } from './fresh-ports';
import { waitFor } from './wait-for';

/**
 * A `redis-server` of this test's own, on a free port, with no persistence and a directory of its
 * own: a test that needs Redis to go away stops this one, never the machine's Redis that other
 * tests and a running `npm start` use. `stop()` and `start()` again keep the port, so apps pointed
 * at `url` find it back; `close()` ends it for good.
 */
export interface RedisServer {
  url: string;
  port: number;
  /** Pid of the server while it runs. */
  pid(): number | undefined;
  /** Ends the server (SIGTERM; it saves nothing) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** True when a Redis answers PING on `port` within a second. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('+PONG')));
  });
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export function startRedisServer(): Promise<RedisServer> {
  return startOnFreshPorts(startRedisServerOnce);
}

async function startRedisServerOnce(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pft-redis-'));
  let child: ChildProcess | undefined;
  let output = '';

  const start = async (): Promise<void> => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    output = '';
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A spawn failure (redis-server not installed) arrives as an event, not as an exit.
    const failed = new Promise<never>((_, reject) => {
      started.once('error', (err) => reject(new Error(`redis-server could not start: ${err.message}`)));
      started.once('exit', (code) =>
        reject(new Error(`redis-server exited (${String(code)}) on port ${port}:\n${output}`)),
      );
    });
    failed.catch(() => undefined);
    await Promise.race([
      waitFor(
        async () => ((await answersPing(port)) ? true : undefined),
        30_000,
        'redis-server to answer',
        50,
      ),
      failed,
    ]);
  };

  const stop = async (): Promise<void> => {
    const running = child;
    if (!running) return;
    running.kill('SIGTERM');
    await exitOf(running);
    child = undefined;
  };

  try {
    await start();
  } catch (err) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child?.pid,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
