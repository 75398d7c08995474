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

/**
 * `inTurns(run)`, plain JavaScript for the sources of yardstick servers: a function that collects the
 * items handed to it in one event-loop turn, calls `run(items)` once for all of them, and gives each
 * caller `{ result, size, index }` (what run returned, how many items shared it, its own position), as
 * the apps' TurnBatches do.
 */
export const TURN_GROUPS_SOURCE = `
function inTurns(run) {
  let open = null;
  return (item) => {
    if (!open) {
      const group = { items: [], done: null };
      open = group;
      group.done = new Promise((resolve) => setImmediate(resolve)).then(() => {
        open = null;
        return run(group.items);
      });
    }
    const group = open;
    const index = group.items.push(item) - 1;
    return group.done.then((result) => ({ result, size: group.items.length, index }));
  };
}
`;
