import { type ChildProcess, spawn } from 'node:child_process';
import { waitFor } from '@pft/testing';

export interface BareServer {
  /** http://127.0.0.1:<port>, and the path it was asked for. */
  url: string;
  child: ChildProcess;
}

/**
 * A floor server of a benchmark: plain JavaScript handed to `node -e` (so it needs no build), in a
 * process of its own like the apps, listening on `port` (given to it as PORT, beside `env`). Resolves
 * once it answers at all, with its origin and `path` as its url.
 */
export async function startBareServer(
  name: string,
  source: string,
  port: number,
  env: Record<string, string>,
  path = '',
): Promise<BareServer> {
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, ...env, PORT: String(port) },
    cwd: process.cwd(),
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(
    () =>
      fetch(origin)
        .then(() => true)
        .catch(() => undefined),
    15000,
    name,
  );
  return { url: `${origin}${path}`, child };
}

/** The yardstick: a bare Fastify server answering a constant JSON body, nothing else. */
const HELLO_WORLD = `
const app = require('fastify')({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

export const startHelloWorld = (port: number): Promise<BareServer> =>
  startBareServer('hello-world', HELLO_WORLD, port, {}, '/');

/**
 * `inTurns(run)`: calls `run(items)` once for the items handed to it in one event-loop turn and gives
 * each caller `{ result, size, index }`, as the apps' TurnBatches do. Plain JavaScript, for the floors.
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
