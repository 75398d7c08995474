import { type ChildProcess, spawn } from 'node:child_process';
import { waitFor } from '@pft/testing';

/**
 * The yardstick: a bare Fastify server answering a constant JSON body, nothing else, in a process of
 * its own like the API. Plain JavaScript handed to `node -e`, so it needs no build.
 */
const SOURCE = `
const app = require('fastify')({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

export async function startHelloWorld(port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SOURCE], {
    env: { ...process.env, PORT: String(port) },
    cwd: process.cwd(),
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(
    async () => ((await fetch(url).catch(() => undefined))?.ok ? true : undefined),
    15000,
    'hello-world',
  );
  return { url, child };
}
