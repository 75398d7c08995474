import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { holdsListeningPort } from './port-owner';
import { waitFor } from './wait-for';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * The build the tests run (`npm run build:test`): a directory of its own, so a test run never
 * deletes or replaces `dist/`, from which a running `npm start` and `npm run pft` work.
 */
export const TEST_BUILD_DIR = join(ROOT, 'dist-test');

export type AppName = 'partner-api' | 'ingestion' | 'projector' | 'webhooks';

const PORT_VARIABLE: Record<AppName, string> = {
  'partner-api': 'PARTNER_API_PORT',
  ingestion: 'INGESTION_PORT',
  projector: 'PROJECTOR_PORT',
  webhooks: 'WEBHOOKS_PORT',
};

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/**
 * `count` ports nobody listens on right now, all different: each is held open until all are found
 * (ports asked for one after another may come back the same once the first is closed).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            if (typeof address === 'object' && address) resolve(address.port);
            else reject(new Error('no port'));
          });
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  }
}

export interface AppProcess {
  name: AppName;
  url: string;
  /** Where the process serves its metrics (`${metricsUrl}/metrics`), on a port of its own. */
  metricsUrl: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals>;
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals>;
}

/** A process of ours from the test build (`dist-test/`, made by `npm run build:test`), with its output kept. */
export function startBuiltProcess(
  entry: string,
  args: string[],
  env: Record<string, string>,
  buildDir: string = TEST_BUILD_DIR,
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | NodeJS.Signals>;
  stop: AppProcess['stop'];
} {
  const script = join(buildDir, entry);
  if (!existsSync(script))
    throw new Error(`${script} is missing: build the tests' copy first (npm run build:test)`);
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 0)),
  );
  return {
    child,
    output: () => output,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The outbox relay as a process of its own (`relay-main.js`), as a deployment may run it. Its metrics
 * are on METRICS_PORT when `env` gives one, else on a port the system picks (0), so that relays
 * started side by side (several in a test, or tests of two trees at once) never meet on the default.
 */
export function startStandaloneRelay(
  env: Record<string, string>,
  buildDir?: string,
): ReturnType<typeof startBuiltProcess> {
  return startBuiltProcess(
    join('apps', 'ingestion', 'src', 'relay', 'relay-main.js'),
    [],
    { METRICS_PORT: '0', ...env },
    buildDir,
  );
}

/**
 * Starts one app from the build as its own process, the way it runs in production, on a free
 * port (and its metrics on another, so that apps started side by side never meet); resolves once
 * `/health/ready` answers 200 from this process (not another that took the port) unless told not to wait.
 */
export async function startAppProcess(
  name: AppName,
  env: Record<string, string>,
  options: { waitReady?: boolean; timeoutMs?: number; buildDir?: string } = {},
): Promise<AppProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts(name, env, options);
    } catch (err) {
      // A port found free can be taken before the app listens on it (by another test's process, or as
      // the local port of a connection): start again on other ports.
      if (!(err instanceof PortTaken) || attempt === PORT_ATTEMPTS) throw err;
    }
  }
}

/** Starts of an app whose port was taken meanwhile, before the last is given up. */
const PORT_ATTEMPTS = 3;

/**
 * Apps started side by side: every one of them, or, when one fails to start, none: those that did
 * start are stopped before its failure is thrown, so that no process outlives a test that never had
 * them to stop (Promise.all would reject at the first failure and lose the others).
 */
export async function startedTogether<const T extends readonly Promise<AppProcess>[]>(
  starting: T,
): Promise<{ -readonly [K in keyof T]: AppProcess }> {
  const started = await Promise.allSettled(starting);
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.flatMap((s) => (s.status === 'fulfilled' ? [s.value.stop()] : [])));
    throw failed.reason;
  }
  return started.map((s) => (s as PromiseFulfilledResult<AppProcess>).value) as {
    -readonly [K in keyof T]: AppProcess;
  };
}

/** The app could not listen on the port it was given: it was taken after it was found free. */
class PortTaken extends Error {}

async function startOnFreePorts(
  name: AppName,
  env: Record<string, string>,
  options: { waitReady?: boolean; timeoutMs?: number; buildDir?: string },
): Promise<AppProcess> {
  const [port, freeMetricsPort] = (await freePorts(2)) as [number, number];
  const metricsPort = env.METRICS_PORT ?? String(freeMetricsPort);
  const started = startBuiltProcess(
    join('apps', name, 'src', 'main.js'),
    [],
    { ...env, [PORT_VARIABLE[name]]: String(port), METRICS_PORT: metricsPort },
    options.buildDir,
  );
  const { exited, output } = started;
  const app: AppProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}`,
    ...started,
  };
  if (options.waitReady !== false) {
    const ready = waitFor(
      async () => {
        const response = await fetch(`${app.url}/health/ready`).catch(() => undefined);
        if (response?.status !== 200) return undefined;
        // Ready only when the answer is this process's: not another's that took the port first.
        return (await holdsListeningPort(started.child.pid!, port)) ? true : undefined;
      },
      options.timeoutMs ?? 30000,
      `${name} to be ready`,
      200,
    );
    const died = exited.then((code) => {
      throw new Error(`${name} exited (${String(code)}) before it was ready`);
    });
    try {
      await Promise.race([ready, died]);
    } catch (err) {
      await app.stop('SIGKILL');
      const failure = output().includes('EADDRINUSE') ? PortTaken : Error;
      throw new failure(`${(err as Error).message}\n--- ${name} output ---\n${output()}`, { cause: err });
    }
    died.catch(() => undefined);
  }
  return app;
}
