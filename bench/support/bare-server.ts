import { type ChildProcess, spawn } from 'node:child_process';
import { waitFor } from '@pft/testing';

export interface BareServer {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  origin: string;
  child: ChildProcess;
}

/**
 * A yardstick server of a benchmark: plain JavaScript handed to `node -e` (so it needs no build), in a
 * process of its own like the apps, listening on `port` (given to it as PORT, beside `env`). Resolves
 * once `ready(origin)` says it answers.
 */
export async function startBareServer(
  name: string,
  source: string,
  port: number,
  env: Record<string, string>,
  ready: (origin: string) => Promise<boolean>,
): Promise<BareServer> {
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, ...env, PORT: String(port) },
    cwd: process.cwd(),
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(async () => ((await ready(origin).catch(() => false)) ? true : undefined), 15000, name);
  return { origin, child };
}
